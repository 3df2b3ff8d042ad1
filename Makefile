GO ?= go
BIN := bin/sift

.PHONY: setup build demo test fuzz-diff fuzz-diff-arrays

N ?= 200000
SEED ?= 1

setup:
	./scripts/setup.sh

build: setup
	$(GO) build -o $(BIN) ./cmd/sift

# Sets up the machine and runs sift on an example script.
demo: build
	./$(BIN) examples/demo.smt2

# The whole test suite (what CI runs).
test: setup
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...

# Differential testing against the z3 binary: N random QF_BV formulas from SEED.
fuzz-diff: setup
	SIFT_DIFF_N=$(N) SIFT_DIFF_SEED=$(SEED) $(GO) test -count=1 -timeout 0 -run 'TestDifferentialQFBV$$' -v ./internal/difftest

# The same with arrays and uninterpreted functions (N defaults to 200000 too).
fuzz-diff-arrays: setup
	SIFT_DIFF_N=$(N) SIFT_DIFF_SEED=$(SEED) $(GO) test -count=1 -timeout 0 -run 'TestDifferentialArrays$$' -v ./internal/difftest
