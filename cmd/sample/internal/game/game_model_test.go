package game

import (
	"bytes"
	"errors"
	"github.com/metronome-engine/metronome/engine/desktop"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestM1_SampleModelFlagDrawsTheFile: -model draws a .glb and a .gltf in
// the cube's place, with validation on; the screenshot's centre shows the
// model's colour (the two-material pair: blue and yellow).
func TestM1_SampleModelFlagDrawsTheFile(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	for _, name := range []string{"pair.glb", "pair.gltf"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			doc, err := modeltest.TwoMaterials()
			if err != nil {
				t.Fatal(err)
			}
			file, shot := filepath.Join(dir, name), filepath.Join(dir, "x.png")
			if err := modeltest.Save(doc, file, ""); err != nil {
				t.Fatal(err)
			}
			opt, err := parseGameFlags([]string{"-frames", "30", "-screenshot", shot, "-validation", "-size", "320x240",
				"-hud=false", "-fixed-dt", "16.6667ms", "-model", file})
			if err != nil {
				t.Fatal(err)
			}
			var errb bytes.Buffer
			desktop.Do(func() { err = playGame(opt, &errb) })
			if err != nil && windowtest.StackMissing(err, noDriver...) {
				windowtest.SkipOrFail(t, "real stack missing", err)
			}
			if err != nil || errb.Len() != 0 {
				t.Fatalf("game: %v; stderr %q", err, errb.String())
			}
			f, err := os.Open(shot)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			// The framed pair fills the middle: count pixels that are not
			// the clear colour along the middle row.
			b := img.Bounds()
			drawn := 0
			for x := range b.Dx() {
				r, g, bl, _ := img.At(x, b.Dy()/2).RGBA()
				if r>>8 != uint32(sceneClear.R) || g>>8 != uint32(sceneClear.G) || bl>>8 != uint32(sceneClear.B) {
					drawn++
				}
			}
			if drawn < b.Dx()/3 {
				t.Errorf("%d of %d pixels of the middle row show the model; framed, it should cover a third or more", drawn, b.Dx())
			}
		})
	}
}

// TestM2_SampleRefusesABadModelAtStart: a malformed -model file is one
// line naming it, and exit status 2, before any window opens.
func TestM2_SampleRefusesABadModelAtStart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.glb")
	if err := os.WriteFile(file, []byte("glTF\x02\x00\x00\x00\xff\xff\xff\x7f\x00\x00\x00\x00JSON"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := Run([]string{"-model", file}, &out, &errb); rc != 2 {
		t.Fatalf("exit %d, want 2; stderr %q", rc, errb.String())
	}
	msg := errb.String()
	if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, file) || !strings.Contains(msg, "GLB") {
		t.Errorf("stderr %q: want one line naming the file and the GLB header", msg)
	}
}

// TestM4_CommittedCubeIsTheGenerators: assets/cube.glb is what
// scripts/genmodels writes today (go run ./scripts/genmodels remakes it).
func TestM4_CommittedCubeIsTheGenerators(t *testing.T) {
	doc, err := modeltest.Box()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cube.glb")
	if err := modeltest.Save(doc, file, ""); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got, err := assets.ReadFile(cubeModel)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s (%d bytes) differs from the generator's (%d bytes): run go run ./scripts/genmodels", cubeModel, len(got), len(want))
	}
}
