package z3

import (
	"encoding/binary"
	"encoding/gob"
	"io"
	"testing"
	"time"
)

// TestServeInterruptBeforeRequest sends a request's interrupt before the
// request itself, as a loaded machine can order them: the worker must
// cancel the request as it starts rather than run it to its deadline.
func TestServeInterruptBeforeRequest(t *testing.T) {
	reqR, reqW := io.Pipe()
	respR, respW := io.Pipe()
	ctlR, ctlW := io.Pipe()
	defer reqW.Close() // ends Serve; the control pipe stays open (its end exits the process)
	go Serve(reqR, respW, ctlR, false)

	var id [8]byte
	binary.LittleEndian.PutUint64(id[:], 1)
	if _, err := ctlW.Write(id[:]); err != nil { // returns once Serve has read it
		t.Fatal(err)
	}
	// The deadline is only a guard: without the early interrupt the answer
	// would be unknown by "timeout" after it.
	req := request{ID: 1, Script: readTestdata(t, "factor96.smt2"), Timeout: 20 * time.Second}
	if err := gob.NewEncoder(reqW).Encode(&req); err != nil {
		t.Fatal(err)
	}
	var resp response
	if err := gob.NewDecoder(respR).Decode(&resp); err != nil {
		t.Fatal(err)
	}
	if resp.ID != 1 || resp.Result.Status != Unknown || resp.Result.Reason != "canceled" {
		t.Fatalf("got %+v, want request 1 unknown by cancellation", resp)
	}
}
