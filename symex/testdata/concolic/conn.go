package seed001

import "github.com/sift-solver/sift/symex/concolic/harness"

// A connection state machine driven by events, for the benchmark of
// docs/bench/concolic: Conn is the event-driven harness form (a handler
// table; each handler reads its argument with harness.Int), ConnFork the
// same machine for the forking executor (event ids and arguments as
// parameters, four events, an id outside 0…5 stops).

const (
	closed = iota
	synSent
	established
	finWait
)

var state, retries, sent, acked int

func connReset() { state, retries, sent, acked = closed, 0, 0, 0 }

func open() {
	if state == closed {
		state = synSent
		retries = 0
	}
}

func synAck() {
	if state == synSent {
		state = established
	}
}

func timeout() {
	if state == synSent {
		retries++
		if retries > 2 {
			state = closed
		}
	} else if state == finWait {
		state = closed
	}
}

func send(n int) {
	if state != established {
		return
	}
	if n <= 0 || n > 1000 {
		return
	}
	sent += n
}

func ack(a int) {
	if state != established && state != finWait {
		return
	}
	if a > acked {
		if a > sent {
			panic("ack beyond sent data")
		}
		acked = a
	}
	if state == finWait && acked == sent {
		state = closed
	}
}

func shutdown() {
	if state == established {
		if acked == sent {
			state = closed
		} else {
			state = finWait
		}
	}
}

func sendH() { send(harness.Int()) }
func ackH()  { ack(harness.Int()) }

// Conn registers the handlers: open, synAck, timeout, send, ack, shutdown.
func Conn() []func() {
	connReset()
	return []func(){open, synAck, timeout, sendH, ackH, shutdown}
}

func connStep(e, a int) bool {
	switch e {
	case 0:
		open()
	case 1:
		synAck()
	case 2:
		timeout()
	case 3:
		send(a)
	case 4:
		ack(a)
	case 5:
		shutdown()
	default:
		return false
	}
	return true
}

// ConnFork runs up to four events: e_i picks the handler, a_i its argument.
func ConnFork(e0, a0, e1, a1, e2, a2, e3, a3 int) {
	connReset()
	if !connStep(e0, a0) {
		return
	}
	if !connStep(e1, a1) {
		return
	}
	if !connStep(e2, a2) {
		return
	}
	connStep(e3, a3)
}
