package timing

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// xnaRig is a ProfileXNA scheduler on a ManualClock, started at zero.
func xnaRig(t *testing.T, fixed bool, maxElapsed TimeSpan) (*ManualClock, *recorder, *Scheduler) {
	t.Helper()
	clock := NewManualClock(0)
	rec := &recorder{clock: clock}
	s, err := NewScheduler(clock, clock, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetProfile(ProfileXNA); err != nil {
		t.Fatal(err)
	}
	s.SetFixedTimeStep(fixed)
	if err := s.SetMaxElapsedTime(maxElapsed); err != nil {
		t.Fatal(err)
	}
	s.Start()
	return clock, rec, s
}

// TestT22_ElapsedNeverNegativeOnAJumpOf2To63 replays what `sample clock
// -profile xna -max 2^62` did with a trace of two deltas: the source falls
// to the smallest Duration (a reset: no time passed), then jumps back to
// zero, a difference of 2^63 ns that a plain subtraction wraps negative.
// XNA clamps a negative elapsed to zero; here the difference saturates and
// MaxElapsedTime clamps it, so no Update or Draw ever sees negative time,
// and in fixed step no Draw comes without an Update and the accumulator
// stays in [0, target).
func TestT22_ElapsedNeverNegativeOnAJumpOf2To63(t *testing.T) {
	const maxElapsed = TimeSpan(1) << 62
	for _, fixed := range []bool{false, true} {
		clock, rec, s := xnaRig(t, fixed, maxElapsed)
		if fixed { // a step long enough that the jump runs a few updates, not 5e11
			if err := s.SetTargetElapsedTime(1e16); err != nil {
				t.Fatal(err)
			}
		}
		for _, at := range []time.Duration{math.MinInt64, 0, math.MinInt64, math.MaxInt64 - 1} {
			clock.Set(at)
			if err := s.Tick(); err != nil {
				t.Fatalf("fixed=%v: Tick at %d: %v", fixed, at, err)
			}
			if a := s.Accumulated(); a < 0 || (fixed && a >= s.TargetElapsedTime()) {
				t.Fatalf("fixed=%v: accumulator %d after the tick at %d", fixed, a, at)
			}
		}
		updates := 0
		var sum TimeSpan
		for _, c := range rec.calls {
			switch c.kind {
			case "update":
				updates++
				sum += c.gt.ElapsedGameTime
			case "draw":
				if updates < 2 { // the priming update does not count
					t.Errorf("fixed=%v: a Draw before the first tick's Update", fixed)
				}
			}
			if c.gt.ElapsedGameTime < 0 || c.gt.TotalGameTime < 0 {
				t.Fatalf("fixed=%v: %v sees negative time", fixed, c)
			}
		}
		if s.TotalGameTime() != sum {
			t.Errorf("fixed=%v: total %d, sum of update elapsed %d", fixed, s.TotalGameTime(), sum)
		}
		if want := TimeSpan(math.MaxInt64 / nsPerTick); !fixed && rec.of("update")[2].gt.ElapsedGameTime != want {
			t.Errorf("variable: the 2^63 ns jump measured %d ticks, want the saturated %d", rec.of("update")[2].gt.ElapsedGameTime, want)
		}
	}
}

// TestT22_HugeMaxElapsedKeepsDeltas: a MaxElapsedTime of 2^62 ticks or more
// means "no clamp"; it must not zero or negate ordinary deltas.
func TestT22_HugeMaxElapsedKeepsDeltas(t *testing.T) {
	for _, maxElapsed := range []TimeSpan{1 << 62, MaxTimeSpan} {
		for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
			clock := NewManualClock(0)
			rec := &recorder{clock: clock}
			s, _ := NewScheduler(clock, clock, rec)
			if err := s.SetProfile(profile); err != nil {
				t.Fatal(err)
			}
			s.SetFixedTimeStep(false)
			if err := s.SetMaxElapsedTime(maxElapsed); err != nil {
				t.Fatal(err)
			}
			s.Start()
			for _, d := range []TimeSpan{166_667, 500_000, 7} {
				clock.Advance(d.Duration())
				if err := s.Tick(); err != nil {
					t.Fatal(err)
				}
				u := rec.of("update")
				if got := u[len(u)-1].gt.ElapsedGameTime; got != d {
					t.Errorf("%v max=%d: delta %d read as %d", profile, maxElapsed, d, got)
				}
			}
		}
	}
}

// TestT2_OverflowingDifferenceSaturatesInTheDefaultProfile: under the
// default profile a difference of 2^63 ns between two readings is not lost
// (the old code wrapped it negative and counted it as zero).
func TestT2_OverflowingDifferenceSaturatesInTheDefaultProfile(t *testing.T) {
	clock := NewManualClock(math.MinInt64)
	rec := &recorder{clock: clock}
	s, _ := NewScheduler(clock, clock, rec)
	s.SetFixedTimeStep(false)
	if err := s.SetMaxElapsedTime(MaxTimeSpan); err != nil {
		t.Fatal(err)
	}
	s.Start()
	clock.Set(0)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.of("update")[0].gt.ElapsedGameTime, TimeSpan(math.MaxInt64/nsPerTick); got != want {
		t.Fatalf("elapsed %d, want the saturated %d", got, want)
	}
}

// TestT9_TargetBeyondASourcesRangeIsRejected: a target no Duration can
// measure would make a fixed-step wait endless (`sample clock -target
// 2^63-1 -max 2^63-1` hung), so it is an error naming the limit.
func TestT9_TargetBeyondASourcesRangeIsRejected(t *testing.T) {
	g := newRig(t)
	if err := g.s.SetMaxElapsedTime(MaxTimeSpan); err != nil {
		t.Fatal(err)
	}
	err := g.s.SetTargetElapsedTime(MaxTargetElapsedTime + 1)
	if err == nil || !strings.Contains(err.Error(), "92233720368547758") {
		t.Fatalf("err = %v, want one naming MaxTargetElapsedTime", err)
	}
	if err := g.s.SetTargetElapsedTime(MaxTargetElapsedTime); err != nil {
		t.Fatalf("the limit itself: %v", err)
	}
}

// TestT21_LongestTargetWaitIsOneCall: the longest target accepted, waited
// for on a virtual clock, takes a bounded number of waits (the old code
// slept 1 ms at a time: about 9e12 sleeps).
func TestT21_LongestTargetWaitIsOneCall(t *testing.T) {
	clock := &countingVirtual{ManualClock: NewManualClock(0)}
	rec := &recorder{clock: clock}
	s, _ := NewScheduler(clock, clock, rec)
	if err := s.SetMaxElapsedTime(MaxTimeSpan); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTargetElapsedTime(MaxTargetElapsedTime); err != nil {
		t.Fatal(err)
	}
	s.Start()
	clock.Advance(100)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if clock.waits != 1 || clock.sleeps != 0 || clock.yields != 0 {
		t.Fatalf("waits=%d sleeps=%d yields=%d, want one WaitUntil", clock.waits, clock.sleeps, clock.yields)
	}
	if n := len(rec.of("update")); n != 1 {
		t.Fatalf("%d updates, want 1", n)
	}
}

// countingVirtual is a ManualClock that is a VirtualWaiter and counts the
// calls it gets.
type countingVirtual struct {
	*ManualClock
	reads, waits, sleeps, yields int
}

func (c *countingVirtual) Now() time.Duration               { c.reads++; return c.ManualClock.Now() }
func (c *countingVirtual) Sleep(d time.Duration)            { c.sleeps++; c.ManualClock.Sleep(d) }
func (c *countingVirtual) Yield(deadline time.Duration)     { c.yields++; c.ManualClock.Yield(deadline) }
func (c *countingVirtual) WaitUntil(deadline time.Duration) { c.waits++; c.ManualClock.Yield(deadline) }

// TestT21_SaturatedSourceFailsTheTick: a virtual source at the end of its
// range reports ErrSourceExhausted instead of time wrapping negative.
func TestT21_SaturatedSourceFailsTheTick(t *testing.T) {
	for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
		for _, fixed := range []bool{true, false} {
			f, err := NewFixedDt(1_000_000 * time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder{clock: f}
			s, _ := NewScheduler(f, f, rec)
			if err := s.SetProfile(profile); err != nil {
				t.Fatal(err)
			}
			s.SetFixedTimeStep(fixed)
			s.Start()
			var tickErr error
			ticks := 0
			for ; ticks < 10 && tickErr == nil; ticks++ {
				f.AdvanceTick()
				if f.Now() < 0 {
					t.Fatalf("%v fixed=%v: the clock wrapped to %d", profile, fixed, f.Now())
				}
				tickErr = s.Tick()
			}
			if !errors.Is(tickErr, ErrSourceExhausted) {
				t.Fatalf("%v fixed=%v: after %d ticks err = %v, want ErrSourceExhausted", profile, fixed, ticks, tickErr)
			}
			for _, c := range rec.calls {
				if c.gt.ElapsedGameTime < 0 || c.gt.TotalGameTime < 0 {
					t.Fatalf("%v fixed=%v: %v", profile, fixed, c)
				}
			}
		}
	}
}
