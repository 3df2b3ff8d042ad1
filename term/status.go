package term

// Status is the answer to a satisfiability question about terms. The front
// end, the engine and every decision procedure share it.
type Status int8

const (
	Unsat   Status = -1
	Unknown Status = 0
	Sat     Status = 1
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}
