package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/alecthomas/kong"

	"github.com/sift-solver/sift/internal/panicbench"
)

type common struct {
	Manifest string   `help:"The corpus manifest." default:"bench/panics/manifest.json" type:"existingfile"`
	Split    string   `help:"dev, held or all." default:"all" enum:"dev,held,all"`
	Only     []string `help:"Only these bug ids (repeatable, or comma-separated)."`
}

func (c common) bugs() (*panicbench.Manifest, []panicbench.Bug, error) {
	m, err := panicbench.ReadManifest(c.Manifest)
	if err != nil {
		return nil, nil, err
	}
	bugs, err := m.Select(c.Split, c.Only)
	return m, bugs, err
}

type cli struct {
	List    listCmd    `cmd:"" help:"Print the corpus as a markdown table."`
	Check   checkCmd   `cmd:"" help:"Check the manifest's format and that the committed fuzz targets are the generated ones (offline)."`
	Gen     genCmd     `cmd:"" help:"Write each bug's fuzz target from the manifest."`
	Confirm confirmCmd `cmd:"" help:"Confirm every row: the reproducer panics at the vulnerable version (kind and site as recorded) and not at the fixed one. Uses the module proxy."`
	Run     runCmd     `cmd:"" help:"Run go test -fuzz and/or sift symex on each bug's vulnerable version and write the table."`
	Table   tableCmd   `cmd:"" help:"Write a run's table again from its results.json and logs."`
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var c cli
	kctx := kong.Parse(&c, kong.Name("panicbench"),
		kong.Description("The corpus of historical panics in public Go parsers: confirm it, fuzz it, run sift symex on it."),
		kong.BindTo(ctx, (*context.Context)(nil)))
	if err := kctx.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "panicbench:", err)
		os.Exit(1)
	}
}
