package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// TestG20_SetterErrorReachesTheGameOnce: a setter's error in Game.Draw that
// no draw reported is returned by the frame (RunOneFrame, as Run), after
// the frame is presented; one that a draw returned to the game is not
// returned again by the frame.
func TestG20_SetterErrorReachesTheGameOnce(t *testing.T) {
	t.Run("no draw after the setter: the frame returns it", func(t *testing.T) {
		g, s, p := newTestGame(nil, timing.ProfileDefault)
		defer g.Close()
		s.onDraw = func(g *Game, _ int, _ timing.GameTime) {
			dev := g.GraphicsDevice().Device
			if err := dev.Clear(graphics.CornflowerBlue); err != nil {
				t.Error(err)
			}
			dev.SetDepthStencilState(graphics.DepthStencilState{DepthBufferFunction: 99})
		}
		err := g.RunOneFrame()
		if !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), "SetDepthStencilState") {
			t.Fatalf("RunOneFrame: %v, want the SetDepthStencilState error", err)
		}
		if n := p.renderer.gfx.Presents; n != 1 {
			t.Errorf("%d presents, want 1: the frame is shown before its setter error is returned", n)
		}
	})
	t.Run("a draw returned it: the frame does not", func(t *testing.T) {
		g, s, p := newTestGame(nil, timing.ProfileDefault)
		defer g.Close()
		var drawErrs []error
		s.onDraw = func(g *Game, _ int, _ timing.GameTime) {
			dev := g.GraphicsDevice().Device
			dev.SetViewport(graphics.Viewport{Width: -1})
			drawErrs = append(drawErrs, dev.Clear(graphics.CornflowerBlue))
		}
		for range 2 {
			if err := g.RunOneFrame(); err != nil {
				t.Fatalf("RunOneFrame: %v, want nil (the Clear returned the error)", err)
			}
		}
		for i, err := range drawErrs {
			if !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), "SetViewport") {
				t.Errorf("frame %d: Clear returned %v, want the SetViewport error", i, err)
			}
		}
		if n := p.renderer.gfx.Presents; n != 2 {
			t.Errorf("%d presents, want 2", n)
		}
	})
}
