package timing_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

func fdNew(t *testing.T, dt time.Duration) *timing.FixedDt {
	t.Helper()
	f, err := timing.NewFixedDt(dt)
	if err != nil {
		t.Fatalf("NewFixedDt(%v): %v", dt, err)
	}
	return f
}

// fdWant checks the virtual time after a step of a script.
func fdWant(t *testing.T, what string, f *timing.FixedDt, want time.Duration) {
	t.Helper()
	if f.Now() != want {
		t.Errorf("%s: Now %v, want %v", what, f.Now(), want)
	}
}

func TestT21_NonPositiveDtIsError(t *testing.T) {
	for _, dt := range []time.Duration{0, -1, -16 * time.Millisecond} {
		if f, err := timing.NewFixedDt(dt); err == nil || f != nil {
			t.Errorf("NewFixedDt(%v) = %v, %v; want nil and an error", dt, f, err)
		}
	}
}

func TestT21_AdvanceTickAddsDtOncePerTick(t *testing.T) {
	f := fdNew(t, 16*time.Millisecond)
	fdWant(t, "new", f, 0)
	for i := 1; i <= 3; i++ {
		f.AdvanceTick()
		fdWant(t, fmt.Sprintf("tick %d", i), f, time.Duration(i)*16*time.Millisecond)
	}
	if f.Dt() != 16*time.Millisecond {
		t.Errorf("Dt %v, want 16ms", f.Dt())
	}
}

func TestT21_FirstPresentAfterAdvanceIsFreeExtraPresentsCostDt(t *testing.T) {
	f := fdNew(t, 10*time.Millisecond)
	f.Present()
	fdWant(t, "first present since NewFixedDt", f, 0)
	f.Present()
	fdWant(t, "second present, no tick yet", f, 10*time.Millisecond)
	f.AdvanceTick()
	fdWant(t, "tick", f, 20*time.Millisecond)
	f.Present()
	fdWant(t, "the tick's own present", f, 20*time.Millisecond)
	f.Present()
	f.Present()
	fdWant(t, "two extra presents", f, 40*time.Millisecond)
	f.AdvanceTick()
	f.Present()
	fdWant(t, "next tick and its free present", f, 50*time.Millisecond)
}

func TestT21_PumpAddsDtAndKeepsThePresentState(t *testing.T) {
	f := fdNew(t, 10*time.Millisecond)
	f.AdvanceTick()
	f.Pump()
	fdWant(t, "tick and pump", f, 20*time.Millisecond)
	f.Present()
	fdWant(t, "present after a pump is still the tick's free one", f, 20*time.Millisecond)
	f.Pump()
	f.Present()
	fdWant(t, "pump, then an extra present", f, 40*time.Millisecond)
}

func TestT21_SleepAndYieldPumpWhateverTheyAskFor(t *testing.T) {
	f := fdNew(t, 5*time.Millisecond)
	f.Sleep(time.Millisecond)
	fdWant(t, "Sleep(1ms) at dt 5ms", f, 5*time.Millisecond)
	f.Sleep(0)
	fdWant(t, "Sleep(0)", f, 10*time.Millisecond)
	f.Yield(time.Hour)
	fdWant(t, "Yield(1h)", f, 15*time.Millisecond)
	f.Yield(0)
	fdWant(t, "Yield to a past deadline", f, 20*time.Millisecond)
}

// TestT21_SmallDtEndsTheWait is the scheduler's wait loop (T5) with a dt
// much smaller than the 60 Hz target: it ends, after ceil(target/dt) waits.
func TestT21_SmallDtEndsTheWait(t *testing.T) {
	const target = 166_667 * 100 * time.Nanosecond // 1/60 s
	f := fdNew(t, time.Millisecond)
	var w timing.Waiter = f
	var src timing.Source = f
	sleeps := 0
	for src.Now()+4*time.Millisecond < target { // sleep while the worst sleep fits
		w.Sleep(time.Millisecond)
		sleeps++
	}
	yields := 0
	for src.Now() < target {
		w.Yield(target)
		yields++
	}
	if sleeps != 13 || yields != 4 || src.Now() != 17*time.Millisecond {
		t.Errorf("%d sleeps, %d yields, Now %v; want 13, 4, 17ms", sleeps, yields, src.Now())
	}
}

// TestT21_ModalLoopThatPresentsSeesTimeMove is the modal-loop case:
// a menu that waits for 100 ms of game time and presents every iteration
// ends, because every present after the tick's first costs dt.
func TestT21_ModalLoopThatPresentsSeesTimeMove(t *testing.T) {
	f := fdNew(t, 16*time.Millisecond)
	clock, err := timing.NewGameClock(f)
	if err != nil {
		t.Fatal(err)
	}
	f.AdvanceTick()
	clock.Update()
	f.Present() // the main loop's present
	deadline := clock.Game() + 100*time.Millisecond
	frames := 0
	for clock.Game() < deadline && frames < 1000 {
		f.Present()
		clock.Update()
		frames++
	}
	if frames != 7 || clock.Game() != 128*time.Millisecond {
		t.Errorf("modal loop: %d frames, game %v; want 7 frames and 128ms", frames, clock.Game())
	}
}

// fdSim is a tiny simulation: a ball bouncing in [0, 100] at 3 units per
// millisecond of game time.
type fdSim struct {
	x, v     int64
	lastGame time.Duration
}

func (s *fdSim) step(game time.Duration) {
	for range (game - s.lastGame) / time.Millisecond {
		s.x += s.v
		if s.x < 0 || s.x > 100 {
			s.v = -s.v
			s.x += 2 * s.v
		}
	}
	s.lastGame = game
}

// fdRun drives FixedDt, GameClock and fdSim through script and dumps the
// state after each op: t = tick (advance, update, step, free present),
// p = extra present, w = pump, l/u = Lock/Unlock, s/r = Save/Restore.
func fdRun(t *testing.T, w io.Writer, script string) (wall, game time.Duration) {
	f := fdNew(t, 10*time.Millisecond)
	clock, err := timing.NewGameClock(f)
	if err != nil {
		t.Fatal(err)
	}
	sim := fdSim{x: 50, v: 3}
	for i, op := range script {
		switch op {
		case 't':
			f.AdvanceTick()
			clock.Update()
			sim.step(clock.Game())
			f.Present()
		case 'p':
			f.Present()
			clock.Update()
		case 'w':
			f.Pump()
			clock.Update()
		case 'l':
			clock.Lock()
		case 'u':
			err = clock.Unlock()
		case 's':
			clock.Save()
		case 'r':
			err = clock.Restore()
		default:
			t.Fatalf("op %d: unknown %q", i, op)
		}
		if err != nil {
			t.Fatalf("op %d %q: %v", i, op, err)
		}
		fmt.Fprintf(w, "%02d %c wall=%d game=%d fps=%g x=%d v=%d\n",
			i, op, clock.Wall(), clock.Game(), clock.FPS(), sim.x, sim.v)
	}
	return clock.Wall(), clock.Game()
}

func TestT21_TwoScriptedRunsDumpIdenticalBytes(t *testing.T) {
	const script = "ttpptswwwrtlptut" + "tttttttttttttttttttttttt"
	var a, b bytes.Buffer
	wallA, gameA := fdRun(t, &a, script[:16])
	fdRun(t, &b, script[:16])
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("dumps differ:\n%s\n---\n%s", a.Bytes(), b.Bytes())
	}
	// The first 16 ops, worked by hand: 12 steps of 10 ms reach the wall;
	// the 30 ms inside Save..Restore never reach the game clock.
	if wallA != 120*time.Millisecond || gameA != 90*time.Millisecond {
		t.Errorf("after %q: wall %v game %v, want 120ms and 90ms", script[:16], wallA, gameA)
	}

	a.Reset()
	b.Reset()
	fdRun(t, &a, script)
	fdRun(t, &b, script)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("long dumps differ:\n%s\n---\n%s", a.Bytes(), b.Bytes())
	}
	if !bytes.Contains(a.Bytes(), []byte(" fps=100 ")) {
		t.Errorf("no FPS figure of 100 in the dump of 40 ops at 10 ms:\n%s", a.Bytes())
	}
}
