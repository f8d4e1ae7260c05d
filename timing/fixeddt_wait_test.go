package timing

import (
	"testing"
	"time"
)

// countingFixedDt is a FixedDt that counts the scheduler's calls.
type countingFixedDt struct {
	*FixedDt
	reads, waits, sleeps, yields int
}

func (c *countingFixedDt) Now() time.Duration               { c.reads++; return c.FixedDt.Now() }
func (c *countingFixedDt) Sleep(d time.Duration)            { c.sleeps++; c.FixedDt.Sleep(d) }
func (c *countingFixedDt) Yield(deadline time.Duration)     { c.yields++; c.FixedDt.Yield(deadline) }
func (c *countingFixedDt) WaitUntil(deadline time.Duration) { c.waits++; c.FixedDt.WaitUntil(deadline) }

// TestT21_WaitCostDoesNotDependOnDt: in fixed-dt mode a tick's wait for its
// step is one WaitUntil and a few reads, whatever dt is (the old wait pumped
// dt by dt: 16.7 million sleeps a tick at dt = 1 ns), and it lands where
// pumping one dt at a time would: on the first multiple of dt at or after
// the deadline.
func TestT21_WaitCostDoesNotDependOnDt(t *testing.T) {
	for _, dt := range []time.Duration{time.Nanosecond, 7 * time.Microsecond, time.Millisecond, 5 * time.Millisecond, time.Second / 60} {
		f, err := NewFixedDt(dt)
		if err != nil {
			t.Fatal(err)
		}
		c := &countingFixedDt{FixedDt: f}
		rec := &recorder{clock: f} // its reads are not the scheduler's
		s, _ := NewScheduler(c, c, rec)
		s.Start()
		const ticks = 20
		for range ticks {
			f.AdvanceTick()
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		if c.sleeps != 0 || c.yields != 0 || c.waits > ticks || c.reads > 2*ticks+1 {
			t.Errorf("dt %v: %d ticks made %d reads, %d waits, %d sleeps, %d yields; want at most one wait and 2 reads a tick",
				dt, ticks, c.reads, c.waits, c.sleeps, c.yields)
		}
		if n := len(rec.of("update")); n < ticks {
			t.Errorf("dt %v: %d updates in %d ticks", dt, n, ticks)
		}
		// Every poll happens on a multiple of dt at or after the tick's
		// deadline, and before the next multiple.
		for _, p := range rec.of("poll") {
			if p.at%dt != 0 {
				t.Fatalf("dt %v: a poll at %v, not a multiple of dt", dt, p.at)
			}
		}
	}
}

// TestT21_WaitUntilLandsLikePumping checks FixedDt.WaitUntil against
// pumping one dt at a time, and its saturation at the end of the range.
func TestT21_WaitUntilLandsLikePumping(t *testing.T) {
	for _, dt := range []time.Duration{1, 3, 1000, 16_666_667} {
		for _, gap := range []time.Duration{-5, 0, 1, 2, 999, 1000, 1001, 16_666_667, 5_000_001} {
			a, _ := NewFixedDt(dt)
			b, _ := NewFixedDt(dt)
			a.AdvanceTick()
			b.AdvanceTick()
			deadline := a.Now() + gap
			a.WaitUntil(deadline)
			for b.Now() < deadline {
				b.Pump()
			}
			if a.Now() != b.Now() {
				t.Errorf("dt %v gap %v: WaitUntil reads %v, pumping reads %v", dt, gap, a.Now(), b.Now())
			}
		}
	}
	f, _ := NewFixedDt(time.Hour)
	f.WaitUntil(1 << 62)
	f.WaitUntil(1<<63 - 1)
	if f.Now() != 1<<63-1 {
		t.Errorf("WaitUntil near the end of the range reads %v, want the saturated maximum", f.Now())
	}
	f.Pump()
	f.AdvanceTick()
	f.Present()
	f.Present()
	if f.Now() != 1<<63-1 {
		t.Errorf("steps past the end wrapped to %v", f.Now())
	}
}

// BenchmarkFixedDtTick is one fixed-step tick on a FixedDt source, at a
// 1 ns dt (the worst case of the old dt-by-dt wait, 139 ms a frame) and at
// 1/60 s.
func BenchmarkFixedDtTick(b *testing.B) {
	for _, dt := range []time.Duration{time.Nanosecond, time.Second / 60} {
		b.Run(dt.String(), func(b *testing.B) {
			f, _ := NewFixedDt(dt)
			s, _ := NewScheduler(f, f, nopHandler{})
			s.Start()
			b.ReportAllocs()
			for range b.N {
				f.AdvanceTick()
				if err := s.Tick(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
