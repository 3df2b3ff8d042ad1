package symex

import "testing"

// TestByteSearchSplit: Split then Cut of every piece at a bound of 12
// (testdata/bytesearch). Searched by loops, the separators' placements
// alone were thousands of paths; as terms the run exhausts in a few
// paths a piece, finds the panic, and every path replays concretely.
func TestByteSearchSplit(t *testing.T) {
	p := loadTestFunc(t, "testdata/bytesearch", "Fields", "Fields")
	ex, res := explore(t, p, Options{MaxLen: 12}, nil)
	if !res.Stats.Exhausted() {
		t.Fatalf("stopped %q", res.Stats.Stopped)
	}
	if len(res.Panics) != 1 {
		t.Errorf("%d panic sites, want 1", len(res.Panics))
	}
	if res.Stats.Paths > 64 {
		t.Errorf("%d paths, want at most 64", res.Stats.Paths)
	}
	for _, path := range res.Paths {
		if err := ex.Replay(path); err != nil {
			t.Error(err)
		}
	}
}
