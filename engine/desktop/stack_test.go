package desktop

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// frameGame counts draws, runs do at each draw, and exits at exitAt.
type frameGame struct {
	frames int
	exitAt int
	do     func(g *engine.Game, frame int)
	scene  func(g *engine.Game, frame int) []ball // balls to draw beside the cube; nil: none
	onErr  func(error)                            // a drawing error; nil: panic (a bug in the test content)
	r      *Renderer
	builds int
}

func (f *frameGame) Update(g *engine.Game, _ timing.GameTime) {
	if f.frames >= f.exitAt {
		g.Exit()
	}
}

func (f *frameGame) Draw(g *engine.Game, gt timing.GameTime) {
	var balls []ball
	if f.scene != nil {
		balls = f.scene(g, f.frames+1)
	}
	if err := drawScene(g, gt.TotalGameTime.Duration(), balls); err != nil {
		if f.onErr == nil {
			panic(err) // a bug in the test content
		}
		f.onErr(err)
	}
	f.r = g.GraphicsDevice().Renderer().(*Renderer)
	f.builds = f.r.Vulkan().Status().Rebuilds
	f.frames++
	if f.do != nil {
		f.do(g, f.frames)
	}
}

// newStackGame opens a desktop game in fixed-dt virtual time (T21) with
// validation on; it must run inside window.Do.
func newStackGame(t *testing.T, h engine.Handler) (*engine.Game, error) {
	clock, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	return NewGame(h, Config{Title: t.Name(), Width: 320, Height: 240, Validation: true, Resizable: true,
		Engine: engine.Config{Source: clock, Waiter: clock}})
}

// runStackGame makes a stack game for h (newStackGame) on the main thread,
// lets setup adjust it (setup may be nil), runs it, and skips the test (or
// fails it under METRONOME_REQUIRE_GPU=1) when the real stack is missing;
// any other error fails the test.
func runStackGame(t *testing.T, h engine.Handler, setup func(*engine.Game)) {
	t.Helper()
	var runErr error
	window.Do(func() {
		g, err := newStackGame(t, h)
		if err != nil {
			runErr = err
			return
		}
		if setup != nil {
			setup(g)
		}
		runErr = g.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
}

func checkNoMessages(t *testing.T, r *Renderer) {
	t.Helper()
	if r == nil {
		t.Fatal("no frame was drawn")
	}
	for _, m := range r.Vulkan().Messages() {
		t.Errorf("validation: %s", m)
	}
}

// TestW2_ResizeOnRealStack: a new preferred size applied mid-run resizes
// the window; the engine re-queries it (ClientSizeChanged), the renderer
// rebuilds at the new size, and validation stays silent.
func TestW2_ResizeOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 200}
	changed := 0
	var client [2]int
	var extent [2]int
	f.do = func(g *engine.Game, n int) {
		if n == 30 {
			gm := g.GraphicsDeviceManager()
			gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 400, 300
			if err := gm.ApplyChanges(); err != nil {
				t.Error(err)
			}
		}
		client[0], client[1] = g.ClientSize()
		extent[0], extent[1] = f.r.Vulkan().Extent()
	}
	runStackGame(t, f, func(g *engine.Game) {
		g.ClientSizeChanged.Add(func(*engine.Game) { changed++ })
	})
	checkNoMessages(t, f.r)
	if client != [2]int{400, 300} || extent != [2]int{400, 300} || changed == 0 {
		t.Errorf("client %v, extent %v, ClientSizeChanged %d times; want 400x300 and at least once", client, extent, changed)
	}
	if f.builds < 2 {
		t.Errorf("%d swapchain builds, want a rebuild after the resize", f.builds)
	}
}

// TestW6_PanicInDrawTearsDownOnRealStack: a panic in Draw propagates out
// of Run after the device went idle and every Vulkan object was destroyed
// (the validation layer reports leaks at destruction: none may appear).
func TestW6_PanicInDrawTearsDownOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 1000}
	f.do = func(_ *engine.Game, n int) {
		if n == 20 {
			panic("boom in Draw")
		}
	}
	var runErr error
	var recovered any
	window.Do(func() {
		g, err := newStackGame(t, f)
		if err != nil {
			runErr = err
			return
		}
		defer func() { recovered = recover() }()
		runErr = g.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	if recovered != "boom in Draw" {
		t.Fatalf("recovered %v, want the game's panic", recovered)
	}
	checkNoMessages(t, f.r)
	if f.r.Vulkan().Status().Rebuilds != 0 {
		t.Error("the renderer was not destroyed")
	}
}

// TestT5_DesktopTickAllocations: a steady-state tick on the real stack
// (GLFW poll, event conversion, update, draw, Vulkan present) allocates
// nothing on the Go heap.
func TestT5_DesktopTickAllocations(t *testing.T) {
	f := &frameGame{exitAt: 1 << 30}
	var allocs float64
	var runErr error
	window.Do(func() {
		g, err := newStackGame(t, f)
		if err != nil {
			runErr = err
			return
		}
		defer func() { runErr = g.Close() }()
		for range 30 {
			if err := g.RunOneFrame(); err != nil {
				runErr = err
				return
			}
		}
		allocs = testing.AllocsPerRun(200, func() {
			if err := g.Tick(); err != nil {
				runErr = err
			}
		})
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	if allocs != 0 {
		t.Errorf("%v allocations per tick on the real stack, want 0", allocs)
	}
}

// TestT12_WindowCloseEndsRunOnRealStack: a close request ends the loop
// like Exit: Exiting is raised after it, and the teardown leaves nothing
// for the validation layer to report (W4).
func TestT12_WindowCloseEndsRunOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 1 << 30}
	f.do = func(g *engine.Game, n int) {
		if n == 20 {
			g.Platform().(*Platform).Window().SetShouldClose(true)
		}
	}
	exiting := 0
	runStackGame(t, f, func(g *engine.Game) {
		g.Exiting.Add(func(*engine.Game) { exiting++ })
	})
	checkNoMessages(t, f.r)
	if f.frames != 20 || exiting != 1 {
		t.Errorf("%d frames, Exiting %d times; want 20 and 1", f.frames, exiting)
	}
}

// TestT5_SystemClockOnRealStack runs the production clock (the system's
// monotonic clock and real sleeps) with a 2 ms fixed step and vsync off for
// 100 draws; it checks counts and order only, never speed.
func TestT5_SystemClockOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 100}
	var runErr error
	var st timing.Stats
	window.Do(func() {
		g, err := NewGame(f, Config{Title: t.Name(), Width: 160, Height: 120, Validation: true})
		if err != nil {
			runErr = err
			return
		}
		if err := g.SetTargetElapsedTime(2 * timing.Millisecond); err != nil {
			runErr = err
			return
		}
		g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false
		runErr = g.Run()
		st = g.Scheduler().Stats()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	if f.frames != 100 || st.Updates < 100 {
		t.Errorf("%d draws, %d updates; want 100 draws and at least as many updates", f.frames, st.Updates)
	}
}
