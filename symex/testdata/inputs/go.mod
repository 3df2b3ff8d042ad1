module inputs

go 1.23
