package timing

import (
	"runtime"
	"time"
)

// SystemClock reads the system's monotonic clock and sleeps for real. On
// Windows it reads QueryPerformanceCounter (rule T26), whose steps are well
// under a microsecond; elsewhere it reads Go's monotonic clock.
// The zero value is not usable; call NewSystemClock.
type SystemClock struct {
	mono monotonic
}

// NewSystemClock returns a SystemClock whose origin is now.
func NewSystemClock() *SystemClock {
	return &SystemClock{mono: newMonotonic()}
}

// Now returns the monotonic time since the clock was made.
func (c *SystemClock) Now() time.Duration { return c.mono.since() }

// Sleep sleeps for d with time.Sleep.
func (c *SystemClock) Sleep(d time.Duration) { time.Sleep(d) }

// SleepUntil sleeps until the clock reads about deadline. On Linux it is
// one clock_nanosleep on an absolute CLOCK_MONOTONIC deadline with the
// calling thread's timer slack lowered to 1 ns (call it from the loop's
// locked OS thread); elsewhere a time.Sleep.
func (c *SystemClock) SleepUntil(deadline time.Duration) {
	sleepUntilPrecise(deadline - c.Now())
}

// yieldSpin is how long one SystemClock.Yield spins on the clock before it
// gives the processor up.
const yieldSpin = time.Millisecond

// Yield re-reads the clock until deadline, for at most 1 ms, and then,
// if the deadline is still ahead, calls runtime.Gosched. Spinning on the
// clock keeps the short final wait of a tick on its own thread: a Gosched
// per read would wake another thread of the Go scheduler to look for work
// each time, costing CPU on a second core.
func (c *SystemClock) Yield(deadline time.Duration) {
	end := min(deadline, c.Now()+yieldSpin)
	for c.Now() < end {
	}
	if c.Now() < deadline {
		runtime.Gosched()
	}
}
