package main

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestShaderEffectsRecordOnTheFake runs the demo on the fake platform (no
// window, no GPU): both effects are created from their embedded shaders,
// each frame draws the cube with the plasma effect and the sprites with
// the CRT effect, Space switches the CRT effect off (the sprites then draw
// with the batch's own shader), and after 20 frames the demo quits and the
// last frame is kept for its screenshot, cleared to the background.
func TestShaderEffectsRecordOnTheFake(t *testing.T) {
	d := &demo{frames: 20, screenshot: true, crtOn: true}
	g := enginetest.Open(t, d, enginetest.Config{Width: width, Height: height})
	gfx := g.Renderer().Graphics()
	gfx.Keep = true
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if len(gfx.Effects) < 2 {
		t.Fatalf("%d effects created, want the plasma and the CRT effect", len(gfx.Effects))
	}
	plasma, crt := effectDraws(gfx.Frames[len(gfx.Frames)-1], d)
	if plasma != 1 || crt == 0 {
		t.Errorf("a frame draws %d times with the plasma effect and %d with the CRT one, want 1 and some", plasma, crt)
	}
	g.Platform.Tap(engine.KeySpace)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	plasma, crt = effectDraws(gfx.Frames[len(gfx.Frames)-1], d)
	if d.crtOn || plasma != 1 || crt != 0 {
		t.Errorf("after Space: CRT on %v, %d plasma and %d CRT draws; want off, 1 and 0", d.crtOn, plasma, crt)
	}
	if err := g.RunFrames(100); err != nil {
		t.Fatal(err)
	}
	if !g.IsExiting() || d.drawn != 20 || g.Renderer().Presents != 20 {
		t.Errorf("exiting %v after %d draws, %d presents; want exiting after 20", g.IsExiting(), d.drawn, g.Renderer().Presents)
	}
	shot := d.dev.LastCapture()
	if shot == nil || shot.Rect.Dx() != width || shot.Rect.Dy() != height {
		t.Fatalf("screenshot %v, want a %dx%d capture", shot, width, height)
	}
	if c := shot.RGBAAt(0, 0); c.R != 20 || c.G != 24 || c.B != 36 {
		t.Errorf("screenshot background %v, want the clear colour 20,24,36", c)
	}
}

// effectDraws counts f's draws that use the demo's plasma and CRT effects.
func effectDraws(f graphics.Frame, d *demo) (plasma, crt int) {
	for _, dr := range f.Draws {
		switch dr.Pipeline.Effect {
		case d.plasma.ID():
			plasma++
		case d.crt.ID():
			crt++
		}
	}
	return plasma, crt
}
