package bench

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one slice of a suite, for runs spread over machines: shard Index
// (1-based, as Slurm array task ids usually are) of Count. The zero Shard is
// the whole suite.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole reports whether s is the whole suite.
func (s Shard) Whole() bool { return s.Count <= 1 }

func (s Shard) String() string {
	if s.Whole() {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// ParseShard reads "I/N" with 1 ≤ I ≤ N.
func ParseShard(text string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(text), "/")
	ii, err1 := strconv.Atoi(i)
	nn, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || nn < 1 || ii < 1 || ii > nn {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 ≤ I ≤ N, e.g. 3/8", text)
	}
	if nn == 1 {
		return Shard{}, nil // 1/1 is the whole suite
	}
	return Shard{Index: ii, Count: nn}, nil
}

// Slice returns the instances of shard sh: every Count-th file of the
// suite's order, starting at file Index. The suite's order is fixed (lexical
// for a directory, row order for a manifest), so every machine computes the
// same slice, and the slices are disjoint and cover the suite. Dealing files
// round-robin, instead of cutting the suite into blocks, spreads each
// family's hard files over the shards.
func (s *Suite) Slice(sh Shard) *Suite {
	if sh.Whole() {
		return s
	}
	out := &Suite{Source: s.Source}
	for i, in := range s.Instances {
		if i%sh.Count == sh.Index-1 {
			out.Instances = append(out.Instances, in)
		}
	}
	return out
}
