// Package big implements shape.Shape too, but is internal: not a
// package a user of the module imports, so not loaded for the input.
package big

import "example.com/implmod/shape"

type Big struct{}

func (Big) Sides() int { return 3 }

var _ shape.Shape = Big{}
