package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/sift-solver/sift/bench"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
)

// streams are the process's standard streams, bound into kong commands as one
// value because kong binds by type and stdout and stderr share one.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// CLI is sift's command line.
type CLI struct {
	Solve   SolveCmd         `cmd:"" default:"withargs" help:"Solve an SMT-LIB 2 script (the default)."`
	Bench   BenchCmd         `cmd:"" help:"Benchmark sift against peer solvers, SMT-COMP style."`
	Symex   SymexCmd         `cmd:"" help:"Symbolically execute a Go function (or each of a package) and find inputs that make it panic."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

// zArgs rewrites z3-style single-dash long flags (-in) to kong's form.
func zArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a == "-in" {
			a = "--in"
		}
		if a == "-smt2" { // z3's input format flag: sift reads SMT-LIB 2 only
			continue
		}
		if strings.HasPrefix(a, "-t:") {
			a = "--timeout=" + strings.TrimPrefix(a, "-t:") + "ms"
		}
		out = append(out, a)
	}
	return out
}

func main() {
	// sift started again as its own Z3 worker (engine/z3/isolated.go).
	z3.RunWorkerIfAsked(os.Args[1:])
	// sift started again by sift bench to measure one job (bench/measure.go).
	bench.RunMeasureIfAsked(os.Args[1:])
	runAndExit()
}

// runAndExit runs the command line and exits with its code. The Z3 workers
// are stopped and waited for first, not left to exit on their own: their
// time is then part of this process's.
func runAndExit() {
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	engine.StopZ3Workers()
	os.Exit(code)
}

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cli CLI
	exit := -1
	parser, err := kong.New(&cli,
		kong.Name("sift"),
		kong.Description("An SMT-LIB 2 solver for bit-vector and array queries from symbolic execution."),
		kong.Vars{"version": "sift " + smtlib.Version},
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code; panic(exitSignal{}) }),
		kong.Bind(&streams{in: stdin, out: stdout, err: stderr}),
	)
	if err != nil {
		fmt.Fprintln(stderr, "sift:", err)
		return 2
	}
	code := func() (code int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(exitSignal); ok {
					code = exit
					return
				}
				panic(r)
			}
		}()
		kctx, err := parser.Parse(zArgs(args))
		if err != nil {
			fmt.Fprintln(stderr, "sift:", err)
			return 2
		}
		if err := kctx.Run(); err != nil {
			if errors.Is(err, errInterrupted) {
				return 130
			}
			fmt.Fprintln(stderr, "sift:", err)
			return 1
		}
		return 0
	}()
	return code
}

type exitSignal struct{}
