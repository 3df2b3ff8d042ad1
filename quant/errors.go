package quant

import "errors"

// errTooMany says a range has more instances than the enumeration limit.
var errTooMany = errors.New("range exceeds the enumeration limit")
