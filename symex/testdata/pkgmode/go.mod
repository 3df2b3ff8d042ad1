module pkgmode

go 1.23
