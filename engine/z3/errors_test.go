package z3

import "testing"

func TestUnwrapErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(error \"line 1 column 5: unknown constant y\")\n", "line 1 column 5: unknown constant y"},
		{"(error \"a\")\n(error \"b\")\n", "a; b"},
		{"invalid argument", "invalid argument"},
		{"(error \"line 3: unknown parameter 'x'; Legal parameters are:\n  auto_config (bool)\n\")\n", "line 3: unknown parameter 'x'; Legal parameters are: auto_config (bool)"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := unwrapErrors(tc.in); got != tc.want {
			t.Errorf("unwrapErrors(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
