module example.com/implmod

go 1.23
