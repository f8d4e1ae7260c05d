package main

import (
	"image"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/enginetest/desktoptest"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestMain serves the main thread for the tests that open a real window.
func TestMain(m *testing.M) { desktoptest.RunMain(m) }

// TestG15_LetterboxOnResizeAndFullScreenBack runs the example on the real
// stack with validation on: the window is resized to 1000x400 (a wide
// window for a 16:9 frame), the frame keeps its aspect ratio (711x400,
// pillarboxed between black bars, read back from the swapchain), the
// window's centre maps to the virtual frame's centre; then full screen on
// and off through ToggleFullScreen brings the window back to 1000x400
// without a ClientSizeChanged handler.
func TestG15_LetterboxOnResizeAndFullScreenBack(t *testing.T) {
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	s := &scene{}
	var img *image.RGBA
	var dest graphics.Rectangle
	var vx, vy float64
	var inside bool
	var full, back [2]int
	window.Do(func() {
		var g *engine.Game
		g, err = desktop.NewGame(s, desktop.Config{Title: "pixelart test", Width: 640, Height: 360, Resizable: true,
			Validation: true, Engine: engine.Config{Source: fixed, Waiter: fixed}})
		if err != nil {
			return
		}
		gm := g.GraphicsDeviceManager()
		gm.DeviceCreated.Add(func(d *engine.GraphicsDevice) {
			d.Presented.Add(func(p *engine.Presented) {
				switch p.Index {
				case 2:
					gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 1000, 400
					if err := gm.ApplyChanges(); err != nil {
						t.Error(err)
					}
				case 20:
					d.RequestCapture()
				case 21:
					if p.Capture != nil {
						img = image.NewRGBA(p.Capture.Rect)
						copy(img.Pix, p.Capture.Pix)
					}
					dest = s.vs.Destination()
					w, h := g.ClientSize()
					vx, vy, inside = s.vs.ToVirtual(float64(w)/2, float64(h)/2)
					if err := gm.ToggleFullScreen(); err != nil {
						t.Error(err)
					}
				case 30:
					full[0], full[1] = g.ClientSize()
					if err := gm.ToggleFullScreen(); err != nil {
						t.Error(err)
					}
				case 40:
					back[0], back[1] = g.ClientSize()
					g.Exit()
				}
			})
		})
		err = g.Run()
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader, window.ErrNoDisplay)
	if err != nil {
		t.Fatal(err) // validation messages too (W3)
	}
	if img == nil {
		t.Fatal("no capture")
	}
	if b := img.Bounds(); b.Dx() != 1000 || b.Dy() != 400 {
		t.Fatalf("captured %v, want 1000x400", b)
	}
	if want := (graphics.Rectangle{X: 144, Width: 711, Height: 400}); dest != want {
		t.Errorf("frame drawn at %+v, want %+v (aspect ratio kept)", dest, want)
	}
	sky := img.RGBAAt(500, 100)
	for _, c := range []struct {
		x, y int
		bar  bool
	}{{10, 100, true}, {140, 100, true}, {860, 100, true}, {990, 300, true}, {148, 100, false}, {500, 100, false}, {850, 100, false}} {
		px := img.RGBAAt(c.x, c.y)
		isBar := px.R == 0 && px.G == 0 && px.B == 0
		if isBar != c.bar || (!c.bar && px != sky) {
			t.Errorf("pixel %d,%d is %v; want bar %v (sky is %v)", c.x, c.y, px, c.bar, sky)
		}
	}
	if !inside || vx < 159.5 || vx > 160.5 || vy < 89.5 || vy > 90.5 {
		t.Errorf("the window's centre maps to %.2f, %.2f (inside %v), want 160, 90", vx, vy, inside)
	}
	if back != [2]int{1000, 400} {
		t.Errorf("after full screen (%v) and back the window is %v, want 1000x400", full, back)
	}
	t.Logf("full screen %v, back %v", full, back)
}
