package timing

import (
	"fmt"
	"math"
	"math/bits"
)

// Defaults of NewDefaultFixedStepClock (rules T16, T17). They are the
// FixedStepClock's own, not the Scheduler's (whose default step is 1/60 s,
// DefaultTargetElapsedTime).
const (
	// DefaultFixedStepClockRate is a FixedStepClock's default simulation
	// rate: 20 ticks per second, one tick per 50 ms.
	DefaultFixedStepClockRate = 20
	// DefaultMaxTicksPerFrame is the most ticks one Advance returns before
	// the rest of a stall is dropped (rule T16): 4 ticks, 200 ms at 20 Hz.
	DefaultMaxTicksPerFrame = 4
)

// FixedStep is what one FixedStepClock.Advance owes the caller (rule T16).
type FixedStep struct {
	// Ticks is the number of simulation ticks to run now, 0..maxTicksPerFrame.
	Ticks int
	// Alpha is the progress toward the next tick, in [0, 1): the leftover
	// accumulator divided by the cost of one tick. Use it to interpolate
	// drawing between the previous and the current simulation state.
	Alpha float64
	// Dropped is true when more than maxTicksPerFrame ticks were owed: the
	// whole ticks beyond the cap were discarded, only the fraction kept.
	Dropped bool
}

// FixedStepClock turns elapsed time, in the caller's timestamp units, into a
// whole number of fixed simulation ticks (rules T16, T17). Its accumulator is
// an integer in (timestamp units x ticks per second), so one tick costs
// exactly timestampFrequency units and no time is ever rounded away.
//
// The zero value owes no ticks; make a working one with NewFixedStepClock.
// A FixedStepClock is not safe for concurrent use.
type FixedStepClock struct {
	freq uint64 // timestamp units per second; the cost of one tick
	tps  uint64 // simulation ticks per second
	max  uint64 // most ticks per Advance
	acc  uint64 // leftover, in units x tps; always < freq between calls
}

// NewFixedStepClock returns a clock for timestamps counted at
// timestampFrequency units per second (1000 for milliseconds, 1e9 for
// nanoseconds), running ticksPerSecond simulation ticks per second and at
// most maxTicksPerFrame of them per Advance. Each argument must be positive;
// otherwise the error names the first bad one.
func NewFixedStepClock(timestampFrequency int64, ticksPerSecond, maxTicksPerFrame int) (*FixedStepClock, error) {
	switch {
	case timestampFrequency <= 0:
		return nil, fmt.Errorf("fixed step clock: timestampFrequency must be positive, got %d", timestampFrequency)
	case ticksPerSecond <= 0:
		return nil, fmt.Errorf("fixed step clock: ticksPerSecond must be positive, got %d", ticksPerSecond)
	case maxTicksPerFrame <= 0:
		return nil, fmt.Errorf("fixed step clock: maxTicksPerFrame must be positive, got %d", maxTicksPerFrame)
	}
	return &FixedStepClock{
		freq: uint64(timestampFrequency),
		tps:  uint64(ticksPerSecond),
		max:  uint64(maxTicksPerFrame),
	}, nil
}

// NewDefaultFixedStepClock returns a clock with the defaults,
// DefaultFixedStepClockRate and DefaultMaxTicksPerFrame, for timestamps counted
// at timestampFrequency units per second (which must be positive).
func NewDefaultFixedStepClock(timestampFrequency int64) (*FixedStepClock, error) {
	return NewFixedStepClock(timestampFrequency, DefaultFixedStepClockRate, DefaultMaxTicksPerFrame)
}

// Advance adds elapsed timestamp units (a negative elapsed counts as zero)
// and returns the ticks now owed. When more than maxTicksPerFrame are owed it
// returns the maximum, keeps only the fraction of a tick and sets Dropped.
// The product elapsed x ticksPerSecond is computed in 128 bits, so it never
// overflows. Advance does not allocate.
func (c *FixedStepClock) Advance(elapsed int64) FixedStep {
	if c.freq == 0 {
		return FixedStep{}
	}
	var e uint64
	if elapsed > 0 {
		e = uint64(elapsed)
	}
	hi, lo := bits.Mul64(e, c.tps)
	lo, carry := bits.Add64(lo, c.acc, 0)
	hi += carry // no overflow: e, tps < 2^63 and acc < 2^63
	if hi >= c.freq {
		// The quotient needs more than 64 bits: far more than max is owed.
		c.acc = bits.Rem64(hi, lo, c.freq)
		return FixedStep{Ticks: int(c.max), Alpha: c.alpha(), Dropped: true}
	}
	ticks, rem := bits.Div64(hi, lo, c.freq)
	c.acc = rem
	if ticks > c.max {
		return FixedStep{Ticks: int(c.max), Alpha: c.alpha(), Dropped: true}
	}
	return FixedStep{Ticks: int(ticks), Alpha: c.alpha()}
}

// alpha is acc / freq, held below 1 where float64 rounding would reach it.
func (c *FixedStepClock) alpha() float64 {
	a := float64(c.acc) / float64(c.freq)
	if a >= 1 {
		return math.Nextafter(1, 0)
	}
	return a
}

// Reset discards the accumulated fraction of a tick, as when resuming from a
// pause whose wall time should not become simulation time.
func (c *FixedStepClock) Reset() { c.acc = 0 }
