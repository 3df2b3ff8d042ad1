package oracle

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"
)

// block is a coverage block of the concrete run: a file (by its base
// name: the profile names files by import path, the package is one
// directory) and a range of lines.
type block struct {
	file       string
	start, end int
}

func (b block) String() string { return fmt.Sprintf("%s:%d-%d", b.file, b.start, b.end) }

// profile is the blocks a concrete run executed, with their counts.
type profile struct {
	counts map[block]int
}

// readProfile reads a -coverprofile file (mode line, then
// "file:l1.c1,l2.c2 statements count" rows).
func readProfile(file string) (*profile, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := &profile{counts: map[block]int{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		name, rest, ok := cutLast(line, ":")
		fields := strings.Fields(rest)
		if !ok || len(fields) != 3 {
			return nil, fmt.Errorf("%s: bad row %q", file, line)
		}
		from, to, _ := strings.Cut(fields[0], ",")
		b := block{file: path.Base(name), start: lineOf(from), end: lineOf(to)}
		if n, _ := strconv.Atoi(fields[2]); n > 0 {
			p.counts[b] += n
		}
	}
	return p, sc.Err()
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

func lineOf(pos string) int {
	l, _, _ := strings.Cut(pos, ".")
	n, _ := strconv.Atoi(l)
	return n
}
