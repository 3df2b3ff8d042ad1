GO ?= go
BIN := bin/sift

.PHONY: setup build demo test fuzz-diff bench-dev

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
