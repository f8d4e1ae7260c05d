package timing

import (
	"testing"
	"time"
)

type nopHandler struct{}

func (nopHandler) Poll()           {}
func (nopHandler) Update(GameTime) {}
func (nopHandler) Draw(GameTime)   {}

func TestT5_SteadyStateTickAllocatesNothing(t *testing.T) {
	for _, p := range []Profile{ProfileDefault, ProfileXNA} {
		clock := NewManualClock(0)
		s, _ := NewScheduler(clock, clock, nopHandler{})
		if err := s.SetProfile(p); err != nil {
			t.Fatal(err)
		}
		s.Start()
		allocs := testing.AllocsPerRun(1000, func() {
			clock.Advance(16 * time.Millisecond)
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Fatalf("%v: %v allocations per tick, want 0", p, allocs)
		}
	}
}

func BenchmarkTickFixedStep(b *testing.B) {
	clock := NewManualClock(0)
	s, _ := NewScheduler(clock, clock, nopHandler{})
	s.Start()
	b.ReportAllocs()
	for b.Loop() {
		clock.Advance(16 * time.Millisecond) // the wait covers the rest of the step
		if err := s.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTickVariableStep(b *testing.B) {
	clock := NewManualClock(0)
	s, _ := NewScheduler(clock, clock, nopHandler{})
	s.SetFixedTimeStep(false)
	s.Start()
	b.ReportAllocs()
	for b.Loop() {
		clock.Advance(16 * time.Millisecond)
		if err := s.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestT6_EveryPolicyAndFixedDtTickAllocatesNothing: the wait policies
// (WaitPrecise with its overshoot window included) and the fixed-dt
// source's one-call wait allocate nothing per tick.
func TestT6_EveryPolicyAndFixedDtTickAllocatesNothing(t *testing.T) {
	for _, p := range []WaitPolicy{WaitAdaptive, WaitAdaptiveFNA, WaitBusy, WaitPrecise} {
		c := &preciseClock{overshoots: []time.Duration{30 * time.Microsecond}, spin: 5 * time.Microsecond, wakes: make([]time.Duration, 0, 4096)}
		s, _ := NewScheduler(c, c, nopHandler{})
		if err := s.SetWaitPolicy(p); err != nil {
			t.Fatal(err)
		}
		s.Start()
		if allocs := testing.AllocsPerRun(1000, func() {
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		}); allocs != 0 {
			t.Fatalf("%v: %v allocations per tick", p, allocs)
		}
	}
	f, _ := NewFixedDt(time.Nanosecond)
	s, _ := NewScheduler(f, f, nopHandler{})
	s.Start()
	if allocs := testing.AllocsPerRun(1000, func() {
		f.AdvanceTick()
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Fatalf("fixed dt: %v allocations per tick", allocs)
	}
}
