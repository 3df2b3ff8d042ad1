//go:build siftmodels

// Models of package os whose values the runtime hands over at start-up.
package siftmodels

import "syscall"

// The runtime fills os.Args from the command line. The explored function
// runs as a program started without arguments (one name that does not
// end in ".test"): the value one real run sees, and the one whose
// behaviour the explored paths describe. Code that checks os.Args (such as
// x/mod's lazyregexp, which compiles eagerly under `go test`) takes the
// same results either way.
//
//sift:model os.runtime_args
func osRuntimeArgs() []string { return []string{"program"} }

// os's initializer asks for the flags of the standard files (os.Stdin,
// Stdout, Stderr) to note O_APPEND and O_NONBLOCK; the model answers as
// for descriptors opened with neither, as a terminal is.
//
//sift:model internal/syscall/unix.Fcntl
func unixFcntl(fd int, cmd int, arg int) (int, error) { return 0, nil }

// The runtime hands package syscall the environment; the explored function
// runs with an empty one (os.Getenv returns "" for every key).
//
//sift:model syscall.runtime_envs
func syscallRuntimeEnvs() []string { return nil }

// syscall's initializer raises the soft limit of open files through
// getrlimit/setrlimit; the model reports the limit unavailable, so that it
// is left alone (it matters only to child processes).
//
//sift:model syscall.Getrlimit
func syscallGetrlimit(resource int, rlim *syscall.Rlimit) error { return syscall.ENOSYS }

// A finalizer runs when the collector finds its object unreachable, which
// may be never; the explored paths never run one.
//
//sift:model runtime.SetFinalizer
func runtimeSetFinalizer(obj any, finalizer any) {}
