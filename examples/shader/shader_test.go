package main

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
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
	d := runDemo(t, false)
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

var update = flag.Bool("update", false, "rewrite testdata/golden.png from the GLSL effects' frame")

// runDemo runs the example for 20 frames in virtual time with validation
// on, with the GLSL effects or their WGSL twins, and returns it with its
// last frame captured.
func runDemo(t *testing.T, wgsl bool) *demo {
	t.Helper()
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	d := &demo{frames: 20, screenshot: true, crtOn: true, wgsl: wgsl}
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
	return d
}

// Golden tolerance, as the renderer's golden tests have it: a pixel
// matches when no channel differs by more than goldenChannelTol; at most
// goldenBadFraction of the pixels may not match.
const (
	goldenChannelTol  = 16
	goldenBadFraction = 0.01
	goldenFile        = "testdata/golden.png"
	twinChannelTol    = 2
)

// TestE8_WGSLTwinDrawsTheGLSLGolden draws the example with its GLSL
// effects (SPIR-V from glslc) and again with their WGSL twins, written
// only as Go strings in wgsl.go and compiled at run time, on lavapipe
// with validation on, and compares both frames with one golden (made
// from the GLSL frame with -update): the plasma cube (a vertex and a
// fragment entry point in one WGSL module, parameters by name) and the
// CRT sprite effect (a fragment entry point alone, over sprites and text).
func TestE8_WGSLTwinDrawsTheGLSLGolden(t *testing.T) {
	glsl := runDemo(t, false).dev.LastCapture()
	if *update {
		must(t, os.MkdirAll(filepath.Dir(goldenFile), 0o755))
		f, err := os.Create(goldenFile)
		must(t, err)
		must(t, png.Encode(f, glsl))
		must(t, f.Close())
	}
	f, err := os.Open(goldenFile)
	must(t, err)
	golden, err := png.Decode(f)
	f.Close()
	must(t, err)
	wgsl := runDemo(t, true).dev.LastCapture()
	for _, c := range []struct {
		name, against string
		img           *image.RGBA
		ref           image.Image
		tol           int
		badFraction   float64
	}{
		{"GLSL", goldenFile, glsl, golden, goldenChannelTol, goldenBadFraction},
		{"WGSL", goldenFile, wgsl, golden, goldenChannelTol, goldenBadFraction},
		// One driver, one run: the twins' frames may differ only by
		// rounding (they are identical on lavapipe).
		{"WGSL", "the GLSL frame", wgsl, glsl, twinChannelTol, 0},
	} {
		if c.img == nil || c.img.Bounds() != c.ref.Bounds() {
			t.Fatalf("%s capture %v, %s %v", c.name, c.img, c.against, c.ref.Bounds())
		}
		bad, worst := 0, 0
		b := c.ref.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				gr, gg, gb, ga := c.ref.At(x, y).RGBA()
				p := c.img.RGBAAt(x, y)
				d := max(absDiff(int(gr>>8), int(p.R)), absDiff(int(gg>>8), int(p.G)), absDiff(int(gb>>8), int(p.B)), absDiff(int(ga>>8), int(p.A)))
				worst = max(worst, d)
				if d > c.tol {
					bad++
				}
			}
		}
		t.Logf("%s frame against %s: %d pixels differ by more than %d, largest channel difference %d", c.name, c.against, bad, c.tol, worst)
		if float64(bad) > c.badFraction*float64(b.Dx()*b.Dy()) {
			t.Errorf("%s frame: %d of %d pixels differ from %s by more than %d", c.name, bad, b.Dx()*b.Dy(), c.against, c.tol)
		}
	}
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
