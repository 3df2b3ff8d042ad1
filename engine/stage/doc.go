// Package stage is what a stage of the engine's pipeline is: the Problem it
// is handed, the Verdict it returns, and the capabilities the driver looks
// for (capability.go). Package engine's driver runs the stages; the stages
// live in engine (the small ones), engine/bitblast and engine/z3, each of
// which imports this package and none of which imports another stage.
//
//	problem.go     Problem: the question, and the array analysis the
//	               stages that need it share through it (ArrayAnalysis)
//	posed.go       Posed: the script text that posed a problem
//	verdict.go     Verdict, ModelChecker, ModelMap, ContextReason
//	capability.go  Stage, Transformer, IndexPreserver, TimeSharer, Closer, StatsReporter,
//	               Prestarter
//
// Answers are term.Status, the one answer type of every layer.
package stage
