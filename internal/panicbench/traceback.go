package panicbench

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
)

// Panic is what Go printed for a panic: the message and the frames of the
// panicking goroutine, innermost first.
type Panic struct {
	Message string
	Frames  []Site
}

var frameFileRE = regexp.MustCompile(`^\s+(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$`)

// ParsePanic finds the first "panic: " line in a program's output (stderr of
// a crashed program, or the report of `go test -fuzz`, where the lines are
// indented) and the goroutine trace after it. ok is false when there is none.
func ParsePanic(out string) (p Panic, ok bool) {
	lines := strings.Split(out, "\n")
	start := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if j := strings.Index(t, "panic: "); j >= 0 && (j == 0 || strings.HasSuffix(strings.TrimSpace(t[:j]), ":")) {
			p.Message = strings.TrimSuffix(strings.TrimSpace(t[j+len("panic: "):]), " [recovered]")
			start = i
			break
		}
	}
	if start < 0 {
		return p, false
	}
	var fn string
	for _, l := range lines[start+1:] {
		if m := frameFileRE.FindStringSubmatch(l); m != nil {
			if fn != "" {
				line, _ := strconv.Atoi(m[2])
				p.Frames = append(p.Frames, Site{Func: fn, File: m[1], Line: line})
			}
			fn = ""
			continue
		}
		t := strings.TrimSpace(l)
		if strings.HasSuffix(t, ")") && strings.Contains(t, "(") && !strings.HasPrefix(t, "goroutine ") {
			fn = t[:strings.LastIndex(t, "(")]
			if strings.HasPrefix(t, "panic(") {
				fn = "panic"
			}
		}
	}
	return p, true
}

// Top is where the panic was raised: the innermost frame outside the
// runtime and the testing and debug packages, below the last call of panic
// in the trace. A panic recovered and raised again ("[recovered,
// repanicked]"), and a test's panic that the testing package reports, are
// printed from the handler, above the frames of the first panic.
func (p Panic) Top() Site {
	frames := p.Frames
	for i := len(frames) - 1; i >= 0; i-- {
		if frames[i].Func == "panic" {
			frames = frames[i+1:]
			break
		}
	}
	for _, f := range frames {
		if !ignoredFrame(f.Func) {
			return f
		}
	}
	return Site{}
}

func ignoredFrame(fn string) bool {
	for _, pre := range []string{"runtime.", "runtime/debug.", "panic", "testing."} {
		if strings.HasPrefix(fn, pre) {
			return true
		}
	}
	return false
}

// relSite makes a frame's file relative to the module root (path@version/
// in the module cache) or to GOROOT/src, so that sites compare across
// machines.
func relSite(s Site) Site {
	f := filepath.ToSlash(s.File)
	if i := strings.Index(f, "@"); i >= 0 {
		if j := strings.Index(f[i:], "/"); j >= 0 {
			s.File = f[i+j+1:]
			return s
		}
	}
	if root := filepath.ToSlash(filepath.Join(runtime.GOROOT(), "src")) + "/"; strings.HasPrefix(f, root) {
		s.File = strings.TrimPrefix(f, root)
		return s
	}
	s.File = filepath.Base(f)
	return s
}

// SameSite reports whether two sites are the same function, file and line.
func SameSite(a, b Site) bool {
	return a.Func == b.Func && a.Line == b.Line && (a.File == b.File || filepath.Base(a.File) == filepath.Base(b.File))
}
