// Package reg is a registry other packages' initializers fill.
package reg

var m = map[string]int{}

var order []byte

// Add registers k.
func Add(k string, v int) {
	m[k] = v
	order = append(order, k[0])
}

// Get is k's value, 0 when k is not registered.
func Get(k string) int { return m[k] }

// Order is the first bytes of the keys, in the order they were added.
func Order() string { return string(order) }
