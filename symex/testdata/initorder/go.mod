module initorder

go 1.26
