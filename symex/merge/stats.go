package merge

// Stats counts what a strategy did: merge attempts, merged states, and
// refusals by reason ("layout": no other view at the point has the same
// layout; "empty guard", "hot variable", "no pattern", "too many
// patterns", …), for --stats and --json.
type Stats struct {
	Attempts     int            // groups of two or more merge-compatible views tried
	Merges       int            // merged states built
	StatesMerged int            // views absorbed into merged states
	Refused      map[string]int // views left unmerged, by reason
	Quantified   int            // merged states with a quantified pc (pat)
	Fallback     map[string]int // views pat handed to the standard merge, by reason
}

// Refuse counts n views left unmerged for reason why.
func (s *Stats) Refuse(why string, n int) {
	if s.Refused == nil {
		s.Refused = map[string]int{}
	}
	s.Refused[why] += n
}
