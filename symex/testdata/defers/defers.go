// Package defercases holds panics raised in deferred calls while another
// panic unwinds: a recovered value raised again (BurntSushi/toml's parse
// does this with every error that is not its own), a deferred call that
// panics over a panic, and one that panics after a recovery completed.
// The want lines are the expectations of symex's TestWantCases (see
// testdata/unsafe); "want: raised-at MARK" is where the panic's chain
// started, the line marked "// raise: MARK" (none: no chain).
package defercases

type parseError string

func (e parseError) Error() string { return string(e) }

func fail(b byte) {
	if b == '!' {
		panic("bad byte") // raise: bug
	}
	panic(parseError("parse"))
}

// Repanic recovers its parser's panics and raises again those that are
// not parse errors, as BurntSushi/toml's parse does.
// max-len: 1
// want: panic bad byte
// want: raised-at bug
func Repanic(b []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(parseError); ok {
				err = pe
				return
			}
			panic(r)
		}
	}()
	if len(b) == 1 {
		fail(b[0])
	}
	return nil
}

// Over panics in a deferred call while an unrecovered panic unwinds.
// max-len: 1
// want: panic cleanup
// want: raised-at over
func Over(b []byte) int {
	defer func() {
		if len(b) == 1 && b[0] == 'c' {
			panic("cleanup")
		}
	}()
	if len(b) == 1 {
		panic("first") // raise: over
	}
	return 0
}

// After panics in a deferred call that runs once an earlier one has
// recovered: a fresh panic, no chain.
// max-len: 1
// want: panic fresh
// want: raised-at none
func After(b []byte) int {
	defer func() {
		if len(b) == 1 && b[0] == 'f' {
			panic("fresh")
		}
	}()
	defer func() { recover() }()
	if len(b) == 1 {
		panic("first")
	}
	return 0
}
