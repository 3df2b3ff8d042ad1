package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/sift-solver/sift/internal/panicbench"
)

type confirmCmd struct {
	common
	Work string `help:"Where the work modules go (ignored output; a run makes its own under its --out)." default:"out/panics/confirm-work"`
	JSON string `name:"json" help:"Also write every row's outcomes here."`
}

// confirmRecord is one row of --json.
type confirmRecord struct {
	ID         string              `json:"id"`
	Confirmed  bool                `json:"confirmed"`
	Problems   []string            `json:"problems,omitempty"`
	Error      string              `json:"error,omitempty"`
	Vulnerable *panicbench.Outcome `json:"vulnerable,omitempty"`
	Fixed      *panicbench.Outcome `json:"fixed,omitempty"`
}

func (c *confirmCmd) Run(ctx context.Context) error {
	_, bugs, err := c.bugs()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "bug\tvulnerable\tfixed\tverdict")
	failed := 0
	var records []confirmRecord
	defer func() {
		if c.JSON != "" {
			data, _ := json.MarshalIndent(records, "", " ")
			_ = os.WriteFile(c.JSON, append(data, '\n'), 0o644)
		}
	}()
	for _, b := range bugs {
		conf, err := panicbench.Confirm(ctx, c.Work, b)
		rec := confirmRecord{ID: b.ID, Confirmed: err == nil && conf.OK(), Problems: conf.Problems}
		if err != nil {
			rec.Error = err.Error()
		} else {
			rec.Vulnerable, rec.Fixed = &conf.Vulnerable, &conf.Fixed
		}
		records = append(records, rec)
		if err != nil {
			failed++
			fmt.Fprintf(tw, "%s\t-\t-\terror: %s\n", b.ID, firstLine(err.Error()))
			fmt.Fprintln(os.Stderr, err)
			continue
		}
		verdict := "confirmed"
		if !conf.OK() {
			failed++
			verdict = "NOT CONFIRMED: " + strings.Join(conf.Problems, "; ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", b.ID, describe(conf.Vulnerable), describe(conf.Fixed), verdict)
		tw.Flush()
	}
	tw.Flush()
	fmt.Printf("%d passed, %d failed\n", len(bugs)-failed, failed)
	if failed > 0 {
		return fmt.Errorf("%d of %d rows not confirmed", failed, len(bugs))
	}
	return nil
}

func describe(o panicbench.Outcome) string {
	switch {
	case o.TimedOut:
		return "hangs"
	case o.Panicked:
		return fmt.Sprintf("panic %q at %s", o.Panic.Message, o.Top)
	default:
		return "no panic"
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
