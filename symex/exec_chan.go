package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Channels, for one goroutine. A channel value is a PtrVal to a ChanObj
// (Obj 0 is the nil channel). The executor runs a single goroutine, so a
// channel can only serve as a queue within it: a send into a buffer with
// room and a receive from a nonempty buffer (or a closed channel) proceed
// as Go's do; an operation that would wait for another goroutine can never
// proceed here and ends the path as unsupported (Go would block, and in a
// program with no other goroutine, die with a deadlock), never silently.
// A select runs its one ready case (or default); with several ready cases
// Go picks one at random, which the executor does not model.

// ChanObj is a channel's state: the buffered elements, oldest first, its
// capacity and whether it was closed.
type ChanObj struct {
	Buf    []Value
	Cap    int
	Closed bool
}

// msgBlocked is how a path ends on a channel operation that waits for
// another goroutine.
const msgBlocked = "blocks: no other goroutine is modelled"

// makeChan is make(chan T, n) for a concrete n.
func (e *Executor) makeChan(s *State, in *ssa.MakeChan) (Value, error) {
	n, err := e.scalar(s, in.Size)
	if err != nil {
		return nil, err
	}
	c, ok := e.constInt(n)
	if !ok {
		return nil, e.unsup(in, "make(chan) with a symbolic size")
	}
	if int64(c) < 0 {
		return nil, &panicked{instr: in, msg: "makechan: size out of range"}
	}
	return PtrVal{Obj: s.alloc(ChanObj{Cap: int(c)})}, nil
}

// chanObj is the channel v points to; ok is false for the nil channel.
func (e *Executor) chanObj(s *State, in ssa.Instruction, v Value) (ChanObj, int, bool, error) {
	p, ok, err := e.resolvePtr(s, v)
	if err != nil {
		return ChanObj{}, 0, false, err
	}
	if !ok {
		return ChanObj{}, 0, false, e.unsup(in, "a channel held as %T", v)
	}
	if p.Obj == 0 {
		return ChanObj{}, 0, false, nil
	}
	o, err := e.object(s, p.Obj)
	if err != nil {
		return ChanObj{}, 0, false, err
	}
	c, ok := o.(ChanObj)
	if !ok {
		return ChanObj{}, 0, false, e.unsup(in, "a channel object held as %T", o)
	}
	return c, p.Obj, true, nil
}

// sendReady reports whether a send on c proceeds now (a closed channel's
// send proceeds to its panic).
func (c ChanObj) sendReady() bool { return c.Closed || len(c.Buf) < c.Cap }

// recvReady reports whether a receive from c proceeds now.
func (c ChanObj) recvReady() bool { return len(c.Buf) > 0 || c.Closed }

// send puts v at the end of channel id's buffer, which sendReady allowed.
func (e *Executor) send(s *State, in ssa.Instruction, id int, c ChanObj, v Value) error {
	if c.Closed {
		return &panicked{instr: in, msg: "send on closed channel"}
	}
	c.Buf = append(c.Buf[:len(c.Buf):len(c.Buf)], v)
	s.setMem(id, c)
	return nil
}

// recv takes the oldest element of channel id, which recvReady allowed:
// the element and true, or the zero value and false once it is closed and
// empty.
func (e *Executor) recv(s *State, id int, c ChanObj, elem types.Type) (Value, bool, error) {
	if len(c.Buf) == 0 {
		z, err := e.zero(elem)
		return z, false, err
	}
	v := c.Buf[0]
	c.Buf = c.Buf[1:len(c.Buf):len(c.Buf)]
	s.setMem(id, c)
	return v, true, nil
}

// chanSend is the statement ch <- x.
func (e *Executor) chanSend(s *State, in *ssa.Send) error {
	ch, err := e.value(s, in.Chan)
	if err != nil {
		return err
	}
	x, err := e.value(s, in.X)
	if err != nil {
		return err
	}
	c, id, ok, err := e.chanObj(s, in, ch)
	if err != nil {
		return err
	}
	if !ok || !c.sendReady() {
		return e.unsup(in, "send on a %s channel %s", chanState(ok, c), msgBlocked)
	}
	return e.send(s, in, id, c, x)
}

// chanRecv is <-ch, and v, ok := <-ch (a Struct of both).
func (e *Executor) chanRecv(s *State, in *ssa.UnOp) (Value, error) {
	ch, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	c, id, ok, err := e.chanObj(s, in, ch)
	if err != nil {
		return nil, err
	}
	if !ok || !c.recvReady() {
		return nil, e.unsup(in, "receive from an %s channel %s", chanState(ok, c), msgBlocked)
	}
	v, got, err := e.recv(s, id, c, in.X.Type().Underlying().(*types.Chan).Elem())
	if err != nil || !in.CommaOk {
		return v, err
	}
	return Struct{v, e.st.Bool(got)}, nil
}

// chanState names why a channel operation waits.
func chanState(ok bool, c ChanObj) string {
	switch {
	case !ok:
		return "nil"
	case c.Cap == 0:
		return "unbuffered"
	case len(c.Buf) == c.Cap:
		return "full"
	}
	return "empty"
}

// chanClose is the builtin close(ch).
func (e *Executor) chanClose(s *State, in ssa.Instruction, ch Value) error {
	c, id, ok, err := e.chanObj(s, in, ch)
	if err != nil {
		return err
	}
	if !ok {
		return &panicked{instr: in, msg: "close of nil channel"}
	}
	if c.Closed {
		return &panicked{instr: in, msg: "close of closed channel"}
	}
	c.Closed = true
	s.setMem(id, c)
	return nil
}

// chanLenCap is len(ch) or cap(ch): 0 for the nil channel.
func (e *Executor) chanLenCap(s *State, in ssa.Instruction, ch Value, isLen bool) (Value, error) {
	c, _, _, err := e.chanObj(s, in, ch)
	if err != nil {
		return nil, err
	}
	if isLen {
		return e.idx(len(c.Buf)), nil
	}
	return e.idx(c.Cap), nil
}

// selectChan runs a select statement: its result is the Struct (index of
// the case run or -1 for default, whether a receive got a value, then one
// value per receive case, zero but for the case run).
func (e *Executor) selectChan(s *State, in *ssa.Select) (Value, error) {
	type ready struct {
		k, id int
		c     ChanObj
		send  Value
	}
	var chosen []ready
	for k, st := range in.States {
		ch, err := e.value(s, st.Chan)
		if err != nil {
			return nil, err
		}
		c, id, ok, err := e.chanObj(s, in, ch)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // a nil channel's case is never ready
		}
		if st.Dir == types.SendOnly {
			x, err := e.value(s, st.Send)
			if err != nil {
				return nil, err
			}
			if c.sendReady() {
				chosen = append(chosen, ready{k, id, c, x})
			}
		} else if c.recvReady() {
			chosen = append(chosen, ready{k: k, id: id, c: c})
		}
	}
	tuple := in.Type().(*types.Tuple)
	out := make(Struct, tuple.Len())
	for i := range out {
		z, err := e.zero(tuple.At(i).Type())
		if err != nil {
			return nil, err
		}
		out[i] = z
	}
	out[0], out[1] = e.idx(0), e.st.False()
	switch {
	case len(chosen) == 0 && in.Blocking:
		return nil, e.unsup(in, "select with no ready case %s", msgBlocked)
	case len(chosen) == 0:
		out[0] = e.idx(-1)
		return out, nil
	case len(chosen) > 1:
		return nil, e.unsup(in, "select with %d ready cases (Go picks one at random)", len(chosen))
	}
	r := chosen[0]
	out[0] = e.idx(r.k)
	if in.States[r.k].Dir == types.SendOnly {
		return out, e.send(s, in, r.id, r.c, r.send)
	}
	v, got, err := e.recv(s, r.id, r.c, in.States[r.k].Chan.Type().Underlying().(*types.Chan).Elem())
	if err != nil {
		return nil, err
	}
	recvs := 0
	for _, st := range in.States[:r.k] {
		if st.Dir != types.SendOnly {
			recvs++
		}
	}
	out[1], out[2+recvs] = e.st.Bool(got), v
	return out, nil
}
