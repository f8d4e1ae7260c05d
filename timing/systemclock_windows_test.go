package timing

import (
	"slices"
	"testing"
	"time"
)

// TestT26_SystemClockStepsFinerThanTheTimerPeriod: on Windows the clock
// reads the performance counter, not Go's monotonic clock (the interrupt
// time). The median of 100 observed steps between back-to-back reads must
// be under 5 µs: measured, the counter moves by 100 ns (10 MHz) under Wine
// 8.0, Go's clock by about 50 µs there and by the timer period (0.5-15.6 ms)
// on real Windows. No step's length is timed.
func TestT26_SystemClockStepsFinerThanTheTimerPeriod(t *testing.T) {
	c := NewSystemClock()
	if c.mono.freq == 0 {
		t.Fatal("QueryPerformanceCounter could not be read: the clock fell back to Go's monotonic clock")
	}
	steps := make([]time.Duration, 0, 100)
	prev := c.Now()
	for len(steps) < cap(steps) {
		now := c.Now()
		if now > prev {
			steps = append(steps, now-prev)
		}
		prev = now
	}
	slices.Sort(steps)
	if median := steps[len(steps)/2]; median >= 5*time.Microsecond {
		t.Fatalf("median step between reads %v, want under 5 µs (steps %v)", median, steps)
	}
}

// TestT26_SystemClockAgreesWithGoClock: across a real sleep the counter
// clock advances as much as Go's clock, so the counter frequency is applied
// right. Each counter read is bracketed by two reads of Go's clock, so a
// preemption widens the allowed range instead of failing the test; the
// slack is one step of Go's clock on real Windows (15.6 ms at most).
func TestT26_SystemClockAgreesWithGoClock(t *testing.T) {
	const slack = 16 * time.Millisecond
	c := NewSystemClock()
	g0a := time.Now()
	c0 := c.Now()
	g0b := time.Now()
	time.Sleep(200 * time.Millisecond)
	g1a := time.Now()
	c1 := c.Now()
	g1b := time.Now()
	ours, lo, hi := c1-c0, g1a.Sub(g0b)-slack, g1b.Sub(g0a)+slack
	if ours < lo || ours > hi {
		t.Fatalf("over a 200 ms sleep the counter clock moved %v; Go's clock says between %v and %v", ours, lo, hi)
	}
}
