package window

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"
)

// runner is the state of one Main call: Do sends work on calls, the main
// thread answers on done (with a recovered panic or nil), stopped is closed
// when Main's body has returned.
type runner struct {
	calls   chan func()
	done    chan any
	stopped chan struct{}
}

// current is the runner of the Main call in progress, or nil.
var current atomic.Pointer[runner]

// Main runs body on a new goroutine while the calling goroutine serves [Do]
// on the main OS thread (rule W1), and returns body's result once body has
// returned. It must be called from the main goroutine of package main (or
// from TestMain) after runtime.LockOSThread was called in an init function;
// it panics otherwise, and when another Main is already running, since both
// are bugs in the program, not conditions to handle.
//
// Do calls still waiting when body returns panic in their callers.
func Main(body func() int) int {
	runtime.LockOSThread()
	if !onMainThread() {
		panic("window.Main must be called on the main OS thread: call runtime.LockOSThread in an init function of package main and call Main from main (or TestMain)")
	}
	r := &runner{calls: make(chan func()), done: make(chan any), stopped: make(chan struct{})}
	if !current.CompareAndSwap(nil, r) {
		panic("window.Main is already running")
	}
	defer current.Store(nil)
	result := make(chan int, 1)
	go runBody(body, result)
	for {
		select {
		case f := <-r.calls:
			r.done <- runRecovered(f)
		case code := <-result:
			close(r.stopped)
			return code
		}
	}
}

// runBody runs body and reports its result; 2 if body ends by runtime.Goexit.
func runBody(body func() int, result chan<- int) {
	code := 2
	defer func() { result <- code }()
	code = body()
}

// runRecovered runs f and returns what it panicked with (nil if it did not),
// with the main thread's stack attached so the caller's panic shows where it
// started.
func runRecovered(f func()) (panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = mainThreadPanic{value: p, stack: debug.Stack()}
		}
	}()
	f()
	return nil
}

// mainThreadPanic carries a panic from the main thread back to the
// goroutine that called Do.
type mainThreadPanic struct {
	value any
	stack []byte
}

func (p mainThreadPanic) String() string {
	return fmt.Sprintf("panic in window.Do on the main thread: %v\n\nmain thread stack:\n%s", p.value, p.stack)
}

// Do runs f on the main OS thread and returns when f has returned (rule W1).
// Called on the main thread itself (for example from inside another Do), it
// runs f inline. Elsewhere it needs a [Main] call in progress; without one it
// panics, since f could never run. A panic in f is re-raised in the caller.
func Do(f func()) {
	if onMainThread() {
		f()
		return
	}
	r := current.Load()
	if r == nil {
		panic("window.Do called off the main thread while window.Main is not running")
	}
	select {
	case r.calls <- f:
	case <-r.stopped:
		panic("window.Do called after window.Main's body returned")
	}
	if p := <-r.done; p != nil {
		panic(p)
	}
}

// OnMainThread reports whether the caller runs on the process's main OS
// thread, where GLFW calls are allowed (rule W1).
func OnMainThread() bool { return onMainThread() }
