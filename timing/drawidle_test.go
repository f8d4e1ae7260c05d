package timing

import (
	"math"
	"testing"
	"time"
)

// TestT8_AlphaIsOneInVariableStep: in variable step the latest update
// covered all the time passed, so Draw sees Alpha 1 (the latest state), in
// both profiles; under fixed step it stays in [0, 1).
func TestT8_AlphaIsOneInVariableStep(t *testing.T) {
	for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
		clock := NewManualClock(0)
		rec := &recorder{clock: clock}
		s, _ := NewScheduler(clock, clock, rec)
		if err := s.SetProfile(profile); err != nil {
			t.Fatal(err)
		}
		s.SetFixedTimeStep(false)
		s.Start()
		for _, d := range []TimeSpan{1, 100_000, 166_667, 9 * Second} {
			clock.Advance(d.Duration())
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		s.SetFixedTimeStep(true)
		clock.Advance((target + target/4).Duration())
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		draws := rec.of("draw")
		for i, d := range draws[:4] {
			if d.gt.Alpha != 1 {
				t.Errorf("%v: variable-step draw %d alpha %v, want 1", profile, i+1, d.gt.Alpha)
			}
		}
		if a := draws[len(draws)-1].gt.Alpha; a < 0 || a >= 1 {
			t.Errorf("%v: fixed-step alpha %v outside [0, 1)", profile, a)
		}
	}
}

// skipper is a DrawReporter that draws only when allowed.
type skipper struct {
	recorder
	drawOK bool
	tried  int
}

func (k *skipper) TryDraw(gt GameTime) bool {
	k.tried++
	if k.drawOK {
		k.Draw(gt)
	}
	return k.drawOK
}

// TestDrawsCountsOnlyFramesDrawn: a handler that skips draws (a
// minimized window: the engine's BeginDraw says no) is not counted as
// drawing; Stats.SkippedDraws counts those, and a suppressed draw is in
// neither counter.
func TestDrawsCountsOnlyFramesDrawn(t *testing.T) {
	for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
		clock := NewManualClock(0)
		h := &skipper{recorder: recorder{clock: clock}}
		s, _ := NewScheduler(clock, clock, h)
		if err := s.SetProfile(profile); err != nil {
			t.Fatal(err)
		}
		s.Start()
		tick := func() {
			clock.Advance(target.Duration())
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		h.drawOK = true
		tick()
		tick()
		h.drawOK = false // minimized
		for range 5 {
			tick()
		}
		s.SuppressDraw()
		tick()
		h.drawOK = true
		tick()
		st := s.Stats()
		if st.Draws != 3 || st.SkippedDraws != 5 || h.tried != 8 || len(h.of("draw")) != 3 {
			t.Errorf("%v: Draws %d, SkippedDraws %d, TryDraw calls %d, frames %d; want 3, 5, 8, 3",
				profile, st.Draws, st.SkippedDraws, h.tried, len(h.of("draw")))
		}
	}
}

// TestT22_IdleWaitSaysWhatTheLoopNeeds pins IdleWait: nothing after a tick
// that waited for its step (default fixed step) or after Exit; XNAIdleSleep
// after an XNA fixed-step tick that ran no step, nothing after one that
// ran; while minimized, nothing when the tick sleeps InactiveSleepTime
// (T24), else one target.
func TestT22_IdleWaitSaysWhatTheLoopNeeds(t *testing.T) {
	step := target.Duration()
	cases := []struct {
		profile   Profile
		fixed     bool
		sleep     TimeSpan
		advance   TimeSpan // before the tick
		minimized bool
		want      time.Duration
	}{
		{ProfileDefault, true, 0, 0, false, 0},
		{ProfileDefault, true, 0, 0, true, 0},
		{ProfileDefault, false, 0, 0, false, 0},
		{ProfileDefault, false, 0, 0, true, step},
		{ProfileDefault, false, 20 * Millisecond, 0, true, 0},
		{ProfileXNA, true, 0, 1000, false, XNAIdleSleep},
		{ProfileXNA, true, 0, target, false, 0},
		{ProfileXNA, true, 0, 1000, true, step},
		{ProfileXNA, true, 20 * Millisecond, 1000, true, 0},
		{ProfileXNA, false, 0, 1000, false, 0},
		{ProfileXNA, false, 0, 1000, true, step},
	}
	for i, c := range cases {
		clock := NewManualClock(0)
		s, _ := NewScheduler(clock, clock, &recorder{clock: clock})
		_ = s.SetProfile(c.profile)
		s.SetFixedTimeStep(c.fixed)
		_ = s.SetInactiveSleepTime(c.sleep)
		s.SetActive(!c.minimized)
		s.Start()
		clock.Advance(c.advance.Duration())
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		if got := s.IdleWait(c.minimized); got != c.want {
			t.Errorf("case %d %+v: IdleWait = %v, want %v", i, c, got, c.want)
		}
		s.Exit()
		if got := s.IdleWait(c.minimized); got != 0 {
			t.Errorf("case %d: IdleWait after Exit = %v", i, got)
		}
	}
}

// TestT8_AlphaStaysBelowOne: a leftover a hair under the target rounds to
// the largest float64 below 1, never 1.
func TestT8_AlphaStaysBelowOne(t *testing.T) {
	if a := alpha(MaxTimeSpan-1, MaxTimeSpan); a >= 1 || a != math.Nextafter(1, 0) {
		t.Fatalf("alpha %v", a)
	}
	if a := alpha(1, 4); a != 0.25 {
		t.Fatalf("alpha %v", a)
	}
}
