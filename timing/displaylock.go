package timing

import (
	"errors"
	"fmt"
	"time"
)

// This file holds the display-locked step (rule P10): an opt-in mode of the
// default profile's fixed step whose step boundaries follow the display's
// measured vblanks, fed by presentation feedback (rule P9). The grid that
// predicts the vblanks is in vblankgrid.go.

// DefaultMaxDisplayDrift is the default bound on the game time a
// display-locked step may gain or lose against the wall clock before it
// spends a correction (SetMaxDisplayDrift).
const DefaultMaxDisplayDrift TimeSpan = 500 * Millisecond

// lockTolerancePercent is how far, in percent of the nearest whole number
// of refresh periods, TargetElapsedTime may be from it for the step to
// lock; releaseTolerancePercent is how far the measured period may then
// wander before the lock is released (hysteresis: a period estimate near
// the edge does not make the step switch back and forth).
const (
	lockTolerancePercent    = 1
	releaseTolerancePercent = 2
)

// lockMinSamples is how many presentation feedback samples the grid needs
// before the step locks: enough for the period estimate to settle.
const lockMinSamples = 8

// lockStaleSteps is how many steps (each max(target, period) long) may pass
// with no new feedback before the lock is given up as "feedback stopped".
const lockStaleSteps = 10

// ErrDisplayLockXNA is returned (wrapped) by SetDisplayLock under
// ProfileXNA, whose tick is XNA's own and never display-locked (P10).
var ErrDisplayLockXNA = errors.New("timing: the display-locked step is not available under ProfileXNA")

// Feedback is one presented frame as the display reported it (rule P9),
// the input of the display-locked step (P10).
type Feedback struct {
	// PresentedAt is when the frame's scan-out began (its vblank), on the
	// Scheduler's Source clock. Must be positive.
	PresentedAt time.Duration
	// Refresh is the refresh period the platform reported; zero when it
	// reported none. It seeds the period estimate; the lock then measures
	// the period from PresentedAt (a compositor may report the nominal
	// rate of a mode it does not run at exactly).
	Refresh time.Duration
	// Seq is the display's vblank counter (MSC) for the refresh that
	// showed the frame; zero when the platform has none. When present it
	// says how many refreshes passed between two samples.
	Seq uint64
}

// LockReason says why a Scheduler's step is or is not display-locked.
type LockReason int

// Reasons, in DisplayLockStatus.Reason.
const (
	LockOff             LockReason = iota // SetDisplayLock(false): the ordinary step
	LockLocked                            // step boundaries follow the measured vblanks
	LockNoFeedback                        // no presentation feedback arrived yet
	LockMeasuring                         // too few feedback samples to trust the period yet
	LockFeedbackStopped                   // feedback stopped arriving (hidden window, no presents)
	LockMismatch                          // the target is not within 1% of a whole number of refreshes
	LockVariableStep                      // variable step has no step boundaries to lock
)

var lockReasonText = [...]string{
	LockOff:             "display lock off",
	LockLocked:          "display-locked",
	LockNoFeedback:      "no presentation feedback (not measured on this platform, or nothing presented yet)",
	LockMeasuring:       "measuring the refresh period",
	LockFeedbackStopped: "presentation feedback stopped",
	LockMismatch:        "the target is not within 1% of a whole number of refresh periods",
	LockVariableStep:    "variable step",
}

// String returns the reason in words.
func (r LockReason) String() string {
	if r < 0 || int(r) >= len(lockReasonText) {
		return fmt.Sprintf("LockReason(%d)", int(r))
	}
	return lockReasonText[r]
}

// DisplayLockStatus is the state of the display-locked step (P10).
type DisplayLockStatus struct {
	// Requested is what SetDisplayLock asked for.
	Requested bool
	// Locked is true while step boundaries follow the measured vblanks;
	// otherwise the ordinary step runs and Reason says why.
	Locked bool
	// Reason is LockLocked when Locked, else why not.
	Reason LockReason
	// Period is the measured refresh period; zero before two samples.
	Period time.Duration
	// Refreshes is how many refreshes one step spans when locked (the
	// whole number of periods nearest TargetElapsedTime); zero otherwise.
	Refreshes int
	// Target is the TargetElapsedTime the decision was made for.
	Target TimeSpan
}

// String describes the status in one line, for a HUD or a log.
func (st DisplayLockStatus) String() string {
	switch {
	case st.Locked:
		return fmt.Sprintf("display-locked: one %v step per %d refresh(es) of %v", st.Target.Duration(), st.Refreshes, st.Period)
	case st.Reason == LockMismatch:
		return fmt.Sprintf("not display-locked: target %v is not within 1%% of a whole number of %v refreshes", st.Target.Duration(), st.Period)
	case st.Requested:
		return "not display-locked: " + st.Reason.String()
	}
	return st.Reason.String()
}

// displayLock is a Scheduler's P10 state.
type displayLock struct {
	want     bool
	grid     vblankGrid
	locked   bool
	reason   LockReason
	m        int64         // refreshes per step while locked
	boundary time.Duration // the last step boundary consumed (Source clock)
	resync   bool          // ResetElapsedTime: skip missed boundaries
	maxDrift TimeSpan
}

// SetDisplayLock turns the display-locked step on or off (P10). When on,
// and while presentation feedback (PresentFeedback) shows a refresh period
// whose whole multiple is within 1% of TargetElapsedTime (once locked,
// within 2%), each fixed-step
// tick waits for the next step boundary on the measured vblank grid instead
// of for a whole TargetElapsedTime of wall time, so each refresh shows the
// same number of new updates. Every Update still sees exactly
// TargetElapsedTime. The time the game gains or loses against the wall
// clock meanwhile is Stats.DisplayDrift, bounded by MaxDisplayDrift.
// Otherwise the ordinary step runs, and DisplayLock says why. It is off by
// default, and an error under ProfileXNA.
func (s *Scheduler) SetDisplayLock(on bool) error {
	if on && s.profile == ProfileXNA {
		return fmt.Errorf("set display lock: %w; use ProfileDefault", ErrDisplayLockXNA)
	}
	s.lock.want = on
	return nil
}

// MaxDisplayDrift returns the bound on Stats.DisplayDrift.
func (s *Scheduler) MaxDisplayDrift() TimeSpan { return s.lock.maxDrift }

// SetMaxDisplayDrift sets how much game time a display-locked step may gain
// or lose against the wall clock (P10). Beyond it, each locked tick that
// would widen the drift runs one Update fewer (game ahead) or one more
// (behind): one refresh then shows 0 or 2 new updates, once per target
// span of drift. It must be positive.
func (s *Scheduler) SetMaxDisplayDrift(d TimeSpan) error {
	if d <= 0 {
		return fmt.Errorf("timing: the maximum display drift must be positive, got %d ticks", int64(d))
	}
	s.lock.maxDrift = d
	return nil
}

// PresentFeedback gives the display-locked step one presented frame's
// feedback (P9 -> P10). The engine calls it for each presented frame, in
// presentation order, as feedback arrives (after the present, while polling
// events); PresentedAt must already be on the Scheduler's Source clock.
// Feedback not newer than the last is ignored. It never allocates.
func (s *Scheduler) PresentFeedback(f Feedback) error {
	if f.PresentedAt <= 0 || f.Refresh < 0 {
		return fmt.Errorf("timing: present feedback at %v with refresh %v: want a positive time and a refresh of zero (unknown) or more", f.PresentedAt, f.Refresh)
	}
	s.lock.grid.add(f)
	return nil
}

// DisplayLock reports whether the step is display-locked, and why not.
func (s *Scheduler) DisplayLock() DisplayLockStatus {
	st := DisplayLockStatus{
		Requested: s.lock.want,
		Locked:    s.lock.locked,
		Reason:    s.lock.reason,
		Period:    s.lock.grid.period(),
		Target:    s.target,
	}
	if !s.lock.want {
		st.Reason = LockOff
	}
	if st.Locked {
		st.Refreshes = int(s.lock.m)
	}
	return st
}

// decideLock says whether this tick runs display-locked, and the number
// of refreshes per step.
func (s *Scheduler) decideLock(now time.Duration) (LockReason, int64) {
	g := &s.lock.grid
	switch {
	case !s.lock.want:
		return LockOff, 0
	case !s.fixed:
		return LockVariableStep, 0
	case g.samples == 0:
		return LockNoFeedback, 0
	case g.samples < lockMinSamples || g.periodPs <= 0:
		return LockMeasuring, 0
	}
	stale := max(s.target.Duration(), g.period()) * lockStaleSteps
	if now-g.last > stale {
		return LockFeedbackStopped, 0
	}
	tol := int64(lockTolerancePercent)
	if s.lock.locked {
		tol = releaseTolerancePercent
	}
	m, ok := matchRefresh(s.target, g.periodPs, tol)
	if !ok {
		return LockMismatch, 0
	}
	return LockLocked, m
}

// matchRefresh returns the whole number of refresh periods (of periodPs
// picoseconds) nearest target, and whether target is within tol percent
// of it.
func matchRefresh(target TimeSpan, periodPs, tol int64) (int64, bool) {
	if periodPs <= 0 || target <= 0 || target > MaxTimeSpan/100_000 {
		return 0, false
	}
	tps := int64(target) * 100_000 // ticks -> ps
	m := (tps + periodPs/2) / periodPs
	if m < 1 {
		return 0, false
	}
	span := m * periodPs
	diff := tps - span
	if diff < 0 {
		diff = -diff
	}
	return m, diff*100 <= span*tol
}

// syncLock runs at the start of each default-profile tick, after the
// counter was read: it decides whether the tick is display-locked and
// makes the switch in either direction without a burst or a stall. It
// reports whether the tick runs locked.
func (s *Scheduler) syncLock() bool {
	reason, m := s.decideLock(s.last)
	s.lock.reason = reason
	switch {
	case reason == LockLocked && !s.lock.locked:
		s.engageLock(m)
	case reason == LockLocked:
		s.lock.m = m
	case s.lock.locked:
		s.releaseLock()
	}
	return s.lock.locked
}

// engageLock switches to the locked step: the time owed so far becomes
// drift (the game is behind the wall clock by it), and the next boundary
// is the first on the grid after now.
func (s *Scheduler) engageLock(m int64) {
	s.lock.locked, s.lock.m = true, m
	s.stats.DisplayDrift = -s.acc
	s.acc = 0
	s.lock.boundary = s.lock.grid.latestAtOrBefore(s.last)
}

// releaseLock returns to the ordinary step: the accumulator takes the time
// since the last boundary (so the next ordinary step falls where the next
// boundary would have), and the drift is given up: Stats.DriftAbsorbed
// records it. No backlog is paid, so there is no burst and no stall.
func (s *Scheduler) releaseLock() {
	s.lock.locked, s.lock.m = false, 0
	since := FromDuration(sinceNs(s.lock.boundary, s.last))
	s.acc = min(since, s.target-1)
	s.stats.DriftAbsorbed += s.stats.DisplayDrift + s.acc
	s.stats.DisplayDrift = 0
}

// tickLocked is the rest of a display-locked tick (P10), after the counter
// was read: wait for the next boundary on the vblank grid, poll, run one
// Update per boundary crossed (corrected for drift), draw.
func (s *Scheduler) tickLocked(target TimeSpan) error {
	s.driftWall()
	if s.lock.resync {
		s.lock.resync = false
		s.lock.boundary = s.lock.grid.latestAtOrBefore(s.last)
	}
	next := s.lock.grid.nextBoundary(s.lock.boundary, s.lock.m)
	if s.last < next {
		if err := s.waitUntil(next, target); err != nil {
			return err
		}
		s.driftWall()
	}
	steps := s.crossBoundaries(next, target)
	s.handler.Poll()
	steps = s.correctDrift(steps, target)
	s.stats.LockedTicks++
	ran := 0
	for ; ran < steps && s.goesOn(ran); ran++ {
		s.stats.DisplayDrift += target
		s.fixedUpdate(target)
	}
	s.endFixed(ran, target, s.lockAlpha())
	return nil
}

// driftWall moves the wall time the counter read into the drift: while
// locked, the accumulator stays empty and the drift counts game time run
// less wall time passed.
func (s *Scheduler) driftWall() {
	s.stats.DisplayDrift -= s.acc
	s.acc = 0
}

// crossBoundaries consumes the boundaries at or before now, starting with
// next, and returns how many: one normally, more after a hitch. Like the
// ordinary step's clamp, at most MaxElapsedTime / target are run; the
// rest is dropped (Stats.Dropped) and not counted as drift.
func (s *Scheduler) crossBoundaries(next time.Duration, target TimeSpan) int {
	limit := int(min(s.maxElapsed/target, 1<<20))
	steps := 0
	for next <= s.last {
		if steps == limit {
			latest := s.lock.grid.latestAtOrBefore(s.last)
			dropped := FromDuration(latest - s.lock.boundary)
			s.stats.Dropped += dropped
			s.stats.DisplayDrift += dropped
			s.lock.boundary = latest
			return steps
		}
		steps++
		s.lock.boundary = next
		next = s.lock.grid.nextBoundary(next, s.lock.m)
	}
	return steps
}

// correctDrift bounds the drift (P10): a tick that would leave the game
// ahead by more than MaxDisplayDrift runs one Update fewer, one that would
// leave it behind by more runs one more; and after a hitch (a tick that
// crossed more than one boundary: its refresh already showed a repeat) a
// game that would end ahead by half a step or more skips one catch-up
// Update, correcting where it shows least.
func (s *Scheduler) correctDrift(steps int, target TimeSpan) int {
	after := s.stats.DisplayDrift + target*TimeSpan(steps)
	switch {
	case steps >= 1 && after > s.lock.maxDrift,
		steps >= 2 && 2*after >= target:
		s.stats.DriftCorrections++
		return steps - 1
	case after < -s.lock.maxDrift:
		s.stats.DriftCorrections++
		return steps + 1
	}
	return steps
}

// lockAlpha is Draw's alpha while locked: how far now is from the last
// boundary toward the next, in [0, 1).
func (s *Scheduler) lockAlpha() float64 {
	span := s.lock.grid.periodPs / 1000 * s.lock.m
	return alpha(FromDuration(sinceNs(s.lock.boundary, s.last)), FromDuration(time.Duration(span)))
}

// waitUntil waits until the Source reads at least deadline, with the
// waiting policy's sleeps and yields (T5, T6) and the stall check (T14).
func (s *Scheduler) waitUntil(deadline time.Duration, target TimeSpan) error {
	var still time.Duration
	if s.virtual != nil {
		for s.last < deadline {
			asked := deadline - s.last
			s.virtual.WaitUntil(deadline)
			if err := s.waited(s.advance(), asked, &still, target); err != nil {
				return err
			}
		}
		return nil
	}
	if s.policy != WaitBusy {
		for s.last < deadline && deadline-s.last > s.est.worst {
			if err := s.sleepStep(&still, target); err != nil {
				return err
			}
		}
	}
	for s.last < deadline {
		s.waiter.Yield(deadline)
		if err := s.waited(s.advance(), yieldCredit, &still, target); err != nil {
			return err
		}
	}
	return nil
}
