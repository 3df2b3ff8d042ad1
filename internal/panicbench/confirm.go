package panicbench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Outcome is what the reproducer did at one version.
type Outcome struct {
	Version  string
	Panicked bool
	Panic    Panic
	Top      Site // the innermost frame outside the runtime, relative to its module
	TimedOut bool
	Output   string // the program's output, for the record
}

// Replay builds the work module's main.go and runs it once (limit: a run
// that takes longer is a hang, not a panic).
func Replay(ctx context.Context, w WorkModule, limit time.Duration) (Outcome, error) {
	o := Outcome{Version: w.Version}
	bin := filepath.Join(w.Dir, "repro.bin")
	if out, err := w.goCmd(ctx, 5*time.Minute, "build", "-o", bin, "."); err != nil {
		return o, fmt.Errorf("%s@%s: go build: %v\n%s", w.Bug.Module, w.Version, err, out)
	}
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(rctx, bin)
	cmd.Dir = w.Dir
	cmd.Env = goEnv("GOTRACEBACK=single")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	o.Output = out.String()
	if rctx.Err() != nil {
		o.TimedOut = true
		return o, nil
	}
	if p, ok := ParsePanic(o.Output); ok {
		o.Panicked, o.Panic, o.Top = true, p, relSite(p.Top())
		return o, nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) || !strings.Contains(o.Output, noPanicLine) {
		return o, fmt.Errorf("%s@%s: the reproducer failed without a panic: %v\n%s", w.Bug.Module, w.Version, err, o.Output)
	}
	return o, nil
}

// Confirmation is Confirm's verdict on one row.
type Confirmation struct {
	Bug        Bug
	Vulnerable Outcome
	Fixed      Outcome
	Problems   []string // empty when the row is confirmed
}

// OK reports whether the row is confirmed: the reproducer panics at the
// vulnerable version with the recorded kind and site, and does not panic
// (nor hang) at the fixed one.
func (c Confirmation) OK() bool { return len(c.Problems) == 0 }

// Confirm sets up both work modules of a row under dir and replays the
// reproducer at each version.
func Confirm(ctx context.Context, dir string, b Bug) (Confirmation, error) {
	c := Confirmation{Bug: b}
	for _, v := range []struct {
		label, version string
		into           *Outcome
	}{{"vulnerable", b.Vulnerable, &c.Vulnerable}, {"fixed", b.Fixed, &c.Fixed}} {
		w, err := NewWorkModule(ctx, dir, b, v.version, v.label)
		if err != nil {
			return c, err
		}
		o, err := Replay(ctx, w, 30*time.Second)
		if err != nil {
			return c, err
		}
		*v.into = o
	}
	vu, fx := c.Vulnerable, c.Fixed
	switch {
	case vu.TimedOut:
		c.Problems = append(c.Problems, "vulnerable: the reproducer hangs")
	case !vu.Panicked:
		c.Problems = append(c.Problems, "vulnerable: no panic")
	default:
		if !strings.Contains(vu.Panic.Message, b.Kind) {
			c.Problems = append(c.Problems, fmt.Sprintf("vulnerable: panic %q is not of kind %q", vu.Panic.Message, b.Kind))
		}
		if !SameSite(vu.Top, b.Site) {
			c.Problems = append(c.Problems, fmt.Sprintf("vulnerable: panics at %s, the manifest says %s", vu.Top, b.Site))
		}
	}
	if fx.TimedOut {
		c.Problems = append(c.Problems, "fixed: the reproducer hangs")
	} else if fx.Panicked {
		c.Problems = append(c.Problems, fmt.Sprintf("fixed: still panics (%s at %s)", fx.Panic.Message, fx.Top))
	}
	return c, nil
}
