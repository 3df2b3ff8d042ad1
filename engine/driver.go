package engine

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sift-solver/sift/term"
)

// StageStats accumulates what one stage did over a session.
type StageStats struct {
	Name    string
	Calls   int
	Decided int
	Time    time.Duration
}

// Driver runs the stages in order on a problem until one decides, and
// validates every sat answer.
type Driver struct {
	Stages []Stage
	// Trace, when set, receives one line per stage per check.
	Trace io.Writer
	Stats []StageStats
	// Validations counts validated models; ValidationFailures counts models
	// that failed (each one is a bug).
	Validations, ValidationFailures int
}

// NewDriver returns a driver over stages, in that order.
func NewDriver(stages ...Stage) *Driver {
	d := &Driver{Stages: stages, Stats: make([]StageStats, len(stages))}
	for i, s := range stages {
		d.Stats[i].Name = s.Name()
	}
	return d
}

func (d *Driver) tracef(format string, args ...any) {
	if d.Trace != nil {
		fmt.Fprintf(d.Trace, "; "+format+"\n", args...)
	}
}

// Decide runs the stages on p.
func (d *Driver) Decide(ctx context.Context, p *Problem) Verdict {
	reason := "incomplete"
	for i, s := range d.Stages {
		if err := ctx.Err(); err != nil {
			return Verdict{Status: Unknown, Reason: ctxReason(err)}
		}
		start := time.Now()
		v, err := s.Decide(ctx, p)
		el := time.Since(start)
		d.Stats[i].Calls++
		d.Stats[i].Time += el
		if err != nil {
			d.tracef("stage %s: error after %v: %v", s.Name(), el, err)
			reason = err.Error()
			continue
		}
		if v.Status == Unknown {
			d.tracef("stage %s: unknown (%s) in %v", s.Name(), v.Reason, el)
			if v.Reason != "" {
				reason = v.Reason
			}
			if ctx.Err() != nil {
				return Verdict{Status: Unknown, Reason: ctxReason(ctx.Err())}
			}
			continue
		}
		if v.Status == Sat {
			if v.Model == nil {
				v.Model = term.NewModel()
			}
			if err := d.validate(p, v.Model); err != nil {
				d.ValidationFailures++
				d.tracef("stage %s: sat model FAILED validation: %v (this is a bug)", s.Name(), err)
				reason = "model validation failed"
				continue
			}
			d.Validations++
		}
		d.Stats[i].Decided++
		d.tracef("stage %s: %s in %v", s.Name(), v.Status, el)
		return v
	}
	return Verdict{Status: Unknown, Reason: reason}
}

func ctxReason(err error) string {
	if err == context.DeadlineExceeded {
		return "timeout"
	}
	return "canceled"
}
