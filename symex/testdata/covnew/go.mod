module covnew

go 1.23
