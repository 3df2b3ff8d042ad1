package concolic

import (
	"fmt"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

func dump(d *DAG) {
	pr := smtlib.NewPrinter(d.st)
	for _, n := range d.Nodes {
		fmt.Printf("node %d %v layout=%q in=%d status=%v\n", n.ID, n.Point, n.Layout, len(n.In), n.Status)
		if !n.Event {
			fmt.Printf("   raw=%s\n   cond=%s\n   pc=%s\n", pr.TermString(n.RawCond), pr.TermString(d.Cond(n)), pr.TermString(d.PC(n)))
		}
		for k, v := range d.Store(n) {
			fmt.Printf("   %s = %s\n", k, pr.TermString(v))
		}
	}
}

func TestDebug(t *testing.T) {
	st := term.NewStore()
	p := seedFunc(t, "T2")
	res, err := Explore(st, p.Fn, NewEnumerative(st, []int64{0, 1, 2, 3}), Config{Merge: true, MaxRuns: 300})
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range res.History {
		fmt.Println("run", i+1, h.Inputs)
	}
	dump(res.DAG)
}
