package graphics_test

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestE2_VertexOnlyBlockWhenTheFragmentShaderReadsNone: the effect's
// description tells the backend whether the fragment shader declares the
// uniform block, so that a block only the vertex stage reads is bound to
// that stage alone.
func TestE2_VertexOnlyBlockWhenTheFragmentShaderReadsNone(t *testing.T) {
	for _, c := range []struct {
		vert, frag string
		want       bool
	}{
		{"separate.vert", "cubes.frag", true},
		{"instanced.vert", "cubes.frag", true},
		{"wave.vert", "wave.frag", false},
	} {
		r := newRig(t)
		if _, err := graphics.NewEffect(r.dev, spv(t, c.vert), spv(t, c.frag)); err != nil {
			t.Fatal(err)
		}
		if len(r.fb.Effects) != 1 {
			t.Fatalf("%s + %s: %d effects made, want 1", c.vert, c.frag, len(r.fb.Effects))
		}
		for _, e := range r.fb.Effects {
			if e.Desc.VertexOnlyBlock != c.want {
				t.Errorf("%s + %s: VertexOnlyBlock %v, want %v", c.vert, c.frag, e.Desc.VertexOnlyBlock, c.want)
			}
		}
	}
}
