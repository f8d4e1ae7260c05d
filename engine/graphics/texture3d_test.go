package graphics_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/volume.vert.spv testdata/effects/volume.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/volume.frag.spv testdata/effects/volume.frag

// volumeBytes is w x h x d texels, each slice z a colour of its own and
// each texel's red its x, so that a slice or row out of place differs.
func volumeBytes(w, h, d int) []byte {
	b := make([]byte, 0, 4*w*h*d)
	for z := range d {
		for y := range h {
			for x := range w {
				b = append(b, byte(x), byte(10*y+1), byte(40*z+3), 255)
			}
		}
	}
	return b
}

// TestG17_Texture3DSizesDataAndErrors: a Texture3D reports its size, is
// created on the backend as a volume of Depth slices, round-trips
// SetData / SetDataRegion / GetData slice by slice, and bad sizes,
// formats, boxes, lengths and disposed use are errors that change
// nothing.
func TestG17_Texture3DSizesDataAndErrors(t *testing.T) {
	r := newRig(t)
	v, err := graphics.NewTexture3D(r.dev, 4, 3, 5, false, graphics.SurfaceFormatColor)
	must(t, err)
	if v.Width() != 4 || v.Height() != 3 || v.Depth() != 5 || v.LevelCount() != 1 || v.Format() != graphics.SurfaceFormatColor {
		t.Fatalf("texture %dx%dx%d, %d levels, %s", v.Width(), v.Height(), v.Depth(), v.LevelCount(), v.Format())
	}
	var tex graphics.Texture = v
	if tex.ID() != v.ID() {
		t.Error("the Texture interface does not report the volume")
	}
	v.Name, v.Tag = "fog", 7
	ft := r.fb.Textures[v.ID()]
	if ft.Desc.Depth3D != 5 || ft.Desc.Width != 4 || ft.Desc.Height != 3 || ft.Desc.Cube || ft.Desc.RenderTarget {
		t.Fatalf("backend texture %+v", ft.Desc)
	}
	all := volumeBytes(4, 3, 5)
	must(t, v.SetData(all))
	got := make([]byte, len(all))
	must(t, v.GetData(got))
	if !bytes.Equal(got, all) {
		t.Fatalf("GetData after SetData differs: %v...", got[:16])
	}
	// A box: x 1..3, y 1..2, slices 2..4, written then read back alone
	// and within the whole.
	box := bytes.Repeat([]byte{200, 201, 202, 203}, 2*1*2)
	must(t, v.SetDataRegion(0, 1, 1, 3, 2, 2, 4, box))
	part := make([]byte, len(box))
	must(t, v.GetDataRegion(0, 1, 1, 3, 2, 2, 4, part))
	if !bytes.Equal(part, box) {
		t.Errorf("GetDataRegion of the box: %v, want %v", part, box)
	}
	must(t, v.GetData(got))
	for z := range 5 {
		for y := range 3 {
			for x := range 4 {
				at := 4 * ((z*3+y)*4 + x)
				want := all[at : at+4]
				if x >= 1 && x < 3 && y == 1 && z >= 2 && z < 4 {
					want = box[:4]
				}
				if !bytes.Equal(got[at:at+4], want) {
					t.Errorf("texel %d,%d,%d: %v, want %v", x, y, z, got[at:at+4], want)
				}
			}
		}
	}
	fb := graphicstest.New()
	fb.Limit.MaxVolumeSize = 16
	small, err := graphics.NewDevice(fb)
	must(t, err)
	for _, tc := range []struct {
		what    string
		dev     *graphics.Device
		w, h, d int
		mip     bool
		format  graphics.SurfaceFormat
		want    error
	}{
		{"width 0", r.dev, 0, 1, 1, false, graphics.SurfaceFormatColor, graphics.ErrInvalid},
		{"depth -1", r.dev, 1, 1, -1, false, graphics.SurfaceFormatColor, graphics.ErrInvalid},
		{"depth above the limit", small, 4, 4, 17, false, graphics.SurfaceFormatColor, graphics.ErrTooLarge},
		{"width above the limit", small, 17, 4, 4, false, graphics.SurfaceFormatColor, graphics.ErrTooLarge},
		{"another format", r.dev, 4, 4, 4, false, graphics.SurfaceFormatBgr565, graphics.ErrUnsupportedFormat},
		{"mipmaps", r.dev, 4, 4, 4, true, graphics.SurfaceFormatColor, graphics.ErrUnsupportedFormat},
		{"no device", nil, 4, 4, 4, false, graphics.SurfaceFormatColor, graphics.ErrInvalid},
	} {
		if _, err := graphics.NewTexture3D(tc.dev, tc.w, tc.h, tc.d, tc.mip, tc.format); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, err, tc.want)
		}
	}
	if _, err := graphics.NewTexture3D(small, 16, 16, 16, false, graphics.SurfaceFormatColor); err != nil {
		t.Errorf("a volume at the limit: %v", err)
	}
	for _, tc := range []struct {
		what string
		err  error
		want error
	}{
		{"short data", v.SetData(all[1:]), graphics.ErrInvalid},
		{"long data", v.SetData(append(all, 0, 0, 0, 0)), graphics.ErrInvalid},
		{"level 1", v.SetDataRegion(1, 0, 0, 1, 1, 0, 1, make([]byte, 4)), graphics.ErrOutOfRange},
		{"back beyond the depth", v.SetDataRegion(0, 0, 0, 1, 1, 4, 6, make([]byte, 8)), graphics.ErrOutOfRange},
		{"empty box", v.SetDataRegion(0, 0, 0, 1, 1, 2, 2, nil), graphics.ErrOutOfRange},
		{"read short", v.GetData(got[4:]), graphics.ErrInvalid},
		{"read front -1", v.GetDataRegion(0, 0, 0, 1, 1, -1, 1, make([]byte, 8)), graphics.ErrOutOfRange},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, tc.err, tc.want)
		}
	}
	must(t, v.GetData(got))
	if !bytes.Equal(got[:16], all[:16]) {
		t.Error("a refused SetData changed the texture")
	}
	v.Dispose()
	v.Dispose()
	if !v.IsDisposed() {
		t.Error("not disposed")
	}
	if err := v.SetData(all); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("SetData after Dispose: %v", err)
	}
	if err := v.GetData(got); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("GetData after Dispose: %v", err)
	}
}

// TestG17_EffectSamplesATexture3D: a sampler3D in an Effect's fragment
// shader is a ParameterTexture3D that takes a Texture3D (and refuses 2D
// and cube textures); the draw carries the volume's ID, a draw without
// one set or with a disposed one is an error, and a sprite batch refuses
// the effect.
func TestG17_EffectSamplesATexture3D(t *testing.T) {
	r := newRig(t)
	fx, err := graphics.NewEffect(r.dev, spv(t, "volume.vert"), spv(t, "volume.frag"))
	must(t, err)
	p := fx.Parameters["Volume"]
	if p == nil || p.ParameterType != graphics.ParameterTexture3D || p.ParameterClass != graphics.ParameterObject {
		t.Fatalf("parameter Volume: %+v", p)
	}
	p.SetTexture(r.tex)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a 2D texture in a sampler3D: %v", err)
	}
	v, err := graphics.NewTexture3D(r.dev, 2, 2, 2, false, graphics.SurfaceFormatColor)
	must(t, err)
	sky, err := graphics.NewEffect(r.dev, spv(t, "sky.vert"), spv(t, "sky.frag"))
	must(t, err)
	sky.Parameters["Sky"].SetValue(v)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a 3D texture in a samplerCube: %v", err)
	}
	must(t, r.dev.BeginFrame(64, 64))
	fx.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without the volume: %v", err)
	}
	p.SetValue(v)
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	if r.dev.Texture(0) != graphics.Texture(v) {
		t.Error("Textures[0] is not the volume the effect applied")
	}
	f := r.present()
	if d := f.Draws[len(f.Draws)-1]; d.Texture != v.ID() || d.Texture2 != 0 {
		t.Errorf("the draw samples %d and %d, want the volume %d", d.Texture, d.Texture2, v.ID())
	}
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	if err := sb.BeginWith(graphics.SpriteBatchSettings{Effect: fx}); err == nil {
		t.Error("a sprite batch took an effect whose texture is a sampler3D")
	}
	v.Dispose()
	fx.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("draw with a disposed volume: %v", err)
	}
}
