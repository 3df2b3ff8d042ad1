//go:build siftmodels

// Models of package fmt's printing functions, whose real code goes through
// reflect and a sync.Pool of printers. They print what fmt prints for the
// operands fmt handles without reflect: booleans, integers, strings and
// byte slices (of any named type, through the sift_kind intrinsics), nil,
// and values with Error, String or GoString methods, with the verbs v s d
// b o O q x X c U t T w, the flags '-', '+', '0', '#' and ' ', widths and
// precisions (also from '*' operands). Anything else (floats, structs,
// pointers, argument indices, flags on %c %q %U of a rune, %#v of bytes,
// Format methods) ends the path as unsupported rather than print
// something else.
package siftmodels

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Kinds of operand, as sift_kind reports them.
const (
	kindOther = iota
	kindBool
	kindInt
	kindUint
	kindString
	kindBytes
	kindNil
)

// sift_kind classifies x's dynamic type by its underlying type.
func sift_kind(x any) int

// sift_int, sift_uint, sift_bool, sift_string and sift_bytes convert x
// (of the kind sift_kind reported) to the basic type.
func sift_int(x any) int64
func sift_uint(x any) uint64
func sift_bool(x any) bool
func sift_string(x any) string
func sift_bytes(x any) []byte

// sift_typestring is x's dynamic type as %T prints it.
func sift_typestring(x any) string

// sift_nilptr reports whether x holds a nil pointer.
func sift_nilptr(x any) bool

// printer is the state of one Sprintf-like call.
type printer struct {
	buf      []byte
	wrapErrs bool // Errorf: %w is allowed
	wrapped  []int
	erroring bool // printing a bad verb's operand: no Error or String methods
}

// spec is one parsed verb with its flags, width and precision. For %v,
// '#' and '+' become sharpV and plusV (Go syntax, field names), as in fmt.
type spec struct {
	minus, plus, zero, sharp, space bool
	sharpV, plusV                   bool
	width                           int
	prec                            int
	precPresent                     bool
	verb                            rune
}

// tooLarge bounds widths and precisions as fmt does.
func tooLarge(x int) bool { return x > 1e6 || x < -1e6 }

// intArg is a '*' width or precision: an integer operand that fits an int.
func intArg(a []any, argNum int) (num int, isInt bool, next int) {
	if argNum >= len(a) {
		return 0, false, argNum
	}
	switch x := a[argNum]; {
	case x == nil:
	case sift_kind(x) == kindInt:
		n := sift_int(x)
		num, isInt = int(n), true
	case sift_kind(x) == kindUint:
		n := sift_uint(x)
		if int64(n) >= 0 {
			num, isInt = int(n), true
		}
	}
	if tooLarge(num) {
		num, isInt = 0, false
	}
	return num, isInt, argNum + 1
}

// number parses a decimal number at format[i:].
func number(format string, i int) (num int, isNum bool, next int) {
	for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
		if tooLarge(num) {
			return 0, false, len(format)
		}
		num = num*10 + int(format[i]-'0')
		isNum = true
	}
	return num, isNum, i
}

func (p *printer) doPrintf(format string, a []any) {
	argNum := 0
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			p.buf = append(p.buf, c)
			i++
			continue
		}
		i++
		var sp spec
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				sp.minus, sp.zero = true, false
			case '+':
				sp.plus = true
			case '0':
				sp.zero = !sp.minus
			case '#':
				sp.sharp = true
			case ' ':
				sp.space = true
			default:
				break flags
			}
		}
		if i < len(format) && format[i] == '[' {
			sift_unsupported("fmt: argument index")
		}
		if i < len(format) && format[i] == '*' {
			i++
			var ok bool
			sp.width, ok, argNum = intArg(a, argNum)
			if !ok {
				p.buf = append(p.buf, "%!(BADWIDTH)"...)
			}
			if sp.width < 0 {
				sp.width, sp.minus, sp.zero = -sp.width, true, false
			}
		} else {
			sp.width, _, i = number(format, i)
		}
		if i+1 <= len(format) && i < len(format) && format[i] == '.' {
			i++
			if i < len(format) && format[i] == '[' {
				sift_unsupported("fmt: argument index")
			}
			if i < len(format) && format[i] == '*' {
				i++
				sp.prec, sp.precPresent, argNum = intArg(a, argNum)
				if sp.prec < 0 {
					sp.prec, sp.precPresent = 0, false
				}
				if !sp.precPresent {
					p.buf = append(p.buf, "%!(BADPREC)"...)
				}
			} else {
				sp.prec, _, i = number(format, i)
				sp.precPresent = true
			}
		}
		if i < len(format) && format[i] == '[' {
			sift_unsupported("fmt: argument index")
		}
		if i >= len(format) {
			p.buf = append(p.buf, "%!(NOVERB)"...)
			break
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		i += size
		sp.verb = r
		if r == '%' {
			p.buf = append(p.buf, '%')
			continue
		}
		if argNum >= len(a) {
			p.buf = append(p.buf, '%', '!')
			p.buf = utf8.AppendRune(p.buf, r)
			p.buf = append(p.buf, "(MISSING)"...)
			continue
		}
		if r == 'w' {
			p.wrapped = append(p.wrapped, argNum)
		}
		if r == 'v' || r == 'w' {
			sp.sharpV, sp.sharp = sp.sharp, false
			sp.plusV, sp.plus = sp.plus, false
		}
		p.printArg(a[argNum], sp)
		argNum++
	}
	if argNum < len(a) {
		sift_unsupported("fmt: extra operands")
	}
}

// printArg prints one operand under sp.
func (p *printer) printArg(arg any, sp spec) {
	verb := sp.verb
	if arg == nil {
		if verb == 'v' || verb == 'T' {
			p.padString("<nil>", sp)
			return
		}
		p.badVerb(arg, sp)
		return
	}
	if verb == 'T' {
		p.fmtS(sift_typestring(arg), sp)
		return
	}
	if verb == 'w' {
		if _, ok := arg.(error); !ok || !p.wrapErrs {
			p.badVerb(arg, sp)
			return
		}
		verb = 'v'
		sp.verb = 'v'
	}
	if !p.erroring && p.handleMethods(arg, sp) {
		return
	}
	switch sift_kind(arg) {
	case kindBool:
		if verb != 'v' && verb != 't' {
			p.badVerb(arg, sp)
			return
		}
		p.padString(strconv.FormatBool(sift_bool(arg)), sp)
	case kindInt:
		p.fmtInteger(uint64(sift_int(arg)), true, sp, arg)
	case kindUint:
		p.fmtInteger(sift_uint(arg), false, sp, arg)
	case kindString:
		switch verb {
		case 'v', 's', 'q', 'x', 'X':
			p.fmtString(sift_string(arg), sp)
		default:
			p.badVerb(arg, sp)
		}
	case kindBytes:
		b := sift_bytes(arg)
		switch verb {
		case 's', 'q', 'x', 'X':
			p.fmtString(string(b), sp)
		case 'v', 'd':
			if sp.sharpV {
				sift_unsupported("fmt: %#v of a byte slice")
			}
			p.buf = append(p.buf, '[')
			for i, c := range b {
				if i > 0 {
					p.buf = append(p.buf, ' ')
				}
				p.fmtInteger(uint64(c), false, sp, c)
			}
			p.buf = append(p.buf, ']')
		default:
			p.badVerb(arg, sp)
		}
	default:
		sift_unsupported("fmt: operand of type " + sift_typestring(arg))
	}
}

// handleMethods prints arg by its GoString (under %#v), Error or String
// method, as fmt does, and reports whether it did. A method that panics
// on a nil pointer prints <nil>, as in fmt; fmt prints any other panic
// in its output, which is not modelled.
func (p *printer) handleMethods(arg any, sp spec) (handled bool) {
	if _, ok := arg.(fmt.Formatter); ok {
		sift_unsupported("fmt: an operand with a Format method")
	}
	defer func() {
		if err := recover(); err != nil {
			if !sift_nilptr(arg) {
				sift_unsupported("fmt: a panic in an operand's Error, String or GoString method")
			}
			p.padString("<nil>", spec{})
			handled = true
		}
	}()
	if sp.sharpV {
		if g, ok := arg.(fmt.GoStringer); ok {
			p.fmtS(g.GoString(), sp)
			return true
		}
		return false
	}
	switch sp.verb {
	case 'v', 's', 'q', 'x', 'X':
		if e, ok := arg.(error); ok {
			p.fmtString(e.Error(), sp)
			return true
		}
		if s, ok := arg.(fmt.Stringer); ok {
			p.fmtString(s.String(), sp)
			return true
		}
	}
	return false
}

// fmtString prints a string operand under the string verbs.
func (p *printer) fmtString(s string, sp spec) {
	switch sp.verb {
	case 'v':
		if sp.sharpV {
			p.fmtQ(s, sp)
		} else {
			p.fmtS(s, sp)
		}
	case 's':
		p.fmtS(s, sp)
	case 'q':
		p.fmtQ(s, sp)
	case 'x', 'X':
		p.fmtSx(s, sp)
	default:
		sift_unsupported("fmt: verb on a string")
	}
}

// truncate cuts s to the precision, counted in runes.
func truncate(s string, sp spec) string {
	if sp.precPresent {
		n := sp.prec
		for i := range s {
			n--
			if n < 0 {
				return s[:i]
			}
		}
	}
	return s
}

func (p *printer) fmtS(s string, sp spec) { p.padString(truncate(s, sp), sp) }

// fmtQ is %q: a quoted string, back-quoted with '#' where it can be,
// ASCII-only with '+'.
func (p *printer) fmtQ(s string, sp spec) {
	s = truncate(s, sp)
	switch {
	case sp.sharp && strconv.CanBackquote(s):
		p.padString("`"+s+"`", sp)
	case sp.plus:
		p.padString(strconv.QuoteToASCII(s), sp)
	default:
		p.padString(strconv.Quote(s), sp)
	}
}

// fmtSx is %x and %X of a string: two digits a byte, up to the precision
// in bytes; '#' adds 0x, ' ' separates the bytes (each with 0x under '#').
func (p *printer) fmtSx(s string, sp spec) {
	digits := "0123456789abcdefx"
	if sp.verb == 'X' {
		digits = "0123456789ABCDEFX"
	}
	n := len(s)
	if sp.precPresent && sp.prec < n {
		n = sp.prec
	}
	var h []byte
	if sp.sharp {
		h = append(h, '0', digits[16])
	}
	for i := 0; i < n; i++ {
		if sp.space && i > 0 {
			h = append(h, ' ')
			if sp.sharp {
				h = append(h, '0', digits[16])
			}
		}
		h = append(h, digits[s[i]>>4], digits[s[i]&0xF])
	}
	if n == 0 {
		h = nil
	}
	// The padding counts bytes, as the encoding is ASCII.
	p.padString(string(h), sp)
}

// fmtInteger prints the integer of bits u (signed or not) under the
// integer verbs.
func (p *printer) fmtInteger(u uint64, signed bool, sp spec, arg any) {
	const lower, upper = "0123456789abcdefx", "0123456789ABCDEFX"
	switch sp.verb {
	case 'v':
		if sp.sharpV && !signed {
			sp.sharp = true
			p.fmtNumber(u, 16, false, sp, lower)
			return
		}
		p.fmtNumber(u, 10, signed, sp, lower)
	case 'd':
		p.fmtNumber(u, 10, signed, sp, lower)
	case 'b':
		p.fmtNumber(u, 2, signed, sp, lower)
	case 'o', 'O':
		p.fmtNumber(u, 8, signed, sp, lower)
	case 'x':
		p.fmtNumber(u, 16, signed, sp, lower)
	case 'X':
		p.fmtNumber(u, 16, signed, sp, upper)
	case 'c', 'q', 'U':
		if sp.zero || sp.plus || sp.sharp || sp.space || sp.precPresent {
			sift_unsupported("fmt: flags on a rune")
		}
		r := rune(u)
		if u > utf8.MaxRune {
			r = utf8.RuneError
		}
		switch sp.verb {
		case 'c':
			p.padString(string(utf8.AppendRune(nil, r)), sp)
		case 'q':
			p.padString(strconv.QuoteRune(r), sp)
		default:
			h := strconv.FormatUint(u, 16)
			for len(h) < 4 {
				h = "0" + h
			}
			p.padString("U+"+upperHex(h), sp)
		}
	default:
		p.badVerb(arg, sp)
	}
}

// fmtNumber writes u in base: at least the precision's digits (or, with
// '0' and a width, the width's), the prefixes of '#', and the sign, then
// pads with spaces.
func (p *printer) fmtNumber(u uint64, base int, signed bool, sp spec, digits string) {
	neg := signed && int64(u) < 0
	if neg {
		u = -u
	}
	prec := 0
	if sp.precPresent {
		prec = sp.prec
		if prec == 0 && u == 0 {
			sp.zero = false
			p.padString("", sp)
			return
		}
	} else if sp.zero && !sp.minus && sp.width > 0 {
		prec = sp.width
		if neg || sp.plus || sp.space {
			prec--
		}
	}
	s := []byte(strconv.FormatUint(u, base))
	if digits[10] == 'A' {
		s = []byte(upperHex(string(s)))
	}
	for len(s) < prec {
		s = append([]byte{'0'}, s...)
	}
	if sp.sharp {
		switch base {
		case 2:
			s = append([]byte("0b"), s...)
		case 8:
			if s[0] != '0' {
				s = append([]byte{'0'}, s...)
			}
		case 16:
			s = append([]byte{'0', digits[16]}, s...)
		}
	}
	if sp.verb == 'O' {
		s = append([]byte("0o"), s...)
	}
	switch {
	case neg:
		s = append([]byte{'-'}, s...)
	case sp.plus:
		s = append([]byte{'+'}, s...)
	case sp.space:
		s = append([]byte{' '}, s...)
	}
	sp.zero = false // zeros went in as precision
	p.padString(string(s), sp)
}

func upperHex(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// padString writes s padded to the width (counted in runes), on the left
// unless '-', with zeros under '0' (which '-' clears).
func (p *printer) padString(s string, sp spec) {
	n := 0
	if sp.width > 0 {
		n = sp.width - utf8.RuneCountInString(s)
	}
	fill := byte(' ')
	if sp.zero && !sp.minus {
		fill = '0'
	}
	if !sp.minus {
		for ; n > 0; n-- {
			p.buf = append(p.buf, fill)
		}
	}
	p.buf = append(p.buf, s...)
	for ; n > 0; n-- {
		p.buf = append(p.buf, ' ')
	}
}

// badVerb writes %!verb(type=value) or %!verb(<nil>); the value prints
// under %v with the verb's flags, without Error or String methods.
func (p *printer) badVerb(arg any, sp spec) {
	p.buf = append(p.buf, '%', '!')
	p.buf = utf8.AppendRune(p.buf, sp.verb)
	p.buf = append(p.buf, '(')
	if arg == nil {
		p.buf = append(p.buf, "<nil>"...)
	} else {
		p.buf = append(p.buf, sift_typestring(arg)...)
		p.buf = append(p.buf, '=')
		was := p.erroring
		p.erroring = true
		sp.verb = 'v'
		p.printArg(arg, sp)
		p.erroring = was
	}
	p.buf = append(p.buf, ')')
}

// doPrint is Sprint's operand loop: spaces between operands when neither
// is a string; doPrintln always puts spaces and ends with a newline.
func (p *printer) doPrint(a []any, ln bool) {
	prevString := false
	for i, arg := range a {
		isString := arg != nil && sift_kind(arg) == kindString
		if i > 0 && (ln || (!isString && !prevString)) {
			p.buf = append(p.buf, ' ')
		}
		p.printArg(arg, spec{verb: 'v'})
		prevString = isString
	}
	if ln {
		p.buf = append(p.buf, '\n')
	}
}

//sift:model fmt.Sprintf
func sprintf(format string, a ...any) string {
	var p printer
	p.doPrintf(format, a)
	return string(p.buf)
}

//sift:model fmt.Sprint
func sprint(a ...any) string {
	var p printer
	p.doPrint(a, false)
	return string(p.buf)
}

//sift:model fmt.Sprintln
func sprintln(a ...any) string {
	var p printer
	p.doPrint(a, true)
	return string(p.buf)
}

//sift:model fmt.Fprintf
func fprintf(w io.Writer, format string, a ...any) (int, error) {
	var p printer
	p.doPrintf(format, a)
	return w.Write(p.buf)
}

//sift:model fmt.Fprint
func fprint(w io.Writer, a ...any) (int, error) {
	var p printer
	p.doPrint(a, false)
	return w.Write(p.buf)
}

//sift:model fmt.Fprintln
func fprintln(w io.Writer, a ...any) (int, error) {
	var p printer
	p.doPrint(a, true)
	return w.Write(p.buf)
}

// wrapError is what Errorf returns for one %w, like fmt's own.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }

func (e *wrapError) Unwrap() error { return e.err }

//sift:model fmt.Errorf
func errorf(format string, a ...any) error {
	p := printer{wrapErrs: true}
	p.doPrintf(format, a)
	s := string(p.buf)
	switch len(p.wrapped) {
	case 0:
		return errors.New(s)
	case 1:
		w := &wrapError{msg: s}
		w.err, _ = a[p.wrapped[0]].(error)
		return w
	}
	sift_unsupported("fmt.Errorf with several %w")
	return nil
}
