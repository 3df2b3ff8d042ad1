module corpus

go 1.22
