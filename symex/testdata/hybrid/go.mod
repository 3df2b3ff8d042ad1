module hyb

go 1.23
