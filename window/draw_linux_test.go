package window

import (
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used.
func threadCPU() (time.Duration, error) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, err
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// TestW2_WaitEventsDoesNotSpin checks that a loop waiting while it cannot
// draw sleeps in the kernel: a spinning wait would use about as much CPU as
// it waits (at least half of it even with the core shared); a sleeping one
// uses almost none. The wait is long against the bound, not timed itself.
func TestW2_WaitEventsDoesNotSpin(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	const wait = 300 * time.Millisecond
	var before, after time.Duration
	var err1, err2 error
	Do(func() {
		w.PollEvents(nil)
		before, err1 = threadCPU()
		for range 3 {
			WaitEvents(wait / 3)
		}
		after, err2 = threadCPU()
	})
	if err1 != nil || err2 != nil {
		t.Fatalf("getrusage: %v, %v", err1, err2)
	}
	if used := after - before; used > wait/5 {
		t.Fatalf("waiting %v used %v of CPU on the main thread; want under %v", wait, used, wait/5)
	}
}
