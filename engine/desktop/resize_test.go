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

// userResizeGame has its window resized by another X client (xdotool, as a
// user dragging the border would) and records what the engine reports.
type userResizeGame struct {
	xdotool, title string
	resized        atomic.Bool
	resizeErr      atomic.Pointer[error]
	started        time.Time
	after          int // updates since the resize was asked
	r              *Renderer

	changed            int
	client, backBuffer [2]int
	preferred, extent  [2]int
}

func (g *userResizeGame) BeginRun(*engine.Game) {
	g.started = time.Now()
	go func() {
		defer g.resized.Store(true)
		id, err := xWindowID(g.xdotool, g.title)
		if err == nil {
			if out, e := exec.Command(g.xdotool, "windowsize", "--sync", id, "500", "400").CombinedOutput(); e != nil {
				err = fmt.Errorf("xdotool windowsize: %w: %s", e, out)
			}
		}
		if err != nil {
			g.resizeErr.Store(&err)
		}
	}()
}

func (g *userResizeGame) Update(eg *engine.Game, _ timing.GameTime) {
	if g.resized.Load() {
		g.after++
	}
	if g.after > 30 || time.Since(g.started) > 60*time.Second {
		eg.Exit()
	}
}

func (g *userResizeGame) Draw(eg *engine.Game, gt timing.GameTime) {
	if err := drawScene(eg, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
	g.r, _ = eg.GraphicsDevice().Renderer().(*Renderer)
	pp := eg.GraphicsDevice().PresentationParameters()
	gm := eg.GraphicsDeviceManager()
	g.client[0], g.client[1] = eg.ClientSize()
	g.backBuffer = [2]int{pp.BackBufferWidth, pp.BackBufferHeight}
	g.preferred = [2]int{gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight}
	g.extent[0], g.extent[1] = g.r.Vulkan().Extent()
}

// TestW9_UserResizeOnRealStack: another X client resizes the real window to
// 500x400; the engine raises ClientSizeChanged, the device's back buffer
// and the swapchain follow (500x400), the preferred sizes stay the game's
// 320x240, and validation stays silent.
func TestW9_UserResizeOnRealStack(t *testing.T) {
	xdotool := needXdotool(t)
	g := &userResizeGame{xdotool: xdotool, title: fmt.Sprintf("metronome-resize-%d", os.Getpid())}
	var runErr error
	window.Do(func() {
		eg, err := NewGame(g, Config{Title: g.title, Width: 320, Height: 240, Validation: true, Resizable: true})
		if err != nil {
			runErr = err
			return
		}
		eg.ClientSizeChanged.Add(func(*engine.Game) { g.changed++ })
		runErr = eg.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, g.r)
	if p := g.resizeErr.Load(); p != nil {
		t.Fatalf("resizing failed: %v", *p)
	}
	if g.changed == 0 || g.client != [2]int{500, 400} || g.backBuffer != [2]int{500, 400} || g.extent != [2]int{500, 400} {
		t.Errorf("ClientSizeChanged %d times, client %v, back buffer %v, extent %v; want at least once and 500x400 each",
			g.changed, g.client, g.backBuffer, g.extent)
	}
	if g.preferred != [2]int{320, 240} {
		t.Errorf("preferred %v, want the game's 320x240", g.preferred)
	}
}
