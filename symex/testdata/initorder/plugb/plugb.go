// Package plugb registers itself.
package plugb

import "initorder/reg"

func init() { reg.Add("b", 2) }
