module initfail

go 1.26
