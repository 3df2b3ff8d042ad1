package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestWritePlots(t *testing.T) {
	sc, _ := fixtureScore(t)
	dir := t.TempDir()
	if err := WritePlots(dir, sc, "B"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file  string
		magic []byte
	}{
		{"cactus.png", []byte("\x89PNG\r\n\x1a\n")},
		{"cactus.svg", []byte("<svg")},
		{"scatter-B-vs-A.png", []byte("\x89PNG\r\n\x1a\n")},
		{"scatter-B-vs-A.svg", []byte("<svg")},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(data) < 2000 {
				t.Errorf("%s is only %d bytes", tc.file, len(data))
			}
			head := data
			if len(head) > 512 {
				head = head[:512]
			}
			if !bytes.Contains(head, tc.magic) || (tc.magic[0] == 0x89 && !bytes.HasPrefix(data, tc.magic)) {
				t.Errorf("%s does not start like a %s file: %q", tc.file, filepath.Ext(tc.file), head[:16])
			}
		})
	}
	// The scatter base falls back to the first solver when the wanted one did not run.
	if got := ScatterBase(sc, "sift"); got != "A" {
		t.Errorf("ScatterBase = %q, want A", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "scatter-B-vs-B.png")); err == nil {
		t.Error("a solver was plotted against itself")
	}
}
