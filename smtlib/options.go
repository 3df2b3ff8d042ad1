package smtlib

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func parseBoolOption(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (in *Interpreter) setOption(a *Attribute, cmd []byte, base Pos) error {
	v := in.attrText(a.Value, cmd)
	if startModeOptions[a.Key] && in.started && in.cfg.Dialect != Z3 {
		return &Error{Pos: base, Msg: fmt.Sprintf("option %s must be set before the first assertion, push or check", a.Key)}
	}
	boolOpt := func(dst *bool) error {
		b, ok := parseBoolOption(v)
		if !ok {
			return &Error{Pos: base, Msg: fmt.Sprintf("option %s expects true or false, got %q", a.Key, v)}
		}
		*dst = b
		in.success()
		return nil
	}
	switch a.Key {
	case ":print-success":
		return boolOpt(&in.opts.printSuccess)
	case ":produce-models":
		return boolOpt(&in.opts.produceModels)
	case ":produce-unsat-cores":
		return boolOpt(&in.opts.produceCores)
	case ":produce-unsat-assumptions":
		return boolOpt(&in.opts.produceAssumps)
	case ":produce-assignments":
		return boolOpt(&in.opts.produceAssigns)
	case ":produce-assertions", ":interactive-mode":
		return boolOpt(&in.opts.produceAsserts)
	case ":global-declarations":
		// Scopes already opened were made without it.
		if in.declared {
			return &Error{Pos: base, Msg: ":global-declarations must be set before any declaration"}
		}
		return boolOpt(&in.env.Global)
	case ":random-seed":
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return &Error{Pos: base, Msg: fmt.Sprintf(":random-seed expects a numeral, got %q", v)}
		}
		in.opts.randomSeed = n
		in.solver.SetRandomSeed(n)
		in.success()
	case ":timeout":
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return &Error{Pos: base, Msg: fmt.Sprintf(":timeout expects milliseconds, got %q", v)}
		}
		in.opts.timeout = time.Duration(n) * time.Millisecond
		in.success()
	case ":verbosity", ":diagnostic-output-channel", ":regular-output-channel", ":reproducible-resource-limit":
		// Accepted; sift always writes responses to its regular output.
		in.success()
	case ":produce-proofs":
		return &Unsupported{Pos: base, Msg: "proofs are not supported"}
	default:
		return &Unsupported{Pos: base, Msg: fmt.Sprintf("option %s is not supported", a.Key)}
	}
	return nil
}

func (in *Interpreter) getOption(key string, base Pos) error {
	var v string
	switch key {
	case ":print-success":
		v = strconv.FormatBool(in.opts.printSuccess)
	case ":produce-models":
		v = strconv.FormatBool(in.opts.produceModels)
	case ":produce-unsat-cores":
		v = strconv.FormatBool(in.opts.produceCores)
	case ":produce-unsat-assumptions":
		v = strconv.FormatBool(in.opts.produceAssumps)
	case ":produce-assignments":
		v = strconv.FormatBool(in.opts.produceAssigns)
	case ":produce-assertions", ":interactive-mode":
		v = strconv.FormatBool(in.opts.produceAsserts)
	case ":produce-proofs":
		v = "false"
	case ":global-declarations":
		v = strconv.FormatBool(in.env.Global)
	case ":random-seed":
		v = strconv.FormatUint(in.opts.randomSeed, 10)
	case ":timeout":
		v = strconv.FormatInt(in.opts.timeout.Milliseconds(), 10)
	case ":regular-output-channel":
		v = `"stdout"`
	case ":diagnostic-output-channel":
		v = `"stderr"`
	case ":verbosity", ":reproducible-resource-limit":
		v = "0"
	default:
		return &Unsupported{Pos: base, Msg: fmt.Sprintf("option %s is not supported", key)}
	}
	in.out.WriteString(v + "\n")
	return nil
}

func (in *Interpreter) getInfo(key string, base Pos) error {
	var v string
	switch key {
	case ":name":
		v = `"sift"`
	case ":version":
		v = quoteString(Version)
	case ":authors":
		v = `"the sift developers"`
	case ":error-behavior":
		v = "continued-execution"
	case ":assertion-stack-levels":
		v = strconv.Itoa(in.env.Levels())
	case ":reason-unknown":
		if in.last == nil || in.last.Status != Unknown {
			return &Error{Pos: base, Msg: "reason-unknown is not available: the last check-sat did not answer unknown"}
		}
		v = in.last.Reason
		if v == "" {
			v = "incomplete"
		}
		if v != "incomplete" && v != "memout" && v != "timeout" {
			v = quoteString(v)
		}
	case ":all-statistics":
		var b strings.Builder
		b.WriteString("(")
		for i, kv := range in.solver.Statistics() {
			if i > 0 {
				b.WriteString("\n ")
			}
			fmt.Fprintf(&b, ":%s %s", kv[0], kv[1])
		}
		b.WriteString(")")
		v = b.String()
	default:
		if s, ok := in.info[key]; ok {
			v = s
			break
		}
		return &Unsupported{Pos: base, Msg: fmt.Sprintf("info %s is not supported", key)}
	}
	fmt.Fprintf(in.out, "(%s %s)\n", key, v)
	return nil
}
