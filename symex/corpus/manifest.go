package corpus

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Entry is one function of the manifest with its bounds.
type Entry struct {
	Pkg, Func string
	MaxLen    int
	Timeout   time.Duration
	Flags     []string // further flags, e.g. --fix base=10
	Line      int      // line in the manifest, for messages
}

// ID names the entry in tables: package.Function.
func (e Entry) ID() string { return e.Pkg + "." + e.Func }

// Stdlib reports whether the package is in the standard library (no dot in
// the first path element), so that it loads without the module cache.
func (e Entry) Stdlib() bool {
	first, _, _ := strings.Cut(e.Pkg, "/")
	return !strings.Contains(first, ".")
}

// Args are the arguments of `sift symex` for the entry, loading from dir.
func (e Entry) Args(dir string) []string {
	args := []string{e.Pkg, e.Func, "--dir", dir, "--max-len", strconv.Itoa(e.MaxLen), "--timeout", e.Timeout.String()}
	return append(args, e.Flags...)
}

// ReadManifest reads a manifest: one entry per line, tab-separated fields
// package, function, max-len, timeout, flags ("-" for none); lines starting
// with # and blank lines are skipped.
func ReadManifest(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		e.Line = n
		out = append(out, e)
	}
	return out, sc.Err()
}

func parseEntry(line string) (Entry, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Entry{}, fmt.Errorf("want 5 tab-separated fields (package, function, max-len, timeout, flags), got %d", len(f))
	}
	e := Entry{Pkg: f[0], Func: f[1]}
	var err error
	if e.MaxLen, err = strconv.Atoi(f[2]); err != nil || e.MaxLen < 0 {
		return Entry{}, fmt.Errorf("max-len %q: want a natural number", f[2])
	}
	if e.Timeout, err = time.ParseDuration(f[3]); err != nil || e.Timeout <= 0 {
		return Entry{}, fmt.Errorf("timeout %q: want a positive duration", f[3])
	}
	if fl := strings.TrimSpace(f[4]); fl != "-" {
		e.Flags = strings.Fields(fl)
	}
	return e, nil
}
