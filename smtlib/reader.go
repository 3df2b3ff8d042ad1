package smtlib

import (
	"bytes"
	"errors"
	"io"

	"github.com/sift-solver/sift/internal/sexpr"
)

// Reader cuts an input stream into top-level commands: each call to Next
// returns the bytes of one balanced s-expression and the position of its
// first byte. It reads no further than the end of that command, so an
// interactive client gets its answer before sending the next command.
type Reader struct {
	r    io.Reader
	buf  []byte
	off  int // start of unconsumed input in buf
	eof  bool
	err  error
	line int // line of buf[off]
	col  int // column of buf[off]
}

// NewReader returns a command reader over r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, buf: make([]byte, 0, 64<<10), line: 1, col: 1}
}

// ErrIncomplete reports input that ends inside a command.
var ErrIncomplete = errors.New("unexpected end of input inside a command")

// fill reads more input; it returns false at end of input or on error.
func (rd *Reader) fill() bool {
	if rd.eof {
		return false
	}
	if rd.off > 0 && rd.off == len(rd.buf) {
		rd.buf = rd.buf[:0]
		rd.off = 0
	}
	if len(rd.buf) == cap(rd.buf) {
		if rd.off > len(rd.buf)/2 {
			n := copy(rd.buf, rd.buf[rd.off:])
			rd.buf = rd.buf[:n]
			rd.off = 0
		} else {
			nb := make([]byte, len(rd.buf), 2*cap(rd.buf))
			copy(nb, rd.buf)
			rd.buf = nb
		}
	}
	n, err := rd.r.Read(rd.buf[len(rd.buf):cap(rd.buf)])
	rd.buf = rd.buf[:len(rd.buf)+n]
	if err != nil {
		rd.eof = true
		if err != io.EOF {
			rd.err = err
		}
	}
	return n > 0 || !rd.eof
}

// advance moves the line/column counters over buf[from:to].
func (rd *Reader) advance(from, to int) {
	b := rd.buf[from:to]
	if n := bytes.Count(b, newline); n > 0 {
		rd.line += n
		rd.col = len(b) - bytes.LastIndexByte(b, '\n')
		return
	}
	rd.col += len(b)
}

var newline = []byte{'\n'}

// Next returns the next command's bytes and starting position. At the end of
// input it returns io.EOF. The returned slice is valid until the next call.
func (rd *Reader) Next() ([]byte, Pos, error) {
	// Skip whitespace and comments between commands. A comment may span
	// several buffer fills, so inComment survives a refill.
	skippingComment := false
	for {
		if rd.off >= len(rd.buf) {
			if !rd.fill() && rd.off >= len(rd.buf) {
				if rd.err != nil {
					return nil, Pos{rd.line, rd.col}, rd.err
				}
				return nil, Pos{rd.line, rd.col}, io.EOF
			}
			continue
		}
		c := rd.buf[rd.off]
		switch {
		case skippingComment:
			skippingComment = c != '\n'
		case c == ';':
			skippingComment = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		default:
			goto start
		}
		rd.advance(rd.off, rd.off+1)
		rd.off++
	}
start:
	pos := Pos{rd.line, rd.col}
	// Scan one s-expression (or one atom) from rd.off, refilling as needed.
	// i is relative to rd.off because fill may move the buffer.
	var sc sexpr.Scanner
	i := 0
	for {
		n, done := sc.Scan(rd.buf[rd.off+i:])
		i += n
		if done {
			break
		}
		if !rd.fill() {
			if sc.Complete() {
				break
			}
			cmd := rd.buf[rd.off:]
			rd.advance(rd.off, len(rd.buf))
			rd.off = len(rd.buf)
			if rd.err != nil {
				return cmd, pos, rd.err
			}
			return cmd, pos, ErrIncomplete
		}
	}
	cmd := rd.buf[rd.off : rd.off+i]
	rd.advance(rd.off, rd.off+i)
	rd.off += i
	return cmd, pos, nil
}
