module reflectcases

go 1.23
