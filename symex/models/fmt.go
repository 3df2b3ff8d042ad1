//go:build siftmodels

// Models of package fmt's printing functions, whose real code goes through
// reflect and a sync.Pool of printers. They print what fmt prints for the
// operands fmt handles without reflect: booleans, integers, strings and
// byte slices (of any named type, through the sift_kind intrinsics), nil,
// and values with Error or String methods, with the verbs v s d q x X c U t
// w and the flags '-', '+' and '0' and a width. Anything else (floats,
// structs, pointers, precision, '#', '*') ends the path as unsupported
// rather than print something else.
package siftmodels

import (
	"errors"
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

// printer is the state of one Sprintf-like call.
type printer struct {
	buf      []byte
	wrapErrs bool // Errorf: %w is allowed
	wrapped  []int
}

// spec is one parsed verb with its flags.
type spec struct {
	minus, plus, zero bool
	width             int
	verb              rune
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
				sp.minus = true
			case '+':
				sp.plus = true
			case '0':
				sp.zero = true
			case '#', ' ':
				sift_unsupported("fmt: flag " + format[i:i+1])
			default:
				break flags
			}
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			sp.width = sp.width*10 + int(format[i]-'0')
			i++
		}
		if i < len(format) && (format[i] == '.' || format[i] == '*' || format[i] == '[') {
			sift_unsupported("fmt: precision, * or argument index")
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
			p.pad("<nil>", sp)
			return
		}
		p.badVerb(arg, verb)
		return
	}
	if verb == 'T' {
		p.pad(sift_typestring(arg), sp)
		return
	}
	if verb == 'w' {
		if _, ok := arg.(error); !ok || !p.wrapErrs {
			p.badVerb(arg, verb)
			return
		}
		verb = 'v'
		sp.verb = 'v'
	}
	switch verb {
	case 'v', 's', 'q', 'x', 'X':
		if e, ok := arg.(error); ok {
			p.fmtString(e.Error(), sp)
			return
		}
		if s, ok := arg.(interface{ String() string }); ok {
			p.fmtString(s.String(), sp)
			return
		}
	}
	switch sift_kind(arg) {
	case kindBool:
		if verb != 'v' && verb != 't' {
			p.badVerb(arg, verb)
			return
		}
		p.pad(strconv.FormatBool(sift_bool(arg)), sp)
	case kindInt:
		v := sift_int(arg)
		neg := v < 0
		u := uint64(v)
		if neg {
			u = -u
		}
		p.fmtInteger(u, neg, sp, arg)
	case kindUint:
		p.fmtInteger(sift_uint(arg), false, sp, arg)
	case kindString:
		switch verb {
		case 'v', 's', 'q', 'x', 'X':
			p.fmtString(sift_string(arg), sp)
		default:
			p.badVerb(arg, verb)
		}
	case kindBytes:
		b := sift_bytes(arg)
		switch verb {
		case 's', 'q', 'x', 'X':
			p.fmtString(string(b), sp)
		case 'v', 'd':
			s := "["
			for i, c := range b {
				if i > 0 {
					s += " "
				}
				s += strconv.FormatUint(uint64(c), 10)
			}
			p.pad(s+"]", sp)
		default:
			p.badVerb(arg, verb)
		}
	default:
		sift_unsupported("fmt: operand of type " + sift_typestring(arg))
	}
}

// fmtString prints a string operand under the string verbs.
func (p *printer) fmtString(s string, sp spec) {
	if sp.zero || sp.plus {
		sift_unsupported("fmt: flags on a string")
	}
	switch sp.verb {
	case 'v', 's':
		p.pad(s, sp)
	case 'q':
		p.pad(strconv.Quote(s), sp)
	case 'x', 'X':
		const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
		digits := lower
		if sp.verb == 'X' {
			digits = upper
		}
		var h []byte
		for i := 0; i < len(s); i++ {
			h = append(h, digits[s[i]>>4], digits[s[i]&0xF])
		}
		p.pad(string(h), sp)
	default:
		sift_unsupported("fmt: verb on a string")
	}
}

// fmtInteger prints an integer of magnitude u under the integer verbs.
func (p *printer) fmtInteger(u uint64, neg bool, sp spec, arg any) {
	var digits string
	switch sp.verb {
	case 'v', 'd':
		digits = strconv.FormatUint(u, 10)
	case 'x':
		digits = strconv.FormatUint(u, 16)
	case 'X':
		digits = upperHex(strconv.FormatUint(u, 16))
	case 'c', 'q', 'U':
		if sp.zero || sp.plus {
			sift_unsupported("fmt: flags on a rune")
		}
		r := rune(u)
		if neg || u > utf8.MaxRune {
			r = utf8.RuneError
		}
		switch sp.verb {
		case 'c':
			p.pad(string(utf8.AppendRune(nil, r)), sp)
		case 'q':
			p.pad(strconv.QuoteRune(r), sp)
		default:
			h := upperHex(strconv.FormatUint(u, 16))
			for len(h) < 4 {
				h = "0" + h
			}
			p.pad("U+"+h, sp)
		}
		return
	default:
		p.badVerb(arg, sp.verb)
		return
	}
	sign := ""
	if neg {
		sign = "-"
	} else if sp.plus {
		sign = "+"
	}
	if sp.zero && !sp.minus {
		for len(sign)+len(digits) < sp.width {
			digits = "0" + digits
		}
	}
	p.pad(sign+digits, sp)
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

// pad writes s padded with spaces to the width, on the left unless '-'.
func (p *printer) pad(s string, sp spec) {
	n := 0
	if sp.width > 0 {
		n = sp.width - utf8.RuneCountInString(s)
	}
	if !sp.minus {
		for ; n > 0; n-- {
			p.buf = append(p.buf, ' ')
		}
	}
	p.buf = append(p.buf, s...)
	for ; n > 0; n-- {
		p.buf = append(p.buf, ' ')
	}
}

// badVerb writes %!verb(type=value) or %!verb(<nil>).
func (p *printer) badVerb(arg any, verb rune) {
	p.buf = append(p.buf, '%', '!')
	p.buf = utf8.AppendRune(p.buf, verb)
	p.buf = append(p.buf, '(')
	if arg == nil {
		p.buf = append(p.buf, "<nil>"...)
	} else {
		p.buf = append(p.buf, sift_typestring(arg)...)
		p.buf = append(p.buf, '=')
		p.printArg(arg, spec{verb: 'v'})
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
