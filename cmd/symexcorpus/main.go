package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/sift-solver/sift/symex/corpus"
)

type cli struct {
	Bin      string        `help:"The binary each run starts: sift, with --args0 symex." required:""`
	Args0    []string      `name:"args0" help:"Arguments before each run's own (symex for the sift binary)."`
	Manifest string        `help:"The corpus manifest." default:"symex/testdata/realcode/corpus.tsv"`
	Dir      string        `help:"Module to load packages from (default: the manifest's directory)."`
	Out      string        `help:"Write the markdown table here (default: stdout)."`
	JSON     string        `name:"json" help:"Write the rows as JSON here."`
	Run      string        `help:"Only the functions whose package.Function matches this regexp."`
	Stdlib   bool          `help:"Only standard-library functions (no module cache needed)."`
	Config   []string      `help:"NAME=FLAGS: a configuration (repeatable; default one named 'default' with no flags)." sep:"none"`
	ConfBin  []string      `name:"config-bin" help:"NAME=PATH: run configuration NAME with another binary (repeatable)." sep:"none"`
	MaxLen   int           `name:"max-len" help:"Replace every function's --max-len."`
	Timeout  time.Duration `help:"Replace every function's --timeout."`
	Grace    time.Duration `help:"How long past its --timeout a run may take (loading, SSA building) before it is killed." default:"2m"`
	MaxMem   int           `name:"max-memory" help:"--max-memory of every run in MiB." default:"3072"`
	Title    string        `help:"Heading of the markdown file." default:"sift symex on the corpus"`
	Text     bool          `help:"Parse the text report instead of asking for --json (binaries without it)."`
	FromJSON []string      `name:"from-json" help:"Do not run: write the table of rows saved by earlier runs' --json (repeatable; e.g. parts of the corpus run in parallel with --run)." type:"existingfile"`
	Profiles string        `name:"profile-dir" help:"Write a CPU profile of every run's exploration to this directory (ID.CONFIG.pprof; go tool pprof merges several)."`
	Extra    []string      `arg:"" optional:"" passthrough:"" help:"Flags passed to every run (after --)."`
}

func main() {
	var c cli
	kong.Parse(&c, kong.Name("symexcorpus"))
	if err := c.run(); err != nil {
		fmt.Fprintln(os.Stderr, "symexcorpus:", err)
		os.Exit(1)
	}
}

func (c *cli) run() error {
	entries, err := corpus.ReadManifest(c.Manifest)
	if err != nil {
		return err
	}
	if c.Dir == "" {
		c.Dir = filepath.Dir(c.Manifest)
	}
	var only *regexp.Regexp
	if c.Run != "" {
		if only, err = regexp.Compile(c.Run); err != nil {
			return err
		}
	}
	extra := c.Extra
	if len(extra) > 0 && extra[0] == "--" {
		extra = extra[1:]
	}
	configs, err := parseConfigs(c.Config, extra)
	if err != nil {
		return err
	}
	for _, cb := range c.ConfBin {
		name, path, _ := strings.Cut(cb, "=")
		found := false
		for i := range configs {
			if configs[i].Name == name {
				configs[i].Bin, found = path, true
			}
		}
		if !found || path == "" {
			return fmt.Errorf("--config-bin %q: want NAME=PATH for a configuration named by --config", cb)
		}
	}
	if len(c.FromJSON) > 0 {
		return c.fromJSON()
	}
	rn := &corpus.Runner{Bin: c.Bin, Args0: c.Args0, Dir: c.Dir, MaxLen: c.MaxLen, Timeout: c.Timeout, Grace: c.Grace, MaxMemoryMiB: c.MaxMem, JSON: !c.Text, ProfileDir: c.Profiles}
	if c.Profiles != "" {
		if err := os.MkdirAll(c.Profiles, 0o755); err != nil {
			return err
		}
	}
	loadBefore := loadavg()
	start := time.Now()
	var rows []*corpus.Row
	for _, e := range entries {
		if (only != nil && !only.MatchString(e.ID())) || (c.Stdlib && !e.Stdlib()) {
			continue
		}
		// Configurations alternate function by function, so that the ones
		// compared ran under the same load.
		for _, cf := range configs {
			r := rn.Run(context.Background(), e, cf)
			rows = append(rows, r)
			status := r.Err
			if status == "" {
				status = fmt.Sprintf("paths %d unsupported %d queries %d in %s", r.Paths, r.Unsupported, r.Queries, r.Elapsed.Round(time.Millisecond))
			}
			fmt.Fprintf(os.Stderr, "%-50s %-10s %s\n", e.ID(), cf.Name, status)
			// Rows so far, so that an interrupted run keeps what it did.
			if err := c.writeJSON(rows); err != nil {
				return err
			}
		}
	}
	w, closeOut, err := c.output()
	if err != nil {
		return err
	}
	defer closeOut()
	fmt.Fprintf(w, "# %s\n\n", c.Title)
	fmt.Fprintf(w, "Run on %s, %s in total; load average %s before, %s after (2 cores, shared).\n\n",
		start.UTC().Format("2006-01-02 15:04 UTC"), time.Since(start).Round(time.Second), loadBefore, loadavg())
	fmt.Fprintf(w, "Command: `symexcorpus %s`\n\n", strings.Join(os.Args[1:], " "))
	for _, cf := range configs {
		bin := c.Bin
		if cf.Bin != "" {
			bin = cf.Bin
		}
		fmt.Fprintf(w, "- config `%s`: `%s %s`\n", cf.Name, bin, strings.Join(cf.Flags, " "))
	}
	fmt.Fprintln(w)
	corpus.WriteMarkdown(w, rows, configs)
	return nil
}

// output is where the table goes: --out, or standard output.
func (c *cli) output() (io.Writer, func() error, error) {
	if c.Out == "" {
		return os.Stdout, func() error { return nil }, nil
	}
	f, err := os.Create(c.Out)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

func (c *cli) writeJSON(rows []*corpus.Row) error {
	if c.JSON == "" {
		return nil
	}
	f, err := os.Create(c.JSON)
	if err != nil {
		return err
	}
	if err := corpus.WriteJSON(f, rows); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// fromJSON writes the table of saved rows, in the order of the files and
// of the rows in them; the configurations are named by the rows.
func (c *cli) fromJSON() error {
	var rows []*corpus.Row
	var configs []corpus.Config
	seen := map[string]bool{}
	for _, name := range c.FromJSON {
		rs, err := corpus.ReadJSON(name)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if !seen[r.Config] {
				seen[r.Config] = true
				configs = append(configs, corpus.Config{Name: r.Config})
			}
		}
		rows = append(rows, rs...)
	}
	w, closeOut, err := c.output()
	if err != nil {
		return err
	}
	defer closeOut()
	fmt.Fprintf(w, "# %s\n\n", c.Title)
	fmt.Fprintf(w, "Rows of %s (`symexcorpus %s`).\n\n", strings.Join(c.FromJSON, ", "), strings.Join(os.Args[1:], " "))
	corpus.WriteMarkdown(w, rows, configs)
	if c.JSON != "" {
		return c.writeJSON(rows)
	}
	return nil
}

// parseConfigs reads NAME=FLAGS pairs; extra goes after every
// configuration's flags.
func parseConfigs(specs, extra []string) ([]corpus.Config, error) {
	if len(specs) == 0 {
		specs = []string{"default="}
	}
	var out []corpus.Config
	for _, s := range specs {
		name, flags, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("--config %q: want NAME=FLAGS", s)
		}
		out = append(out, corpus.Config{Name: name, Flags: append(strings.Fields(flags), extra...)})
	}
	return out, nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
