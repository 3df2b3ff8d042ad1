package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Timeout is a per-check time limit: plain numbers are seconds, and Go
// durations such as 500ms are accepted too.
type Timeout time.Duration

func (t *Timeout) UnmarshalText(b []byte) error {
	s := string(b)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		*t = Timeout(time.Duration(f * float64(time.Second)))
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("bad timeout %q: give seconds (20) or a duration (500ms)", s)
	}
	*t = Timeout(d)
	return nil
}

// SolveCmd is the default command: run an SMT-LIB script.
type SolveCmd struct {
	File    string  `arg:"" optional:"" help:"SMT-LIB 2 script (default: standard input)." type:"path"`
	In      bool    `name:"in" help:"Read from standard input (accepted for z3 compatibility)."`
	Timeout Timeout `short:"t" help:"Time limit per check-sat, in seconds or as a duration (e.g. 500ms)."`
	Stats   bool    `help:"Print per-stage statistics to standard error at exit."`
	Trace   bool    `help:"Trace what each stage does, to standard error."`
	// NoFallback turns the Z3 fallback stage off.
	NoFallback bool `name:"no-fallback" help:"Do not hand what sift's own stages leave undecided to Z3 (answer unknown instead)."`
	// Disable leaves named pipeline steps out, for ablations.
	Disable []string `help:"Leave these pipeline steps out (comma-separated: svi, preprocess, quant, arrays-precheck, …) or switch these preprocessing passes off (rewrite, poly-eq, var-subst, unconstrained, …)."`
	// MemoryLimit bounds each check's memory.
	MemoryLimit string `name:"memory-limit" default:"" placeholder:"SIZE" help:"Memory a check may take (e.g. 4G, 512M; 0 for no limit); past it the check answers unknown (reason memout) and the session goes on. Default: half the machine's memory."`
	// Z3InProcess runs the fallback without a worker process.
	Z3InProcess bool `name:"z3-in-process" help:"Run the Z3 fallback inside sift's process rather than in a worker process (a little cheaper per call, but a crash in libz3 then ends the session)."`
	// Z3Interpreter sends the script's text to Z3's command interpreter.
	Z3Interpreter bool `name:"z3-interpreter" help:"Hand the script's own text to Z3's command interpreter rather than to its API's solver for the logic (Z3's default strategy: set-logic does not choose it there)."`
	// Z3Binary names the z3 executable the fallback runs (engine.Options.Z3Binary).
	Z3Binary string `name:"z3-binary" default:"z3" placeholder:"PATH" help:"The z3 executable the Z3 fallback runs (looked up on PATH); where none is found, or with --no-z3-binary, --z3-in-process or --z3-interpreter, the fallback decides through libz3 instead."`
	// NoZ3Binary makes the fallback use libz3 only.
	NoZ3Binary bool `name:"no-z3-binary" help:"Decide the Z3 fallback through libz3 (in a worker process) rather than the z3 executable."`
	// Compat picks z3's reading of SMT-LIB where it departs from the
	// standard (smtlib/dialect.go).
	Compat string `enum:"smtlib,z3" default:"smtlib" help:"Read SMT-LIB as the standard says (smtlib) or as z3 does where they differ (z3: models on by default, get-assignment without :produce-assignments, echo without quotes, …)."`
	// ProduceModels sets :produce-models from the start, as cvc5's flag does.
	ProduceModels bool `name:"produce-models" short:"m" help:"Start with :produce-models true, so get-model and get-value work without set-option."`
	// ArrayPruning is the ablation switch of seed 003's lemma pruning.
	ArrayPruning string `name:"array-pruning" enum:"off,intervals,full" default:"full" help:"Array lemma pruning: off (plain lemmas on demand), intervals (disjoint index intervals only) or full (intervals, access sizes and offsets, and the ILP pre-check)."`
	// CPUProfile writes a Go CPU profile of the run (for go tool pprof).
	CPUProfile string `name:"cpu-profile" hidden:"" type:"path" help:"Write a CPU profile to this file."`
}

// Run executes the script.
func (c *SolveCmd) Run(s *streams) error {
	stdout, stderr := s.out, s.err
	var in io.Reader = s.in
	if c.File != "" && c.File != "-" {
		f, err := os.Open(c.File)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	if c.CPUProfile != "" {
		stop, err := startCPUProfile(c.CPUProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	var sessions []*engine.Session
	pruning, err := engine.ParseArrayPruning(c.ArrayPruning)
	if err != nil {
		return err
	}
	memory := int64(0) // the engine's default
	if c.MemoryLimit != "" {
		if memory, err = engine.ParseMemorySize(c.MemoryLimit); err != nil {
			return err
		}
		if memory == 0 {
			memory = -1 // no limit
		}
	}
	opts := engine.Options{NoFallback: c.NoFallback, Disable: c.Disable, ArrayPruning: pruning,
		Z3InProcess: c.Z3InProcess, Z3Interpreter: c.Z3Interpreter, MemoryLimit: memory}
	if !c.NoZ3Binary && !c.Z3InProcess && !c.Z3Interpreter {
		// The default z3 missing from PATH leaves libz3; a path given
		// explicitly must exist.
		b, err := z3.FindBinary(c.Z3Binary)
		if err != nil && c.Z3Binary != "z3" {
			return fmt.Errorf("--z3-binary: %w", err)
		}
		opts.Z3Binary = b.Path
	}
	if c.Trace {
		opts.Trace = stderr
	}
	dialect, err := smtlib.ParseDialect(c.Compat)
	if err != nil {
		return err
	}
	cfg := smtlib.Config{
		Dialect:       dialect,
		ProduceModels: c.ProduceModels,
		Timeout:       time.Duration(c.Timeout),
		Diagnostics:   stderr,
		NewSolver: func(st *term.Store) smtlib.Solver {
			s := engine.NewSession(st, opts)
			sessions = append(sessions, s)
			return s
		},
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	interp := smtlib.NewInterpreter(cfg, stdout)
	err = interp.Run(ctx, in)
	if c.Stats {
		for _, s := range sessions {
			for _, kv := range s.Statistics() {
				fmt.Fprintf(stderr, "%s %s\n", kv[0], kv[1])
			}
		}
	}
	return err
}

// startCPUProfile writes a Go CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
