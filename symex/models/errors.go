//go:build siftmodels

// Models of package errors: Is asks reflectlite whether the target's type
// is comparable, which the executor answers directly (sift_comparable).
package siftmodels

//sift:model errors.Is
func errorsIs(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return errorsIsChain(err, target, sift_comparable(target))
}

// errorsIsChain walks err's Unwrap chain (and trees of Unwrap() []error)
// looking for target, by == when its type is comparable and by Is methods.
func errorsIsChain(err, target error, comparable bool) bool {
	for err != nil {
		if comparable && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if errorsIsChain(e, target, comparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
