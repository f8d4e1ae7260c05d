package timing

import (
	"errors"
	"testing"
	"time"
)

// coarseClock is a source that advances in steps (Windows' interrupt time:
// 1 ms, 15.6 ms): the true time moves by what each Sleep asks for and by
// yield per Yield, and Now reads it rounded down to a whole step.
type coarseClock struct {
	true  time.Duration
	step  time.Duration
	yield time.Duration
	reads int
}

func (c *coarseClock) Now() time.Duration           { c.reads++; return c.true / c.step * c.step }
func (c *coarseClock) Sleep(d time.Duration)        { c.true += max(d, 0) }
func (c *coarseClock) Yield(deadline time.Duration) { c.true += c.yield }

// TestT14_CoarseSourceIsSlowNeverStalled runs a fixed step on sources that
// advance only in 1 ms and 15.6 ms steps, under every waiting policy and
// with yields as short as 20 ns: no tick reports a stall (the old rule, a
// count of 10,000 identical reads, did after one 15.6 ms step of 1 µs
// yields), every tick runs at least one update, and no time is lost: the
// total plus the accumulator (plus the first update's step) is exactly what
// the source read since Start.
func TestT14_CoarseSourceIsSlowNeverStalled(t *testing.T) {
	for _, step := range []time.Duration{time.Millisecond, 15_600 * time.Microsecond} {
		for _, policy := range []WaitPolicy{WaitAdaptive, WaitAdaptiveFNA, WaitBusy, WaitPrecise} {
			for _, c := range []struct {
				yield time.Duration
				ticks int
			}{{time.Microsecond, 60}, {20 * time.Nanosecond, 4}} {
				clock := &coarseClock{step: step, yield: c.yield, true: time.Hour}
				rec := &recorder{clock: clock}
				s, _ := NewScheduler(clock, clock, rec)
				if err := s.SetWaitPolicy(policy); err != nil {
					t.Fatal(err)
				}
				s.Start()
				start := clock.Now()
				for i := range c.ticks {
					before := len(rec.of("update"))
					if err := s.Tick(); err != nil {
						t.Fatalf("step %v %v yield %v tick %d: %v", step, policy, c.yield, i, err)
					}
					if len(rec.of("update")) == before {
						t.Fatalf("step %v %v: tick %d ran no update", step, policy, i)
					}
				}
				// The game's first Update consumes a step but sees zero (T7).
				if got, want := s.TotalGameTime()+s.Accumulated()+s.TargetElapsedTime(), FromDuration(clock.Now()-start); got != want {
					t.Errorf("step %v %v yield %v: total+accumulated %d, the source moved %d", step, policy, c.yield, got, want)
				}
			}
		}
	}
}

// countingStopped never advances and counts the waits asked of it.
type countingStopped struct{ sleeps, yields int }

func (c *countingStopped) Now() time.Duration    { return time.Second }
func (c *countingStopped) Sleep(time.Duration)   { c.sleeps++ }
func (c *countingStopped) Yield(d time.Duration) { c.yields++ }

// TestT14_StallIsOneSecondOfRequestedWaiting: a source that stands still is
// reported after 1 s of waiting as the scheduler asked for it (1,000 sleeps
// of 1 ms), however many reads that took.
func TestT14_StallIsOneSecondOfRequestedWaiting(t *testing.T) {
	src := &countingStopped{}
	s, _ := NewScheduler(src, src, &recorder{clock: src})
	err := s.Tick()
	if !errors.Is(err, ErrSourceStalled) {
		t.Fatalf("err = %v", err)
	}
	if src.sleeps != 1000 || src.yields != 0 {
		t.Fatalf("%d sleeps and %d yields before the stall, want 1000 sleeps of 1 ms", src.sleeps, src.yields)
	}
}
