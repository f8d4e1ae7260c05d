package timing

import (
	"fmt"
	"math"
	"time"
)

// FixedDt is a virtual Source and Waiter for deterministic runs (rule T21):
// its time starts at zero and moves only in whole steps of dt, on events of
// the main loop, never with the host's clock. Two runs that make the same
// calls read the same times.
//
//   - AdvanceTick: +dt, once per main-loop tick.
//   - Present: the first present since the last AdvanceTick (or since
//     NewFixedDt) is free, the main loop's own; each further present in the
//     same tick is +dt, so a modal loop that presents sees time move.
//   - Pump: +dt, for loops that wait without presenting.
//   - Sleep and Yield: each call pumps once, whatever it asks for, so a dt
//     smaller than the scheduler's target still ends a wait (and never
//     looks like a stalled source, rule T14).
//   - WaitUntil: as many pumps as reach the deadline, in one step. A
//     Scheduler waits through it (FixedDt is a VirtualWaiter), so a wait
//     costs the same whatever dt is.
//
// Its time is exact up to the largest time.Duration (about 292 years of
// steps); a step past it saturates there, and a Scheduler reading the
// saturated value fails its tick with ErrSourceExhausted instead of seeing
// time wrap negative. The zero value is not usable; make one with
// NewFixedDt. A FixedDt is not safe for concurrent use.
type FixedDt struct {
	dt        time.Duration
	now       time.Duration
	presented bool // a present already happened since the last AdvanceTick
}

// FixedDt is both halves of the scheduler's time seam.
var (
	_ Source        = (*FixedDt)(nil)
	_ VirtualWaiter = (*FixedDt)(nil)
)

// NewFixedDt returns a FixedDt reading zero that steps by dt, which must be
// positive.
func NewFixedDt(dt time.Duration) (*FixedDt, error) {
	if dt <= 0 {
		return nil, fmt.Errorf("fixed dt source: dt must be positive, got %v", dt)
	}
	return &FixedDt{dt: dt}, nil
}

// Now returns the virtual time: dt times the steps taken so far.
func (f *FixedDt) Now() time.Duration { return f.now }

// Dt returns the step.
func (f *FixedDt) Dt() time.Duration { return f.dt }

// AdvanceTick moves time by dt. Call it once per main-loop tick; the next
// Present is then free.
func (f *FixedDt) AdvanceTick() {
	f.now = addNs(f.now, f.dt)
	f.presented = false
}

// Present records a presented frame. The first since the last AdvanceTick
// costs nothing; every further one moves time by dt.
func (f *FixedDt) Present() {
	if f.presented {
		f.now = addNs(f.now, f.dt)
	}
	f.presented = true
}

// Pump moves time by dt, for waits that do not present.
func (f *FixedDt) Pump() { f.now = addNs(f.now, f.dt) }

// Sleep pumps once, whatever d is: waiting in fixed-dt mode is virtual.
func (f *FixedDt) Sleep(d time.Duration) { f.Pump() }

// Yield pumps once, whatever the deadline: a waiter that yields until its
// deadline gets there in ceil(remaining / dt) calls.
func (f *FixedDt) Yield(deadline time.Duration) { f.Pump() }

// WaitUntil pumps as many times as it takes to read at least deadline, in
// one step: it lands on the first multiple of dt (counted from the current
// time) at or after deadline, exactly where pumping one dt at a time would
// stop (T21).
func (f *FixedDt) WaitUntil(deadline time.Duration) {
	if deadline <= f.now {
		return
	}
	gap := deadline - f.now
	if gap < 0 { // the difference overflows: beyond the range anyway
		f.now = math.MaxInt64
		return
	}
	steps := gap / f.dt
	if gap%f.dt != 0 {
		steps++
	}
	if steps > (math.MaxInt64-f.now)/f.dt {
		f.now = math.MaxInt64
		return
	}
	f.now += steps * f.dt
}
