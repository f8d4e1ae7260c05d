package main

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestPixelartKeysMouseAndResizeOnTheFake runs the scene on the fake
// platform (no window, no GPU): it sets its icon; a resize to 1000x400
// pillarboxes the 16:9 frame (711x400 at x 144) and the window's centre
// maps to the virtual centre; the mouse on a bar is outside the frame; I
// toggles integer scaling (the frame becomes 320x180 times 2); F asks the
// platform for full screen and F again leaves it; Esc quits.
func TestPixelartKeysMouseAndResizeOnTheFake(t *testing.T) {
	s := &scene{}
	g := enginetest.Open(t, s, enginetest.Config{Width: 640, Height: 360})
	p := g.Platform
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if len(p.Icons()) != 1 {
		t.Errorf("icons set: %d, want 1", len(p.Icons()))
	}
	p.Resize(1000, 400)
	p.MoveMouse(500, 200)
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if want := (graphics.Rectangle{X: 144, Width: 711, Height: 400}); s.vs.Destination() != want {
		t.Errorf("frame drawn at %+v, want %+v (aspect ratio kept)", s.vs.Destination(), want)
	}
	if !s.inside || s.cursor[0] != 160 || s.cursor[1] != 90 {
		t.Errorf("the window's centre is at virtual %v (inside %v), want 160, 90", s.cursor, s.inside)
	}
	p.MoveMouse(20, 200) // on the left bar
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if s.inside {
		t.Errorf("the mouse on the bar reads inside the frame at %v", s.cursor)
	}
	p.Tap(engine.KeyI)
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if d := s.vs.Destination(); !s.vs.IntegerScaling || d.Width != 640 || d.Height != 360 {
		t.Errorf("after I: integer scaling %v, frame %+v; want on, 640x360", s.vs.IntegerScaling, d)
	}
	p.Tap(engine.KeyF)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if !p.FullScreen() {
		t.Error("F did not ask for full screen")
	}
	p.Tap(engine.KeyF)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if p.FullScreen() {
		t.Error("a second F did not leave full screen")
	}
	if n := g.Renderer().Presents; n != 8 {
		t.Errorf("%d frames presented, want 8 (one per frame run)", n)
	}
	p.Tap(engine.KeyEscape)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if !g.IsExiting() {
		t.Error("Esc did not quit")
	}
}
