GO ?= go
BIN := bin/sift

.PHONY: setup build demo test fuzz-diff fuzz-diff-arrays fuzz-diff-quant symex-corpus concolic-bench

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

# The same with quantifiers: nested ∀/∃ over Booleans and bit-vectors, against
# package qbv (N defaults to 200000 too; issue 14 asks for 0 mismatches on 20000).
# DISABLE=quant leaves the merge-fragment stage out, so that qbv answers alone.
fuzz-diff-quant: setup
	SIFT_DIFF_N=$(N) SIFT_DIFF_SEED=$(SEED) SIFT_DIFF_DISABLE=$(DISABLE) $(GO) test -count=1 -timeout 0 -run 'TestDifferentialQuant$$' -v ./internal/difftest

# sift symex over the corpus of symex/testdata/realcode/corpus.tsv (standard
# library and pinned public modules): fetches the modules (the one target
# that uses the network), then runs every function with its fixed bounds and
# writes the table. SYMEX_CORPUS_FLAGS go to the runner, e.g.
#   make symex-corpus SYMEX_CORPUS_FLAGS="--config none=--merge=none --config pat=--merge=pat --max-len 8"
SYMEX_CORPUS_OUT ?= docs/bench/symex-corpus
SYMEX_CORPUS_FLAGS ?=
symex-corpus:
	cd symex/testdata/realcode && $(GO) mod download
	$(GO) build -o $(BIN) ./cmd/sift
	$(GO) build -o bin/symexcorpus ./cmd/symexcorpus
	mkdir -p $(SYMEX_CORPUS_OUT)
	nice -n 10 ./bin/symexcorpus --bin $(BIN) --args0 symex --out $(SYMEX_CORPUS_OUT)/table.md --json $(SYMEX_CORPUS_OUT)/results.json $(SYMEX_CORPUS_FLAGS)

# Concolic mode's figures (issue 16): diamonds and seed 001's T5 with and
# without DAG merging, and a state machine against the forking executor
# (minutes; docs/bench/concolic).
concolic-bench: build
	./scripts/concolic-bench.sh $(BIN) docs/bench/concolic/table.md
