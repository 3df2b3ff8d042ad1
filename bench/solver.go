package bench

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Kind says how a solver is invoked: which flags carry the time limit and what the file needs.
type Kind string

// The solver kinds sift bench knows; KindCommand is any command line with a {file} placeholder.
const (
	KindZ3        Kind = "z3"
	KindCVC5      Kind = "cvc5"
	KindBoolector Kind = "boolector"
	KindSift      Kind = "sift"
	KindCommand   Kind = "command"
)

var builtinKinds = []Kind{KindZ3, KindCVC5, KindBoolector, KindSift}

// Solver is one contestant of a run.
type Solver struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
	// Argv is the binary and, for KindCommand, the whole template with {file}, {timeout} (seconds, rounded
	// up) and {timeout_ms} placeholders.
	Argv []string `json:"argv"`
}

// ParseSolverSpec reads one --solver value:
//
//	z3 | cvc5 | boolector | sift             a built-in kind, binary found on PATH
//	NAME=BINARY                              a built-in kind named by the binary's base name (sift-old=/tmp/sift)
//	NAME=CMD ARG… {file} …                   any command line; {timeout} and {timeout_ms} are substituted too
func ParseSolverSpec(spec string) (Solver, error) {
	spec = strings.TrimSpace(spec)
	name, cmdline, hasName := strings.Cut(spec, "=")
	if !hasName {
		cmdline = spec
	}
	name = strings.TrimSpace(name)
	argv := strings.Fields(cmdline)
	if len(argv) == 0 || name == "" {
		return Solver{}, fmt.Errorf("solver %q: expected a solver kind (z3, cvc5, boolector, sift) or NAME=COMMAND {file}", spec)
	}
	if strings.ContainsAny(name, " \t/,") {
		return Solver{}, fmt.Errorf("solver %q: the name %q may not contain spaces, commas or slashes", spec, name)
	}
	if strings.Contains(cmdline, "{file}") {
		return Solver{Name: name, Kind: KindCommand, Argv: argv}, nil
	}
	if len(argv) > 1 {
		return Solver{}, fmt.Errorf("solver %q: a command line with arguments needs a {file} placeholder", spec)
	}
	kind, ok := kindOf(argv[0])
	if !ok {
		return Solver{}, fmt.Errorf("solver %q: %q is not a known solver (z3, cvc5, boolector, sift); give a command line with {file}", spec, argv[0])
	}
	return Solver{Name: name, Kind: kind, Argv: argv}, nil
}

// kindOf guesses a built-in kind from a binary's base name: "z3", "cvc5-1.0", "sift-old" all count.
func kindOf(bin string) (Kind, bool) {
	base := filepath.Base(bin)
	for _, k := range builtinKinds {
		if base == string(k) || strings.HasPrefix(base, string(k)+"-") || strings.HasPrefix(base, string(k)+".") {
			return k, true
		}
	}
	return "", false
}

// LoadSolverConfig reads a config file: one solver spec per line (the --solver syntax), '#' starts a comment.
func LoadSolverConfig(path string) ([]Solver, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("solver config: %w", err)
	}
	defer f.Close()
	var out []Solver
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		s, err := ParseSolverSpec(text)
		if err != nil {
			return nil, fmt.Errorf("solver config %s:%d: %w", path, line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("solver config %s: %w", path, err)
	}
	return out, nil
}

// Resolve finds the solver's binary, so that a missing one is reported before any job starts.
func (s *Solver) Resolve() error {
	p, err := exec.LookPath(s.Argv[0])
	if err != nil {
		return fmt.Errorf("solver %s: binary %q not found (install it, or give its path as %s=/path/to/binary): %w",
			s.Name, s.Argv[0], s.Name, err)
	}
	s.Argv[0] = p
	return nil
}

// Command is the argv that runs the solver on one instance with the given wall-time limit. The solver's own
// limit is the same as the runner's, so a polite solver answers "unknown" or "timeout" before the kill.
func (s Solver) Command(in Instance, limit time.Duration) []string {
	secs := int((limit + time.Second - 1) / time.Second)
	ms := int(limit / time.Millisecond)
	bin := s.Argv[0]
	switch s.Kind {
	case KindZ3:
		return []string{bin, "-smt2", "-T:" + strconv.Itoa(secs), in.Path}
	case KindCVC5:
		argv := []string{bin, "--lang", "smt2", "--tlimit-per=" + strconv.Itoa(ms)}
		if in.Features.Incremental() {
			argv = append(argv, "--incremental")
		}
		if in.Features.ModelOutput {
			argv = append(argv, "--produce-models")
		}
		return append(argv, in.Path)
	case KindBoolector:
		return []string{bin, "--smt2", "-t", strconv.Itoa(secs), in.Path}
	case KindSift:
		return []string{bin, "-t", strconv.Itoa(secs), in.Path}
	}
	r := strings.NewReplacer("{file}", in.Path, "{timeout}", strconv.Itoa(secs), "{timeout_ms}", strconv.Itoa(ms))
	argv := make([]string, len(s.Argv))
	for i, a := range s.Argv {
		argv[i] = r.Replace(a)
	}
	return argv
}
