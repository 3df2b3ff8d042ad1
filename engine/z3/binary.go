package z3

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Binary decides scripts by running the z3 executable (`z3 -in`) on their
// text: the same program, strategy choice included, that users compare sift
// with. libz3 4.8.12's API and its command interpreter decide some quantified
// BV files differently from the binary built from the same sources
// (docs/bench/fallback-parity: RND_6_8, answered by the binary in 0.5 s, by
// no libz3 route), so the fallback runs the binary when one is installed.
//
// Only the answer comes from the process. A sat answer's (get-model) text is
// read back into a Z3 model in the calling process (libz3, parsing and model
// queries only: modelFromText) and reported as Bindings of the same form as
// Solve's, which the engine validates against its own terms. A model of
// literal constants only is read without libz3 (literalBindings); it then
// binds the symbols z3 printed, which may leave some of the script's out.
type Binary struct {
	// Path is the executable.
	Path string
	// MemoryMB bounds the process's memory (z3's -memory:, 0: none).
	MemoryMB uint64
}

// ErrRejected wraps the errors z3 printed for a script: its text was
// refused (a command or term it does not know), not the process lost. libz3
// 4.8.12 reads scripts with the same parser, so there is no point in handing
// it the same text.
var ErrRejected = errors.New("z3 binary rejected the script")

// FindBinary returns the z3 executable name resolves to on PATH (or name
// itself when it is a path to an executable).
func FindBinary(name string) (Binary, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return Binary{}, err
	}
	return Binary{Path: path}, nil
}

// Solve decides the script's declarations and assertions (flatScript's
// cut, as Solve) with the z3 executable. The process is killed when ctx
// ends, and the result is then Unknown with Reason "timeout" or "canceled";
// z3's own hard limit (-T:) is set a second past the deadline, so that a
// process whose parent died does not outlive it by long. An error z3 prints
// before its answer (a command or term it rejects), a process that ends
// without an answer, or a model that does not read back is an error.
func (b Binary) Solve(ctx context.Context, smt2 string) (Result, error) {
	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}, nil
	}
	script, err := flatScript(smt2)
	if err != nil {
		return Result{}, err
	}
	args := []string{"-in"}
	if deadline, ok := ctx.Deadline(); ok {
		secs := int(math.Ceil(time.Until(deadline).Seconds())) + 1
		args = append(args, "-T:"+strconv.Itoa(secs))
	}
	if b.MemoryMB > 0 {
		args = append(args, "-memory:"+strconv.FormatUint(b.MemoryMB, 10))
	}
	cmd := exec.CommandContext(ctx, b.Path, args...)
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return Result{}, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return Result{}, err
	}
	if err := cmd.Start(); err != nil {
		return Result{}, fmt.Errorf("z3 binary: %w", err)
	}
	// The writer sends the script and then, once the answer is known, the
	// one follow-up command it calls for, and closes z3's input: z3 exits at
	// its end, so everything it prints after the answer is that command's.
	followUp := make(chan string, 1)
	go func() {
		defer stdin.Close()
		if _, err := io.WriteString(stdin, script+"\n(check-sat)\n"); err != nil {
			return
		}
		io.WriteString(stdin, <-followUp)
	}()
	res, err := b.converse(ctx, script, bufio.NewReader(stdout), followUp)
	if err != nil {
		cmd.Process.Kill()
	}
	waitErr := cmd.Wait()
	if reason, done := contextReason(ctx); done && (err != nil || res.Status != Unsat) {
		// Killed at the limit: whatever was read is incomplete, and a sat
		// whose model came too late is not kept either.
		return Result{Status: Unknown, Reason: reason}, nil
	}
	if err == nil && waitErr != nil && res.Status == Sat {
		return Result{}, fmt.Errorf("z3 binary: %v after its model", waitErr)
	}
	return res, err
}

// converse reads z3's answer to (check-sat), asks for what the answer calls
// for, and reads that.
func (b Binary) converse(ctx context.Context, script string, out *bufio.Reader, followUp chan<- string) (Result, error) {
	defer close(followUp)
	for {
		line, err := out.ReadString('\n')
		answer := strings.TrimSpace(line)
		switch answer {
		case "sat":
			followUp <- "(get-model)\n"
			text, err := io.ReadAll(out)
			if err != nil {
				return Result{}, err
			}
			return modelOfText(ctx, script, string(text))
		case "unsat":
			return Result{Status: Unsat}, nil
		case "unknown":
			followUp <- "(get-info :reason-unknown)\n"
			text, _ := io.ReadAll(out)
			return Result{Status: Unknown, Reason: reasonOf(string(text))}, nil
		}
		switch {
		case strings.HasPrefix(answer, "(error"):
			// z3 goes on after an error; its answer would be about the
			// assertions it accepted.
			if strings.Contains(answer, "out of memory") {
				return Result{Status: Unknown, Reason: "memout"}, nil
			}
			return Result{}, fmt.Errorf("%w: %s", ErrRejected, unwrapErrors(answer))
		case answer != "":
			// The script's printing commands are blanked out: nothing
			// else belongs before the answer.
			return Result{}, fmt.Errorf("z3 binary printed %q, not an answer", answer)
		case errors.Is(err, io.EOF):
			return Result{}, errors.New("z3 binary ended without an answer")
		case err != nil:
			return Result{}, err
		}
	}
}

// reasonOf reads the reason of (get-info :reason-unknown)'s answer, in the
// words Solve uses.
func reasonOf(text string) string {
	text = strings.TrimSpace(text)
	// (:reason-unknown "incomplete quantifiers")
	text = strings.TrimSuffix(strings.TrimPrefix(text, "(:reason-unknown"), ")")
	reason := strings.Trim(strings.TrimSpace(text), `"`)
	if strings.Contains(reason, "memory") {
		return "memout"
	}
	return reason
}

// modelOfText turns z3's printed model of script into a sat Result whose
// Bindings are read as Solve reads its models: the script is parsed in a
// fresh context of the calling process, the model rebuilt there
// (modelFromText), and nothing is solved.
func modelOfText(ctx context.Context, script, text string) (Result, error) {
	if strings.Contains(text, "(error") {
		return Result{}, fmt.Errorf("z3 binary: %s", unwrapErrors(text[strings.Index(text, "(error"):]))
	}
	if bindings, ok := literalBindings(text); ok {
		return Result{Status: Sat, Model: bindings}, nil
	}
	return inSession(ctx, func(s *session) Result { return s.satResult(script, func() string { return text }) })
}
