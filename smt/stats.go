package smt

import "time"

// Stats are the solver's counters since it was made.
type Stats struct {
	// Checks counts calls of Check that ran.
	Checks int
	// Stages has one entry per pipeline step, in pipeline order.
	Stages []StageStats
	// Validations counts the sat models checked against the assertions
	// before they were returned; ValidationFailures those that failed (each
	// is a bug in a stage, answered unknown rather than sat).
	Validations, ValidationFailures int
	// Other holds the counters of individual stages (the bit-blaster's
	// lemmas, say) by name, as sift's (get-info :all-statistics) prints them.
	Other map[string]string
}

// StageStats is what one pipeline step did over the solver's checks.
type StageStats struct {
	Name    string
	Calls   int           // checks that reached the step
	Decided int           // checks the step answered sat or unsat
	Time    time.Duration // time spent in the step
}

// Stats returns the solver's counters.
func (s *Solver) Stats() Stats {
	d := s.sess.Driver()
	out := Stats{Checks: s.checks, Validations: d.Validations, ValidationFailures: d.ValidationFailures,
		Other: map[string]string{}}
	for _, st := range d.Stats {
		out.Stages = append(out.Stages, StageStats{Name: st.Name, Calls: st.Calls, Decided: st.Decided, Time: st.Time})
	}
	for _, step := range d.Steps {
		if r, ok := step.(interface{ Statistics() [][2]string }); ok {
			for _, kv := range r.Statistics() {
				out.Other[kv[0]] = kv[1]
			}
		}
	}
	return out
}
