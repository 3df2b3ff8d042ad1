module seed000

go 1.22
