module corpus

go 1.23
