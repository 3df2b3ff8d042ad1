package bench

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Identity says which solver build a run used, so that runs made on
// different machines can be checked to have run the same solvers: the first
// line the binary prints for --version, and the SHA-256 of the binary file.
type Identity struct {
	Version string `json:"version,omitempty"`
	SHA256  string `json:"sha256,omitempty"`
}

// Host describes the machine of a run: results from machines that differ are
// comparable in answers, not in seconds.
type Host struct {
	Name     string `json:"name"`
	CPU      string `json:"cpu,omitempty"`
	CPUs     int    `json:"cpus"`
	OS, Arch string
}

// identify reads the identity of a resolved solver binary. It never fails: a
// binary without --version, or one that cannot be read, leaves the field
// empty.
func identify(s Solver) Identity {
	var id Identity
	if f, err := os.Open(s.Argv[0]); err == nil {
		h := sha256.New()
		if _, err := io.Copy(h, f); err == nil {
			id.SHA256 = hex.EncodeToString(h.Sum(nil))
		}
		f.Close()
	}
	if s.Kind == KindCommand {
		return id // an arbitrary command may not know --version; the hash identifies it
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, s.Argv[0], "--version").Output()
	if line, _, _ := bytes.Cut(bytes.TrimSpace(out), []byte("\n")); len(line) > 0 {
		id.Version = string(line)
	}
	return id
}

// thisHost describes the machine the runner is on.
func thisHost() Host {
	h := Host{CPUs: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	h.Name, _ = os.Hostname()
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				h.CPU = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	return h
}
