package desktop

import (
	"errors"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// freeGame is a 4 Hz fixed-step game that counts its Updates and draws,
// and checks every draw's Alpha.
type freeGame struct {
	t              *testing.T
	updates, draws int
	sinceUpdate    int     // draws since the last Update
	lastAlpha      float64 // the previous draw's, since the last Update
	r              *Renderer
}

func (f *freeGame) Update(g *engine.Game, _ timing.GameTime) {
	f.updates++
	f.sinceUpdate = 0
	if f.updates > 8 {
		g.Exit()
	}
}

func (f *freeGame) Draw(g *engine.Game, gt timing.GameTime) {
	if err := drawScene(g, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
	f.r, _ = g.GraphicsDevice().Renderer().(*Renderer)
	if gt.Alpha < 0 || gt.Alpha >= 1 || (f.sinceUpdate > 0 && gt.Alpha < f.lastAlpha) {
		f.t.Errorf("draw %d: alpha %v after %v (%d draws since the update)", f.draws+1, gt.Alpha, f.lastAlpha, f.sinceUpdate)
	}
	f.lastAlpha = gt.Alpha
	f.sinceUpdate++
	f.draws++
}

// TestT27_FreeRunningDrawsOnTheRealStack: on the system clock, with the
// Vulkan renderer and validation on, a 4 Hz fixed-step game in the
// free-running draw mode draws between its Updates (more draws than
// updates, each Alpha in [0, 1) and growing until the next Update), and
// validation stays silent. Frames have 250 ms each to keep ahead of the
// updates, so a slow machine does not fail the test.
func TestT27_FreeRunningDrawsOnTheRealStack(t *testing.T) {
	f := &freeGame{t: t}
	var runErr error
	window.Do(func() {
		g, err := NewGame(f, Config{Title: t.Name(), Width: 320, Height: 240, Validation: true})
		if err != nil {
			runErr = err
			return
		}
		if err := g.SetTargetElapsedTime(timing.FromSeconds(0.25)); err != nil {
			runErr = errors.Join(err, g.Close())
			return
		}
		if err := g.SetDrawMode(timing.DrawFreeRunning); err != nil {
			runErr = errors.Join(err, g.Close())
			return
		}
		runErr = g.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	t.Logf("%d updates, %d draws", f.updates, f.draws)
	if f.draws <= f.updates {
		t.Errorf("%d draws for %d updates: want more draws than updates", f.draws, f.updates)
	}
}
