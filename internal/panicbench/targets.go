package panicbench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// CheckTargets reports the committed fuzz targets (dir/ID/fuzz_test.go) that
// differ from what FuzzTest generates for their row, the rows without one
// and the directories without a row.
func CheckTargets(m *Manifest, dir string) error {
	var problems []string
	ids := map[string]bool{}
	for _, b := range m.Bugs {
		ids[b.ID] = true
		want, err := FuzzTest(b)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(filepath.Join(dir, b.ID, "fuzz_test.go"))
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", b.ID, err))
		case !bytes.Equal(got, want):
			problems = append(problems, fmt.Sprintf("%s: fuzz_test.go is not the one the manifest generates", b.ID))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !ids[e.Name()] {
			problems = append(problems, fmt.Sprintf("%s: no row in the manifest", filepath.Join(dir, e.Name())))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("fuzz targets under %s (run `panicbench gen`):\n\t%s", dir, joinLines(problems))
	}
	return nil
}

func joinLines(lines []string) string {
	var b bytes.Buffer
	for i, l := range lines {
		if i > 0 {
			b.WriteString("\n\t")
		}
		b.WriteString(l)
	}
	return b.String()
}
