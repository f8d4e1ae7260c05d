package window

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// DisplayLostStatus is the exit status of a process whose connection to the
// X server broke (the server died or closed the connection): it differs
// from the 1 Xlib exits with on its own, and from a failure to start.
const DisplayLostStatus = 3

// lostHook is the function OnDisplayLost registered, or nil.
var lostHook atomic.Pointer[func()]

// OnDisplayLost registers f to run when the connection to the X server
// breaks; nil removes it. Xlib cannot go on after that: the package prints
// one message ("the X server closed the connection") to stderr, runs f and
// ends the process with DisplayLostStatus, whatever f does (a panic in f is
// printed and the exit follows). Use f to save what the program has so far.
//
// f runs on the thread whose Xlib call found the connection broken: the
// main thread inside PollEvents or WaitEvents, in the usual case, while the
// game loop waits for it; Wake from another goroutine can meet it first.
// f must not call GLFW or this package, nor draw with Vulkan on the
// window: the display is gone. It is process-wide: the last call wins.
// Without an X11 display (Windows, macOS, Wayland) f is never called.
func OnDisplayLost(f func()) {
	if f == nil {
		lostHook.Store(nil)
		return
	}
	lostHook.Store(&f)
}

// lostExit is what displayLost ends with; tests replace it, the output and
// lostPark.
var (
	lostExit             = os.Exit
	lostOutput io.Writer = os.Stderr
	// lostPark holds a second thread that meets the broken connection
	// while the first runs the hook, for at most 10 s: the first one's
	// exit ends it sooner.
	lostPark = func() { time.Sleep(10 * time.Second) }
)

// lostOnce lets one thread handle the loss; the others wait for its exit.
var (
	lostMu      sync.Mutex
	lostHandled bool
)

// displayLost handles a broken X connection: one message, the hook, the
// exit with DisplayLostStatus. It returns only when a replaced lostExit
// does.
func displayLost() {
	lostMu.Lock()
	first := !lostHandled
	lostHandled = true
	lostMu.Unlock()
	if !first {
		lostPark()
		lostExit(DisplayLostStatus)
		return
	}
	fmt.Fprintf(lostOutput, "%s: the X server closed the connection (DISPLAY=%q): the window is gone; exiting with status %d\n",
		filepath.Base(os.Args[0]), os.Getenv("DISPLAY"), DisplayLostStatus)
	runLostHook()
	lostExit(DisplayLostStatus)
}

// runLostHook runs the registered hook, printing a panic instead of
// letting it skip the exit.
func runLostHook() {
	f := lostHook.Load()
	if f == nil {
		return
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(lostOutput, "%s: the display-lost hook panicked: %v\n", filepath.Base(os.Args[0]), p)
		}
	}()
	(*f)()
}
