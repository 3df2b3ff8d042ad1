module seed004

go 1.22
