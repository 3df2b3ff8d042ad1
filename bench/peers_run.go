package bench

import (
	"fmt"
	"slices"
)

// PeersFromRun takes the peers table from a scored run itself: names are
// the solvers of the run that serve as peers (z3, cvc5 run beside sift on a
// suite no peers table covers). A file with no expected status gets the
// answer that every solver of the run that answered sat or unsat agrees on,
// none when they disagree: then no peer is counted best on it.
func PeersFromRun(sc *Score, names []string) (*Peers, error) {
	for _, n := range names {
		if !slices.Contains(sc.Solvers, n) {
			return nil, fmt.Errorf("peer %q is not a solver of the run (it has %v)", n, sc.Solvers)
		}
	}
	p := &Peers{Names: slices.Clone(names), Files: map[string]*PeerFile{}}
	for _, f := range sc.Files {
		pf := &PeerFile{Path: f, Answers: map[string]Result{}, CPUSec: map[string]float64{}}
		agreed, disagree := Status(""), false
		for _, s := range sc.Solvers {
			o, ok := sc.Outcomes[s][f]
			if !ok {
				continue
			}
			if o.Expected == StatusSat || o.Expected == StatusUnsat {
				pf.Expected = o.Expected
			}
			if o.Result == ResultSat || o.Result == ResultUnsat {
				switch a := Status(o.Result); {
				case agreed == "":
					agreed = a
				case agreed != a:
					disagree = true
				}
			}
			if slices.Contains(names, s) {
				pf.Answers[s], pf.CPUSec[s] = o.Result, o.CPUSec
			}
		}
		if pf.Expected == "" && !disagree {
			pf.Expected = agreed
		}
		p.Files[f] = pf
	}
	return p, nil
}
