// Package symex is sift's symbolic executor for Go functions.
//
// It loads a package with golang.org/x/tools/go/packages, builds go/ssa with
// generics instantiated, makes the parameters of one function symbolic and
// explores its paths by forking at every branch whose condition the solver
// cannot decide. Strings and slices follow seed 000's symbolic-size model: a
// symbolic length bounded by Options.MaxLen and contents held in an SMT array of
// the element sort. A branch is decided by the models the path has, then by
// the path's value sets (valuesets.go, seed 004: svi sets narrowed by every
// literal of the path constraint settle a condition, or move the model to
// the other side; domainsettle.go substitutes each value of a variable's
// small set into a condition over it alone), then by the solver chain
// (package chain: constraint independence, a query cache, a counterexample
// cache), and only then by sift's engine in-process (or, with a pipe
// solver, any SMT-LIB process).
//
// Invariants:
//   - Values are immutable: a fork copies frames and the object table, never
//     the terms, so states share the term DAG freely.
//   - A path is never silently wrong: an instruction the executor cannot model
//     ends the path as unsupported, with the instruction and its position.
//   - Every state's model, when it has one, satisfies its path constraint
//     (checked by evaluation before the model is trusted).
//
// One interpreter runs in three modes, which differ only in how a branch
// is decided (branch.go, the brancher interface): forking (fork.go,
// Explore's: both feasible sides, a fork's clone replaying the current
// instruction with the other decision), replaying (a concrete run: Replay,
// package initializers) and following (follow.go: a run on given inputs
// that records its symbolic shadow, shadow.go, for concolic mode's DAG,
// package concolic). ops.go holds Go's operators on scalars as pure
// functions, with the checks (division by zero, negative shifts) every
// mode branches on.
//
// Floats: a float32 or float64 is a term of the FP theory (Float32,
// Float64), its operators and conversions ops.go's (IEEE under
// round-to-nearest-even; float→integer out of range as amd64 converts);
// float.go holds constants, math.Float64bits of symbolic floats (a fresh
// word tied to the float, so a NaN's bits range over every NaN pattern)
// and the exact Go literals of generated tests; float_math.go models the
// functions of package math that are operations of the theory (Abs, Sqrt,
// Floor, Ceil, Trunc, Round, RoundToEven, FMA, IsNaN, IsInf, Inf, NaN and
// the bit conversions); float_concrete.go is --floats=concrete, KLEE's
// concretization (a float takes its model's value and the choice joins the
// path constraint; the run is then not exhausted), and the concretizer
// capability that follow mode uses for a float's bits.
//
// loopite.go runs a loop without effects (a binary search over a constant
// table) once for all its paths, its results ite terms over its branch
// conditions, instead of forking at each probe; loopite_call.go lets such
// a loop call functions without effects (sort.Search's closure), each
// call summarized as one ite term of its results. tableread.go reads a
// constant table at a symbolic index as an ite tree (over the table's runs,
// or down an index that is itself an ite tree, such a loop's result), so
// that no array reaches the solver. indexclass.go indexes an array of
// slices, strings or pointers at a symbolic index by forking once per
// class of equal elements, not once per index, when the address is only
// read. bytesearch.go answers a byte search of a string
// (bytealg's IndexByteString and CountString, under strings.Index, Cut and
// Split, whose model in models/strings.go cuts until the search fails, as
// does its strings.Replace) as one term over the string's bytes, not a
// loop forking at each; linsum.go builds an addition or subtraction whose
// terms cancel (an offset plus the search's index relative to it) without
// them. lenbound.go tightens a string's bound to what its length term
// allows, so that a token cut from a large buffer is not searched,
// compared or copied to the buffer's size.
//
// Start reading at search.go (Explore, the worklist, limits and Replay;
// searchcov.go the covnew search, new branch sides first, then longer
// runs of a loop, in turn with the rarest side by loop turn, each picker
// timed by the coverage it earns), then
// exec.go (the run loop and how a path ends), exec_instr.go (the instruction
// dispatch), value.go (what a symbolic Go value is) and memory.go (objects,
// pointers, lifted arrays and Vecs). exec_arith.go, exec_mem.go,
// exec_call.go, exec_builtin.go, exec_map.go, exec_chan.go, exec_defer.go, exec_iface.go
// and exec_unsafe.go hold the semantics by kind of instruction
// (reinterpret.go reads memory as another type of the same machine words,
// as unsafe code does, views.go keeps a string that unsafe made of an
// array's bytes in step with them, and unsafeaddr.go moves pointers by
// uintptr arithmetic and unsafe.Add); globals.go runs the package
// initializers before the entry, in Go's order (initreach.go: what an
// initializer's skipped call could have changed); reflect.go answers
// reflect's API (Values and Types over concrete types with symbolic
// contents); the Go files in models/ (built only by the executor, see
// load.go) stand in for functions the executor cannot run (assembly, the
// runtime's hooks, fmt's reflection) and intrinsics.go
// answers what they ask that plain Go cannot say; load.go builds SSA
// (the entry's package in debug mode, whose references debugrefs.go takes
// out of the instructions and keeps as positions for coverage;
// load_impls.go adds the module's smallest packages that implement an
// interface parameter no loaded type implements);
// inputs.go makes the symbolic parameters from their types (a method's
// receiver among them; pointers to structs, a nil pointer field as one more
// starting state) and reads concrete ones (and the results) from solver
// models, and inputs_readers.go builds reader inputs (io.Reader,
// *bufio.Reader, *bytes.Buffer, …) over symbolic bytes and the fixed
// inputs (an io.Writer's new buffer), inputs_dest.go an any
// destination's shapes (new(any), a pointer to a struct of the basic
// kinds);
// inputs_ctor.go builds a receiver or parameter whose type has
// unexported fields by running its package's constructor (New…) on
// symbolic arguments first, and inputs_iface.go an interface input as a
// value of one of the program's types that implement it;
// inputs_deepen.go deepens the length bound within a budget (rounds at
// twice the bound while each exhausts its space; under --stop-at-panic the
// finding schedule: from bound 1, a halfway round after the first cut one,
// then a long covnew round); solver.go holds the engine
// and pipe back-ends (the one Solver interface is chain.Solver, and
// NewEngineSolver the one place an engine session is made), querytime.go
// the CPU time of each of their checks (the solver line's median and
// p90); emit.go writes
// --emit-smt2 files; testgen.go writes the reproducing tests, one file
// per package, and fuzzcorpus.go --fuzz-corpus's FuzzX targets and their
// seeds in Go's corpus format; coverage.go counts blocks and lines,
// coverprofile.go writes them as go test -coverprofile does
// (--coverprofile); sarif.go writes the panics as a SARIF 2.1.0 log
// (--sarif); report.go prints a run's text report,
// summary.go its --json summary, and gc.go the collector's setting during
// an exploration (a higher GOGC under a soft limit tied to --max-memory).
// Package mode (sift symex PKG) explores every exported function and
// method of a package in turn: package_entries.go lists them and asks the
// input builder whether it can make each one's inputs (InputsError, the
// one question, so every input kind inputs.go learns is explored),
// package.go runs them one after the other under a CPU budget each, and
// package_report.go prints the table and writes the package's --json.
// unexported.go marks a panic that no path reaches with every unexported
// input field at zero (a receiver no caller outside the package can
// build) and otherwise reports an input with those fields zero.
// executor.go holds Options, Stats and the Result of an exploration,
// state.go a path's State (frames, symbolic loop regions) and cputime.go
// the process CPU time that --cpu-limit reads. The command line, sift
// symex, is cmd/sift's (symex.go): it turns flags into Options and drives
// the exploration.
//
// State merging (--merge, package merge decides what merges): mergesched.go
// parks states at merge points and runs seed 002's Fig. 7 loop, merging the
// states parked at the earliest point when nothing else can run;
// mergeview.go flattens a state into a merge.View (layout and cells, live
// values only) and rebuilds a merged state (the same walk serves the
// follow mode's shadow); trace.go keeps the branch
// decisions of every member of a merge so that --replay stays exact;
// mergeinc.go keeps seed 000's incremental-merging trees (--incremental-merge);
// mergewarmup.go explores as --merge=none does for the first --merge-after
// units of work; mergeyield.go closes barren merge points (their merged
// states split again) and falls back to the warm-up's worklist without
// merging when merging costs more than the exploration it stands for; mergescout.go sends coverage scouts past merge points;
// objects.go numbers objects by allocation site under merging, so heaps pair
// object by object, and pads in the objects a parked state lacks; symptr.go
// holds merged pointers (ite trees over locations) and lifts loads and
// stores over them (seed 002). A merged state's value sets are the join of
// its members' (valuesets.go), so it settles branches as they would, and a
// witness whose moved model fails a pat merge's constraint is retried with
// the merge's other counts. The command line's default is --merge=pat (the
// benchmark of docs/bench/symex-merge); Options.Merge nil explores without
// merging.
//
// What the executor runs, besides integers, strings and control flow:
//   - Arrays and slices of any element type. Scalars and structs of scalars
//     are lifted into SMT arrays (symbolic indices cost nothing); any other
//     element type (strings, slices, pointers, interfaces, maps) is a Vec,
//     accessed at concrete indices: a symbolic index forks (concreteIndex).
//     make with a symbolic length is bounded by capBound.
//   - Maps (exec_map.go): exact for symbolic keys by forking on key
//     equality; insertion order is the iteration order.
//   - defer, recover and panics through deferred calls (exec_defer.go).
//   - Channels within one goroutine (exec_chan.go): make, buffered send
//     and receive, close, len, cap and select over the ready case; an
//     operation that would wait for another goroutine, or a select with
//     several ready cases, ends the path as unsupported.
//   - Interfaces: dispatch on the dynamic type, type switches and
//     assertions, == with the uncomparable-type panic.
//   - unsafe.Pointer round trips, unsafe.String/Slice/SliceData/
//     StringData, and string and slice headers read as each other or as
//     reflect.StringHeader/SliceHeader (exec_unsafe.go, reinterpret.go):
//     a string made of a slice's bytes shares them, and a write that would
//     change it ends the path (views.go). A header's data word compares
//     and subtracts as an address within one input string (dataWordOp),
//     a slice's as an element of its array (ptrWordOp; one with no
//     capacity where its operand pointed). uintptr(p)+n and unsafe.Add
//     move a pointer within its array by whole elements (unsafeaddr.go).
//   - Package initializers run concretely, once, before the entry, in
//     Go's order (a global used earlier starts its package's then).
//   - Models: fmt's printing functions for basic operands (with its
//     flags, widths and precisions), errors.Is, sync.Pool, sync.Map and
//     sync/atomic with atomic.Value (one goroutine), internal/godebug (every setting at its default),
//     unique.Make (intrinsics.go), runtime.KeepAlive, SetFinalizer and
//     Gosched (models/runtime.go), and time's clock: concrete, moving
//     forward at every reading, Local being UTC (models/time.go).
//   - ssa:wrapnilchk, the nil check of a value method called through a
//     pointer, panics as the runtime does (exec_builtin.go).
//
// Not modelled (the path ends as unsupported): goroutines, channels,
// select, complex numbers, uintptr arithmetic on pointers, and the parts
// of reflect beyond reflect.go's (method sets, functions, DeepEqual,
// MapKeys, conversions).
//
// Known imprecision: the capacity an append gives a grown slice is 2*cap or
// the new length, not the runtime's size-class rounding, so cap() after a
// growing append can differ from a real run. Map iteration follows
// insertion order, one of the orders Go allows; a real run may take
// another, so a generated test whose result depends on the order can fail.
package symex
