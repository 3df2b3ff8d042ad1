module heapbench

go 1.22
