// Package realcode pins the public modules of the symex corpus (corpus.tsv):
// importing them here keeps them in go.mod and go.sum at fixed versions.
// The package itself holds no code; `make symex-corpus` explores functions
// of these modules and of the standard library.
package realcode

import (
	_ "github.com/Masterminds/semver/v3"
	_ "github.com/blang/semver/v4"
	_ "github.com/dustin/go-humanize"
	_ "github.com/google/uuid"
	_ "github.com/ryanuber/go-glob"
	_ "github.com/tidwall/match"
	_ "golang.org/x/mod/module"
	_ "golang.org/x/mod/semver"
	_ "golang.org/x/net/http/httpguts"
	_ "golang.org/x/net/idna"
)
