module realcode

go 1.26.0

require (
	github.com/Masterminds/semver/v3 v3.5.0
	github.com/blang/semver/v4 v4.0.0
	github.com/dustin/go-humanize v1.1.0
	github.com/google/uuid v1.6.0
	github.com/ryanuber/go-glob v1.0.0
	github.com/tidwall/match v1.2.0
	golang.org/x/mod v0.43.0
	golang.org/x/net v0.62.0
)

require golang.org/x/text v0.43.0 // indirect
