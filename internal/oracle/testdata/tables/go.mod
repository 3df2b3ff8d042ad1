module oracletables

go 1.26
