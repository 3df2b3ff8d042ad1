module runtimecases

go 1.23
