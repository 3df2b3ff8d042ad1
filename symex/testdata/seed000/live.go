package seed000

// Two loops that differ in one thing only: whether the counter is live at
// the exit that finds a ':'. Where it is dead, the states there differ in
// no cell a pattern could give as t(k), and pat merges them the standard
// way ("no cell uses k"); where it is live, with a quantified pc.

// ColonLen returns len(s) when s holds a ':', -1 when not: i is dead at
// both exits.
func ColonLen(s []byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return len(s)
		}
	}
	return -1
}

// ColonAt returns the index of the first ':' in s, -1 when there is none.
func ColonAt(s []byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return i
		}
	}
	return -1
}
