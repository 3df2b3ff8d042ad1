module deepen

go 1.23
