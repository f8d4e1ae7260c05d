package game

import (
	"bytes"
	"errors"
	"github.com/metronome-engine/metronome/engine/desktop"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// shotOf runs the game on the real stack with validation, -fixed-dt and
// args, and returns the PNG bytes of its last frame.
func shotOf(t *testing.T, args ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shot.png")
	opt, err := parseGameFlags(append([]string{"-fixed-dt", "16.6667ms", "-frames", "90", "-size", "320x240",
		"-validation", "-screenshot", path}, args...))
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	desktop.Do(func() { err = playGame(opt, &errb) })
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil || errb.Len() != 0 {
		t.Fatalf("game %q: %v; stderr %q", args, err, errb.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodePNG decodes a screenshot.
func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// On the real stack with validation, two -fixed-dt runs with the HUD give
// byte-identical screenshots (rule G12: everything drawn, the HUD's
// per-second figures included, derives from game time). The HUD is drawn:
// against a -hud=false run of the same frames the screenshot differs, and
// only inside the HUD's panel in the top left corner.
func TestG12_GameScreenshotsReproducible(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	a, b := shotOf(t), shotOf(t)
	if !bytes.Equal(a, b) {
		t.Fatalf("two -fixed-dt runs with the HUD gave different screenshots (%d and %d bytes)", len(a), len(b))
	}
	with, without := decodePNG(t, a), decodePNG(t, shotOf(t, "-hud=false"))
	if with.Bounds() != without.Bounds() {
		t.Fatalf("bounds %v and %v", with.Bounds(), without.Bounds())
	}
	var differ int
	box := image.Rectangle{Min: image.Pt(hudMargin, hudMargin), Max: image.Pt(hudMargin, hudMargin)}
	r := with.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := with.At(x, y).RGBA()
			r2, g2, b2, _ := without.At(x, y).RGBA()
			if r1 == r2 && g1 == g2 && b1 == b2 {
				continue
			}
			differ++
			box = box.Union(image.Rect(x, y, x+1, y+1))
			if x < hudMargin || y < hudMargin {
				t.Fatalf("pixel (%d, %d) differs outside the HUD's panel", x, y)
			}
		}
	}
	if differ < 500 || box.Min != image.Pt(hudMargin, hudMargin) {
		t.Fatalf("%d pixels differ within %v; want the HUD's panel from (%d, %d)", differ, box, hudMargin, hudMargin)
	}
	t.Logf("the HUD covers %v (%d pixels differ from -hud=false)", box, differ)
}
