module oraclesmall

go 1.26
