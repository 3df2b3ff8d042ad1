module seed002

go 1.22
