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
