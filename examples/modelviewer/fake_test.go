package main

import (
	"path/filepath"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// TestModelViewerOrbitAndZoomOnTheFake runs the viewer on the fake
// platform (no window, no GPU) with a three-node model the test writes:
// each frame draws the three meshes; a drag with the left button held
// captures the cursor and turns the camera (yaw by orbitSpeed per unit of
// drag), releasing the button gives the cursor back; a wheel step away
// zooms in by zoomStep; Esc quits.
func TestModelViewerOrbitAndZoomOnTheFake(t *testing.T) {
	file := chainModel(t)
	v := &viewer{file: file, pitch: 0.3, zoom: 1}
	g := enginetest.Open(t, v, enginetest.Config{Width: 320, Height: 240})
	gfx := g.Renderer().Graphics()
	gfx.Keep = true
	p := g.Platform
	p.MoveMouse(100, 100)
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if n := len(gfx.Frames[len(gfx.Frames)-1].Draws); len(v.model.Meshes) != 3 || n < 3 {
		t.Fatalf("%d meshes, %d draws in a frame; want 3 meshes, each drawn", len(v.model.Meshes), n)
	}
	p.MouseDown(engine.MouseLeft)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if p.CursorMode() != engine.CursorCaptured {
		t.Errorf("while the button is held the cursor is %v, want captured", p.CursorMode())
	}
	yaw := v.yaw
	p.MoveMouse(140, 100)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if want := yaw - 40*orbitSpeed; v.yaw < want-1e-6 || v.yaw > want+1e-6 {
		t.Errorf("a 40-unit drag turned yaw from %g to %g, want %g", yaw, v.yaw, want)
	}
	p.MouseUp(engine.MouseLeft)
	p.Scroll(0, 1)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if p.CursorMode() == engine.CursorCaptured {
		t.Error("the cursor stays captured after the button was released")
	}
	if want := float32(1 / zoomStep); v.zoom < want-1e-6 || v.zoom > want+1e-6 {
		t.Errorf("one wheel step away: zoom %g, want %g", v.zoom, want)
	}
	p.Tap(engine.KeyEscape)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if !g.IsExiting() {
		t.Error("Esc did not quit")
	}
}

// chainModel writes modeltest's three-node hierarchy to a .glb file in a
// temporary folder and returns its path.
func chainModel(t *testing.T) string {
	t.Helper()
	doc, err := modeltest.Hierarchy()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "chain.glb")
	if err := modeltest.Save(doc, file, ""); err != nil {
		t.Fatal(err)
	}
	return file
}
