package z3

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/gob"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// WorkerFlag is the hidden command-line flag that makes sift a Z3 worker
// (Serve on standard input and output, control pipe on fd 3). Binaries whose
// sessions use a Process (sift, and test binaries that reach the fallback)
// check for it first thing: see RunWorkerIfAsked.
const WorkerFlag = "--z3-worker"

// workerFaultsFlag, after WorkerFlag, lets requests inject faults (tests).
const workerFaultsFlag = "--faults"

// request is one Solve call sent to a worker.
type request struct {
	ID     uint64
	Script string
	// Interpret runs Interpret rather than Solve.
	Interpret bool
	// Timeout is the time the check may take; 0 is none.
	Timeout time.Duration
	// MemoryMB bounds Z3's own allocation (its memory_max_size); 0 is none.
	MemoryMB uint64
	// Fault makes the worker crash on this request: "abort" or "segv". Only
	// a worker started with workerFaultsFlag honours it.
	Fault string
	// Ping asks for an empty answer at once: the check that a new worker
	// serves.
	Ping bool
}

// response is a worker's answer to a request.
type response struct {
	ID     uint64
	Result Result
	Err    string // Solve's error, if any
}

// RunWorkerIfAsked serves as a Z3 worker and exits when args (os.Args[1:])
// ask for it; otherwise it returns at once. sift's main calls it first, and
// so does TestMain in packages whose tests run the Z3 fallback.
func RunWorkerIfAsked(args []string) {
	if len(args) == 0 || args[0] != WorkerFlag {
		return
	}
	faults := len(args) > 1 && args[1] == workerFaultsFlag
	control := os.NewFile(3, "control")
	if err := Serve(os.Stdin, os.Stdout, control, faults); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// Serve answers requests from r on w, one at a time, each with a fresh Z3
// context (Solve), until r ends. control carries the ids of requests to
// interrupt, 8 bytes each; when it ends, the parent is gone and the worker
// exits at once, even in the middle of a check.
func Serve(r io.Reader, w io.Writer, control io.Reader, faults bool) error {
	// Terminal signals are for the parent, which interrupts the worker
	// through control when it should stop.
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT)
	var (
		mu      sync.Mutex
		current uint64
		cancel  context.CancelFunc = func() {}
		// early is the id of an interrupt that came before its request was
		// read (a loaded machine): the request is canceled as it starts.
		early uint64
	)
	if control != nil {
		go func() {
			var id [8]byte
			for {
				if _, err := io.ReadFull(control, id[:]); err != nil {
					os.Exit(0)
				}
				mu.Lock()
				switch n := binary.LittleEndian.Uint64(id[:]); {
				case n == current:
					cancel()
				case n > current:
					early = n
				}
				mu.Unlock()
			}
		}()
	}
	// libz3 loads before the first request (a ping) is answered: a worker
	// is ready when it can check at once, and a check waiting for the load
	// could not be interrupted.
	loadLibz3()
	dec := gob.NewDecoder(bufio.NewReader(r))
	bw := bufio.NewWriter(w)
	enc := gob.NewEncoder(bw)
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if req.Ping {
			if err := enc.Encode(&response{ID: req.ID}); err != nil {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			continue
		}
		if faults && req.Fault != "" {
			injectFault(req.Fault)
		}
		setMemoryLimit(req.MemoryMB)
		ctx, stop := context.Background(), context.CancelFunc(func() {})
		if req.Timeout > 0 {
			ctx, stop = context.WithTimeout(ctx, req.Timeout)
		}
		ctx, interrupt := context.WithCancel(ctx)
		mu.Lock()
		current, cancel = req.ID, interrupt
		if early == req.ID {
			interrupt()
		}
		mu.Unlock()
		decide := Solve
		if req.Interpret {
			decide = Interpret
		}
		res, err := decide(ctx, req.Script)
		mu.Lock()
		current, cancel = 0, func() {}
		mu.Unlock()
		interrupt()
		stop()
		resp := response{ID: req.ID, Result: res}
		if err != nil {
			resp.Err = err.Error()
		}
		if err := enc.Encode(&resp); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
}
