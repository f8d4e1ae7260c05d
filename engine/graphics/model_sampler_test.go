package graphics_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// TestM1_PartsSampleWithTheFilesSampler: each part's texture is read
// with the file's sampler (glTF's defaults where it names none), the
// draws record it whatever sampler the device had, the device's own is
// put back, and a texture whose filter reads mipmaps has them.
func TestM1_PartsSampleWithTheFilesSampler(t *testing.T) {
	mirror := func() (*gltf.Document, error) {
		doc, err := modeltest.TexturedBox("")
		if err == nil {
			doc.Samplers[0] = &gltf.Sampler{MagFilter: gltf.MagLinear, MinFilter: gltf.MinNearestMipMapNearest,
				WrapS: gltf.WrapMirroredRepeat, WrapT: gltf.WrapClampToEdge}
		}
		return doc, err
	}
	cases := []struct {
		name   string
		make   func() (*gltf.Document, error)
		want   graphics.SamplerState
		levels bool
	}{
		{"no sampler: REPEAT and linear with mipmaps", modeltest.RepeatedBox, graphics.LinearWrap, true},
		{"NEAREST without mipmaps", func() (*gltf.Document, error) { return modeltest.TexturedBox("") }, graphics.PointWrap, false},
		{"mirrored and clamped, point between levels", mirror, graphics.SamplerState{Filter: graphics.FilterMinPointMagLinearMipPoint,
			AddressU: graphics.AddressMirror, AddressV: graphics.AddressClamp}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			doc, err := c.make()
			m := loadModel(t, r, saveModel(t, doc, err, "box.glb", ""))
			part := m.Meshes[0].MeshParts[0]
			if part.SamplerState != c.want {
				t.Errorf("part sampler %+v, want %+v", part.SamplerState, c.want)
			}
			if got := part.Effect.Texture.LevelCount() > 1; got != c.levels {
				t.Errorf("texture has %d levels; want mipmaps %v", part.Effect.Texture.LevelCount(), c.levels)
			}
			must(t, r.dev.BeginFrame(64, 64))
			r.dev.SetSamplerState(graphics.AnisotropicClamp)
			must(t, m.Draw(mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()))
			if s := r.dev.SamplerState(); s != graphics.AnisotropicClamp {
				t.Errorf("after Draw the device's sampler is %+v, want its own back", s)
			}
			f := r.present()
			if got := f.Draws[len(f.Draws)-1].Sampler; got != c.want {
				t.Errorf("the draw sampled with %+v, want the file's %+v", got, c.want)
			}
		})
	}
}
