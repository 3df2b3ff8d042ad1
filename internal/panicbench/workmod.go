package panicbench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// WorkModule is a module made for one bug at one version: go.mod requiring
// the bug's module at that version, main.go (the reproducer) and
// fuzz_test.go (the fuzz target), in package main. `sift symex --dir` loads
// the bug's package from it too. Its dependencies live in the module cache
// only.
type WorkModule struct {
	Dir     string
	Bug     Bug
	Version string
}

// ModulePath is the work module's path, which also names the package in
// the fuzz cache.
func (w WorkModule) ModulePath() string { return "panicbench/" + w.Bug.ID }

// NewWorkModule writes the module under dir/<id>/<label> and resolves its
// requirements (`go mod tidy`: the network, or the module cache). It
// replaces what an earlier run left there.
func NewWorkModule(ctx context.Context, dir string, b Bug, version, label string) (WorkModule, error) {
	w := WorkModule{Dir: filepath.Join(dir, b.ID, label), Bug: b, Version: version}
	if err := os.RemoveAll(w.Dir); err != nil {
		return w, err
	}
	if err := os.MkdirAll(w.Dir, 0o755); err != nil {
		return w, err
	}
	var mod strings.Builder
	fmt.Fprintf(&mod, "module %s\n\ngo 1.26\n\nrequire %s %s\n", w.ModulePath(), b.Module, version)
	for _, r := range b.Requires {
		fmt.Fprintf(&mod, "require %s\n", r)
	}
	if err := os.WriteFile(filepath.Join(w.Dir, "go.mod"), []byte(mod.String()), 0o644); err != nil {
		return w, err
	}
	if err := w.writeSources(); err != nil {
		return w, err
	}
	if out, err := w.goCmd(ctx, 5*time.Minute, "mod", "tidy"); err != nil {
		return w, fmt.Errorf("%s@%s: go mod tidy: %v\n%s", b.Module, version, err, out)
	}
	// tidy may have moved the bug's module; the row pins it.
	if got, err := w.goCmd(ctx, time.Minute, "list", "-m", "-f", "{{.Version}}", b.Module); err != nil || strings.TrimSpace(string(got)) != version {
		return w, fmt.Errorf("%s: the work module resolved %s to %q, not %s (%v)", b.ID, b.Module, strings.TrimSpace(string(got)), version, err)
	}
	return w, nil
}

// writeSources writes main.go and fuzz_test.go from the row.
func (w WorkModule) writeSources() error {
	main, err := MainProgram(w.Bug)
	if err != nil {
		return err
	}
	fuzz, err := FuzzTest(w.Bug)
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"main.go": main, "fuzz_test.go": fuzz} {
		if err := os.WriteFile(filepath.Join(w.Dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// OpenWorkModule opens a work module an earlier NewWorkModule wrote.
func OpenWorkModule(dir string, b Bug, version, label string) (WorkModule, error) {
	w := WorkModule{Dir: filepath.Join(dir, b.ID, label), Bug: b, Version: version}
	if _, err := os.Stat(filepath.Join(w.Dir, "go.sum")); err != nil {
		return w, fmt.Errorf("%s: no work module at %s (run with --setup): %v", b.ID, w.Dir, err)
	}
	return w, nil
}

// goEnv is the environment of every go command here: the local toolchain
// only, and no vet or VCS stamping in the way of old code.
func goEnv(extra ...string) []string {
	env := append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-buildvcs=false")
	return append(env, extra...)
}

func (w WorkModule) goCmd(ctx context.Context, limit time.Duration, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = w.Dir
	cmd.Env = goEnv()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}
