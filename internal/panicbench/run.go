package panicbench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// RunOptions set a benchmark run.
type RunOptions struct {
	Work  string // the work modules (out/panics/work)
	Out   string // this run's raw output: logs, summaries, results.json
	Setup bool   // (re)create the work modules (the module proxy); else reuse them

	Fuzz  *FuzzOptions  // nil: no fuzzing
	Symex *SymexOptions // nil: no symex
	// SeedCorpus holds one directory per bug id with corpus files to seed
	// the fuzzer from (e.g. sift symex --fuzz-corpus output); "" for none.
	SeedCorpus string
	// Pair, with Symex, is the hybrid of issue 30: symex writes its
	// --fuzz-corpus for the bug (OUT/corpus/ID), then go test -fuzz runs
	// with these options seeded from it (Result.Seeded). nil: no pair.
	Pair *FuzzOptions
	// PairMissed, with Pair, runs the pair's fuzzer only where symex found
	// no panic: where it did, the pair's time to find is symex's
	// (Result.SeededSkipped).
	PairMissed bool

	Progress io.Writer // one line per finished run; nil for none
	// RowDone, if set, is called with the rows so far after each bug, so
	// that a run stopped before its end keeps the rows it finished.
	RowDone func([]Result) error
}

// Result is one bug's row of a run.
type Result struct {
	ID    string       `json:"id"`
	Split string       `json:"split"`
	Fuzz  *FuzzResult  `json:"fuzz,omitempty"`
	Symex *SymexResult `json:"symex,omitempty"`
	// Seeded is the pair's fuzzer: go test -fuzz seeded with the symex
	// run's corpus (RunOptions.Pair).
	Seeded *FuzzResult `json:"seeded_fuzz,omitempty"`
	// SeededSkipped: the pair's fuzzer did not run, symex had found a
	// panic (RunOptions.PairMissed).
	SeededSkipped bool   `json:"seeded_skipped,omitempty"`
	Error         string `json:"error,omitempty"` // the row could not run (work module, build)
}

// Run runs the tools on each bug's vulnerable version, one bug after the
// other (the driver alone sets the order: the manifest's).
func Run(ctx context.Context, bugs []Bug, o RunOptions) ([]Result, error) {
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	var results []Result
	for _, b := range bugs {
		if ctx.Err() != nil {
			return results, ctx.Err()
		}
		res := Result{ID: b.ID, Split: b.Split}
		w, err := workModule(ctx, o, b)
		if err != nil {
			res.Error = err.Error()
			results = append(results, res)
			continue
		}
		if o.Fuzz != nil {
			fo := *o.Fuzz
			if o.SeedCorpus != "" {
				fo.SeedDir = filepath.Join(o.SeedCorpus, b.ID)
				if _, err := os.Stat(fo.SeedDir); err != nil {
					fo.SeedDir = "" // no seeds for this bug: the zero seed alone
				}
			}
			fr, err := RunFuzz(ctx, w, fo, filepath.Join(o.Out, b.ID+".fuzz.log"))
			if err != nil {
				return results, err
			}
			res.Fuzz = &fr
			progress(o.Progress, "%-28s fuzz  %s", b.ID, fr.summary())
		}
		if o.Symex != nil {
			so := *o.Symex
			corpus := filepath.Join(o.Out, "corpus", b.ID)
			if o.Pair != nil {
				if err := makeCorpusDir(corpus); err != nil {
					return results, err
				}
				so.Extra = append(so.Extra[:len(so.Extra):len(so.Extra)],
					"--tests", filepath.Join(corpus, "sift_symex_test.go"), "--fuzz-corpus")
			}
			sr, err := RunSymex(ctx, w, so, filepath.Join(o.Out, b.ID+".symex"))
			if err != nil {
				return results, err
			}
			res.Symex = &sr
			progress(o.Progress, "%-28s symex %s", b.ID, sr.summary())
			if o.Pair != nil && o.PairMissed && sr.Found {
				res.SeededSkipped = true
			} else if o.Pair != nil {
				fo := *o.Pair
				fo.SeedDir = corpus
				fr, err := RunFuzz(ctx, w, fo, filepath.Join(o.Out, b.ID+".seeded.fuzz.log"))
				if err != nil {
					return results, err
				}
				res.Seeded = &fr
				progress(o.Progress, "%-28s pair  %d seeds, %s", b.ID, fr.Seeds, fr.summary())
			}
		}
		results = append(results, res)
		if o.RowDone != nil {
			if err := o.RowDone(results); err != nil {
				return results, err
			}
		}
	}
	return results, nil
}

func workModule(ctx context.Context, o RunOptions, b Bug) (WorkModule, error) {
	if o.Setup {
		return NewWorkModule(ctx, o.Work, b, b.Vulnerable, "vulnerable")
	}
	w, err := OpenWorkModule(o.Work, b, b.Vulnerable, "vulnerable")
	if err != nil {
		return w, err
	}
	// The generated files follow the manifest, also when the module is reused.
	if err := w.writeSources(); err != nil {
		return w, err
	}
	return w, nil
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
	}
}

func (r FuzzResult) summary() string {
	switch {
	case r.Found:
		return fmt.Sprintf("found in %.1fs (cpu %.1fs, site %v): %s", r.FoundS, r.CPUS, r.SiteOK, r.Panic)
	case r.Failure != "":
		return "failed: " + r.Failure
	default:
		return fmt.Sprintf("not found (%d execs, cpu %.1fs)", r.Execs, r.CPUS)
	}
}

func (r SymexResult) summary() string {
	switch {
	case r.Failure != "":
		return "failed: " + r.Failure
	case r.Found:
		return fmt.Sprintf("found at %s (cpu %.1fs, site %v): %v", secondsOrDash(r.FirstPanicS), r.CPUS, r.SiteOK, r.Panics)
	default:
		return fmt.Sprintf("not found (cpu %.1fs, exhausted %v, %d unsupported)", r.CPUS, r.Exhausted, r.Unsupported)
	}
}

func secondsOrDash(s *float64) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("%.1fs", *s)
}

// Reread reads each fuzz result's panic, site, match and execs count again
// from the run's saved go test output (dir/ID.fuzz.log), keeping the times.
func Reread(bugs []Bug, results []Result, dir string) error {
	byID := map[string]Bug{}
	for _, b := range bugs {
		byID[b.ID] = b
	}
	for _, r := range results {
		for _, run := range []struct {
			f   *FuzzResult
			log string
		}{{r.Fuzz, ".fuzz.log"}, {r.Seeded, ".seeded.fuzz.log"}} {
			f := run.f
			if f == nil || strings.HasPrefix(f.Failure, "build: ") {
				continue
			}
			b, ok := byID[r.ID]
			if !ok {
				return fmt.Errorf("%s: not in the manifest", r.ID)
			}
			log, err := os.ReadFile(filepath.Join(dir, r.ID+run.log))
			if err != nil {
				return err
			}
			var fresh FuzzResult
			parseFuzzOutput(&fresh, string(log), WorkModule{Bug: b, Dir: dir})
			f.Panic, f.Site, f.SiteOK, f.Execs = fresh.Panic, fresh.Site, fresh.SiteOK, fresh.Execs
		}
	}
	return nil
}

// makeCorpusDir makes dir, a bug's directory under OUT/corpus, and a go.mod
// at OUT/corpus: the generated tests there import the bugs' modules, and
// with OUT inside a module (the default out/panics/run in sift's checkout)
// they would otherwise be packages of it, which `go vet ./...` and
// `go build ./...` cannot build. A directory with its own go.mod is not
// part of the module around it.
func makeCorpusDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mod := filepath.Join(filepath.Dir(dir), "go.mod")
	if _, err := os.Stat(mod); err == nil {
		return nil
	}
	return os.WriteFile(mod, []byte("module panicbench/corpus\n"), 0o644)
}
