package enginetest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/timing"
)

// frame144 is one frame of a 144 Hz display.
const frame144 = time.Second / 144

// hitchAt is when runDisplay's slow frame happens, in wall time.
const hitchAt = 300 * time.Millisecond

// clockLog records what a game saw per Update and per Draw, with the
// fake clock's reading.
type clockLog struct {
	clock   *timing.ManualClock
	updates []string
	draws   []drawSeen
}

type drawSeen struct {
	gt      timing.GameTime
	at      time.Duration // the clock in Draw
	updates int           // Updates before this Draw
}

func (l *clockLog) Update(_ *engine.Game, gt timing.GameTime) {
	l.updates = append(l.updates, fmt.Sprintf("elapsed=%d total=%d slow=%t", gt.ElapsedGameTime, gt.TotalGameTime, gt.IsRunningSlowly))
}

func (l *clockLog) Draw(_ *engine.Game, gt timing.GameTime) {
	l.draws = append(l.draws, drawSeen{gt: gt, at: l.clock.Now(), updates: len(l.updates)})
}

// runDisplay runs a 60 Hz fixed-step game on the fake with a 144 Hz frame
// time (each poll advances the clock by one refresh) in mode, until the
// clock reads at least until, and returns what it saw. hitch, when positive, is a slow frame:
// the clock jumps by hitch before the first frame that starts at or after
// hitchAt of wall time, the same wall time in either mode.
func runDisplay(t *testing.T, mode timing.DrawMode, fixed bool, until, hitch time.Duration) (*clockLog, *enginetest.Game) {
	t.Helper()
	l := &clockLog{}
	g := enginetest.Open(t, l, enginetest.Config{})
	l.clock = g.Platform.Clock
	g.Platform.FrameTime = frame144
	if err := g.SetDrawMode(mode); err != nil {
		t.Fatal(err)
	}
	g.SetFixedTimeStep(fixed)
	for g.Platform.Clock.Now() < until {
		if hitch > 0 && g.Platform.Clock.Now() >= hitchAt {
			g.Platform.Clock.Advance(hitch)
			hitch = 0
		}
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	return l, g
}

// TestT27_FreeRunningPresentsMoreFramesThanUpdates: a 60 Hz fixed-step
// game on a 144 Hz display presents once per Update per tick (XNA's
// mode), and once per refresh free-running: 144 frames in a second of
// wall time against 60 Updates. The Updates are the same in both modes,
// one for one: ElapsedGameTime, TotalGameTime and IsRunningSlowly.
func TestT27_FreeRunningPresentsMoreFramesThanUpdates(t *testing.T) {
	free, fg := runDisplay(t, timing.DrawFreeRunning, true, time.Second, 0)
	presents, updates := fg.Renderer().Presents, len(free.updates)
	// The first tick sleeps InactiveSleepTime (the game is inactive until
	// the first poll brings the focus event): 20 ms, then 141 refreshes;
	// the last tick measures 999.166652 ms, 59 whole steps.
	if presents != 142 || updates != 59 {
		t.Fatalf("free-running: %d presents and %d updates in %v, want 142 presents (one per refresh) and 59 updates", presents, updates, fg.Platform.Clock.Now())
	}
	// Per tick, the last tick starts before 1 s and waits for the 60th
	// step: one Update more, the rest the same.
	tick, tg := runDisplay(t, timing.DrawPerTick, true, time.Second, 0)
	if tg.Renderer().Presents != len(tick.updates) || len(tick.updates) != updates+1 {
		t.Fatalf("per tick: %d presents for %d updates, want %d of each", tg.Renderer().Presents, len(tick.updates), updates+1)
	}
	if fmt.Sprint(tick.updates[:updates]) != fmt.Sprint(free.updates) {
		t.Errorf("update transcripts differ:\nper tick     %v\nfree-running %v", tick.updates, free.updates)
	}
	if got := fg.Scheduler().Stats(); got.Draws != uint64(presents) || got.Updates != uint64(updates) {
		t.Errorf("scheduler stats %d draws %d updates, renderer %d presents, game %d updates", got.Draws, got.Updates, presents, updates)
	}
}

// TestT27_FreeRunningAlphaIsExact: each free-running Draw's Alpha is the
// wall time the tick measured (the clock before its poll: the fake's poll
// advances it by one refresh), in whole 100 ns ticks since the game
// started, less one TargetElapsedTime per Update run, divided by
// TargetElapsedTime; always in [0, 1). A Draw after no new Update sees
// ElapsedGameTime zero; no Draw comes before the first Update.
func TestT27_FreeRunningAlphaIsExact(t *testing.T) {
	l, g := runDisplay(t, timing.DrawFreeRunning, true, 2*time.Second, 0)
	target := g.TargetElapsedTime()
	prev := -1
	for i, d := range l.draws {
		if d.updates == 0 {
			t.Fatalf("draw %d before the first update", i+1)
		}
		measured := d.at - frame144
		owed := timing.TimeSpan(measured/100) - target*timing.TimeSpan(d.updates)
		want := float64(owed) / float64(target)
		if d.gt.Alpha != want || want < 0 || want >= 1 {
			t.Fatalf("draw %d at %v after %d updates: alpha %v, want %v in [0, 1)", i+1, d.at, d.updates, d.gt.Alpha, want)
		}
		if d.updates == prev && d.gt.ElapsedGameTime != 0 {
			t.Fatalf("draw %d after no new update: elapsed %d, want 0", i+1, d.gt.ElapsedGameTime)
		}
		prev = d.updates
	}
	// The first alphas, by hand: the game is inactive until the first
	// poll delivers the focus event, so the first tick sleeps
	// InactiveSleepTime (20 ms, T24), past the first step, and runs it;
	// each poll then moves the clock one refresh (6.944444 ms) on, so the
	// next ticks measure 26.944444 ms, 33.888888 ms (past the second
	// step) and 40.833332 ms: in 100 ns ticks, 200000, 269444, 338888 and
	// 408333, less 166667 per update run.
	wantFirst := []float64{33333.0 / 166667, 102777.0 / 166667, 5554.0 / 166667, 74999.0 / 166667}
	for i, w := range wantFirst {
		if a := l.draws[i].gt.Alpha; a != w {
			t.Errorf("draw %d: alpha %v, want %v", i+1, a, w)
		}
	}
}

// TestT27_FreeRunningAfterAHitch: a 150 ms slow frame at 300 ms of wall
// time leaves the same Updates in both modes, ElapsedGameTime and
// TotalGameTime one for one, the catch-up burst's included, and both
// modes run slowly after it. IsRunningSlowly itself is not compared: the
// free-running loop's last tick before the hitch can fall before a step
// boundary the per-tick loop had already reached, so its catch-up burst
// has one step more and its slow span lasts one Update longer (here 10
// slow Updates against 9). The timing package's T27 tests pin equal flags where
// the bursts match.
func TestT27_FreeRunningAfterAHitch(t *testing.T) {
	free, _ := runDisplay(t, timing.DrawFreeRunning, true, 2*time.Second, 150*time.Millisecond)
	tick, _ := runDisplay(t, timing.DrawPerTick, true, 2*time.Second, 150*time.Millisecond)
	if d := len(free.updates) - len(tick.updates); d < -1 || d > 1 {
		t.Fatalf("%d updates free-running, %d per tick", len(free.updates), len(tick.updates))
	}
	slow := [2]int{}
	for i := range min(len(free.updates), len(tick.updates)) {
		f, p := free.updates[i], tick.updates[i]
		if f[:strings.Index(f, " slow=")] != p[:strings.Index(p, " slow=")] {
			t.Fatalf("update %d: per tick %s, free-running %s", i+1, p, f)
		}
		if strings.HasSuffix(f, "true") {
			slow[0]++
		}
		if strings.HasSuffix(p, "true") {
			slow[1]++
		}
	}
	if slow[0] == 0 || slow[1] == 0 || slow[0]-slow[1] > 1 || slow[1]-slow[0] > 1 {
		t.Errorf("updates running slowly after the hitch: %d free-running, %d per tick; want some in both, within one", slow[0], slow[1])
	}
}

// TestT27_FreeRunningInVariableStepChangesNothing: with IsFixedTimeStep
// false the mode changes nothing: one Update and one Draw per tick, Alpha 1.
func TestT27_FreeRunningInVariableStepChangesNothing(t *testing.T) {
	free, fg := runDisplay(t, timing.DrawFreeRunning, false, time.Second, 0)
	tick, _ := runDisplay(t, timing.DrawPerTick, false, time.Second, 0)
	if len(free.updates) != 142 || fg.Renderer().Presents != 142 {
		t.Fatalf("variable step free-running: %d updates, %d presents in 1 s, want 142 of each (one per refresh)", len(free.updates), fg.Renderer().Presents)
	}
	if fmt.Sprint(free.updates) != fmt.Sprint(tick.updates) {
		t.Errorf("variable step: update transcripts differ:\n%v\n%v", tick.updates, free.updates)
	}
	for i, d := range free.draws {
		if d.gt.Alpha != 1 || d.gt != tick.draws[i].gt {
			t.Fatalf("variable step draw %d: %+v, per tick %+v; want the same, Alpha 1", i+1, d.gt, tick.draws[i].gt)
		}
	}
}

// TestT27_SetDrawModeRejectsUnknownModes: an unknown mode is an error that
// names the valid ones, and the mode stays.
func TestT27_SetDrawModeRejectsUnknownModes(t *testing.T) {
	g := enginetest.Open(t, &clockLog{}, enginetest.Config{})
	if g.DrawMode() != timing.DrawPerTick {
		t.Fatalf("default draw mode %v, want per tick", g.DrawMode())
	}
	if err := g.SetDrawMode(timing.DrawMode(5)); err == nil || g.DrawMode() != timing.DrawPerTick {
		t.Fatalf("SetDrawMode(5): err %v, mode %v", err, g.DrawMode())
	}
}
