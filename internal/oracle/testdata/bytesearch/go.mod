module oraclebytesearch

go 1.26
