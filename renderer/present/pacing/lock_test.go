package pacing

import (
	"fmt"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// lockRig is a game loop in virtual time presenting on a simulated FIFO
// display: the scheduler's Draw presents the frame (carrying the updates
// since the last one) and the clock moves to when the present returned;
// each shown frame comes back as presentation feedback, delivered in the
// next Poll, as a compositor's event would be. It checks every Update's
// GameTime on the way.
type lockRig struct {
	t       testing.TB
	clock   *timing.ManualClock
	s       *timing.Scheduler
	d       *Display
	target  timing.TimeSpan
	nominal time.Duration // the refresh the "platform" reports

	feed    bool          // deliver feedback in Poll
	noSeq   bool          // the platform has no vblank counter
	jitter  time.Duration // feedback times scatter by up to ± this
	rnd     uint64
	pending []timing.Feedback

	updates    int             // since the last present
	total      timing.TimeSpan // sum of the elapsed times seen
	badTime    int             // Updates whose GameTime was not exact
	refreshes  []Refresh
	lastUpdate time.Duration // clock at the last Update
	maxGap     time.Duration // longest wall gap between Updates (after warm-up)
	maxSteps   int           // most Updates in one tick (after warm-up)
	warmup     time.Duration
}

func newLockRig(t testing.TB, rate Rate, lock bool) *lockRig {
	t.Helper()
	g := &lockRig{t: t, clock: timing.NewManualClock(0), target: timing.DefaultTargetElapsedTime,
		nominal: time.Second / 60, feed: true, warmup: time.Second}
	d, err := NewDisplay(DisplayConfig{Rate: rate, Mode: present.ModeFIFO,
		OnFrame: g.onFrame, OnRefresh: func(r Refresh) { g.refreshes = append(g.refreshes, r) }})
	if err != nil {
		t.Fatal(err)
	}
	g.d = d
	if g.s, err = timing.NewScheduler(g.clock, g.clock, g); err != nil {
		t.Fatal(err)
	}
	if err := g.s.SetDisplayLock(lock); err != nil {
		t.Fatal(err)
	}
	return g
}

func (g *lockRig) onFrame(f Frame) {
	if f.Dropped {
		return
	}
	fb := timing.Feedback{PresentedAt: f.ShownAt, Refresh: g.nominal, Seq: uint64(f.Refresh) + 1}
	if g.noSeq {
		fb.Seq = 0
	}
	if g.jitter > 0 {
		g.rnd = g.rnd*6364136223846793005 + 1442695040888963407
		fb.PresentedAt += time.Duration(int64(g.rnd>>33)%int64(2*g.jitter+1)) - g.jitter
	}
	g.pending = append(g.pending, fb)
}

func (g *lockRig) Poll() {
	if g.feed {
		for _, f := range g.pending {
			if err := g.s.PresentFeedback(f); err != nil {
				g.t.Fatal(err)
			}
		}
	}
	g.pending = g.pending[:0]
}

func (g *lockRig) Update(gt timing.GameTime) {
	now := g.clock.Now()
	if now > g.warmup && g.lastUpdate > 0 {
		g.maxGap = max(g.maxGap, now-g.lastUpdate)
	}
	g.lastUpdate = now
	want := g.target
	if g.s.Stats().Updates == 1 {
		want = 0 // the game's first Update (T7)
	}
	if gt.ElapsedGameTime != want || gt.TotalGameTime != g.total {
		g.badTime++
	}
	g.total += gt.ElapsedGameTime
	g.updates++
}

func (g *lockRig) Draw(timing.GameTime) {
	if g.clock.Now() > g.warmup {
		g.maxSteps = max(g.maxSteps, g.s.Stats().LastSteps)
	}
	ret, err := g.d.Present(g.clock.Now(), g.updates)
	if err != nil {
		g.t.Fatal(err)
	}
	g.updates = 0
	g.clock.Set(ret)
}

// run ticks until the clock reads end.
func (g *lockRig) run(end time.Duration) {
	g.t.Helper()
	for g.clock.Now() < end {
		if err := g.s.Tick(); err != nil {
			g.t.Fatal(err)
		}
	}
}

// beats counts the refreshes from `from` on that showed other than one new
// update: the 0/2 beats of a tick against a refresh it does not match.
func (g *lockRig) beats(from time.Duration) (zero, two int) {
	for _, r := range g.refreshes {
		if r.Start < from {
			continue
		}
		switch {
		case r.NewUpdates == 0:
			zero++
		case r.NewUpdates >= 2:
			two++
		}
	}
	return zero, two
}

// offRates are displays 0.5% either side of a 60 Hz tick.
var offRates = []struct {
	name string
	rate Rate
}{
	{"60.3Hz", Rate{Num: 603, Den: 10}},
	{"59.7Hz", Rate{Num: 597, Den: 10}},
}

// TestP10_OrdinaryStepBeatsAgainstAnOffRefresh: without the lock a 60 Hz
// tick on a display 0.3 Hz off shows one 0 or 2 refresh per beat period
// (1 / 0.3 Hz = 3.3 s): about 18 in a minute.
func TestP10_OrdinaryStepBeatsAgainstAnOffRefresh(t *testing.T) {
	for _, tc := range offRates {
		g := newLockRig(t, tc.rate, false)
		g.run(61 * time.Second)
		zero, two := g.beats(time.Second)
		if n := zero + two; n < 15 || n > 21 {
			t.Errorf("%s unlocked: %d refreshes with 0 and %d with 2+ new updates in 60 s, want about 18 beats", tc.name, zero, two)
		}
		if st := g.s.DisplayLock(); st.Locked || st.Reason != timing.LockOff {
			t.Errorf("%s unlocked: status %+v, want off", tc.name, st)
		}
		t.Logf("%s unlocked: %d zero, %d double in 60 s", tc.name, zero, two)
	}
}

// TestP10_LockedStepHasNoBeats: with the lock, the same displays show
// exactly one new update on every refresh for a minute; every Update sees
// exactly TargetElapsedTime; the drift is the 0.5% rate difference (0.3 s
// in a minute), reported and inside MaxDisplayDrift, with no correction
// spent.
func TestP10_LockedStepHasNoBeats(t *testing.T) {
	for _, tc := range offRates {
		for _, v := range []struct {
			noSeq  bool
			jitter time.Duration
		}{{false, 0}, {true, 0}, {true, 500 * time.Microsecond}} {
			g := newLockRig(t, tc.rate, true)
			g.noSeq, g.jitter = v.noSeq, v.jitter
			g.run(61 * time.Second)
			st, stats := g.s.DisplayLock(), g.s.Stats()
			name := tc.name
			if v.noSeq {
				name += " without vblank counter"
			}
			if v.jitter > 0 {
				name += fmt.Sprintf(" with ±%v jitter", v.jitter)
			}
			if !st.Locked || st.Refreshes != 1 {
				t.Fatalf("%s: not locked after 61 s: %v", name, st)
			}
			zero, two := g.beats(time.Second)
			if zero+two != 0 {
				t.Errorf("%s locked: %d refreshes with 0 and %d with 2+ new updates, want none", name, zero, two)
			}
			if g.badTime != 0 {
				t.Errorf("%s locked: %d Updates saw a GameTime other than exactly the target", name, g.badTime)
			}
			if stats.DriftCorrections != 0 {
				t.Errorf("%s locked: %d drift corrections in a minute, want 0 (drift %v < %v)", name, stats.DriftCorrections, stats.DisplayDrift.Duration(), g.s.MaxDisplayDrift().Duration())
			}
			// Game time runs at the display's rate: 1 - 60/rate of 61 s.
			want := time.Duration(61 * float64(time.Second) * (1 - 60/tc.rate.Hertz()))
			if got := stats.DisplayDrift.Duration(); got < want-50*time.Millisecond || got > want+50*time.Millisecond {
				t.Errorf("%s locked: drift %v, want about %v", name, got, want)
			}
			if p, tol := st.Period, time.Microsecond+v.jitter/50; p < tc.rate.VBlank(1000)/1000-tol || p > tc.rate.VBlank(1000)/1000+tol {
				t.Errorf("%s locked: measured period %v, want %v within %v", name, p, tol, tc.rate.VBlank(1000)/1000)
			}
			t.Logf("%s locked: drift %v after 61 s, period %v, %d locked ticks", name, stats.DisplayDrift.Duration(), st.Period, stats.LockedTicks)
		}
	}
}

// TestP10_DriftStaysBoundedOverFiveMinutes: past MaxDisplayDrift the lock
// spends one correction (one refresh with 0 or 2 new updates) per step of
// drift, so the drift never leaves the bound; every beat is a correction.
func TestP10_DriftStaysBoundedOverFiveMinutes(t *testing.T) {
	for _, tc := range offRates {
		g := newLockRig(t, tc.rate, true)
		bound := 100 * timing.Millisecond
		if err := g.s.SetMaxDisplayDrift(bound); err != nil {
			t.Fatal(err)
		}
		worst := timing.TimeSpan(0)
		for g.clock.Now() < 301*time.Second {
			if err := g.s.Tick(); err != nil {
				t.Fatal(err)
			}
			worst = max(worst, g.s.Stats().DisplayDrift, -g.s.Stats().DisplayDrift)
		}
		if worst > bound+g.target {
			t.Errorf("%s: drift reached %v, want at most %v + one step", tc.name, worst.Duration(), bound.Duration())
		}
		stats := g.s.Stats()
		zero, two := g.beats(time.Second)
		// Without corrections the game would be ahead by the rate
		// difference over the run (1.5 s at 60.3 Hz); each correction
		// took one step off that.
		free := timing.FromSeconds(301 * (1 - 60/tc.rate.Hertz()))
		paid := free - stats.DisplayDrift
		if c := timing.TimeSpan(stats.DriftCorrections); max(paid, -paid) < (c-2)*g.target || max(paid, -paid) > (c+2)*g.target {
			t.Errorf("%s: %d corrections of %v, but %v of drift was taken off", tc.name, c, g.target.Duration(), paid.Duration())
		}
		if n := uint64(zero + two); n != stats.DriftCorrections {
			t.Errorf("%s: %d beats (%d zero, %d double) but %d corrections: a beat that is not a correction", tc.name, n, zero, two, stats.DriftCorrections)
		}
		if g.badTime != 0 {
			t.Errorf("%s: %d Updates saw a GameTime other than exactly the target", tc.name, g.badTime)
		}
	}
}

// TestP10_FeedbackStopsFallsBackCleanly: when feedback stops (a hidden
// window, a lost compositor) the lock gives up after ten steps and says
// why, the ordinary step takes over with no burst (never more than two
// Updates a tick, as in its own beats) and no stall (never more than two steps between
// Updates), and the drift is handed over as DriftAbsorbed.
func TestP10_FeedbackStopsFallsBackCleanly(t *testing.T) {
	for _, tc := range offRates {
		g := newLockRig(t, tc.rate, true)
		g.run(20 * time.Second)
		if !g.s.DisplayLock().Locked {
			t.Fatalf("%s: not locked after 20 s: %v", tc.name, g.s.DisplayLock())
		}
		drift := g.s.Stats().DisplayDrift
		g.feed = false
		g.run(30 * time.Second)
		st, stats := g.s.DisplayLock(), g.s.Stats()
		if st.Locked || st.Reason != timing.LockFeedbackStopped {
			t.Errorf("%s: status %v after feedback stopped, want fallen back with reason %q", tc.name, st, timing.LockFeedbackStopped)
		}
		// Paying the drift back would run a burst of ~18 Updates (behind)
		// or stall ~0.3 s (ahead); the ordinary step's own beats run 2.
		if g.maxSteps > 2 {
			t.Errorf("%s: a tick ran %d Updates around the fallback, want at most 2 (no burst)", tc.name, g.maxSteps)
		}
		if limit := 2 * g.target.Duration(); g.maxGap > limit {
			t.Errorf("%s: %v between two Updates around the fallback, want at most %v (no stall)", tc.name, g.maxGap, limit)
		}
		if a := stats.DriftAbsorbed; a < drift-g.target || a > drift+2*g.target {
			t.Errorf("%s: absorbed %v at the fallback, want the drift %v within a step", tc.name, a.Duration(), drift.Duration())
		}
		if stats.DisplayDrift != 0 || g.badTime != 0 {
			t.Errorf("%s: drift %v after the fallback, %d bad GameTimes; want 0 and 0", tc.name, stats.DisplayDrift, g.badTime)
		}
		// Feedback returns: the lock engages again.
		g.feed = true
		g.run(32 * time.Second)
		if !g.s.DisplayLock().Locked {
			t.Errorf("%s: not locked again 2 s after feedback returned: %v", tc.name, g.s.DisplayLock())
		}
	}
}

// TestP10_MismatchedTargetFallsBackAndSaysSo: a 50 Hz target on a 60.3 Hz
// display is 17% off one refresh: the ordinary step runs, and the status
// says the target does not match; a 30 Hz target (two refreshes) locks
// with one update every two refreshes and no beats.
func TestP10_MismatchedTargetFallsBackAndSaysSo(t *testing.T) {
	g := newLockRig(t, Rate{Num: 603, Den: 10}, true)
	g.target = timing.FromSeconds(1.0 / 50)
	if err := g.s.SetTargetElapsedTime(g.target); err != nil {
		t.Fatal(err)
	}
	g.run(5 * time.Second)
	st := g.s.DisplayLock()
	if st.Locked || st.Reason != timing.LockMismatch || g.s.Stats().LockedTicks != 0 {
		t.Errorf("50 Hz target: status %v, %d locked ticks; want the mismatch reason and none", st, g.s.Stats().LockedTicks)
	}
	t.Log(st)

	g = newLockRig(t, Rate{Num: 603, Den: 10}, true)
	g.target = timing.FromSeconds(1.0 / 30)
	if err := g.s.SetTargetElapsedTime(g.target); err != nil {
		t.Fatal(err)
	}
	g.run(31 * time.Second)
	st = g.s.DisplayLock()
	if !st.Locked || st.Refreshes != 2 {
		t.Fatalf("30 Hz target: %v, want locked at 2 refreshes a step", st)
	}
	var pattern [3]int
	for _, r := range g.refreshes {
		if r.Start >= time.Second {
			pattern[min(r.NewUpdates, 2)]++
		}
	}
	if pattern[2] != 0 || pattern[0] < pattern[1]-1 || pattern[0] > pattern[1]+1 {
		t.Errorf("30 Hz target locked: refreshes with 0, 1, 2+ new updates: %v; want 0 and 1 alternating", pattern)
	}
	if g.badTime != 0 {
		t.Errorf("30 Hz target: %d bad GameTimes", g.badTime)
	}
}
