package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Status is the expected answer of a benchmark file, or the answer a solver gave.
type Status string

// The statuses SMT-LIB defines for (set-info :status …) and (check-sat).
const (
	StatusSat     Status = "sat"
	StatusUnsat   Status = "unsat"
	StatusUnknown Status = "unknown"
)

// Instance is one benchmark file of a suite.
type Instance struct {
	// Name identifies the file in results: the path relative to the suite root, with forward slashes.
	Name string `json:"name"`
	// Path is where the file is on disk.
	Path string `json:"path"`
	// Logic comes from the manifest, else from (set-logic …); empty when neither says.
	Logic string `json:"logic"`
	// Expected is sat or unsat when known; unknown means no answer can be called wrong.
	Expected Status `json:"expected"`
	// Family is the first path component of Name, SMT-COMP's grouping of benchmarks by origin.
	Family string `json:"family"`
	// Features are the file's needs a runner adapts to (see FileFeatures).
	Features FileFeatures `json:"-"`
}

// FileFeatures are the commands in a file that some solvers need flags for (cvc5) or reject (boolector).
type FileFeatures struct {
	CheckSats   int  // number of (check-sat …) commands
	PushPop     bool // (push …) or (pop …)
	ModelOutput bool // (get-model) or (get-value …)
}

// Incremental says whether a solver needs its incremental mode for the file.
func (f FileFeatures) Incremental() bool { return f.CheckSats > 1 || f.PushPop }

// Suite is an ordered set of instances; names are unique.
type Suite struct {
	Source    string // what the user named: a directory or a manifest
	Instances []Instance
}

// LoadSuites loads each argument (a directory or a manifest TSV) and concatenates them. Names that collide
// across suites are an error, because results are keyed by name.
func LoadSuites(args []string) (*Suite, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("no suite given: name a directory of .smt2 files or a manifest .tsv")
	}
	all := &Suite{Source: strings.Join(args, " ")}
	seen := map[string]string{}
	for _, a := range args {
		s, err := LoadSuite(a)
		if err != nil {
			return nil, err
		}
		for _, in := range s.Instances {
			if prev, ok := seen[in.Name]; ok {
				return nil, fmt.Errorf("suite %s: file name %q also appears in suite %s", a, in.Name, prev)
			}
			seen[in.Name] = a
			all.Instances = append(all.Instances, in)
		}
	}
	return all, nil
}

// LoadSuite reads a directory (every *.smt2 below it, in lexical order) or a manifest file.
func LoadSuite(arg string) (*Suite, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", arg, err)
	}
	if !st.IsDir() {
		return LoadManifest(arg)
	}
	s := &Suite{Source: arg}
	err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".smt2") {
			return nil
		}
		rel, err := filepath.Rel(arg, p)
		if err != nil {
			return err
		}
		in, err := instanceFromFile(p, filepath.ToSlash(rel), "", "")
		if err != nil {
			return err
		}
		s.Instances = append(s.Instances, in)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", arg, err)
	}
	if len(s.Instances) == 0 {
		return nil, fmt.Errorf("suite %s: no .smt2 files in the directory", arg)
	}
	sort.Slice(s.Instances, func(i, j int) bool { return s.Instances[i].Name < s.Instances[j].Name })
	return s, nil
}

// instanceFromFile scans a benchmark file; logic and expected from a manifest take precedence over the file's own.
func instanceFromFile(path, name, logic string, expected Status) (Instance, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Instance{}, err
	}
	info := scanFile(data)
	if logic == "" {
		logic = info.logic
	}
	if expected == "" {
		expected = info.status
	}
	if expected == "" {
		expected = StatusUnknown
	}
	family, _, _ := strings.Cut(name, "/")
	return Instance{Name: name, Path: path, Logic: logic, Expected: expected, Family: family, Features: info.features}, nil
}

type fileInfo struct {
	logic    string
	status   Status
	features FileFeatures
}

var (
	reStatus   = regexp.MustCompile(`\(\s*set-info\s+:status\s+(sat|unsat|unknown)\s*\)`)
	reLogic    = regexp.MustCompile(`\(\s*set-logic\s+([A-Za-z_]+)\s*\)`)
	reCheckSat = regexp.MustCompile(`\(\s*check-sat(-assuming)?[\s)]`)
	rePushPop  = regexp.MustCompile(`\(\s*(push|pop)[\s)]`)
	reModel    = regexp.MustCompile(`\(\s*(get-model|get-value)[\s)]`)
)

// scanFile finds the commands that matter to a runner. It ignores comments only at line starts, which is
// enough for benchmark files; a false positive costs at most an unneeded solver flag.
func scanFile(data []byte) fileInfo {
	var b bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<30)
	for sc.Scan() {
		line := sc.Bytes()
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == ';' {
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	text := b.Bytes()
	var fi fileInfo
	if m := reStatus.FindSubmatch(text); m != nil {
		fi.status = Status(m[1])
	}
	if m := reLogic.FindSubmatch(text); m != nil {
		fi.logic = string(m[1])
	}
	fi.features.CheckSats = len(reCheckSat.FindAllIndex(text, -1))
	fi.features.PushPop = rePushPop.Match(text)
	fi.features.ModelOutput = reModel.Match(text)
	return fi
}

// ManifestError is a problem at one line of a manifest.
type ManifestError struct {
	File string
	Line int
	Msg  string
}

func (e *ManifestError) Error() string {
	return fmt.Sprintf("manifest %s:%d: %s", e.File, e.Line, e.Msg)
}

// LoadManifest reads a manifest TSV. Its header names the columns; path is required, logic and
// expected_status are used when present. Paths are relative to the directory named "dev" next to the
// manifest when it exists (the layout of ../shared/bench), else to the manifest's own directory.
func LoadManifest(path string) (*Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", path, err)
	}
	defer f.Close()
	base := filepath.Dir(path)
	if st, err := os.Stat(filepath.Join(base, "dev")); err == nil && st.IsDir() {
		base = filepath.Join(base, "dev")
	}
	rows, err := ParseManifest(f, path)
	if err != nil {
		return nil, err
	}
	s := &Suite{Source: path}
	for _, r := range rows {
		in, err := instanceFromFile(filepath.Join(base, filepath.FromSlash(r.Path)), r.Path, r.Logic, r.Expected)
		if err != nil {
			return nil, &ManifestError{File: path, Line: r.Line, Msg: fmt.Sprintf("cannot read benchmark: %v", err)}
		}
		s.Instances = append(s.Instances, in)
	}
	return s, nil
}

// ManifestRow is one data line of a manifest.
type ManifestRow struct {
	Line     int
	Path     string
	Logic    string
	Expected Status // empty when the manifest has no expected_status column
}

// ParseManifest parses manifest text; name is used in error messages only.
func ParseManifest(r io.Reader, name string) ([]ManifestRow, error) {
	col := map[string]int{}
	var rows []ManifestRow
	seen := map[string]int{}
	line, err := tsvLines(r, "manifest "+name, func(line int, fields []string) error {
		if len(col) == 0 {
			for i, h := range fields {
				col[strings.TrimSpace(h)] = i
			}
			if _, ok := col["path"]; !ok {
				return &ManifestError{File: name, Line: line, Msg: `header has no "path" column (columns are tab-separated)`}
			}
			return nil
		}
		if len(fields) != len(col) {
			return &ManifestError{File: name, Line: line, Msg: fmt.Sprintf("%d fields, but the header has %d", len(fields), len(col))}
		}
		row := ManifestRow{Line: line, Path: fields[col["path"]]}
		if row.Path == "" {
			return &ManifestError{File: name, Line: line, Msg: "empty path"}
		}
		if filepath.IsAbs(row.Path) || strings.HasPrefix(filepath.Clean(row.Path), "..") {
			return &ManifestError{File: name, Line: line, Msg: fmt.Sprintf("path %q must be relative and inside the suite", row.Path)}
		}
		if prev, ok := seen[row.Path]; ok {
			return &ManifestError{File: name, Line: line, Msg: fmt.Sprintf("path %q already listed at line %d", row.Path, prev)}
		}
		seen[row.Path] = line
		if i, ok := col["logic"]; ok && fields[i] != "-" {
			row.Logic = fields[i]
		}
		if i, ok := col["expected_status"]; ok {
			switch s := Status(fields[i]); s {
			case StatusSat, StatusUnsat, StatusUnknown:
				row.Expected = s
			case "", "-":
				// left empty: the file's own (set-info :status …) decides
			default:
				return &ManifestError{File: name, Line: line, Msg: fmt.Sprintf("expected_status %q is not sat, unsat or unknown", fields[i])}
			}
		}
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(col) == 0 {
		return nil, &ManifestError{File: name, Line: line, Msg: "empty manifest: no header line"}
	}
	if len(rows) == 0 {
		return nil, &ManifestError{File: name, Line: line, Msg: "manifest lists no files"}
	}
	return rows, nil
}

// tsvLines calls fn with the number and the tab-separated fields of each
// line of r that is neither blank nor a # comment, until fn returns an
// error, and returns the number of the last line read. A read error is
// reported under name.
func tsvLines(r io.Reader, name string, fn func(line int, fields []string) error) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if err := fn(line, strings.Split(text, "\t")); err != nil {
			return line, err
		}
	}
	if err := sc.Err(); err != nil {
		return line, fmt.Errorf("%s: %w", name, err)
	}
	return line, nil
}
