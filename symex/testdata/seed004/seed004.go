// Package seed004 holds Go versions of the kinds of programs seed 004 (ASE,
// Abyaneh and Kirsch 2021) evaluates value sets on: sorting with one, three
// and all elements symbolic, gcd, Bellman-Ford, half and outer product.
// They are written for the symex tests after the digest's descriptions
// (shared/design/seeds/004.md §4), not copied: symbolic inputs are the
// parameters, bounded by a guard the way the paper's interval inputs
// ⟨0, size⟩ are.
package seed004

// size bounds the symbolic elements, as the paper's ⟨0, size⟩ inputs.
const size = 7

// insertionSort sorts a in place.
func insertionSort(a []uint8) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Sort1 sorts five elements of which one (x) is symbolic.
func Sort1(x uint8) [5]uint8 {
	if x > size {
		return [5]uint8{}
	}
	a := [5]uint8{6, 1, x, 4, 2}
	insertionSort(a[:])
	return a
}

// Sort3 sorts five elements of which three are symbolic.
func Sort3(x, y, z uint8) [5]uint8 {
	if x > size || y > size || z > size {
		return [5]uint8{}
	}
	a := [5]uint8{x, 3, y, 5, z}
	insertionSort(a[:])
	return a
}

// SortAll sorts four symbolic elements.
func SortAll(w, x, y, z uint8) [4]uint8 {
	if w > size || x > size || y > size || z > size {
		return [4]uint8{}
	}
	a := [4]uint8{w, x, y, z}
	insertionSort(a[:])
	return a
}

// GCD is Euclid's algorithm by remainders on bounded inputs.
func GCD(a, b uint8) uint8 {
	if a > 12 || b > 12 {
		return 0
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// BellmanFord computes shortest distances from node 0 in a four-node graph
// whose edges from node 0 have symbolic weights, and reports a negative
// cycle (impossible here: weights are unsigned, so the last round changes
// nothing).
func BellmanFord(w1, w2 uint8) ([4]int, bool) {
	if w1 > size || w2 > size {
		return [4]int{}, false
	}
	type edge struct{ from, to, w int }
	edges := []edge{{0, 1, int(w1)}, {0, 2, int(w2)}, {1, 2, 2}, {2, 3, 1}, {1, 3, 5}}
	const inf = 1 << 20
	dist := [4]int{0, inf, inf, inf}
	for round := 0; round < 3; round++ {
		for _, e := range edges {
			if dist[e.from]+e.w < dist[e.to] {
				dist[e.to] = dist[e.from] + e.w
			}
		}
	}
	for _, e := range edges {
		if dist[e.from]+e.w < dist[e.to] {
			return dist, true
		}
	}
	return dist, false
}

// Half doubles a bounded input and counts the halvings back down to 1: a
// symbolic value multiplied and divided by constants, whose value sets
// have a stride (seed 004's ⟨20, 40, 2⟩ example).
func Half(x uint16) int {
	if x == 0 || x > 40 {
		return -1
	}
	y := 2 * x
	steps := 0
	for y > 1 {
		y /= 2
		steps++
	}
	if y*3 == 2 {
		return -2 // never: y is 1 here
	}
	return steps
}

// OuterProduct forms the outer product of a symbolic vector with a
// constant one (row by row in a flat array) and counts the entries below a
// threshold: symbolic values times constants.
func OuterProduct(a0, a1 uint8) int {
	if a0 > 10 || a1 > 10 {
		return -1
	}
	a := [2]uint16{uint16(a0), uint16(a1)}
	b := [3]uint16{1, 3, 4}
	var m [6]uint16
	count := 0
	for i := range a {
		for j := range b {
			m[i*len(b)+j] = a[i] * b[j]
			if m[i*len(b)+j] < 12 {
				count++
			}
		}
	}
	return count
}
