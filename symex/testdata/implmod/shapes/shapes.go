// Package shapes implements shape.Shape.
package shapes

import "example.com/implmod/shape"

// Poly has N sides.
type Poly struct{ N int }

func (p Poly) Sides() int { return p.N }

var _ shape.Shape = Poly{}
