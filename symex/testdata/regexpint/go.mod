module regexpint

go 1.23
