module example.com/sarif

go 1.23
