// Package shape declares an interface that only other packages of its
// module implement (as protobuf's proto.Message): sift symex loads the
// smallest of them that declare its method (load_impls.go) to build the
// interface input of Describe.
package shape

// Shape is implemented in example.com/implmod/shapes.
type Shape interface{ Sides() int }

// Describe panics on a shape with three sides.
func Describe(s Shape, b []byte) int {
	if s.Sides() == 3 && len(b) == 1 && b[0] == 't' {
		panic("plant: triangle")
	}
	return s.Sides()
}
