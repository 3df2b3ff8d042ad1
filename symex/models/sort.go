//go:build siftmodels

// Models of internal/reflectlite's Swapper, which sort.Slice and its kin
// use to swap the elements of a slice of any type: the executor swaps
// them itself (sift_swap), and sort's own code runs as it is.
package siftmodels

// sift_len is the length of the slice x holds; sift_swap swaps its
// elements i and j.
func sift_len(x any) int
func sift_swap(x any, i, j int)

//sift:model internal/reflectlite.Swapper
func reflectliteSwapper(x any) func(i, j int) {
	switch sift_len(x) {
	case 0:
		return func(i, j int) { panic("reflect: slice index out of range") }
	case 1:
		return func(i, j int) {
			if i != 0 || j != 0 {
				panic("reflect: slice index out of range")
			}
		}
	}
	return func(i, j int) { sift_swap(x, i, j) }
}
