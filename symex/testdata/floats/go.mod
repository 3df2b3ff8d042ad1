module floats

go 1.23
