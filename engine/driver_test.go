package engine

import (
	"context"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// slowSharer waits for its context and reports the deadline it had.
type slowSharer struct{ deadline time.Time }

func (*slowSharer) Name() string       { return "slow" }
func (*slowSharer) TimeShare() float64 { return 0.5 }
func (s *slowSharer) Decide(ctx context.Context, _ *stage.Problem) (stage.Verdict, error) {
	s.deadline, _ = ctx.Deadline()
	<-ctx.Done()
	return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(ctx.Err())}, nil
}

// decider answers unsat at once.
type decider struct{ called bool }

func (*decider) Name() string { return "decider" }
func (d *decider) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	d.called = true
	return stage.Verdict{Status: term.Unsat}, nil
}

// TestTimeShare checks that a TimeSharer gets a share of the time left and a
// later stage still runs within the caller's deadline; and that a TimeSharer
// that is the last stage gets all of it.
func TestTimeShare(t *testing.T) {
	p := &stage.Problem{Store: term.NewStore()}
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	slow, last := &slowSharer{}, &decider{}
	v := NewDriver(slow, last).Decide(ctx, p)
	if v.Status != term.Unsat || !last.called {
		t.Fatalf("later stage did not decide: %v (%s)", v.Status, v.Reason)
	}
	parent, _ := ctx.Deadline()
	if !slow.deadline.Before(parent) {
		t.Errorf("sharer's deadline %v is not before the caller's %v", slow.deadline, parent)
	}

	ctx2, cancel2 := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel2()
	alone := &slowSharer{}
	NewDriver(alone).Decide(ctx2, p)
	if parent2, _ := ctx2.Deadline(); !alone.deadline.Equal(parent2) {
		t.Errorf("last stage's deadline %v, want the caller's %v", alone.deadline, parent2)
	}
}
