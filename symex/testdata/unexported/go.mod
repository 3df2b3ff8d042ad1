module unexportedcases

go 1.23
