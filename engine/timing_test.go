package engine

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// TestT9_TargetElapsedTimeValidated: zero, negative or above MaxElapsedTime
// is an error that changes nothing.
func TestT9_TargetElapsedTimeValidated(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	for _, bad := range []timing.TimeSpan{0, -1, g.MaxElapsedTime() + 1} {
		if err := g.SetTargetElapsedTime(bad); err == nil {
			t.Errorf("target %d accepted", bad)
		}
	}
	if g.TargetElapsedTime() != timing.DefaultTargetElapsedTime {
		t.Errorf("target changed to %d", g.TargetElapsedTime())
	}
	if err := g.SetInactiveSleepTime(-1); err == nil {
		t.Error("negative InactiveSleepTime accepted")
	}
}

// TestT25_TargetChangeMidRun: a target set from Update applies from the
// next tick; the updates after it see the new step.
func TestT25_TargetChangeMidRun(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	p.perPoll = 10 * time.Millisecond
	var elapsed []timing.TimeSpan
	s.onUpdate = func(g *Game, n int, gt timing.GameTime) {
		elapsed = append(elapsed, gt.ElapsedGameTime)
		if n == 2 {
			if err := g.SetTargetElapsedTime(100_000); err != nil {
				t.Error(err)
			}
		}
		if n == 6 {
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	want := []timing.TimeSpan{0, 166_667, 100_000, 100_000, 100_000, 100_000}
	if len(elapsed) != len(want) {
		t.Fatalf("elapsed %v, want %v", elapsed, want)
	}
	for i := range want {
		if elapsed[i] != want[i] {
			t.Errorf("update %d elapsed %d, want %d (all: %v)", i+1, elapsed[i], want[i], elapsed)
		}
	}
}

// TestT24_InactiveSleepsFirst: after focus loss each tick first sleeps
// InactiveSleepTime (visible in virtual time), and focus back stops it.
func TestT24_InactiveSleepsFirst(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	g.SetFixedTimeStep(false)
	p.perPoll = 0
	p.script = [][]PlatformEvent{{focusIn}, {}, {focusOut}, {}, {focusIn}, {}}
	var el []timing.TimeSpan
	s.onUpdate = func(_ *Game, _ int, gt timing.GameTime) { el = append(el, gt.ElapsedGameTime) }
	for range p.script {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	// Frame 0 sleeps (inactive until its poll); 1, 2 do not; 3, 4 sleep
	// (focus lost in 2's batch); 5 does not.
	z, m := timing.TimeSpan(0), 20*timing.Millisecond
	want := []timing.TimeSpan{m, z, z, m, m, z}
	for i := range want {
		if el[i] != want[i] {
			t.Errorf("variable update %d elapsed %d, want %d (all %v)", i, el[i], want[i], el)
		}
	}
	_ = g.Close()
}

// TestW2_MinimizedWaitsOnThePlatform: minimized in variable step with no
// inactive sleep, each tick waits one target step on the platform (no spin)
// while updates go on and draws stop.
func TestW2_MinimizedWaitsOnThePlatform(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	g.SetFixedTimeStep(false)
	_ = g.SetInactiveSleepTime(0)
	p.script = [][]PlatformEvent{{focusIn}, {{Kind: EventIconify, Iconified: true}}, {}, {}}
	for range p.script {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.waits) != 3 || p.waits[0] != timing.DefaultTargetElapsedTime.Duration() {
		t.Errorf("platform waits %v, want 3 of one target step", p.waits)
	}
	if s.updates != 4 || s.draws != 1 {
		t.Errorf("updates %d draws %d, want 4 and 1", s.updates, s.draws)
	}
	_ = g.Close()
}

// TestMinimizedDrawsAreNotCounted: the scheduler's Stats count
// only the frames the engine drew; the draws skipped while minimized are
// SkippedDraws (issue: the title kept reporting ~49 draws/s minimized).
func TestMinimizedDrawsAreNotCounted(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	g.SetFixedTimeStep(false)
	_ = g.SetInactiveSleepTime(0)
	p.script = [][]PlatformEvent{{focusIn}, {{Kind: EventIconify, Iconified: true}}, {}, {}}
	for range p.script {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	st := g.Scheduler().Stats()
	if s.draws != 1 || st.Draws != 1 || st.SkippedDraws != 3 {
		t.Errorf("game draws %d, Stats.Draws %d, Stats.SkippedDraws %d; want 1, 1, 3", s.draws, st.Draws, st.SkippedDraws)
	}
	_ = g.Close()
}

// TestW2_ZeroFramebufferSkipsDraws: a 0x0 framebuffer (minimized on some
// systems) skips draws without an Iconify event, and no Resize goes to the
// renderer for it.
func TestW2_ZeroFramebufferSkipsDraws(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	p.fbW, p.fbH = 0, 0
	p.script = make([][]PlatformEvent, p.polls+2)
	p.script[p.polls] = []PlatformEvent{{Kind: EventFramebufferResize}}
	p.script[p.polls+1] = []PlatformEvent{{Kind: EventFramebufferResize}}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if s.draws != 1 || !g.IsMinimized() || len(p.renderer.resizes) != 0 {
		t.Errorf("draws %d minimized %v resizes %v", s.draws, g.IsMinimized(), p.renderer.resizes)
	}
	p.fbW, p.fbH = 640, 480
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if s.draws != 2 || len(p.renderer.resizes) != 1 {
		t.Errorf("after restore: draws %d resizes %v", s.draws, p.renderer.resizes)
	}
	_ = g.Close()
}

func TestW2_MinimizedWaitRule(t *testing.T) {
	target := timing.DefaultTargetElapsedTime
	cases := []struct {
		waits bool // fixed step under the default profile: the tick waits
		sleep timing.TimeSpan
		want  time.Duration
	}{
		{true, 0, 0}, {true, 20 * timing.Millisecond, 0},
		{false, 20 * timing.Millisecond, 0}, {false, 0, target.Duration()},
	}
	for _, c := range cases {
		clock := timing.NewManualClock(0)
		s, err := timing.NewScheduler(clock, clock, nopTimingHandler{})
		if err != nil {
			t.Fatal(err)
		}
		s.SetFixedTimeStep(c.waits)
		_ = s.SetInactiveSleepTime(c.sleep)
		if got := s.IdleWait(true); got != c.want {
			t.Errorf("waits %v, sleep %d: IdleWait(minimized) = %v, want %v", c.waits, c.sleep, got, c.want)
		}
	}
}

// nopTimingHandler is a timing.Handler that does nothing.
type nopTimingHandler struct{}

func (nopTimingHandler) Poll()                  {}
func (nopTimingHandler) Update(timing.GameTime) {}
func (nopTimingHandler) Draw(timing.GameTime)   {}

// TestW2_MinimizedXNADoesNotSpin: the XNA profile never waits for a step
// (T22), so a minimized XNA game with no inactive sleep waits on the
// platform instead.
func TestW2_MinimizedXNADoesNotSpin(t *testing.T) {
	g, _, p := newTestGame(nil, timing.ProfileXNA)
	_ = g.SetInactiveSleepTime(0)
	p.script = [][]PlatformEvent{{{Kind: EventIconify, Iconified: true}}, {}, {}}
	for range p.script {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.waits) != 3 {
		t.Errorf("platform waits %v, want 3", p.waits)
	}
	_ = g.Close()
}

// runFixedDt runs a scripted game for 40 frames on a timing.FixedDt source
// and returns its transcript.
func runFixedDt(t *testing.T, profile timing.Profile, dt time.Duration) string {
	t.Helper()
	rec := &recorder{}
	p := newFakePlatform(rec)
	p.perPoll = 0
	p.script = [][]PlatformEvent{{focusIn}, {}, {{Kind: EventKey, Key: KeyA, Action: Press}}, {}, {focusOut}}
	clock, err := timing.NewFixedDt(dt)
	if err != nil {
		t.Fatal(err)
	}
	s := &scriptGame{rec: rec}
	s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
		if n == 40 {
			g.Exit()
		}
	}
	g, err := NewGame(s, p, Config{Source: clock, Waiter: clock, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	rec.add("clock %v", clock.Now())
	return rec.String()
}

// TestT21_FixedDtRunsAreIdentical: on a FixedDt source the loop advances
// time once per tick (so the XNA profile, which never waits, still moves),
// and two runs of the same script give byte-identical transcripts.
func TestT21_FixedDtRunsAreIdentical(t *testing.T) {
	for _, pr := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		for _, dt := range []time.Duration{time.Second / 60, time.Second / 144, time.Second / 30} {
			a, b := runFixedDt(t, pr, dt), runFixedDt(t, pr, dt)
			if a != b {
				t.Errorf("%v dt %v: runs differ\n%s\n---\n%s", pr, dt, a, b)
			}
			if !strings.Contains(a, "update #40 ") {
				t.Errorf("%v dt %v: did not reach 40 updates:\n%s", pr, dt, a)
			}
		}
	}
	golden(t, "fixeddt_xna_60hz", runFixedDt(t, timing.ProfileXNA, time.Second/60))
}

// TestT22_XNAIdlesBetweenZeroStepTicks: the XNA profile's tick does not
// wait, so the loop sleeps 1 ms through the Waiter after a tick that ran no
// step instead of spinning; the slept time reaches the next tick (it was
// not consumed), so the step comes when it is owed.
func TestT22_XNAIdlesBetweenZeroStepTicks(t *testing.T) {
	g, _, p := newTestGame(nil, timing.ProfileXNA)
	_ = g.SetInactiveSleepTime(0)
	p.perPoll = 0                           // time moves only by the loop's sleeps
	if err := g.RunOneFrame(); err != nil { // priming update; the first tick measures 0
		t.Fatal(err)
	}
	start := p.clock.Now()
	ticks := 1
	for g.Scheduler().Stats().Updates < 2 {
		if err := g.Tick(); err != nil {
			t.Fatal(err)
		}
		if ticks++; ticks > 100 {
			t.Fatal("no step after 100 ticks: the loop does not idle")
		}
	}
	// 1 ms sleeps until 16 ms; at 16.4 ms the elapsed time is within the
	// snap window (< target>>6 from 16.6667 ms) and runs the step.
	if got := p.clock.Now() - start; got < 16*time.Millisecond || got > 17*time.Millisecond {
		t.Fatalf("the step came after %v of idle sleeps, want about one target", got)
	}
	_ = g.Close()
}

// TestT21_FixedDtPastItsRangeFailsTheRun: a dt so long that the virtual
// clock passes the largest Duration after two ticks (`-fixed-dt 1000000h`
// wrapped negative on the third) ends Run with ErrSourceExhausted, and no
// update ever saw negative time.
func TestT21_FixedDtPastItsRangeFailsTheRun(t *testing.T) {
	for _, profile := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		rec := &recorder{}
		p := newFakePlatform(rec)
		p.perPoll = 0
		p.script = make([][]PlatformEvent, 40) // the window stays open for 40 polls
		clock, err := timing.NewFixedDt(1_000_000 * time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		s := &scriptGame{rec: rec}
		negative := false
		s.onUpdate = func(g *Game, n int, gt timing.GameTime) {
			negative = negative || gt.ElapsedGameTime < 0 || gt.TotalGameTime < 0
			if n == 1000 { // a stop well after the clock ran out (29 updates a tick)
				g.Exit()
			}
		}
		g, err := NewGame(s, p, Config{Source: clock, Waiter: clock, Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		err = g.Run()
		if !errors.Is(err, timing.ErrSourceExhausted) || negative || clock.Now() < 0 {
			t.Errorf("%v: Run = %v, negative time seen %v, clock %v; want ErrSourceExhausted", profile, err, negative, clock.Now())
		}
	}
}
