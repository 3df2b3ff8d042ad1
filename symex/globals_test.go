package symex

import (
	"strings"
	"testing"
)

// TestInitializerFailures: an initializer step the executor cannot run
// loses only what it computed or stored into (issue 31), and a use of
// that value ends the path with a message naming it, never an internal
// error.
func TestInitializerFailures(t *testing.T) {
	cases := []struct {
		fn          string
		maxLen      int
		paths       int
		unsupported string // "" for none; else a part of every unsupported message
	}{
		// len 2 compares with the Opaque root; lengths 0 and 1 return.
		{"Eq", 2, 1, "use of an object changed by"},
		// other is exact: len 1 ('x' panics or not), or not 1.
		{"Other", 2, 3, ""},
		{"Table", 1, 0, "could not store into"},
		// late was left unset by the skipped call, which names it.
		{"Late", 0, 0, "could change"},
		// made existed before the skipped call, which would have filled it
		// (it reads as an Opaque, not as the zeros it held).
		{"Made", 0, 0, "Opaque"},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			p := loadTestFunc(t, "testdata/initfail", "Eq", c.fn)
			_, res := explore(t, p, Options{MaxLen: c.maxLen}, nil)
			unsup := 0
			for _, path := range res.Paths {
				if path.Kind != "unsupported" {
					continue
				}
				unsup++
				if c.unsupported == "" || !strings.Contains(path.Message, c.unsupported) || strings.Contains(path.Message, "internal") {
					t.Errorf("unsupported: %s", path.Message)
				}
			}
			if c.unsupported != "" && unsup == 0 {
				t.Errorf("no unsupported path, want one saying %q", c.unsupported)
			}
			if got := res.Stats.Returned + res.Stats.Panicked; got != c.paths {
				t.Errorf("%d paths returned or panicked, want %d", got, c.paths)
			}
		})
	}
}

// TestInitializersRunAsGo: the initializers of every imported package run
// before the entry, in Go's order, though the entry uses none of their
// globals (testdata/initorder: each function panics on every one-byte
// input in Go). Run lazily, on the first use of a global, the two
// registering initializers never ran and an exhausted run missed both
// panics.
func TestInitializersRunAsGo(t *testing.T) {
	for _, fn := range []string{"Registered", "Ordered"} {
		t.Run(fn, func(t *testing.T) {
			p := loadTestFunc(t, "testdata/initorder", "Registered", fn)
			_, res := explore(t, p, Options{MaxLen: 1}, nil)
			if !res.Stats.Exhausted() || res.Stats.Unsupported > 0 {
				t.Fatalf("not exhausted: %+v", res.Stats)
			}
			if len(res.Panics) != 1 {
				t.Fatalf("%d panic sites, want 1", len(res.Panics))
			}
			if in := res.Panics[0].Inputs[0].V.(string); len(in) != 1 {
				t.Errorf("panic input %q, want one byte", in)
			}
		})
	}
}
