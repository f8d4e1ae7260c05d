package timing

import (
	"fmt"
	"time"
)

// This file holds the Scheduler's settings and read-only state; the tick
// itself is in scheduler.go.

// IsFixedTimeStep reports whether the scheduler runs fixed steps.
func (s *Scheduler) IsFixedTimeStep() bool { return s.fixed }

// SetFixedTimeStep switches between fixed and variable step; it applies from
// the next tick (T25).
func (s *Scheduler) SetFixedTimeStep(fixed bool) {
	if s.fixed == fixed {
		return
	}
	s.fixed = fixed
	if !fixed && s.profile == ProfileXNA {
		s.resetXNACounters()
	}
}

// TargetElapsedTime returns the fixed step's length.
func (s *Scheduler) TargetElapsedTime() TimeSpan { return s.target }

// SetTargetElapsedTime sets the fixed step's length from the next tick on,
// keeping the accumulated time (T25). Zero, negative, above MaxElapsedTime
// or above MaxTargetElapsedTime is an error and changes nothing (T9, T22):
// a longer step could never be owed, so a fixed-step wait would never end.
func (s *Scheduler) SetTargetElapsedTime(t TimeSpan) error {
	if err := checkTarget(t, s.maxElapsed); err != nil {
		return err
	}
	s.target = t
	return nil
}

// MaxElapsedTime returns the clamp on one tick's time.
func (s *Scheduler) MaxElapsedTime() TimeSpan { return s.maxElapsed }

// SetMaxElapsedTime sets the clamp on one tick's time. It must be positive
// and at least TargetElapsedTime; there is no upper limit, as in XNA: every
// sum of times saturates at MaxTimeSpan instead of overflowing, so a huge
// MaxElapsedTime only means "no clamp" and never zeroes or negates a
// measured time (T22).
func (s *Scheduler) SetMaxElapsedTime(m TimeSpan) error {
	if m <= 0 {
		return fmt.Errorf("timing: MaxElapsedTime must be positive, got %d ticks", int64(m))
	}
	if s.target > m {
		return fmt.Errorf("timing: MaxElapsedTime %d ticks is below TargetElapsedTime %d ticks; lower the target first", int64(m), int64(s.target))
	}
	s.maxElapsed = m
	return nil
}

func checkTarget(t, maxElapsed TimeSpan) error {
	if t <= 0 {
		return fmt.Errorf("timing: TargetElapsedTime must be positive, got %d ticks", int64(t))
	}
	if t > MaxTargetElapsedTime {
		return fmt.Errorf("timing: TargetElapsedTime %d ticks exceeds MaxTargetElapsedTime %d ticks (about 292 years, the longest span a Source can measure): no step could ever be owed; use a shorter target", int64(t), int64(MaxTargetElapsedTime))
	}
	if t > maxElapsed {
		return fmt.Errorf("timing: TargetElapsedTime %d ticks exceeds MaxElapsedTime %d ticks: the clamp would leave less than one step, so no Update would ever run; raise MaxElapsedTime first", int64(t), int64(maxElapsed))
	}
	return nil
}

// InactiveSleepTime returns how long each tick sleeps first while inactive.
func (s *Scheduler) InactiveSleepTime() TimeSpan { return s.inactiveSleep }

// SetInactiveSleepTime sets the sleep at the start of each inactive tick
// (T24). Zero disables it; negative is an error.
func (s *Scheduler) SetInactiveSleepTime(t TimeSpan) error {
	if t < 0 {
		return fmt.Errorf("timing: InactiveSleepTime must not be negative, got %d ticks", int64(t))
	}
	s.inactiveSleep = t
	return nil
}

// SetActive tells the scheduler whether the game is active (focused and not
// minimized). While inactive each tick first sleeps InactiveSleepTime (T24).
func (s *Scheduler) SetActive(active bool) { s.inactive = !active }

// WaitPolicy returns how fixed-step ticks wait.
func (s *Scheduler) WaitPolicy() WaitPolicy { return s.policy }

// SetWaitPolicy chooses how fixed-step ticks wait (T6); it resets the sleep
// estimator.
func (s *Scheduler) SetWaitPolicy(p WaitPolicy) error {
	if p < WaitAdaptive || p > WaitPrecise {
		return fmt.Errorf("timing: unknown WaitPolicy %d", int(p))
	}
	s.policy = p
	s.est.reset(p == WaitAdaptiveFNA)
	s.overshoot.reset()
	return nil
}

// WaitMargin returns how long before its deadline a WaitPrecise tick wakes
// from its sleep and starts to spin: the fixed margin of SetWaitMargin, or
// the 99th percentile of the last 128 measured wake-up overshoots plus
// 20 µs.
func (s *Scheduler) WaitMargin() time.Duration {
	if s.margin > 0 {
		return s.margin
	}
	return s.overshoot.margin()
}

// SetWaitMargin fixes WaitPrecise's margin (the span it spins before each
// deadline); zero returns to the measured margin. Negative is an error.
func (s *Scheduler) SetWaitMargin(m time.Duration) error {
	if m < 0 {
		return fmt.Errorf("timing: the wait margin must not be negative, got %v", m)
	}
	s.margin = m
	return nil
}

// SleepEstimate returns the current worst-case sleep estimate (T6).
func (s *Scheduler) SleepEstimate() time.Duration { return s.est.worst }

// IsRunningSlowly returns the flag the next callback will see.
func (s *Scheduler) IsRunningSlowly() bool { return s.slow }

// TotalGameTime returns the game time of the completed updates.
func (s *Scheduler) TotalGameTime() TimeSpan { return s.total }

// Accumulated returns the time owed to future updates (the accumulator).
func (s *Scheduler) Accumulated() TimeSpan { return s.acc }

// Stats returns what the scheduler has done so far.
func (s *Scheduler) Stats() Stats { return s.stats }

// XNAIdleSleep is what IdleWait asks for after a ProfileXNA fixed-step tick
// that ran no step: XNA's tick does not wait (T22), so its host sleeps a
// little before measuring again instead of spinning a core.
const XNAIdleSleep = time.Millisecond

// IdleWait says how long a host loop that calls Tick back to back should
// wait after the last Tick before the next, so that it does not spin a
// core; minimized says whether the game's window is minimized (the host
// then waits for platform events, the rest of the time it sleeps):
//
//   - zero after Exit, or when the tick itself waited: a fixed step under
//     the default profile waits for its step (T5);
//   - minimized: zero when each tick already sleeps InactiveSleepTime
//     (T24), else one TargetElapsedTime;
//   - a ProfileXNA fixed-step tick that ran no step and drew nothing:
//     XNAIdleSleep. The tick's semantics are unchanged: a zero-step tick
//     consumes no time, so the next tick measures the slept time too (T22);
//   - a free-running (DrawFreeRunning, T27) default-profile fixed-step
//     tick that drew nothing: the time until the next step is owed. A
//     free-running tick that drew is paced by its present and waits for
//     nothing more.
func (s *Scheduler) IdleWait(minimized bool) time.Duration {
	if !s.running {
		return 0
	}
	free := s.fixed && s.drawMode == DrawFreeRunning
	waited := s.fixed && s.profile != ProfileXNA && !free
	if minimized {
		if waited || s.inactiveSleep > 0 {
			return 0
		}
		return s.target.Duration()
	}
	switch {
	case s.drew || !s.fixed:
		return 0
	case s.profile == ProfileXNA && s.stats.LastSteps == 0:
		return XNAIdleSleep
	case free && s.profile != ProfileXNA:
		return s.freeIdle()
	}
	return 0
}
