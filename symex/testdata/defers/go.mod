module defercases

go 1.23
