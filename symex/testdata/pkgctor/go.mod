module pkgctor

go 1.23
