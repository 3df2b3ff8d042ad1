package panicbench

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMakeCorpusDir: the pair's corpus directories sit under a go.mod of
// their own, so the generated tests are not packages of a module around OUT.
func TestMakeCorpusDir(t *testing.T) {
	out := t.TempDir()
	for _, id := range []string{"a", "b"} {
		if err := makeCorpusDir(filepath.Join(out, "corpus", id)); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(filepath.Join(out, "corpus", id)); err != nil || !fi.IsDir() {
			t.Fatalf("%s: not a directory (%v)", id, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "corpus", "go.mod"))
	if err != nil || string(data) != "module panicbench/corpus\n" {
		t.Fatalf("go.mod %q, %v", data, err)
	}
}
