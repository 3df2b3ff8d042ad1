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
