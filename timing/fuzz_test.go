package timing

import (
	"encoding/binary"
	"testing"
	"time"
)

// checker is a Handler that checks the default profile's invariants.
type checker struct {
	t          *testing.T
	s          *Scheduler
	target     TimeSpan
	sumElapsed TimeSpan
	steps      int
	maxSteps   int
}

func (c *checker) Poll() { c.steps = 0 }
func (c *checker) Update(gt GameTime) {
	if gt.TotalGameTime != c.sumElapsed {
		c.t.Fatalf("update total %d != sum of update elapsed %d", gt.TotalGameTime, c.sumElapsed)
	}
	c.sumElapsed += gt.ElapsedGameTime
	c.steps++
}
func (c *checker) Draw(gt GameTime) {
	if c.s.IsFixedTimeStep() {
		if gt.ElapsedGameTime != c.target*TimeSpan(c.steps) {
			c.t.Fatalf("draw elapsed %d != target x steps %d", gt.ElapsedGameTime, c.target*TimeSpan(c.steps))
		}
		if c.steps > c.maxSteps {
			c.t.Fatalf("%d updates in one tick, more than floor(max/target) = %d", c.steps, c.maxSteps)
		}
		if gt.Alpha < 0 || gt.Alpha >= 1 {
			c.t.Fatalf("alpha %v outside [0,1)", gt.Alpha)
		}
	}
	if gt.TotalGameTime != c.sumElapsed {
		c.t.Fatalf("draw total %d != sum of update elapsed %d", gt.TotalGameTime, c.sumElapsed)
	}
}

// FuzzT9_DefaultProfileInvariants drives random traces (deltas, target,
// mode switches, resets, inactive sleeps) through the default profile and
// checks T7-T10 invariants: the total is the sum of update elapsed times, at
// most floor(max/target) updates a tick, draw elapsed = target x steps, the
// accumulator never negative, and no panic.
func FuzzT9_DefaultProfileInvariants(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 7, 181, 8})
	f.Add([]byte("\x00\x00\x00\x00\x00\x4c\x4b\x40\xff\x01\x02\x03\x04\x05\x06\x07"))
	f.Add(make([]byte, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		clock := NewManualClock(0)
		c := &checker{t: t}
		s, err := NewScheduler(clock, clock, c)
		if err != nil {
			t.Fatal(err)
		}
		c.s = s
		if len(data) >= 4 {
			tgt := 10*Microsecond + TimeSpan(binary.LittleEndian.Uint32(data))%(6*Second) // small targets make millions of updates a tick
			_ = s.SetTargetElapsedTime(tgt)                                               // rejected values leave the default
			data = data[4:]
		}
		s.Start()
		for len(data) >= 4 {
			word := binary.LittleEndian.Uint32(data)
			data = data[4:]
			switch word % 16 {
			case 0:
				s.SetFixedTimeStep(!s.IsFixedTimeStep())
			case 1:
				s.ResetElapsedTime()
			case 2:
				s.SetActive(word&0x100 == 0)
			case 3:
				clock.Set(time.Duration(word)) // a reset or jump of the source
			default:
				clock.Advance(time.Duration(word>>4) * time.Microsecond / 8)
			}
			c.target = s.TargetElapsedTime()
			c.maxSteps = int(s.MaxElapsedTime() / c.target)
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
			if s.Accumulated() < 0 {
				t.Fatalf("accumulator negative: %d", s.Accumulated())
			}
		}
	})
}
