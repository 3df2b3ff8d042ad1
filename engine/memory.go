package engine

import (
	"context"
	"errors"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// errMemout is the cause of a check's context canceled by the memory guard.
var errMemout = errors.New("memory limit reached")

// memoryPoll is how often the guard reads the process's memory. Between two
// reads a check allocates at most a few megabytes per millisecond, which the
// headroom below the address-space limit absorbs.
const memoryPoll = 5 * time.Millisecond

// DefaultMemoryLimit is the limit of a session whose Options leave it unset:
// half the machine's memory.
func DefaultMemoryLimit() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil || info.Totalram == 0 {
		return 4 << 30
	}
	return int64(info.Totalram) * int64(info.Unit) / 2
}

// ParseMemorySize reads a size such as 4G, 512M, 2048K or a plain number of
// bytes (binary units); "0" or "off" means no limit (0).
func ParseMemorySize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "none" {
		return 0, nil
	}
	unit := int64(1)
	upper := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(s), "IB"), "B")
	switch {
	case strings.HasSuffix(upper, "K"):
		unit, upper = 1<<10, strings.TrimSuffix(upper, "K")
	case strings.HasSuffix(upper, "M"):
		unit, upper = 1<<20, strings.TrimSuffix(upper, "M")
	case strings.HasSuffix(upper, "G"):
		unit, upper = 1<<30, strings.TrimSuffix(upper, "G")
	case strings.HasSuffix(upper, "T"):
		unit, upper = 1<<40, strings.TrimSuffix(upper, "T")
	}
	f, err := strconv.ParseFloat(upper, 64)
	if err != nil || f < 0 {
		return 0, errors.New("bad memory size " + strconv.Quote(s) + ": give bytes or a size such as 512M or 4G")
	}
	return int64(f * float64(unit)), nil
}

// memoryGuard keeps a session's checks within its memory limit. During a
// check it reads the process's resident size and address-space size every
// memoryPoll; past the limit (or within the headroom of RLIMIT_AS, where an
// allocation would fail rather than the system kill the process) it first
// has the Go runtime give back what it can, and if that is not enough
// cancels the check with errMemout. Every stage checks its context, so the
// check ends soon after, and the session answers unknown with reason memout.
//
// The Go runtime is also told the limit (debug.SetMemoryLimit), so that its
// collector works harder before the guard has to step in.
type memoryGuard struct {
	limit int64 // bytes of resident memory; 0 is none
	// vm is the last read of the address-space budget, at vmRead: a read
	// is a system call, and a pipe client checks thousands of times a
	// second.
	vm     int64
	vmRead time.Time
}

// rlimitReread is how long a read of RLIMIT_AS is taken to hold (it is set
// before the process starts, by prlimit(1) or the shell, and rarely after).
const rlimitReread = time.Second

func newMemoryGuard(limit int64) *memoryGuard {
	g := &memoryGuard{limit: limit}
	if limit > 0 {
		debug.SetMemoryLimit(limit)
	}
	return g
}

// budget returns the resident and virtual sizes the process may reach: the
// limit, and the address-space limit less its headroom (a tenth, at least
// 256 MiB), or 0 where there is none.
func (g *memoryGuard) budget() (rss, vm int64) {
	if now := time.Now(); g.vmRead.IsZero() || now.Sub(g.vmRead) > rlimitReread {
		g.vm, g.vmRead = 0, now
		var rl syscall.Rlimit
		if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur < 1<<62 {
			as := int64(rl.Cur)
			g.vm = as - max(as/10, 256<<20)
		}
	}
	return g.limit, g.vm
}

// watch returns ctx guarded for one check and a function that ends the
// guard and reports whether it stopped the check. The reads run on a timer,
// the first one memoryPoll into the check: a client's checks mostly take
// less, and a goroutine started and stopped per check cost a 400-step
// unrolling more than its SAT calls.
func (g *memoryGuard) watch(ctx context.Context) (context.Context, func() bool) {
	rss, vm := g.budget()
	if rss <= 0 && vm <= 0 {
		return ctx, func() bool { return false }
	}
	ctx, cancel := context.WithCancelCause(ctx)
	var mu sync.Mutex // held by a read, and by the end of the guard
	ended, freed := false, false
	var timer *time.Timer
	poll := func() {
		mu.Lock()
		defer mu.Unlock()
		if ended || ctx.Err() != nil {
			return
		}
		if g.over(rss, vm) && !freed {
			// Garbage and memory the runtime keeps for reuse count in the
			// resident size: give them back once before giving up.
			freed = true
			debug.FreeOSMemory()
		}
		if g.over(rss, vm) {
			cancel(errMemout)
			return
		}
		timer.Reset(memoryPoll)
	}
	mu.Lock()
	timer = time.AfterFunc(memoryPoll, poll)
	mu.Unlock()
	return ctx, func() bool {
		mu.Lock()
		ended = true
		timer.Stop()
		mu.Unlock()
		hit := errors.Is(context.Cause(ctx), errMemout)
		cancel(nil)
		return hit
	}
}

// over reports whether the process is past either budget.
func (g *memoryGuard) over(rss, vm int64) bool {
	res, virt, ok := processMemory()
	if !ok {
		return false
	}
	return (rss > 0 && res > rss) || (vm > 0 && virt > vm)
}

// statm is /proc/self/statm, opened once: a read is then one pread.
var statm = sync.OnceValue(func() *os.File {
	f, _ := os.Open("/proc/self/statm")
	return f
})

// processMemory returns the process's resident and virtual sizes in bytes.
func processMemory() (rss, vm int64, ok bool) {
	f := statm()
	if f == nil {
		return 0, 0, false
	}
	var buf [128]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return 0, 0, false
	}
	fields := strings.Fields(string(buf[:n]))
	if len(fields) < 2 {
		return 0, 0, false
	}
	size, err1 := strconv.ParseInt(fields[0], 10, 64)
	res, err2 := strconv.ParseInt(fields[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	page := int64(os.Getpagesize())
	return res * page, size * page, true
}
