package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// displayGame reads the adapters, goes full screen at the primary
// monitor's current mode and ends once the window has that size (or after
// 300 updates).
type displayGame struct {
	adapters []engine.GraphicsAdapter
	mode     engine.DisplayMode
	applyErr error
	updates  int
	w, h     int
}

func (d *displayGame) Update(g *engine.Game, _ timing.GameTime) {
	d.updates++
	if d.updates == 1 {
		d.adapters = g.GraphicsAdapters()
		a, ok := g.DefaultAdapter()
		if !ok {
			g.Exit()
			return
		}
		d.mode = a.CurrentDisplayMode
		m := g.GraphicsDeviceManager()
		m.IsFullScreen, m.FullScreenMode = true, d.mode
		d.applyErr = m.ApplyChanges()
		return
	}
	d.w, d.h = g.ClientSize()
	if (d.w == d.mode.Width && d.h == d.mode.Height) || d.updates >= 300 {
		g.Exit()
	}
}

func (d *displayGame) Draw(g *engine.Game, _ timing.GameTime) {
	_ = g.GraphicsDevice().Clear(graphics.Color{A: 255})
}

// TestDisplayModesOnARealWindow: under Xvfb (one monitor, one mode) the
// game sees the monitor as its default adapter with that mode among the
// supported ones, and full screen at that mode gives the window its size.
func TestDisplayModesOnARealWindow(t *testing.T) {
	d := &displayGame{}
	var runErr error
	window.Do(func() {
		eg, err := NewGame(d, Config{Title: "metronome-modes", Width: 320, Height: 240})
		if err != nil {
			runErr = err
			return
		}
		runErr = eg.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	if runErr != nil || d.applyErr != nil {
		t.Fatalf("run: %v; apply: %v", runErr, d.applyErr)
	}
	if len(d.adapters) == 0 || !d.adapters[0].IsDefaultAdapter {
		t.Fatalf("adapters %+v: want the primary monitor first", d.adapters)
	}
	a := d.adapters[0]
	found := false
	for _, m := range a.SupportedDisplayModes {
		found = found || m == a.CurrentDisplayMode
	}
	if !found || a.CurrentDisplayMode.Width < 1 || a.CurrentDisplayMode.Format != 0 {
		t.Errorf("adapter %+v: the current mode is not among the supported ones", a)
	}
	if window.Wayland {
		return // no full screen without a compositor's say
	}
	if d.w != d.mode.Width || d.h != d.mode.Height {
		t.Errorf("full screen at %dx%d: the window is %dx%d after %d updates", d.mode.Width, d.mode.Height, d.w, d.h, d.updates)
	}
	t.Logf("%q: %dx%d at %d Hz, %d mode(s); full screen in %d updates", a.Description, a.CurrentDisplayMode.Width,
		a.CurrentDisplayMode.Height, a.CurrentDisplayMode.RefreshRate, len(a.SupportedDisplayModes), d.updates)
}
