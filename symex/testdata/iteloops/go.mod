module iteloops

go 1.23
