// Package covnew has a panic behind a delimiter scan and a map lookup,
// for TestCovnewRarestSide: a command "name:arg" whose name must be a
// key of a map of concrete keys before its argument is read, and a long
// fallback path for every other input, whose new branch sides and loop
// runs keep the search busy (the lines marked "plant").
package covnew

var commands = map[string]func(string) int{
	"trim":  func(s string) int { return len(s) },
	"count": func(s string) int { return len(s) + 1 },
	"swap":  func(s string) int { return 2 * len(s) },
}

// Run runs the command of s, or counts the words of s when s names none.
func Run(s string) int {
	name, arg, hasArg := s, "", false
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			name, arg, hasArg = s[:i], s[i+1:], true
			break
		}
		if s[i] == '|' {
			name = s[:i]
			break
		}
	}
	fn, ok := commands[name]
	if !ok {
		return words(s)
	}
	if hasArg && len(arg) > 0 && arg[0] == '"' {
		return fn(quoted(arg))
	}
	return fn(arg)
}

// quoted is the quoted string at the start of s, quotes included; it
// reads past the end of an unterminated one.
func quoted(s string) string {
	i := 1
	for i < len(s) && s[i] != '"' {
		i++
	}
	return s[:i+1] // plant: out of range on an unterminated string
}

// words counts the words of s by the class of each byte.
func words(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			if !in {
				n++
			}
			in = true
		case c >= '0' && c <= '9':
			n += int(c - '0')
		case c == ' ' || c == ',':
			in = false
		case c == '-':
			n--
		}
	}
	return n
}
