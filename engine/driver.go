package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// StageStats accumulates what one stage did over a session.
type StageStats struct {
	Name    string
	Calls   int
	Decided int
	Time    time.Duration
}

// Driver runs the pipeline on a problem: transformers rewrite it, stages try
// to decide it, in order, until one decides. It validates every sat answer
// against the original problem.
type Driver struct {
	Steps []stage.Stage
	// Trace, when set, receives one line per step per check.
	Trace io.Writer
	Stats []StageStats
	// Validations counts validated models; ValidationFailures counts models
	// that failed (each one is a bug).
	Validations, ValidationFailures int
}

// NewDriver returns a driver over steps, in that order.
func NewDriver(steps ...stage.Stage) *Driver {
	d := &Driver{Steps: steps, Stats: make([]StageStats, len(steps))}
	for i, s := range steps {
		d.Stats[i].Name = s.Name()
	}
	return d
}

func (d *Driver) tracef(format string, args ...any) {
	if d.Trace != nil {
		fmt.Fprintf(d.Trace, "; "+format+"\n", args...)
	}
}

// Decide runs the pipeline on p.
func (d *Driver) Decide(ctx context.Context, p *stage.Problem) stage.Verdict {
	reason := "incomplete"
	cur := p
	var maps []stage.ModelMap
	// An unsat answer without a core is held back while later stages may
	// still give one, when the script asks for cores or assumptions.
	wantCore := !p.NoCores && (len(p.Assumptions) > 0 || slices.ContainsFunc(p.Labels, func(l string) bool { return l != "" }))
	var deferred *stage.Verdict
	// sameIndices holds while every transformation applied kept assertion
	// and assumption i as the i-th: cores then refer to p as well.
	sameIndices := true
	for i, step := range d.Steps {
		if err := ctx.Err(); err != nil {
			if deferred != nil {
				return *deferred
			}
			return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}
		}
		start := time.Now()
		var v stage.Verdict
		var err error
		if t, ok := step.(stage.Transformer); ok {
			var next *stage.Problem
			var mm stage.ModelMap
			next, mm, v, err = t.Transform(ctx, cur)
			if err == nil && v.Status == term.Unknown {
				d.Stats[i].Calls++
				d.Stats[i].Time += time.Since(start)
				d.tracef("transform %s: %d -> %d assertions in %v", t.Name(), len(cur.Assertions), len(next.Assertions), time.Since(start))
				next.Original = p
				if _, keeps := t.(stage.IndexPreserver); next != cur && !keeps {
					sameIndices = false
				}
				cur = next
				maps = append(maps, mm)
				continue
			}
		} else {
			sctx, cancel := stageContext(ctx, step, i < len(d.Steps)-1)
			v, err = step.Decide(sctx, cur)
			cancel()
		}
		el := time.Since(start)
		d.Stats[i].Calls++
		d.Stats[i].Time += el
		if err != nil {
			d.tracef("stage %s: error after %v: %v", step.Name(), el, err)
			reason = err.Error()
			continue
		}
		if v.Status == term.Unknown {
			d.tracef("stage %s: unknown (%s) in %v", step.Name(), v.Reason, el)
			if v.Reason != "" {
				reason = v.Reason
			}
			if ctx.Err() != nil {
				if deferred != nil {
					return *deferred
				}
				return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(ctx.Err())}
			}
			continue
		}
		if !sameIndices {
			// Cores refer to the transformed problem; without a mapping back,
			// every assertion and assumption is taken.
			v.Core, v.FailedAssumptions = nil, nil
		}
		if v.Status == term.Unsat && wantCore && v.Core == nil {
			d.Stats[i].Decided++
			d.tracef("stage %s: unsat without a core in %v; later stages may give one", step.Name(), el)
			if v.Stage == "" {
				v.Stage = step.Name()
			}
			if deferred == nil {
				deferred = &v
			}
			continue
		}
		if v.Status == term.Sat {
			m := v.Model
			if m == nil {
				m = term.NewModel()
			}
			for j := len(maps) - 1; j >= 0 && !v.OnOriginal; j-- {
				if maps[j] != nil {
					m = maps[j](m)
				}
			}
			v.Model = m
			checked, err := d.validate(ctx, p, m, v)
			if err != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
				// A model check that ran out of time proved nothing, but
				// found nothing wrong either: not a bug, an unknown.
				d.tracef("stage %s: sat model not validated before the time limit: %v", step.Name(), err)
				reason = stage.ContextReason(ctx.Err())
				continue
			}
			if err != nil {
				d.ValidationFailures++
				d.tracef("stage %s: sat model FAILED validation: %v (this is a bug)", step.Name(), err)
				reason = "model validation failed"
				continue
			}
			d.Validations++
			if checked > 0 {
				d.tracef("stage %s: %d assertions proved by %s instead of evaluated (closed sentences it decided, or past the quantifier cap)", step.Name(), checked, step.Name())
			}
		}
		d.Stats[i].Decided++
		d.tracef("stage %s: %s in %v", step.Name(), v.Status, el)
		if v.Stage == "" {
			v.Stage = step.Name()
		}
		return v
	}
	if deferred != nil {
		return *deferred
	}
	return stage.Verdict{Status: term.Unknown, Reason: reason}
}

// Close closes the steps that hold resources outside Go's heap (Closer).
func (d *Driver) Close() {
	for _, step := range d.Steps {
		if c, ok := step.(stage.Closer); ok {
			c.Close()
		}
	}
}

// Statistics returns the counters of the steps that keep their own
// (StatsReporter), in pipeline order.
func (d *Driver) Statistics() [][2]string {
	var out [][2]string
	for _, step := range d.Steps {
		if r, ok := step.(stage.StatsReporter); ok {
			out = append(out, r.Statistics()...)
		}
	}
	return out
}

// stageContext returns the context a stage runs under: ctx itself, or, for a
// TimeSharer with stages after it, ctx with a deadline at its share of the
// time left.
func stageContext(ctx context.Context, s stage.Stage, later bool) (context.Context, context.CancelFunc) {
	ts, ok := s.(stage.TimeSharer)
	deadline, has := ctx.Deadline()
	if !ok || !has || !later {
		return ctx, func() {}
	}
	left := time.Until(deadline)
	return context.WithTimeout(ctx, time.Duration(float64(left)*ts.TimeShare()))
}
