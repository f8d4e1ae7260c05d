//go:build !wayland

package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestP9_NotMeasuredOnRealX11Stack: on the X11 build, with the system
// clock (so "not measured" is the window system's answer, not the virtual
// time's), every Presented event says "not measured", no Displayed event
// is raised, and the display lock, asked for, says it has no feedback.
func TestP9_NotMeasuredOnRealX11Stack(t *testing.T) {
	f := &frameGame{exitAt: 40}
	var runErr error
	var measured, rendererMeasures bool
	kinds := map[engine.DisplayKind]int{}
	displayed := 0
	var lock timing.DisplayLockStatus
	window.Do(func() {
		g, err := NewGame(f, Config{Title: t.Name(), Width: 160, Height: 120, Validation: true})
		if err != nil {
			runErr = err
			return
		}
		if err := g.SetDisplayLock(true); err != nil {
			runErr = err
			return
		}
		g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false
		f.do = func(g *engine.Game, n int) {
			if n == 1 {
				dev := g.GraphicsDevice()
				dev.Presented.Add(func(p *engine.Presented) { kinds[p.Display.Kind]++ })
				dev.Displayed.Add(func(*engine.Displayed) { displayed++ })
			}
		}
		runErr = g.Run()
		if dev := g.GraphicsDevice(); dev != nil {
			measured = dev.PresentationMeasured()
		}
		if f.r != nil {
			rendererMeasures = f.r.MeasuresPresentation()
		}
		lock = g.DisplayLock()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	if measured || rendererMeasures {
		t.Errorf("PresentationMeasured %v, renderer MeasuresPresentation %v; want false on X11", measured, rendererMeasures)
	}
	if kinds[engine.DisplayNotMeasured] < 30 || len(kinds) != 1 || displayed != 0 {
		t.Errorf("Presented.Display kinds %v, %d Displayed events; want only not measured, no Displayed", kinds, displayed)
	}
	if lock.Locked || lock.Reason != timing.LockNoFeedback || !lock.Requested {
		t.Errorf("display lock %v (%+v), want requested, not locked, no feedback", lock, lock)
	}
}
