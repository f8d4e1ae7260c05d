package timing

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
	"time"
)

// xnaChecker is a Handler that checks ProfileXNA's invariants per tick.
type xnaChecker struct {
	t          *testing.T
	s          *Scheduler
	sum        TimeSpan // saturating sum of update elapsed times
	updates    int      // updates so far, the priming one included
	tickSteps  int      // updates in the current tick
	exitAt     int      // Exit inside this update (0: never)
	suppressAt int      // SuppressDraw inside this update (0: never)
	exited     bool
}

func (c *xnaChecker) Poll() { c.tickSteps = 0 }

func (c *xnaChecker) Update(gt GameTime) {
	if c.exited {
		c.t.Fatal("an Update after Exit")
	}
	if gt.ElapsedGameTime < 0 || gt.TotalGameTime < 0 {
		c.t.Fatalf("update sees negative time: %+v", gt)
	}
	if gt.TotalGameTime != c.sum {
		c.t.Fatalf("update total %d != sum of update elapsed %d", gt.TotalGameTime, c.sum)
	}
	c.sum = addSpan(c.sum, gt.ElapsedGameTime)
	c.updates++
	c.tickSteps++
	if c.updates == c.exitAt {
		c.exited = true
		c.s.Exit()
	}
	if c.updates == c.suppressAt {
		c.s.SuppressDraw()
	}
}

func (c *xnaChecker) Draw(gt GameTime) {
	switch {
	case c.exited:
		c.t.Fatal("a Draw after Exit")
	case c.updates < 2 || c.tickSteps == 0:
		c.t.Fatalf("a Draw with no Update before it in its tick (updates %d, this tick %d)", c.updates, c.tickSteps)
	case gt.ElapsedGameTime < 0 || gt.TotalGameTime != c.sum:
		c.t.Fatalf("draw %+v, want total %d and no negative elapsed", gt, c.sum)
	case c.s.IsFixedTimeStep() && gt.ElapsedGameTime != c.s.TargetElapsedTime()*TimeSpan(c.tickSteps):
		c.t.Fatalf("draw elapsed %d != target %d x steps %d", gt.ElapsedGameTime, c.s.TargetElapsedTime(), c.tickSteps)
	case c.s.IsFixedTimeStep() && (gt.Alpha < 0 || gt.Alpha >= 1):
		c.t.Fatalf("fixed-step alpha %v outside [0,1)", gt.Alpha)
	case !c.s.IsFixedTimeStep() && gt.Alpha != 1:
		c.t.Fatalf("variable-step alpha %v, want 1 (T8)", gt.Alpha)
	}
}

// maxChoices are the MaxElapsedTime values the XNA fuzzers pick from: the
// default, near the int64 edge, and the edge itself.
var maxChoices = []TimeSpan{DefaultMaxElapsedTime, 1 << 62, MaxTimeSpan, 1 << 40}

// fuzzXNA drives one random trace through a ProfileXNA scheduler: clock
// jumps up to 2^63 ns either way (Set to any int64), small and huge
// advances, resets, mode switches, new targets and maxima, activity; with
// exits and suppressed draws when withExits. It checks the invariants after
// every tick.
func fuzzXNA(t *testing.T, data []byte, withExits bool) {
	clock := NewManualClock(0)
	c := &xnaChecker{t: t}
	s, err := NewScheduler(clock, clock, c)
	if err != nil {
		t.Fatal(err)
	}
	c.s = s
	if err := s.SetProfile(ProfileXNA); err != nil {
		t.Fatal(err)
	}
	if withExits && len(data) >= 2 {
		c.exitAt, c.suppressAt = int(data[0]), int(data[1])
		data = data[2:]
	}
	s.Start()
	if c.updates != 1 || c.sum != 0 {
		t.Fatalf("priming: %d updates, total %d", c.updates, c.sum)
	}
	for len(data) >= 9 {
		op, arg := data[0], binary.LittleEndian.Uint64(data[1:9])
		data = data[9:]
		switch op % 12 {
		case 0:
			s.SetFixedTimeStep(!s.IsFixedTimeStep())
		case 1:
			s.ResetElapsedTime()
		case 2:
			s.SetActive(arg&1 == 0)
		case 3:
			clock.Set(time.Duration(arg)) // any reading: jumps up to 2^63 ns, resets
		case 4:
			clock.Advance(time.Duration(arg >> 1)) // up to 2^63-1 ns forward, saturating
		case 5:
			setMaxAndTarget(s, maxChoices[arg%uint64(len(maxChoices))], arg>>8)
		case 6:
			setMaxAndTarget(s, s.MaxElapsedTime(), arg) // a new target only, keeping the accumulator (T25)
		default:
			clock.Advance(time.Duration(arg % uint64(100*time.Millisecond)))
		}
		ran := s.Running()
		before, accBefore := c.updates, s.Accumulated()
		err := s.Tick()
		if err != nil && !errors.Is(err, ErrSourceExhausted) {
			t.Fatalf("Tick: %v", err)
		}
		if errors.Is(err, ErrSourceExhausted) && clock.Now() != math.MaxInt64 {
			t.Fatalf("ErrSourceExhausted at %d", clock.Now())
		}
		steps := c.updates - before
		// A tick owes at most what was accumulated plus MaxElapsedTime; the
		// accumulator may exceed a target just lowered (T25).
		if bound := int(addSpan(accBefore, s.MaxElapsedTime())/s.TargetElapsedTime()) + 1; steps > bound {
			t.Fatalf("%d updates in one tick, more than (accumulated+max)/target+1 = %d", steps, bound)
		}
		if !ran && steps != 0 {
			t.Fatal("a tick after Exit ran updates")
		}
		if a := s.Accumulated(); a < 0 || (s.IsFixedTimeStep() && steps > 0 && a >= s.TargetElapsedTime()) {
			t.Fatalf("accumulator %d after a tick of %d steps (target %d)", a, steps, s.TargetElapsedTime())
		}
		if s.TotalGameTime() != c.sum {
			t.Fatalf("total %d != sum of update elapsed %d", s.TotalGameTime(), c.sum)
		}
	}
}

// setMaxAndTarget sets MaxElapsedTime to m and a target that divides it
// into at most 1000 steps, so one tick never runs more than about 2000
// updates however far the clock jumps. A target so short that the time
// already accumulated would be more than 1000 steps is skipped: XNA keeps
// the accumulator when the target changes (T25), so such a tick would
// legitimately run billions of updates.
func setMaxAndTarget(s *Scheduler, m TimeSpan, k uint64) {
	target := min(max(m/TimeSpan(1+k%1000), 1), MaxTargetElapsedTime)
	if s.Accumulated()/target > 1000 {
		return
	}
	if target <= s.MaxElapsedTime() {
		_ = s.SetTargetElapsedTime(target)
		_ = s.SetMaxElapsedTime(m)
	} else {
		_ = s.SetMaxElapsedTime(m)
		_ = s.SetTargetElapsedTime(target)
	}
	if s.MaxElapsedTime()/s.TargetElapsedTime() > 1000 {
		_ = s.SetMaxElapsedTime(max(s.TargetElapsedTime(), DefaultMaxElapsedTime)) // keep ticks cheap
	}
}

// seedsXNA are the fuzzers' starting traces: the repro (a fall to
// the smallest reading, then a 2^63 ns jump, with a huge max), a plain
// 60 Hz run, and mode switches with resets.
func seedsXNA(f *testing.F) {
	op := func(o byte, arg uint64) []byte {
		b := []byte{o, 0, 0, 0, 0, 0, 0, 0, 0}
		binary.LittleEndian.PutUint64(b[1:], arg)
		return b
	}
	cat := func(parts ...[]byte) []byte {
		var out []byte
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	f.Add(cat(op(5, 1), op(3, 1<<63), op(3, 0), op(4, 1<<62), op(0, 0), op(3, 1<<63), op(3, 0)))
	f.Add(cat(op(7, 16_666_700), op(7, 16_666_700), op(7, 50_500_000), op(7, 1)))
	f.Add(cat(op(0, 0), op(7, 3_000_000), op(1, 0), op(7, 20_000_000), op(0, 0), op(2, 0), op(7, 40_000_000)))
}

// FuzzT22_XNAProfileInvariants checks T22 on random traces: no negative
// elapsed or total, total = sum of update elapsed, no Draw without an
// Update before it in its tick, at most (accumulated+max)/target+1 updates
// a tick, draw
// elapsed = target x steps, the fixed-step accumulator in [0, target), and
// only ErrSourceExhausted (at the end of a Duration's range) as an error.
func FuzzT22_XNAProfileInvariants(f *testing.F) {
	seedsXNA(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzXNA(t, data, false) })
}

// FuzzT22_XNAExitAndSuppress adds an Exit and a SuppressDraw inside chosen
// Updates to the same traces: no Update or Draw after Exit, later ticks run
// nothing, and the other invariants hold.
func FuzzT22_XNAExitAndSuppress(f *testing.F) {
	seedsXNA(f)
	f.Add([]byte{3, 2, 7, 0, 0, 0, 0, 0, 0, 0, 1, 7, 0, 0, 0, 1, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) >= 2 {
			fuzzXNA(t, data, true)
		}
	})
}
