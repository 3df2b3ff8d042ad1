module bytesearch

go 1.23
