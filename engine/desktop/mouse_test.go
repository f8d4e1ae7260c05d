package desktop

import (
	"fmt"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// Stages of the mouse-look run, shared by the loop and the xdotool
// goroutine.
const (
	lookFocusing = iota // the goroutine focuses the window
	lookFocused         // the window has focus: the next update captures
	lookCaptured        // captured: the goroutine moves the mouse
	lookMoved           // the moves were sent
)

// lookGame captures the cursor once its window has focus, sums the
// MouseDelta of every update while xdotool moves the mouse, then releases
// the capture and exits.
type lookGame struct {
	xdotool, title string
	moves          int
	stepX, stepY   int

	stage   atomic.Int32
	moveErr atomic.Pointer[error]

	sumX, sumY          float64
	hiddenWhileCaptured bool
	raw                 bool
	normalAfterRelease  bool
	after, updates      int
	started             time.Time
	r                   *Renderer
}

func (g *lookGame) BeginRun(*engine.Game) {
	g.started = time.Now()
	go func() {
		fail := func(err error) { g.moveErr.Store(&err); g.stage.Store(lookMoved) }
		id, err := xWindowID(g.xdotool, g.title)
		if err != nil {
			fail(err)
			return
		}
		// A captured cursor needs focus: give the window the input focus
		// (Xvfb has no window manager to do it).
		if out, err := exec.Command(g.xdotool, "windowfocus", "--sync", id).CombinedOutput(); err != nil {
			fail(fmt.Errorf("xdotool windowfocus: %w: %s", err, out))
			return
		}
		g.stage.Store(lookFocused)
		for g.stage.Load() != lookCaptured {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond)
		for range g.moves {
			out, err := exec.Command(g.xdotool, "mousemove_relative", "--", fmt.Sprint(g.stepX), fmt.Sprint(g.stepY)).CombinedOutput()
			if err != nil {
				fail(fmt.Errorf("xdotool mousemove_relative: %w: %s", err, out))
				return
			}
			time.Sleep(30 * time.Millisecond)
		}
		g.stage.Store(lookMoved)
	}()
}

func (g *lookGame) Update(eg *engine.Game, _ timing.GameTime) {
	g.updates++
	win := eg.Platform().(*Platform).Window()
	switch g.stage.Load() {
	case lookFocused:
		eg.SetMouseCaptured(true)
		g.hiddenWhileCaptured = win.CursorMode() == window.CursorCaptured
		g.raw = win.RawMouseMotion()
		g.stage.Store(lookCaptured)
	case lookCaptured:
		dx, dy := eg.MouseDelta()
		g.sumX, g.sumY = g.sumX+dx, g.sumY+dy
	case lookMoved:
		dx, dy := eg.MouseDelta()
		g.sumX, g.sumY = g.sumX+dx, g.sumY+dy
		g.after++
		if g.after == 20 { // a third of a second for the last events
			eg.SetMouseCaptured(false)
			g.normalAfterRelease = win.CursorMode() == window.CursorNormal
			eg.Exit()
		}
	}
	if time.Since(g.started) > 60*time.Second { // stops a broken run; decides nothing
		eg.Exit()
	}
}

func (g *lookGame) Draw(eg *engine.Game, gt timing.GameTime) {
	if err := drawScene(eg, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
	g.r, _ = eg.GraphicsDevice().Renderer().(*Renderer)
}

// TestI4_RealWindowMouseLook: in a real window (Xvfb, lavapipe,
// validation on) focused with xdotool, SetMouseCaptured hides and holds the
// cursor (GLFW's disabled cursor, raw motion where the server has it);
// three relative moves of (40, 25) made with xdotool add up, over the
// updates' MouseDelta, to (120, 75); releasing the capture gives the
// normal cursor back.
func TestI4_RealWindowMouseLook(t *testing.T) {
	xdotool := needXdotool(t)
	g := &lookGame{xdotool: xdotool, title: fmt.Sprintf("metronome-look-%d", os.Getpid()), moves: 3, stepX: 40, stepY: 25}
	var runErr error
	window.Do(func() {
		eg, err := NewGame(g, Config{Title: g.title, Width: 320, Height: 240, Validation: true})
		if err != nil {
			runErr = err
			return
		}
		runErr = eg.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, g.r)
	if p := g.moveErr.Load(); p != nil {
		t.Fatalf("xdotool: %v", *p)
	}
	t.Logf("%d updates; captured: hidden %v, raw motion %v; summed MouseDelta (%g, %g); normal after release %v",
		g.updates, g.hiddenWhileCaptured, g.raw, g.sumX, g.sumY, g.normalAfterRelease)
	if !g.hiddenWhileCaptured {
		t.Error("the cursor was not captured (hidden and held) after SetMouseCaptured(true)")
	}
	wantX, wantY := float64(g.moves*g.stepX), float64(g.moves*g.stepY)
	if g.sumX != wantX || g.sumY != wantY {
		t.Errorf("MouseDelta summed to (%g, %g), want (%g, %g)", g.sumX, g.sumY, wantX, wantY)
	}
	if !g.normalAfterRelease {
		t.Error("the cursor stayed hidden after SetMouseCaptured(false)")
	}
}
