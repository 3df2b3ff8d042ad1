package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sync"
)

// Record is one run of one solver on one file: a line of results.jsonl.
type Record struct {
	Solver   string `json:"solver"`
	File     string `json:"file"`
	Repeat   int    `json:"repeat"`
	Logic    string `json:"logic"`
	Family   string `json:"family"`
	Expected Status `json:"expected"`

	Result Result `json:"result"`
	// Answer is the answer line of stdout (sat, unsat, unknown, timeout), else its first other line.
	Answer        string `json:"answer"`
	ErrorsPrinted int    `json:"errors_printed"` // (error …) responses in stdout

	LimitSec float64 `json:"limit_s"`
	WallSec  float64 `json:"wall_s"`
	UserSec  float64 `json:"user_s"`
	SysSec   float64 `json:"sys_s"`
	MaxRSSKB int64   `json:"max_rss_kb"`
	ExitCode int     `json:"exit_code"` // -1 when killed by a signal
	Signal   string  `json:"signal,omitempty"`
	Killed   bool    `json:"killed,omitempty"` // killed by the runner at the limit plus margin

	StdoutHead string   `json:"stdout_head,omitempty"`
	StderrHead string   `json:"stderr_head,omitempty"`
	Command    []string `json:"command"`
}

// CPUSec is user plus system time of the solver process.
func (r Record) CPUSec() float64 { return r.UserSec + r.SysSec }

// runKey identifies a job; a resumed run skips the keys already on record.
type runKey struct {
	solver, file string
	repeat       int
}

func (r Record) key() runKey { return runKey{r.Solver, r.File, r.Repeat} }

// ReadRecords reads a results.jsonl file. A torn last line (the runner was killed mid-write) is dropped;
// a bad line elsewhere is an error.
func ReadRecords(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	var pendingErr error
	line := 0
	for sc.Scan() {
		line++
		if pendingErr != nil {
			return nil, pendingErr
		}
		if len(sc.Bytes()) == 0 {
			continue
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			pendingErr = fmt.Errorf("%s:%d: %w", path, line, err)
			continue
		}
		recs = append(recs, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return recs, nil
}

// recordLog appends records to results.jsonl, one complete line per write so that an interrupted run
// leaves a resumable file.
type recordLog struct {
	mu sync.Mutex
	f  *os.File
}

func openRecordLog(path string) (*recordLog, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &recordLog{f: f}, nil
}

func (l *recordLog) Append(r Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err = l.f.Write(append(b, '\n'))
	return err
}

func (l *recordLog) Close() error { return l.f.Close() }
