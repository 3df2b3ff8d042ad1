package merge

import "fmt"

// dag is seed 001's mergeState in the execution DAG of concolic mode. Its
// merging happens in symex/concolic, between the nodes of the DAG, not
// between the forking executor's states; the name is registered here so
// that --merge lists it, and asking for it without --concolic is an error.
func init() {
	Register("dag", func(Options) (Strategy, error) {
		return nil, fmt.Errorf("merge: dag merges the execution DAG of concolic mode; use it with --concolic")
	})
}
