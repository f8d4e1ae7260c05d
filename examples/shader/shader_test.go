package main

import (
	"image"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/enginetest/desktoptest"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestMain serves the main thread for the tests that open a real window.
func TestMain(m *testing.M) { desktoptest.RunMain(m) }

// TestE6_ShaderExampleShowsItsEffects runs the example for 20 frames in
// virtual time with validation on and checks the last presented frame:
// the plasma cube in the middle is coloured (not the background), and the
// CRT effect's rows alternate over the checker sprite, whose plain texels
// are uniform.
func TestE6_ShaderExampleShowsItsEffects(t *testing.T) {
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	d := &demo{frames: 20, screenshot: true, crtOn: true}
	var msgs []string
	window.Do(func() {
		var g *engine.Game
		g, err = desktop.NewGame(d, desktop.Config{Title: "Effects", Width: width, Height: height, Validation: true,
			Engine: engine.Config{Source: fixed, Waiter: fixed}})
		if err != nil {
			return
		}
		err = g.Run()
		msgs = desktop.ValidationMessages(g)
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader, window.ErrNoDisplay)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) > 0 {
		t.Fatalf("validation messages:\n%s", strings.Join(msgs, "\n"))
	}
	img := d.dev.LastCapture()
	if img == nil || img.Bounds() != image.Rect(0, 0, width, height) {
		t.Fatalf("capture %v", img)
	}
	if c := img.RGBAAt(width/2, height/2); int(c.R)+int(c.G)+int(c.B) < 150 {
		t.Errorf("centre pixel %v: no plasma cube", c)
	}
	// The checker's first texel covers x 40..55, y 360..375: one colour,
	// so any difference between rows 360 and 361 is the effect's.
	a, b := img.RGBAAt(44, 360), img.RGBAAt(44, 361)
	if diff := int(a.R) + int(a.G) + int(a.B) - int(b.R) - int(b.G) - int(b.B); diff < 30 && diff > -30 {
		t.Errorf("rows 360 and 361 over the checker: %v and %v, want the CRT's alternation", a, b)
	}
}
