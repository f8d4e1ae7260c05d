package game

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
)

// fixedDt is the -fixed-dt of newKeyGame: exactly one 60 Hz step (166,667
// ticks) per tick.
const fixedDt = 16666700 * time.Nanosecond

// newActiveKeyGame is newKeyGame without the inactive game's sleep (T24:
// RunOneFrame leaves the game inactive, and that sleep pumps one more dt
// per tick), so each tick is one dt and one update.
func newActiveKeyGame(t *testing.T, script [][]engine.PlatformEvent) (*engine.Game, *sampleGame) {
	t.Helper()
	g, s, _ := newKeyGame(t, script)
	if err := g.SetInactiveSleepTime(0); err != nil {
		t.Fatal(err)
	}
	return g, s
}

// pressAt returns a platform script of n polls that presses k in poll i
// and releases it in the next, for each i in at.
func pressAt(n int, k engine.Key, at ...int) [][]engine.PlatformEvent {
	script := make([][]engine.PlatformEvent, n)
	for _, i := range at {
		script[i] = append(script[i], key(k, engine.Press))
		script[i+1] = append(script[i+1], key(k, engine.Release))
	}
	return script
}

// Pause at tick A, resume at tick B, on the fixed-dt clock: while paused
// the cube's scene time (its GameClock's game time) stands at its value at
// A and the balls do not move; the first draw after the resume shows the
// cube exactly at its value at A again (the paused interval was saved and
// rewound, T19; a plain Lock/Unlock would credit it, T18), and it goes on
// by one dt per tick; the wall time ran on by (B - A) dt meanwhile.
func TestT19_GamePauseResumesCubeWhereItStopped(t *testing.T) {
	const a, b, n = 30, 90, 100
	g, s := newActiveKeyGame(t, pressAt(n, engine.KeyP, a, b))
	scene := make([]time.Duration, n)
	wall := make([]time.Duration, n)
	ballY := make([]float64, n)
	for i := range n {
		tick(t, g, 1)
		scene[i], wall[i], ballY[i] = s.scene, s.clock.Wall(), s.balls[ballLatest].Y
		if paused := i >= a && i < b; s.paused != paused {
			t.Fatalf("tick %d: paused %v, want %v", i, s.paused, paused)
		}
	}
	if scene[a] != scene[a-1]+fixedDt {
		t.Errorf("pause tick: scene %v, want %v + dt", scene[a], scene[a-1])
	}
	for i := a; i <= b; i++ {
		if scene[i] != scene[a] {
			t.Fatalf("tick %d: scene %v, want %v (the value at the pause)", i, scene[i], scene[a])
		}
	}
	for i := a + 1; i < b; i++ {
		if ballY[i] != ballY[a] {
			t.Fatalf("tick %d: ball at %v, want %v (paused)", i, ballY[i], ballY[a])
		}
	}
	if got := scene[b+1] - scene[b]; got != fixedDt {
		t.Errorf("after the resume the cube moves %v per tick, want %v", got, fixedDt)
	}
	if got := wall[b] - wall[a]; got != time.Duration(b-a)*fixedDt {
		t.Errorf("wall time ran %v during the pause, want %v", got, time.Duration(b-a)*fixedDt)
	}
	if ballY[b+1] == ballY[b] {
		t.Error("the balls did not step after the resume")
	}
	if c := s.clock; c.LockDepth() != 0 || c.SaveDepth() != 0 {
		t.Errorf("after the resume lock depth %d, save depth %d; want 0, 0", c.LockDepth(), c.SaveDepth())
	}
}

// L blocks inside Update until the engine's clock moved 300 ms: on the
// fixed-dt clock it pumps ceil(300 ms / dt) = 18 steps, so the next tick
// owes 19 steps (a catch-up burst) and IsRunningSlowly turns on (T10, T21).
func TestT10_GameLoadBurstsAndRunsSlowly(t *testing.T) {
	const at = 20
	g, s := newActiveKeyGame(t, pressAt(at+3, engine.KeyL, at))
	tick(t, g, at)
	before := s.source.Now()
	tick(t, g, 1)
	if got := s.source.Now() - before; got != 19*fixedDt || s.loads != 1 {
		t.Fatalf("the load tick moved the clock %v (loads %d), want 19 dt (1 tick + 18 pumped)", got, s.loads)
	}
	if g.Scheduler().IsRunningSlowly() {
		t.Fatal("running slowly before the burst")
	}
	tick(t, g, 1)
	if st := g.Scheduler().Stats(); st.LastSteps != 19 || !g.Scheduler().IsRunningSlowly() {
		t.Fatalf("after the load: %d steps, slow %v; want 19, true", st.LastSteps, g.Scheduler().IsRunningSlowly())
	}
}

// stuckClock is a Source that never moves and a Waiter that does not wait.
type stuckClock struct{ waits int }

func (c *stuckClock) Now() time.Duration           { return time.Second }
func (c *stuckClock) Sleep(time.Duration)          { c.waits++ }
func (c *stuckClock) Yield(deadline time.Duration) { c.waits++ }

// On a clock that sleeps exactly as asked the load is one 300 ms wait; on
// a clock that never moves it gives up after maxStalledWaits waits with a
// message instead of hanging (T14).
func TestT14_GameLoadWaitsThroughTheEngineClock(t *testing.T) {
	mc := timing.NewManualClock(5 * time.Second)
	var errb bytes.Buffer
	s, err := newSampleGame(gameOptions{}, engine.Config{Source: mc, Waiter: mc}, &errb)
	if err != nil {
		t.Fatal(err)
	}
	s.simulateLoad()
	if mc.Now() != 5*time.Second+loadTime || s.loads != 1 || errb.Len() != 0 {
		t.Fatalf("manual clock at %v after the load (loads %d, %q), want 5.3s", mc.Now(), s.loads, errb.String())
	}
	stuck := &stuckClock{}
	if s, err = newSampleGame(gameOptions{}, engine.Config{Source: stuck, Waiter: stuck}, &errb); err != nil {
		t.Fatal(err)
	}
	s.simulateLoad()
	if stuck.waits != maxStalledWaits || !strings.Contains(errb.String(), "clock stopped") {
		t.Fatalf("stuck clock: %d waits, stderr %q; want %d and a message", stuck.waits, errb.String(), maxStalledWaits)
	}
}

// Fixed step draws the interpolated ball between its last two steps at the
// Draw's alpha and the other at its latest state (T8); variable step draws
// both at the latest state.
func TestT8_GameDrawsBallsAtAlpha(t *testing.T) {
	s := &sampleGame{balls: [2]ball{{Y: 0, PrevY: 1}, {Y: 0, PrevY: 1}}}
	s.placeBalls(drawAlpha(timing.GameTime{Alpha: 0.25}, true))
	if s.drawnY != [2]float64{0.75, 0} {
		t.Errorf("fixed step at alpha 0.25: drawn at %v, want [0.75 0]", s.drawnY)
	}
	s.placeBalls(drawAlpha(timing.GameTime{Alpha: 0.25}, false))
	if s.drawnY != [2]float64{0, 0} {
		t.Errorf("variable step: drawn at %v, want [0 0]", s.drawnY)
	}
}
