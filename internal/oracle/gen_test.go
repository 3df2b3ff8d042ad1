package oracle

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGenerateBuilds: generated packages are valid Go for several seeds,
// and every shape of snippets appears.
func TestGenerateBuilds(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		dir := t.TempDir()
		if err := WriteGenerated(dir, seed, 60); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "vet", ".")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out)
		}
	}
	src, err := Generate(1, 60)
	if err != nil {
		t.Fatal(err)
	}
	for _, shape := range []string{"copy(x", "append(sl", "map[byte]int", "recover()", ".(type)", ".bump", ".init(string(", "panic("} {
		if !strings.Contains(src, shape) {
			t.Errorf("no %q in 60 generated functions", shape)
		}
	}
}
