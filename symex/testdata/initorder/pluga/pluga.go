// Package pluga registers itself.
package pluga

import "initorder/reg"

func init() { reg.Add("a", 1) }
