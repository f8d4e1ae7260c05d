package main

import (
	"bytes"
	"testing"

	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestE8_WGSLTwinsRecordAsTheGLSLEffects runs the demo on the fake
// platform (no window, no GPU) with the GLSL effects and with their WGSL
// twins: the frames draw the same with each, and the parameter blocks
// the WGSL effects hand the backend (the plasma's two matrices and Time,
// the CRT's Time and Height, set by name) are byte for byte the GLSL
// effects'.
func TestE8_WGSLTwinsRecordAsTheGLSLEffects(t *testing.T) {
	type draw struct {
		which int // 1 plasma, 2 CRT, 0 neither
		block []byte
	}
	record := func(wgsl bool) []draw {
		d := &demo{frames: 20, crtOn: true, wgsl: wgsl}
		g := enginetest.Open(t, d, enginetest.Config{Width: width, Height: height})
		gfx := g.Renderer().Graphics()
		gfx.Keep = true
		if err := g.RunFrames(3); err != nil {
			t.Fatal(err)
		}
		var out []draw
		f := gfx.Frames[len(gfx.Frames)-1]
		for _, dr := range f.Draws {
			var w draw
			var e *graphics.Effect
			switch dr.Pipeline.Effect {
			case d.plasma.ID():
				w.which, e = 1, d.plasma
			case d.crt.ID():
				w.which, e = 2, d.crt
			}
			if e != nil {
				size := gfx.Effects[e.ID()].Desc.BlockSize
				w.block = f.EffectData[dr.EffectBlock : dr.EffectBlock+size]
			}
			out = append(out, w)
		}
		return out
	}
	glsl, wgsl := record(false), record(true)
	if len(glsl) != len(wgsl) {
		t.Fatalf("%d draws with the GLSL effects, %d with the WGSL ones", len(glsl), len(wgsl))
	}
	seen := [3]int{}
	for i := range glsl {
		a, b := glsl[i], wgsl[i]
		seen[a.which]++
		if a.which != b.which || !bytes.Equal(a.block, b.block) {
			t.Errorf("draw %d: GLSL effect %d block % x, WGSL effect %d block % x", i, a.which, a.block, b.which, b.block)
		}
	}
	if seen[1] != 1 || seen[2] == 0 {
		t.Errorf("%d plasma and %d CRT draws, want 1 and some", seen[1], seen[2])
	}
}
