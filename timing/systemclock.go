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

// Yield calls runtime.Gosched; the deadline is ignored.
func (c *SystemClock) Yield(deadline time.Duration) { runtime.Gosched() }
