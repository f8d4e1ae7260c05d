// Package launchtrace times a program's start-up: with
// METRONOME_LAUNCH_TRACE=1 in the environment, each Mark prints to
// standard error the milliseconds since the package was initialised (just
// before main) and what was reached, so a slow launch can be taken apart
// step by step (window, driver load, instance, device, pipelines,
// swapchain, first present). The first line says which Unix time is 0 ms,
// so a script that noted when it started the process can time the steps
// from the exec (scripts/bench/compare.sh does). Without it a Mark is one branch on a
// boolean; marks belong on start-up and teardown paths, never in a frame.
package launchtrace

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Env is the environment variable that turns the trace on.
const Env = "METRONOME_LAUNCH_TRACE"

var (
	on    = os.Getenv(Env) == "1"
	start = time.Now()
	mu    sync.Mutex
	out   io.Writer = os.Stderr
	head  bool      // the first line (which Unix time is 0 ms) was printed
)

// On reports whether the trace is on.
func On() bool { return on }

// Zero returns the moment the trace counts from (0 ms).
func Zero() time.Time { return start }

// Mark records that the start-up reached what (for example "instance
// created"); safe from any goroutine.
func Mark(what string) {
	if !on {
		return
	}
	d := time.Since(start)
	mu.Lock()
	defer mu.Unlock()
	if !head {
		head = true
		us := start.UnixMicro()
		fmt.Fprintf(out, "launch trace: 0 ms is Unix time %d.%06d s\n", us/1e6, us%1e6)
	}
	fmt.Fprintf(out, "launch %8.2f ms  %s\n", float64(d.Microseconds())/1000, what)
}

// capture turns the trace on and sends it to w until the returned
// function restores the previous state (tests).
func capture(w io.Writer) (restore func()) {
	mu.Lock()
	oldOn, oldOut, oldHead := on, out, head
	on, out, head = true, w, false
	mu.Unlock()
	return func() {
		mu.Lock()
		on, out, head = oldOn, oldOut, oldHead
		mu.Unlock()
	}
}
