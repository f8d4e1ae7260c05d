package timing

import (
	"fmt"
	"math"
	"time"
)

// Profile selects whose clock semantics a Scheduler follows.
type Profile int

const (
	// ProfileDefault is the engine's clock: CNA's and FNA's loop with the
	// deliberate deviations of docs/clock.md (T3-T15, T24, T25).
	ProfileDefault Profile = iota
	// ProfileXNA reproduces XNA 4.0's own Game.Tick as read from its IL
	// (T22): a priming Update, no waiting, a snap to the target, zero-step
	// ticks that consume no time, and XNA's two-counter IsRunningSlowly.
	ProfileXNA
)

// String returns "default" or "xna".
func (p Profile) String() string {
	switch p {
	case ProfileDefault:
		return "default"
	case ProfileXNA:
		return "xna"
	}
	return fmt.Sprintf("Profile(%d)", int(p))
}

// ParseProfile reads "default" or "xna".
func ParseProfile(name string) (Profile, error) {
	switch name {
	case "default":
		return ProfileDefault, nil
	case "xna":
		return ProfileXNA, nil
	}
	return 0, fmt.Errorf("timing: unknown profile %q (want default or xna)", name)
}

// Profile returns the scheduler's profile.
func (s *Scheduler) Profile() Profile { return s.profile }

// SetProfile chooses the clock semantics. It is allowed only before the
// first tick (and before Start).
func (s *Scheduler) SetProfile(p Profile) error {
	if p != ProfileDefault && p != ProfileXNA {
		return fmt.Errorf("timing: unknown profile %d", int(p))
	}
	if s.seeded || s.stats.Ticks > 0 {
		return fmt.Errorf("timing: the profile cannot change after the scheduler started")
	}
	if p == ProfileXNA && s.lock.want {
		return fmt.Errorf("timing: set profile xna: %w; turn it off first", ErrDisplayLockXNA)
	}
	s.profile = p
	return nil
}

// resetXNACounters puts XNA's running-slowly state back to "not slow".
func (s *Scheduler) resetXNACounters() {
	s.u1, s.u2 = math.MaxInt32, math.MaxInt32
	s.slow = false
}

// prime runs XNA's priming Update: elapsed 0, total 0, not slow.
func (s *Scheduler) prime() {
	s.primed = true
	s.update(0)
}

// tickXNA is XNA 4.0's Game.Tick (T22).
func (s *Scheduler) tickXNA() error {
	if !s.running {
		return nil // the Exit latch: every later tick returns at once
	}
	s.stats.Ticks++
	s.drew = false
	s.sleepIfInactive()
	if !s.seeded {
		s.Start()
	}
	s.handler.Poll()
	if !s.running {
		return nil
	}
	now, elapsed, carry := s.measureXNA()
	if err := checkRange(now); err != nil {
		return err
	}
	if !s.fixed {
		s.consume(now, carry)
		s.variableXNA(elapsed)
		return nil
	}
	target := s.target
	if d := elapsed - target; d > -(target>>6) && d < target>>6 {
		elapsed = target
	}
	owed := addSpan(s.acc, elapsed) // saturates where XNA's TimeSpan would throw
	steps := owed / target
	if steps == 0 {
		s.stats.LastSteps = 0
		if s.freeDraw() { // T27: draw, still keeping the measured time
			s.draw(GameTime{TotalGameTime: s.total, IsRunningSlowly: s.slow, Alpha: alpha(owed, target)})
		}
		return nil // no update, no draw (but T27's), and the measured time is kept
	}
	s.consume(now, carry)
	s.acc = owed - steps*target
	s.slowXNA(steps)
	s.fixedXNA(int(steps), target)
	return nil
}

// measureXNA returns the time since the last tick that consumed time, with
// XNA's adjustments: negative -> 0, zero after ResetElapsedTime, clamped to
// MaxElapsedTime per frame. A difference too large for a Duration
// saturates instead of wrapping negative, so the measured time is never
// negative whatever the source reads.
func (s *Scheduler) measureXNA() (now time.Duration, elapsed TimeSpan, carry time.Duration) {
	now = s.src.Now()
	if now < s.last {
		s.last = now // a reset source: no time passed (T2)
	}
	d := addNs(sinceNs(s.last, now), s.carry)
	elapsed, carry = TimeSpan(d/nsPerTick), d%nsPerTick
	if s.resetElapsed {
		s.resetElapsed = false
		elapsed = 0
	}
	if elapsed > s.maxElapsed {
		s.stats.Dropped += elapsed - s.maxElapsed
		elapsed = s.maxElapsed
	}
	return now, elapsed, carry
}

func (s *Scheduler) consume(now, carry time.Duration) {
	s.last = now
	s.carry = carry
}

// slowXNA is XNA's IsRunningSlowly: slow while the older of the last two
// multi-step ticks lies fewer than 20 ticks back. Assigned before updates.
func (s *Scheduler) slowXNA(steps TimeSpan) {
	if steps > 1 {
		s.u2, s.u1 = s.u1, 0
	} else {
		s.u1 = satInc(s.u1)
		s.u2 = satInc(s.u2)
	}
	s.slow = s.u2 < 20
}

func satInc(v int32) int32 {
	if v == math.MaxInt32 {
		return v
	}
	return v + 1
}

func (s *Scheduler) fixedXNA(steps int, target TimeSpan) {
	ran := 0
	for ; ran < steps && s.goesOn(ran); ran++ {
		s.update(target)
	}
	s.stats.LastSteps = ran
	if !s.running {
		return // Exit inside an Update stops the rest of the tick, draw included
	}
	s.draw(GameTime{
		TotalGameTime:   s.total,
		ElapsedGameTime: target * TimeSpan(steps),
		IsRunningSlowly: s.slow,
		Alpha:           alpha(s.acc, target),
	})
}

func (s *Scheduler) variableXNA(elapsed TimeSpan) {
	s.resetXNACounters()
	s.stats.LastSteps = 1
	s.update(elapsed)
	if !s.running {
		return
	}
	s.draw(GameTime{TotalGameTime: s.total, ElapsedGameTime: elapsed, Alpha: 1})
}
