package merge

import (
	"fmt"
	"sort"
	"strings"
)

// Options are a strategy's settings from the command line.
type Options struct {
	// Kinds overrides the strategy's merge points (--merge-points); 0 keeps
	// the strategy's own choice.
	Kinds Kind
	// MaxPatterns bounds the pattern groups of one merge before pat falls
	// back to std (--max-patterns, seed 000's threshold).
	MaxPatterns int
	// Incremental merges new leaves with internal nodes (--incremental-merge,
	// seed 000 §4).
	Incremental bool
	// CheckMerges proves every merge equal to the standard merge of its
	// members and fails the run if a proof fails (--check-merges).
	CheckMerges bool
	// HotVeto keeps pat's states unmerged where a merged value would be
	// query-hot (seed 002's Eq. 14 with the QHV parameters; --hot-veto).
	HotVeto bool
	// NoStdVeto keeps pat's veto off its standard merges (the command
	// line's default; --std-veto turns the veto on there).
	NoStdVeto bool
	// QHV sets qhv's parameters (--qhv-alpha, --qhv-beta, --qhv-gamma,
	// --qhv-delta); nil keeps the paper's.
	QHV *QHVParams
}

// Factory makes a strategy from its options.
type Factory func(Options) (Strategy, error)

var registry = map[string]Factory{}

// Register makes a strategy available to New under name. Each strategy's
// file registers itself from an init function.
func Register(name string, f Factory) {
	if _, dup := registry[name]; dup || name == "none" {
		panic("merge: strategy " + name + " registered twice")
	}
	registry[name] = f
}

// New returns the strategy called name; "none" (and "") give nil, which
// is the executor's no-merging path.
func New(name string, o Options) (Strategy, error) {
	if name == "" || name == "none" {
		return nil, nil
	}
	f, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("merge: no strategy %q (have: %s)", name, strings.Join(Names(), ", "))
	}
	return f(o)
}

// Names lists the registered strategies and "none", sorted.
func Names() []string {
	out := []string{"none"}
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
