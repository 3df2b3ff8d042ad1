GO ?= go
BIN := bin/sift

.PHONY: setup build demo test fuzz-diff fuzz-diff-arrays fuzz-diff-quant fuzz-diff-fp bench-dev bench-peers heldout-proxy bench-docs symex-corpus \
	symex-corpus-docs symex-merge-bench symex-merge-docs concolic-bench \
	panics-confirm panics-fuzz panics-bench oracle

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
	$(GO) test -count=1 -timeout 40m ./...

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

# Differential testing of floating point: FPN random QF_BVFP formulas from
# SEED through sift, z3 and cvc5 (--fp-exp); every disagreement with sift is
# settled by the rational reference (internal/fpref) and written to
# FPDIFF_OUT as an .smt2 file with its :status (docs/fp.md); FPDIFF_ALL=1
# writes every formula there, a benchmark suite (docs/bench/fp).
FPN ?= 5000
FPDIFF_OUT ?= $(OUT)/fpdiff
FPDIFF_ALL ?=
fuzz-diff-fp: setup
	SIFT_FPDIFF_N=$(FPN) SIFT_FPDIFF_SEED=$(SEED) SIFT_FPDIFF_OUT=$(abspath $(FPDIFF_OUT)) SIFT_FPDIFF_ALL=$(FPDIFF_ALL) $(GO) test -count=1 -timeout 0 -run 'TestDifferentialFP$$' -v ./internal/fpdiff

# Benchmarks. Each run writes its raw data (every record, summary, log and
# plot) under $(OUT)/KIND/$(NAME), which git ignores; a *-docs target makes
# the tables (and plots) that docs/ keeps from such a run. NAME defaults to
# the commit. See docs/README.md for the layout.
OUT ?= out
NAME ?= $(shell git rev-parse --short HEAD)

# sift bench on the dev suite (../shared/bench), 20 s per file, 2 jobs:
# $(OUT)/bench/$(NAME) (results.jsonl, run.json, table.md, summaries, plots).
#   make bench-dev BENCH_SOLVERS="--solver sift=bin/sift --solver z3 --solver cvc5 --solver boolector"
BENCH_SUITE ?= ../shared/bench/MANIFEST.tsv
BENCH_SOLVERS ?= --solver sift=$(BIN) --solver z3
BENCH_FLAGS ?= -t 20s -j 2
bench-dev: build
	./$(BIN) bench run $(BENCH_SUITE) $(BENCH_SOLVERS) $(BENCH_FLAGS) -o $(OUT)/bench/$(NAME)

# sift with and without the Z3 fallback against the peers' times in
# ../shared/bench/PEERS.tsv, file by file (docs/bench/peers/README.md): a 60 s
# wall limit scored under the peers' 20 s CPU limit, the table on stdout.
bench-peers: build
	./$(BIN) bench run $(BENCH_SUITE) --solver sift=$(BIN) --solver 'nofb=$(BIN) --no-fallback -t {timeout} {file}' \
		-t 60s -j 2 -o $(OUT)/bench/peers-$(NAME)
	./$(BIN) bench peers $(OUT)/bench/peers-$(NAME) ../shared/bench/PEERS.tsv --cpu-limit 20s --top 40

# A held-out proxy for issue 33: the dev suite's sources' other files, sift
# against z3 and cvc5 in the same run (clones two repositories: network).
heldout-proxy: build
	scripts/heldout-proxy.sh $(OUT)/heldout ./$(BIN)

# A bench run's table and plots into docs/, scored again from its
# results.jsonl (sift bench report):
#   make bench-docs RUN=out/bench/9b22bd9 DOC=docs/bench/dev-final
# The table gets the run's command and commit above it by hand.
bench-docs: build
	@test -n "$(RUN)" -a -n "$(DOC)" || { echo "make bench-docs RUN=$(OUT)/bench/NAME DOC=docs/bench/DIR"; exit 2; }
	./$(BIN) bench report $(RUN) >/dev/null
	mkdir -p $(DOC)
	cp $(RUN)/table.md $(RUN)/*.png $(DOC)/

# sift symex over the corpus of symex/testdata/realcode/corpus.tsv (standard
# library and pinned public modules): fetches the modules (with
# symex-merge-bench, the targets that use the network), then runs every
# function with its fixed bounds: $(OUT)/symex-corpus/$(NAME) (table.md, and
# results.json: the rows). SYMEX_CORPUS_FLAGS go to the runner, e.g.
#   make symex-corpus SYMEX_CORPUS_FLAGS="--config none=--merge=none --config pat=--merge=pat --max-len 8"
SYMEX_CORPUS_OUT ?= $(OUT)/symex-corpus/$(NAME)
SYMEX_CORPUS_FLAGS ?=
symex-corpus:
	cd symex/testdata/realcode && $(GO) mod download
	$(GO) build -o $(BIN) ./cmd/sift
	$(GO) build -o bin/symexcorpus ./cmd/symexcorpus
	mkdir -p $(SYMEX_CORPUS_OUT)
	nice -n 10 ./bin/symexcorpus --bin $(BIN) --args0 symex --out $(SYMEX_CORPUS_OUT)/table.md --json $(SYMEX_CORPUS_OUT)/results.json $(SYMEX_CORPUS_FLAGS)

# The table of a corpus run into docs/: the run's own (its command, load
# and rows), checked first to be the table of its rows (symexcorpus
# --from-json writes it again from results.json; it also joins runs made in
# parts):
#   make symex-corpus-docs RUN=out/symex-corpus/09b3f87 DOC=docs/bench/symex-corpus/default-pat-09b3f87
symex-corpus-docs:
	@test -n "$(RUN)" -a -n "$(DOC)" || { echo "make symex-corpus-docs RUN=$(OUT)/symex-corpus/NAME DOC=docs/bench/symex-corpus/DIR"; exit 2; }
	$(GO) build -o bin/symexcorpus ./cmd/symexcorpus
	./bin/symexcorpus --bin $(BIN) --from-json $(RUN)/results.json --out $(RUN)/rows.md
	sed -n '/^|/,$$p' $(RUN)/rows.md >$(RUN)/rows.tab
	sed -n '/^|/,$$p' $(RUN)/table.md | cmp - $(RUN)/rows.tab
	mkdir -p $(DOC)
	cp $(RUN)/table.md $(DOC)/

# State merging's benchmark (issue 12, docs/bench/symex-merge): none, std
# and pat side by side on 13 functions at --max-len 8 to 64 under a CPU
# limit: $(OUT)/symex-merge/$(NAME) (every run's --json and report,
# runs.tsv, commit, load, skip). SYMEX_MERGE_ENV sets the script's knobs:
#   make symex-merge-bench NAME=final-abc SYMEX_MERGE_LIMIT=30s SYMEX_MERGE_ENV="NONE_LIMIT=150s MEM=8192"
SYMEX_MERGE_LIMIT ?= 10s
SYMEX_MERGE_ENV ?=
symex-merge-bench:
	cd symex/testdata/realcode && $(GO) mod download
	env $(SYMEX_MERGE_ENV) ./scripts/symex-merge-bench.sh $(OUT)/symex-merge/$(NAME) $(SYMEX_MERGE_LIMIT)

# Its two tables into docs/bench/symex-merge/$(NAME): table.md (CPU times,
# coverage and ratios to none) and ttc.md (times to none's coverage).
#   make symex-merge-docs NAME=final-abc SYMEX_MERGE_LIMIT=30s
symex-merge-docs:
	mkdir -p docs/bench/symex-merge/$(NAME)
	./scripts/symex-merge-table.sh $(OUT)/symex-merge/$(NAME)/runs.tsv $(patsubst %s,%,$(SYMEX_MERGE_LIMIT)) >docs/bench/symex-merge/$(NAME)/table.md
	./scripts/symex-merge-ttc.sh $(OUT)/symex-merge/$(NAME)/runs.tsv $(OUT)/symex-merge/$(NAME) >docs/bench/symex-merge/$(NAME)/ttc.md

# Concolic mode's figures (issue 16): diamonds and seed 001's T5 with and
# without DAG merging, and a state machine against the forking executor
# (minutes): $(OUT)/concolic/table.md, the table of docs/bench/concolic.
concolic-bench: build
	mkdir -p $(OUT)/concolic
	./scripts/concolic-bench.sh $(BIN) $(OUT)/concolic/table.md

# The corpus of historical panics in public Go parsers (bench/panics/,
# internal/panicbench, docs/bench/panics): each row's reproducer panics at
# its vulnerable version, with the recorded kind and site, and not at its
# fixed one. Uses the module proxy (the work modules go to $(OUT)/panics/work).
panics-confirm:
	$(GO) run ./cmd/panicbench confirm --json $(OUT)/panics/confirm.json

# go test -fuzz on a part of the corpus (PANICS_SPLIT: dev, held or all),
# 60 s each on one core from the zero seed (about 70 s a bug); the raw output
# and table go to PANICS_OUT. PANICS_FLAGS go to the runner, e.g.
#   make panics-fuzz PANICS_FLAGS="--fuzz-clock cpu"
#   make panics-fuzz PANICS_FLAGS="--seed-corpus out/symex-corpora"
PANICS_SPLIT ?= dev
PANICS_OUT ?= $(OUT)/panics/fuzz-$(PANICS_SPLIT)
PANICS_FLAGS ?=
panics-fuzz:
	$(GO) run ./cmd/panicbench run --split $(PANICS_SPLIT) --fuzz --out $(PANICS_OUT) $(PANICS_FLAGS)

# Both tools side by side: go test -fuzz and sift symex --stop-at-panic
# --budget 60s (issue 30's flags) on each bug, one core, the same budget.
panics-bench: build
	$(GO) run ./cmd/panicbench run --split $(PANICS_SPLIT) --fuzz --symex ./$(BIN) --out $(OUT)/panics/bench-$(PANICS_SPLIT) $(PANICS_FLAGS)

# The exhaustive concrete oracle (issue 31, internal/oracle,
# docs/symex/oracle.md): every function of the symex corpus (corpus.tsv,
# at --max-len 3 at most) and of the seed tests' programs, and
# ORACLE_GEN generated ones (seed ORACLE_SEED), run as compiled Go on
# every input of a small domain and explored by symex under none, std,
# pat and qhv; every difference fails. ORACLE_ONLY=gen runs the generated
# functions alone; ORACLE_MATCH (a regular expression) keeps the targets
# (package.Func) it matches. $(ORACLE_OUT)/table.md and log.txt.
ORACLE_GEN ?= 100
ORACLE_SEED ?= 1
ORACLE_ONLY ?=
ORACLE_MATCH ?=
ORACLE_OUT ?= $(OUT)/oracle/$(NAME)
oracle:
	cd symex/testdata/realcode && $(GO) mod download
	mkdir -p $(ORACLE_OUT)
	SIFT_ORACLE_LONG=1 SIFT_ORACLE_GEN=$(ORACLE_GEN) SIFT_ORACLE_SEED=$(ORACLE_SEED) SIFT_ORACLE_ONLY=$(ORACLE_ONLY) SIFT_ORACLE_MATCH='$(ORACLE_MATCH)' \
		SIFT_ORACLE_OUT=$(abspath $(ORACLE_OUT))/table.md $(GO) test -count=1 -timeout 0 -run 'TestLong$$' -v ./internal/oracle \
		>$(ORACLE_OUT)/log.txt 2>&1; status=$$?; tail -3 $(ORACLE_OUT)/log.txt; exit $$status
