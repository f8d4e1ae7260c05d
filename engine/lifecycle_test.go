package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// runExitAt runs a game that calls Exit from its n-th Update and returns the
// transcript of the callbacks and lifecycle calls.
func runExitAt(t *testing.T, profile timing.Profile, n int) (*recorder, *scriptGame, *fakePlatform) {
	t.Helper()
	rec := &recorder{}
	g, s, p := newTestGame(rec, profile)
	s.onUpdate = func(g *Game, i int, _ timing.GameTime) {
		if i == n {
			rec.add("  Exit")
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rec, s, p
}

// callbackOrder keeps only the update, draw and Exiting lines.
func callbackOrder(rec *recorder) []string {
	var out []string
	for _, l := range rec.lines {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "update"):
			out = append(out, "update")
		case strings.HasPrefix(l, "draw"):
			out = append(out, "draw")
		case l == "event Exiting":
			out = append(out, "Exiting")
		}
	}
	return out
}

// TestT12_ExitFromSecondUpdate: under the default profile, Exit from the
// second Update gives exactly update, draw, update, Exiting: the tick's draw
// is suppressed and Exiting is raised by the loop after it ends.
func TestT12_ExitFromSecondUpdate(t *testing.T) {
	rec, _, _ := runExitAt(t, timing.ProfileDefault, 2)
	want := []string{"update", "draw", "update", "Exiting"}
	if got := callbackOrder(rec); !reflect.DeepEqual(got, want) {
		t.Errorf("callbacks %v, want %v\n%s", got, want, rec)
	}
}

// TestT22_ExitFromSecondUpdateXNA: under ProfileXNA the priming Update is
// the first, and Exit stops the tick's draw: update, update, Exiting.
func TestT22_ExitFromSecondUpdateXNA(t *testing.T) {
	rec, _, _ := runExitAt(t, timing.ProfileXNA, 2)
	want := []string{"update", "update", "Exiting"}
	if got := callbackOrder(rec); !reflect.DeepEqual(got, want) {
		t.Errorf("callbacks %v, want %v\n%s", got, want, rec)
	}
}

// TestT12_LifecycleGolden pins the whole lifecycle of Run (hooks, events,
// callbacks with their clock values, the teardown order of W4) for both
// profiles.
func TestT12_LifecycleGolden(t *testing.T) {
	for _, pr := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		t.Run(pr.String(), func(t *testing.T) {
			rec, _, _ := runExitAt(t, pr, 4)
			golden(t, "lifecycle_"+pr.String(), rec.String())
		})
	}
}

// TestT12_CloseEventEndsRun: a Close event in a batch ends the loop like
// Exit: the tick runs no Update and no draw, then Exiting, EndRun, UnloadContent, then
// the device (idle, destroyed) and the platform (W4).
func TestT12_CloseEventEndsRun(t *testing.T) {
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	p.script = [][]PlatformEvent{{}, {}, {quit}}
	if err := g.Run(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if s.updates != 2 || s.draws != 2 {
		t.Errorf("updates %d draws %d, want 2 and 2", s.updates, s.draws)
	}
	golden(t, "lifecycle_close_event", rec.String())
	if err := g.Run(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Run: %v, want ErrClosed", err)
	}
}

// TestW4_RendererErrorEndsRunCleanly: a present error ends Run with that
// error, after UnloadContent and the ordered teardown, without Exiting.
func TestW4_RendererErrorEndsRunCleanly(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	p.renderer.endErrAt = 3
	err := g.Run()
	if !errors.Is(err, errFakePresent) {
		t.Fatalf("Run: %v, want the renderer's error", err)
	}
	if !strings.Contains(err.Error(), "present") {
		t.Errorf("error %q does not say what failed", err)
	}
	golden(t, "lifecycle_renderer_error", rec.String())
	if p.renderer.idle != 1 || p.renderer.destroy != 1 || p.destroyed != 1 {
		t.Errorf("teardown idle=%d destroy=%d platform=%d, want 1 each", p.renderer.idle, p.renderer.destroy, p.destroyed)
	}
}

// TestW6_PanicInUpdateTearsDownThenPropagates: the device waits idle and is
// destroyed, then the platform, and the panic reaches Run's caller.
func TestW6_PanicInUpdateTearsDownThenPropagates(t *testing.T) {
	for _, where := range []string{"update", "draw"} {
		t.Run(where, func(t *testing.T) {
			rec := &recorder{}
			g, s, p := newTestGame(rec, timing.ProfileDefault)
			boom := func(_ *Game, n int, _ timing.GameTime) {
				if n == 3 {
					panic("boom")
				}
			}
			if where == "update" {
				s.onUpdate = boom
			} else {
				s.onDraw = boom
			}
			var got any
			func() {
				defer func() { got = recover() }()
				_ = g.Run()
			}()
			if got != "boom" {
				t.Fatalf("recovered %v, want boom", got)
			}
			tail := rec.lines[len(rec.lines)-3:]
			want := []string{"renderer.WaitIdle", "renderer.Destroy", "platform.Destroy"}
			if !reflect.DeepEqual(tail, want) {
				t.Errorf("teardown %v, want %v", tail, want)
			}
			if err := g.Close(); err != nil || p.destroyed != 1 {
				t.Errorf("Close after panic: %v, platform destroyed %d times", err, p.destroyed)
			}
		})
	}
}

// TestW6_InitializeErrorEndsRunCleanly: an Initialize error is returned
// with context, and the device made before it is torn down.
func TestW6_InitializeErrorEndsRunCleanly(t *testing.T) {
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	s.initErr = errors.New("no assets")
	err := g.Run()
	if err == nil || !strings.Contains(err.Error(), "Initialize: no assets") {
		t.Fatalf("Run: %v", err)
	}
	if s.updates != 0 || p.renderer.destroy != 1 || p.destroyed != 1 {
		t.Errorf("updates %d, renderer destroyed %d, platform %d", s.updates, p.renderer.destroy, p.destroyed)
	}
}

// TestW6_NoRendererIsAnError: a platform that cannot make a renderer ends
// Run with its error and no Update runs.
func TestW6_NoRendererIsAnError(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	p.createErr = errors.New("no Vulkan driver")
	err := g.Run()
	if err == nil || !strings.Contains(err.Error(), "create graphics device: create renderer: no Vulkan driver") {
		t.Fatalf("Run: %v", err)
	}
	if s.updates != 0 || p.destroyed != 1 {
		t.Errorf("updates %d, platform destroyed %d", s.updates, p.destroyed)
	}
}

// TestT12_RunOneFrameSkipsRunHooks: RunOneFrame initializes once and ticks,
// without BeginRun, Activated, EndRun or Exiting; IsActive stays false.
func TestT12_RunOneFrameSkipsRunHooks(t *testing.T) {
	rec := &recorder{}
	g, s, _ := newTestGame(rec, timing.ProfileDefault)
	for range 3 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if g.IsActive() {
		t.Error("IsActive true without a focus event")
	}
	text := rec.String()
	for _, absent := range []string{"BeginRun", "Activated", "EndRun", "Exiting"} {
		if strings.Contains(text, absent) {
			t.Errorf("RunOneFrame ran %s:\n%s", absent, text)
		}
	}
	if strings.Count(text, "Initialize") != 1 || s.draws != 3 {
		t.Errorf("Initialize %d times, %d draws; want 1 and 3", strings.Count(text, "Initialize"), s.draws)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec.String(), "UnloadContent\nrenderer.WaitIdle\nrenderer.Destroy\nplatform.Destroy") {
		t.Errorf("Close order wrong:\n%s", rec)
	}
}

// TestT12_TickBeforeInitializeIsAnError checks the guard on Tick.
func TestT12_TickBeforeInitializeIsAnError(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	if err := g.Tick(); err == nil {
		t.Fatal("Tick before initialization: no error")
	}
}

// TestT12_SuppressDrawSkipsOne: SuppressDraw from an Update skips exactly
// the next draw.
func TestT12_SuppressDrawSkipsOne(t *testing.T) {
	g, s, _ := newTestGame(nil, timing.ProfileDefault)
	s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
		if n == 2 {
			g.SuppressDraw()
		}
		if n == 5 {
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if s.updates != 5 || s.draws != 3 {
		t.Errorf("updates %d draws %d, want 5 and 3 (draws 2 and 5 skipped)", s.updates, s.draws)
	}
}

// TestW7_SkippedPresentsOnTheGraphicsDevice: frames the renderer cannot
// present within its bound are skipped (BeginDraw false): the game's Draw
// is not called for them, updates go on, Exit ends Run in order, and the
// GraphicsDevice reports how many were skipped.
func TestW7_SkippedPresentsOnTheGraphicsDevice(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	p.renderer.skipFrom = 4
	var skipped uint64
	s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
		if n == 10 {
			skipped = g.GraphicsDevice().SkippedPresents()
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if s.updates != 10 || s.draws != 3 {
		t.Errorf("updates %d draws %d, want 10 and 3 (frames from the 4th skipped)", s.updates, s.draws)
	}
	if skipped != 6 || skipped != p.renderer.skipped {
		t.Errorf("SkippedPresents %d at update 10, renderer skipped %d; want 6", skipped, p.renderer.skipped)
	}
	if p.renderer.destroy != 1 || p.destroyed != 1 {
		t.Errorf("renderer destroyed %d, platform %d; want 1 each", p.renderer.destroy, p.destroyed)
	}
}

// TestW4_BeginDrawErrorEndsRunCleanly: an error from BeginDraw ends Run
// with it; the game's Draw is not called for that frame.
func TestW4_BeginDrawErrorEndsRunCleanly(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	p.renderer.beginErr = errFakePresent
	err := g.Run()
	if !errors.Is(err, errFakePresent) || !strings.Contains(err.Error(), "begin draw") {
		t.Fatalf("Run: %v", err)
	}
	if s.draws != 0 || p.renderer.destroy != 1 || p.destroyed != 1 {
		t.Errorf("draws %d, renderer destroyed %d, platform %d", s.draws, p.renderer.destroy, p.destroyed)
	}
}

// TestT12_ExitFromDraw: Exit from a Draw ends the loop after that tick:
// no further update, Exiting once, then the ordered teardown.
func TestT12_ExitFromDraw(t *testing.T) {
	rec := &recorder{}
	g, s, _ := newTestGame(rec, timing.ProfileDefault)
	s.onDraw = func(g *Game, n int, _ timing.GameTime) {
		if n == 2 {
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	want := []string{"update", "draw", "update", "draw", "Exiting"}
	if got := callbackOrder(rec); !reflect.DeepEqual(got, want) {
		t.Errorf("callbacks %v, want %v", got, want)
	}
	tail := rec.lines[len(rec.lines)-3:]
	if !reflect.DeepEqual(tail, []string{"renderer.WaitIdle", "renderer.Destroy", "platform.Destroy"}) {
		t.Errorf("teardown %v", tail)
	}
}

// TestW6_NewGameArgumentErrors: nil arguments and half a clock are errors,
// never panics.
func TestW6_NewGameArgumentErrors(t *testing.T) {
	p := newFakePlatform(nil)
	clock := timing.NewManualClock(0)
	cases := map[string]func() (*Game, error){
		"nil handler":  func() (*Game, error) { return NewGame(nil, p, Config{}) },
		"nil platform": func() (*Game, error) { return NewGame(&scriptGame{}, nil, Config{}) },
		"no waiter":    func() (*Game, error) { return NewGame(&scriptGame{}, p, Config{Source: clock}) },
		"bad profile":  func() (*Game, error) { return NewGame(&scriptGame{}, p, Config{Profile: 7}) },
	}
	for name, f := range cases {
		if g, err := f(); err == nil || g != nil {
			t.Errorf("%s: game %v, error %v", name, g, err)
		}
	}
	g, err := NewGame(&scriptGame{}, p, Config{})
	if err != nil || g.Profile() != timing.ProfileDefault {
		t.Errorf("zero Config: %v, profile %v", err, g.Profile())
	}
}

// TestT12_RequestExitFromAnotherGoroutine: RequestExit (what a SIGINT
// handler calls) ends the loop at the next poll, like a close event: that
// tick runs no Update.
func TestT12_RequestExitFromAnotherGoroutine(t *testing.T) {
	rec := &recorder{}
	g, s, _ := newTestGame(rec, timing.ProfileDefault)
	done := make(chan struct{})
	s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
		if n == 3 {
			go func() { g.RequestExit(); close(done) }()
			<-done
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	want := []string{"update", "draw", "update", "draw", "update", "draw", "Exiting"}
	if got := callbackOrder(rec); !reflect.DeepEqual(got, want) {
		t.Errorf("callbacks %v, want %v", got, want)
	}
}

// TestW6_PanicInRunOneFrameTearsDownThenPropagates: hosts that drive frames
// with RunOneFrame get the same ordered teardown on a panic as Run.
func TestW6_PanicInRunOneFrameTearsDownThenPropagates(t *testing.T) {
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	s.onUpdate = func(_ *Game, n int, _ timing.GameTime) {
		if n == 2 {
			panic("boom")
		}
	}
	var got any
	func() {
		defer func() { got = recover() }()
		for range 5 {
			_ = g.RunOneFrame()
		}
	}()
	if got != "boom" {
		t.Fatalf("recovered %v, want boom", got)
	}
	tail := rec.lines[len(rec.lines)-3:]
	if want := []string{"renderer.WaitIdle", "renderer.Destroy", "platform.Destroy"}; !reflect.DeepEqual(tail, want) {
		t.Errorf("teardown %v, want %v", tail, want)
	}
	if err := g.RunOneFrame(); !errors.Is(err, ErrClosed) || p.destroyed != 1 {
		t.Errorf("RunOneFrame after the panic: %v, platform destroyed %d times", err, p.destroyed)
	}
}
