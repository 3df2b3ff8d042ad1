package panicbench

import (
	"strings"
	"testing"
)

func TestWriteTable(t *testing.T) {
	one := 2.5
	bugs := []Bug{{ID: "a", Name: "p", Entry: "F"}, {ID: "b", Name: "q", Entry: "T.M"}, {ID: "c", Name: "r", Entry: "G"}, {ID: "d", Name: "s", Entry: "H"}, {ID: "e", Name: "t", Entry: "I"}}
	results := []Result{
		{ID: "a", Split: "dev", Fuzz: &FuzzResult{Found: true, FoundS: 1.5, CPUS: 3, Execs: 10, SiteOK: true}, Symex: &SymexResult{Found: true, FirstPanicS: &one, CPUS: 4, SiteOK: true}},
		{ID: "b", Split: "dev", Fuzz: &FuzzResult{CPUS: 60, Execs: 99}, Symex: &SymexResult{Found: true, CPUS: 7}},
		{ID: "c", Split: "held", Fuzz: &FuzzResult{Found: true, FoundS: 9, SiteOK: false}, Symex: &SymexResult{Failure: "sift symex does not support --budget"}},
		{ID: "d", Split: "held", Error: "go mod tidy: 403"},
		{ID: "e", Split: "held", Symex: &SymexResult{Exhausted: true, UnsupPaths: 937, CPUS: 17.6}},
	}
	var b strings.Builder
	WriteTable(&b, bugs, results)
	got := b.String()
	for _, want := range []string{
		"| a | dev | `p.F` | yes | 1.5 | 3.0 | 10 | yes | yes | 2.5 | 4.0 | yes | both |",
		"| b | dev | `q.T.M` | no | | 60.0 | 99 | | yes | - | 7.0 | no | symex only |",
		"| c | held | `r.G` | yes | 9.0 | 0.0 | 0 | no | sift symex does not support --budget | | | | fuzz only |",
		"| d | held | `s.H` | error: go mod tidy: 403 |",
		"| e | held | `t.I` | not run | | | | | no (exhausted, 0 paths, 937 ended unsupported) | | 17.6 | | neither |",
		"5 bugs: go test -fuzz found a panic in 2 (1 at the recorded site), sift symex in 2 (1 at the site); both 1, only the fuzzer 1, only symex 1, neither 2.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks\n%s\nin\n%s", want, got)
		}
	}
	// Every row has the header's number of cells.
	lines := strings.Split(strings.TrimSpace(got), "\n")
	cols := strings.Count(lines[0], "|")
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "|") && strings.Count(l, "|") != cols {
			t.Errorf("%d cells, header has %d: %s", strings.Count(l, "|"), cols, l)
		}
	}
}

// TestWritePairTable: rows run with the pair get the pair's table: found
// by symex (its time), by the seeded fuzzer after symex's budget (the sum),
// or not, against the zero-seeded fuzzer; a row whose seeded fuzzer was
// skipped (symex found it, --pair-missed) by symex; rows without the pair
// none.
func TestWritePairTable(t *testing.T) {
	half := 0.5
	bugs := []Bug{{ID: "a", Name: "p", Entry: "F"}, {ID: "b", Name: "q", Entry: "G"}, {ID: "c", Name: "r", Entry: "H"}, {ID: "d", Name: "s", Entry: "I"}, {ID: "e", Name: "t", Entry: "J"}}
	results := []Result{
		{ID: "a", Fuzz: &FuzzResult{}, Symex: &SymexResult{Found: true, FirstPanicS: &half, CPUS: 0.6}, Seeded: &FuzzResult{Found: true, Seeds: 3, CPUS: 0.2, SiteOK: true}},
		{ID: "b", Fuzz: &FuzzResult{}, Symex: &SymexResult{CPUS: 60}, Seeded: &FuzzResult{Found: true, FoundS: 4, CPUS: 4.1, Seeds: 12}},
		{ID: "c", Fuzz: &FuzzResult{Found: true, FoundS: 2}, Symex: &SymexResult{CPUS: 60}, Seeded: &FuzzResult{CPUS: 60, Seeds: 0}},
		{ID: "d", Symex: &SymexResult{CPUS: 1}},
		{ID: "e", Symex: &SymexResult{Found: true, FirstPanicS: &half, CPUS: 0.5}, SeededSkipped: true},
	}
	var b strings.Builder
	WriteTable(&b, bugs, results)
	got := b.String()
	for _, want := range []string{
		"| a | yes | 3 | yes | 0.0 | 0.2 | yes | yes | 0.5 | no |",
		"| b | no | 12 | yes | 4.0 | 4.1 | no | yes | 64.0 | no |",
		"| c | no | 0 | no |  | 60.0 | no | no |  | yes |",
		"| e | yes | 0 | (not run: symex found a panic) |  | 0.0 | no | yes | 0.5 | not run |",
		"4 bugs with the pair: it found 3; 1 that neither symex nor the zero-seeded fuzzer found alone, and missed 1 that the zero-seeded fuzzer found.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks\n%s\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "| d | no |") {
		t.Errorf("row d has no pair, but is in the pair's table:\n%s", got)
	}
	var plain strings.Builder
	WriteTable(&plain, bugs, results[3:4])
	if strings.Contains(plain.String(), "The pair") {
		t.Errorf("a run without the pair has its table:\n%s", plain.String())
	}
}
