module chancases

go 1.23
