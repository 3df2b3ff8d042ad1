package z3

import "testing"

func TestOneLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"#x0f", "#x0f"},
		{"(store (store a\n       #x01\n       #x02)\n  #x03 #x04)", "(store (store a #x01 #x02) #x03 #x04)"},
		{"( f  x \n )", "(f x)"},
		{"(f |a  b|\n  \"c  \"\"d\"\"  e\")", "(f |a  b| \"c  \"\"d\"\"  e\")"},
		{"  (let ((a!1 x))\n    a!1)  ", "(let ((a!1 x)) a!1)"},
	}
	for _, tc := range tests {
		if got := oneLine(tc.in); got != tc.want {
			t.Errorf("oneLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
