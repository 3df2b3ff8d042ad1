module oraclefound

go 1.26
