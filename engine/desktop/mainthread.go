package desktop

import "runtime"

// GLFW must be driven from the process's main OS thread (rule W1). Package
// initialisation runs on the main goroutine, which starts on the main
// thread, so locking it here keeps main (and Run, called from it) there:
// a game that imports desktop needs no init of its own.
func init() { runtime.LockOSThread() }
