package timing

import (
	"math"
	"time"
)

// Source is a counter of elapsed time (rule T2). Production sources are
// monotonic; an injected one may be reset, and readers treat a value smaller
// than the last one as "no time passed", never as negative time.
type Source interface {
	// Now returns the time since an arbitrary, fixed origin.
	Now() time.Duration
}

// Waiter is how timing code waits (rule T2). The scheduler never calls
// time.Sleep itself, so tests move virtual time instead of waiting.
type Waiter interface {
	// Sleep blocks for about d. The scheduler asks for 1 ms at a time and
	// measures how long it really took.
	Sleep(d time.Duration)
	// Yield gives up the processor briefly while the caller waits for its
	// Source to read at least deadline. A virtual clock may jump to it.
	Yield(deadline time.Duration)
}

// DeadlineSleeper is an optional Waiter extension used by the WaitPrecise
// policy: one sleep that ends as close after a deadline as the OS allows.
type DeadlineSleeper interface {
	// SleepUntil blocks until about the time the Source reads deadline;
	// it may wake late, never much early.
	SleepUntil(deadline time.Duration)
}

// ManualClock is a virtual Source and Waiter that moves only when told:
// by Advance and Set, or by Sleep (which steps the clock by the requested
// span) and Yield (which jumps to the deadline). It never really waits.
// It is not safe for concurrent use.
type ManualClock struct {
	now time.Duration
}

// NewManualClock returns a ManualClock that reads start.
func NewManualClock(start time.Duration) *ManualClock {
	return &ManualClock{now: start}
}

// Now returns the clock's current reading.
func (c *ManualClock) Now() time.Duration { return c.now }

// Advance moves the clock forward by d; a negative d moves it back, as a
// reset of an injected source would. The reading saturates at the largest
// and smallest time.Duration instead of wrapping.
func (c *ManualClock) Advance(d time.Duration) {
	switch {
	case d > 0 && c.now > math.MaxInt64-d:
		c.now = math.MaxInt64
	case d < 0 && c.now < math.MinInt64-d:
		c.now = math.MinInt64
	default:
		c.now += d
	}
}

// Set makes the clock read t.
func (c *ManualClock) Set(t time.Duration) { c.now = t }

// Sleep advances the clock by d.
func (c *ManualClock) Sleep(d time.Duration) {
	if d > 0 {
		c.Advance(d)
	}
}

// Yield moves the clock to deadline if it reads less.
func (c *ManualClock) Yield(deadline time.Duration) {
	if deadline > c.now {
		c.now = deadline
	}
}
