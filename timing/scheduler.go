package timing

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Defaults of a new Scheduler (rules T4, T24).
const (
	// DefaultTargetElapsedTime is 1/60 s rounded to the nearest tick.
	DefaultTargetElapsedTime TimeSpan = 166_667
	// DefaultMaxElapsedTime is the clamp on one tick's accumulated time.
	DefaultMaxElapsedTime TimeSpan = 500 * Millisecond
	// DefaultInactiveSleepTime is slept at the start of each tick while
	// the game is inactive or minimized.
	DefaultInactiveSleepTime TimeSpan = 20 * Millisecond
)

// MaxTargetElapsedTime is the longest TargetElapsedTime a Scheduler accepts:
// the longest span a Source's time.Duration can measure (about 292 years).
// A longer step could never be owed, so a fixed-step wait for it would
// never end.
const MaxTargetElapsedTime TimeSpan = math.MaxInt64 / nsPerTick

// stallLimit is how much waiting a tick asks of its Waiter, while its Source
// does not advance, before it reports a stall (T14). It is counted from the
// waits requested (a Sleep counts what it asks for, a Yield counts
// yieldCredit, a WaitUntil the span to its deadline), not from reads, so a
// coarse source that advances in 1 ms or 15.6 ms steps is slow, never
// stalled.
const stallLimit = time.Second

// yieldCredit is what one Yield counts toward stallLimit. A yield really
// takes longer (a scheduler round trip, 0.1-1 µs or more), so a real stall
// is reported after at most a few seconds of spinning, while a source would
// have to stand still for over 100 ms of 10 ns yields to be taken for
// stalled.
const yieldCredit = 100 * time.Nanosecond

// ErrSourceStalled is returned (wrapped) by Tick when its Source stopped
// advancing while the tick waited for a step (T14).
var ErrSourceStalled = errors.New("timing: time source stopped advancing")

// ErrSourceExhausted is returned (wrapped) by Tick when its Source reads the
// largest time.Duration: a virtual clock ran past the end of its range
// (about 292 years), so the time it reports is no longer true (T21).
var ErrSourceExhausted = errors.New("timing: time source reached the end of its range")

// VirtualWaiter is a Waiter on virtual time that can reach a deadline in
// one call. A Scheduler whose Waiter implements it waits for a fixed step
// with one WaitUntil per step instead of sleeping and yielding in small
// steps, so the cost of a wait does not grow with its length or shrink
// with the clock's step (T21, T23).
type VirtualWaiter interface {
	Waiter
	// WaitUntil moves the Source to read at least deadline (a clock that
	// moves in whole steps lands on the first step at or after it).
	WaitUntil(deadline time.Duration)
}

// Handler receives a Scheduler's callbacks, in the order of rule T5: Poll
// once per tick after waiting, then the tick's Updates, then at most one Draw.
type Handler interface {
	// Poll processes pending platform events. Exit, SuppressDraw and
	// settings changes made here apply to this tick.
	Poll()
	// Update advances the game by gt.ElapsedGameTime.
	Update(gt GameTime)
	// Draw renders the game's current state.
	Draw(gt GameTime)
}

// DrawReporter is an optional Handler extension for handlers that may skip
// a draw (a minimized window, a frame the device could not begin). The
// Scheduler then calls TryDraw instead of Draw and counts in Stats.Draws
// only the draws it reports as done.
type DrawReporter interface {
	// TryDraw draws like Draw and reports whether a frame was drawn.
	TryDraw(gt GameTime) bool
}

// ExitPoller is an optional Handler extension: a handler that can see an
// exit request (a window close, a signal) without a full Poll. The
// Scheduler calls PollExit before each Update of a tick after the first,
// so a request made during a catch-up burst ends it after the Update in
// progress (T12); PollExit calls Exit when it finds one.
type ExitPoller interface {
	// PollExit looks for a pending exit request and calls Exit for it,
	// leaving every other event for the next Poll.
	PollExit()
}

// Stats counts what a Scheduler did. All counters start at zero.
type Stats struct {
	Ticks   uint64 // Tick calls that ran (zero-step XNA ticks included)
	Updates uint64 // Update callbacks
	// Draws counts the frames drawn: Draw callbacks, less those a
	// DrawReporter handler reported as skipped.
	Draws uint64
	// SkippedDraws counts the draws a DrawReporter handler reported as
	// skipped. A suppressed draw (SuppressDraw, Exit) is in neither.
	SkippedDraws uint64
	// LastSteps is the number of Updates in the last tick.
	LastSteps int
	// Dropped is the total time discarded by the MaxElapsedTime clamp.
	Dropped TimeSpan

	// LockedTicks counts the ticks that ran display-locked (P10).
	LockedTicks uint64
	// DisplayDrift is, while display-locked, the game time run less the
	// wall time passed since the lock engaged (positive: the game is
	// ahead), bounded by MaxDisplayDrift; zero otherwise (P10).
	DisplayDrift TimeSpan
	// DriftCorrections counts the Updates a display-locked step skipped or
	// added to bound DisplayDrift; each shows as one refresh with one
	// new update fewer or more (P10).
	DriftCorrections uint64
	// DriftAbsorbed is the total drift given up when the step left the
	// display lock: the game clock keeps it as an offset against the wall
	// clock instead of paying it back in a burst or a stall (P10).
	DriftAbsorbed TimeSpan
}

// Scheduler is the fixed/variable-step tick scheduler of an XNA-style game
// loop (rules T3-T15, T22, T24, T25). It reads time only from its Source
// and waits only through its Waiter, so it runs identically in virtual time.
// The owner drives it by calling Tick in a loop while Running is true.
//
// A Scheduler is not safe for concurrent use; call its methods from the
// loop's goroutine (Handler callbacks included).
type Scheduler struct {
	src        Source
	waiter     Waiter
	virtual    VirtualWaiter // waiter, when it is one
	handler    Handler
	drawer     DrawReporter // handler, when it is one
	exitPoller ExitPoller   // handler, when it is one

	profile       Profile
	fixed         bool
	target        TimeSpan
	maxElapsed    TimeSpan
	inactiveSleep TimeSpan
	policy        WaitPolicy
	inactive      bool

	seeded bool
	last   time.Duration // last counter reading (consumed)
	carry  time.Duration // sub-tick remainder not yet in acc (T3), in [0, 100ns)
	acc    TimeSpan      // accumulated, not yet updated game time

	total       TimeSpan
	firstUpdate bool // the game's first Update has run (T7, T25)
	slow        bool
	lag         int   // T10 extra-step counter
	u1, u2      int32 // T22 counters
	primed      bool  // T22 priming update done

	running      bool
	suppressDraw bool
	resetElapsed bool
	drawMode     DrawMode // T27
	drew         bool     // the last tick drew a frame

	est       sleepEstimator
	overshoot overshootWindow // WaitPrecise's measured wake-ups
	margin    time.Duration   // WaitPrecise's margin when set, else measured
	sleeper   DeadlineSleeper // waiter, when it is one
	stats     Stats
	lock      displayLock // P10
}

// NewScheduler returns a Scheduler in fixed step with the defaults of T4 and
// T24, reading src, waiting through w, and calling h. None may be nil.
func NewScheduler(src Source, w Waiter, h Handler) (*Scheduler, error) {
	if src == nil || w == nil || h == nil {
		return nil, errors.New("timing: NewScheduler needs a non-nil Source, Waiter and Handler")
	}
	s := &Scheduler{
		src: src, waiter: w, handler: h,
		fixed:         true,
		target:        DefaultTargetElapsedTime,
		maxElapsed:    DefaultMaxElapsedTime,
		inactiveSleep: DefaultInactiveSleepTime,
		running:       true,
	}
	s.lock.maxDrift = DefaultMaxDisplayDrift
	s.virtual, _ = w.(VirtualWaiter)
	s.drawer, _ = h.(DrawReporter)
	s.exitPoller, _ = h.(ExitPoller)
	s.sleeper, _ = w.(DeadlineSleeper)
	s.overshoot.reset()
	s.resetXNACounters()
	s.est.reset(false)
	return s, nil
}

// Running reports whether the loop should go on: true until Exit.
func (s *Scheduler) Running() bool { return s.running }

// Exit asks the loop to end: Running turns false, the current tick's draw
// is suppressed and no further Update starts, so a catch-up burst ends
// with the Update in progress (T12). Under ProfileXNA later ticks return
// at once (T22).
func (s *Scheduler) Exit() {
	s.running = false
	s.suppressDraw = true
}

// SuppressDraw skips the next draw, once (T12).
func (s *Scheduler) SuppressDraw() { s.suppressDraw = true }

// ResetElapsedTime forgets the time since the last tick (T11).
//
// Variable step: the next Update sees zero elapsed and the total does not
// advance for it.
//
// Fixed step, default profile (a deliberate deviation: CNA does nothing
// here): the accumulated backlog is discarded, the counter re-seeded and the
// IsRunningSlowly lag zeroed, so a blocking load causes no catch-up burst.
//
// ProfileXNA: the next tick's measured time is zero, and the running-slowly
// state is cleared (T22).
func (s *Scheduler) ResetElapsedTime() {
	if s.profile == ProfileXNA {
		s.resetElapsed = true
		s.resetXNACounters()
		return
	}
	if !s.fixed {
		s.resetElapsed = true
		return
	}
	s.acc = 0
	s.carry = 0
	s.lag = 0
	s.seed()
	s.lock.resync = true
}

// Start seeds the counter, so the first tick measures from now, and under
// ProfileXNA runs the priming Update (T22). Tick calls it when it was not
// called; a game loop calls it just before its first tick (T12). Calling
// it again re-seeds the counter only.
func (s *Scheduler) Start() {
	s.seed()
	if s.profile == ProfileXNA && !s.primed {
		s.prime()
	}
}

func (s *Scheduler) seed() {
	s.last = s.src.Now()
	s.carry = 0
	s.seeded = true
}

// Tick runs one frame of the loop (T5 default, T22 ProfileXNA): sleep while
// inactive, measure, wait (fixed step), poll, clamp, update, draw. It returns
// an error only when the Source stalls (T14).
func (s *Scheduler) Tick() error {
	if s.profile == ProfileXNA {
		return s.tickXNA()
	}
	s.stats.Ticks++
	s.drew = false
	s.sleepIfInactive()
	if !s.seeded {
		s.Start()
	}
	s.advance()
	if err := checkRange(s.last); err != nil {
		return err
	}
	target := s.target
	if s.syncLock() {
		return s.tickLocked(target)
	}
	if s.fixed && !s.freeDraw() {
		if err := s.waitForStep(target); err != nil {
			return err
		}
	}
	s.handler.Poll()
	s.clamp()
	if s.fixed {
		s.runFixed(target)
	} else {
		s.runVariable()
	}
	return nil
}

func (s *Scheduler) sleepIfInactive() {
	if s.inactive && s.inactiveSleep > 0 {
		s.waiter.Sleep(s.inactiveSleep.Duration())
	}
}

// checkRange reports ErrSourceExhausted when a reading is the
// largest time.Duration: a saturated virtual clock (T21).
func checkRange(now time.Duration) error {
	if now == math.MaxInt64 {
		return fmt.Errorf("tick: the source reads %dns: %w", int64(now), ErrSourceExhausted)
	}
	return nil
}

// read returns the counter's advance since the last reading; a smaller value
// than the last counts as no time passed and re-anchors (T2).
func (s *Scheduler) read() time.Duration {
	now := s.src.Now()
	d := sinceNs(s.last, now)
	s.last = now
	return d
}

// sinceNs is now - last, zero when now is before last (a reset source, T2),
// and saturated at the largest Duration when the difference overflows.
func sinceNs(last, now time.Duration) time.Duration {
	if now <= last {
		return 0
	}
	d := now - last
	if d < 0 {
		return math.MaxInt64
	}
	return d
}

// addNs is a + b for non-negative b, saturated at the largest Duration.
func addNs(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// addSpan is a + b for non-negative b, saturated at MaxTimeSpan.
func addSpan(a, b TimeSpan) TimeSpan {
	if a > MaxTimeSpan-b {
		return MaxTimeSpan
	}
	return a + b
}

// advance adds the counter delta to the accumulator in whole ticks and keeps
// the sub-tick remainder for the next delta (T3). It reports whether any
// time passed.
func (s *Scheduler) advance() bool {
	d := s.read()
	if d == 0 {
		return false
	}
	d = addNs(d, s.carry)
	s.carry = d % nsPerTick
	s.acc = addSpan(s.acc, TimeSpan(d/nsPerTick))
	return true
}

// owedNs returns how long until target is accumulated, in nanoseconds.
func (s *Scheduler) owedNs(target TimeSpan) time.Duration {
	return (target - s.acc).Duration() - s.carry
}

// deadline is the source reading at which target is accumulated.
func (s *Scheduler) deadline(target TimeSpan) time.Duration {
	return addNs(s.last, s.owedNs(target))
}

// waitForStep waits until at least one step is accumulated (T5, T6, T14,
// T21).
func (s *Scheduler) waitForStep(target TimeSpan) error {
	var still time.Duration // waiting asked for since the source last advanced
	if s.virtual != nil {
		for s.acc < target {
			d := s.deadline(target)
			asked := d - s.last
			s.virtual.WaitUntil(d)
			if err := s.waited(s.advance(), asked, &still, target); err != nil {
				return err
			}
		}
		return nil
	}
	switch s.policy {
	case WaitPrecise:
		if err := s.sleepPrecise(target, &still); err != nil {
			return err
		}
	case WaitAdaptive, WaitAdaptiveFNA:
		for s.acc < target && s.owedNs(target) > s.est.worst {
			if err := s.sleepStep(&still, target); err != nil {
				return err
			}
		}
	}
	for s.acc < target {
		s.waiter.Yield(s.deadline(target))
		if err := s.waited(s.advance(), yieldCredit, &still, target); err != nil {
			return err
		}
	}
	return nil
}

// sleepPrecise is WaitPrecise's sleep: while more than the margin is owed,
// one sleep to the deadline minus the margin, whose overshoot (how late
// the source read after it, against the wake-up asked for) feeds the
// window. The yield loop then spins the rest.
func (s *Scheduler) sleepPrecise(target TimeSpan, still *time.Duration) error {
	for s.acc < target {
		margin := s.WaitMargin()
		if s.owedNs(target) <= margin {
			return nil
		}
		wake := s.deadline(target) - margin
		asked := wake - s.last
		if s.sleeper != nil {
			s.sleeper.SleepUntil(wake)
		} else {
			s.waiter.Sleep(asked)
		}
		advanced := s.advance()
		if err := s.waited(advanced, asked, still, target); err != nil {
			return err
		}
		if advanced {
			s.overshoot.add(s.last - wake)
		}
	}
	return nil
}

// sleepStep sleeps one coarse step of the adaptive wait and feeds the
// sleep estimator (T6) what the source measured for it.
func (s *Scheduler) sleepStep(still *time.Duration, target TimeSpan) error {
	before := s.last
	s.waiter.Sleep(waitSleepDuration)
	advanced := s.advance()
	if err := s.waited(advanced, waitSleepDuration, still, target); err != nil {
		return err
	}
	if advanced {
		s.est.add(s.last - before)
	}
	return nil
}

// waited does T14's bookkeeping after one wait that asked for asked: the
// count restarts when the source advanced; otherwise it grows, and a source
// that stood still across stallLimit of waiting, or that can no longer
// advance (it reads the largest Duration), is an error.
func (s *Scheduler) waited(advanced bool, asked time.Duration, still *time.Duration, target TimeSpan) error {
	if err := checkRange(s.last); err != nil {
		return err
	}
	if advanced {
		*still = 0
		return nil
	}
	*still = addNs(*still, max(asked, yieldCredit))
	if *still < stallLimit {
		return nil
	}
	return fmt.Errorf("tick: waited for a %v step with %v accumulated, but the source stayed at %v across %v of waiting: %w",
		target, s.acc, s.last, *still, ErrSourceStalled)
}

// clamp limits the accumulator to MaxElapsedTime and counts what it drops.
func (s *Scheduler) clamp() {
	if s.acc > s.maxElapsed {
		s.stats.Dropped += s.acc - s.maxElapsed
		s.acc = s.maxElapsed
	}
}

// runFixed runs one Update per whole target in the accumulator, then the
// running-slowly bookkeeping and the draw (T7, T8, T10).
func (s *Scheduler) runFixed(target TimeSpan) {
	steps := 0
	for s.acc >= target && s.goesOn(steps) {
		s.acc -= target
		steps++
		s.fixedUpdate(target)
	}
	if steps == 0 && s.freeDraw() {
		// T27: a free-running tick that owed no step draws and leaves the
		// running-slowly state alone, as if it had not happened, so the
		// Updates see what they would in the per-tick mode.
		s.stats.LastSteps = 0
		s.draw(GameTime{TotalGameTime: s.total, IsRunningSlowly: s.slow, Alpha: alpha(s.acc, target)})
		return
	}
	s.endFixed(steps, target, alpha(s.acc, target))
}

// goesOn reports whether a tick that has run ran Updates starts another:
// not after Exit. Between the Updates of a burst it first asks an
// ExitPoller handler for a pending exit request (T12).
func (s *Scheduler) goesOn(ran int) bool {
	if ran > 0 && s.running && s.exitPoller != nil {
		s.exitPoller.PollExit()
	}
	return s.running
}

// fixedUpdate runs one fixed-step Update of target; the first Update of a
// run is told no time has elapsed.
func (s *Scheduler) fixedUpdate(target TimeSpan) {
	if !s.firstUpdate {
		target = 0
	}
	s.update(target)
}

// endFixed ends a fixed-step tick of steps Updates: the running-slowly
// bookkeeping, then the draw with the given alpha.
func (s *Scheduler) endFixed(steps int, target TimeSpan, alpha float64) {
	s.stats.LastSteps = steps
	s.updateSlow(steps)
	s.draw(GameTime{
		TotalGameTime:   s.total,
		ElapsedGameTime: target * TimeSpan(steps),
		IsRunningSlowly: s.slow,
		Alpha:           alpha,
	})
}

// update runs one Update; the total advances after it returns (T7).
func (s *Scheduler) update(elapsed TimeSpan) {
	s.firstUpdate = true
	s.stats.Updates++
	s.handler.Update(GameTime{TotalGameTime: s.total, ElapsedGameTime: elapsed, IsRunningSlowly: s.slow})
	s.total = addSpan(s.total, elapsed)
}

// updateSlow is the default IsRunningSlowly hysteresis (T10).
func (s *Scheduler) updateSlow(steps int) {
	s.lag += max(0, steps-1)
	if s.slow {
		if s.lag == 0 {
			s.slow = false
		}
	} else if s.lag >= 5 {
		s.slow = true
	}
	if steps == 1 && s.lag > 0 {
		s.lag--
	}
}

// runVariable runs exactly one Update with the whole accumulator (T13);
// none after Exit (T12).
func (s *Scheduler) runVariable() {
	if !s.running {
		s.suppressDraw = false // the draw is skipped with the Update
		return
	}
	elapsed := s.acc
	if s.resetElapsed {
		elapsed = 0
		s.resetElapsed = false
	}
	s.acc = 0
	s.slow = false
	s.stats.LastSteps = 1
	s.update(elapsed)
	s.draw(GameTime{TotalGameTime: s.total, ElapsedGameTime: elapsed, Alpha: 1})
}

// draw runs Draw unless a draw is suppressed, which it clears (T12).
func (s *Scheduler) draw(gt GameTime) {
	if s.suppressDraw {
		s.suppressDraw = false
		return
	}
	if s.drawer == nil {
		s.stats.Draws++
		s.drew = true
		s.handler.Draw(gt)
	} else if s.drawer.TryDraw(gt) {
		s.stats.Draws++
		s.drew = true
	} else {
		s.stats.SkippedDraws++
	}
}

// alpha is left/target as a float in [0, 1).
func alpha(left, target TimeSpan) float64 {
	if left <= 0 || target <= 0 {
		return 0
	}
	if a := float64(left) / float64(target); a < 1 {
		return a
	}
	return belowOne
}

// belowOne is the largest float64 below 1.
const belowOne = 1 - 1.0/(1<<53)
