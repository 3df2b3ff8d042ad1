module unsafecases

go 1.23
