package graphics_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/sky.vert.spv testdata/effects/sky.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/sky.frag.spv testdata/effects/sky.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/two.frag.spv testdata/effects/two.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/lightmap_sprite.frag.spv testdata/effects/lightmap_sprite.frag

// faceBytes is size x size texels of one colour, face f's own.
func faceBytes(size int, f graphics.CubeMapFace) []byte {
	b := make([]byte, 4*size*size)
	for i := 0; i < len(b); i += 4 {
		b[i], b[i+1], b[i+2], b[i+3] = byte(10*f+1), byte(20*f+2), byte(30*f+3), 255
	}
	return b
}

// TestG17_TextureCubeFacesAndLevels: a cube texture is created as six
// square faces (the backend told so), each face and level uploaded to its
// own layer, and bad sizes, faces, levels and lengths are errors that
// change nothing.
func TestG17_TextureCubeFacesAndLevels(t *testing.T) {
	r := newRig(t)
	c, err := graphics.NewTextureCube(r.dev, 8, true, graphics.SurfaceFormatColor)
	must(t, err)
	if c.Size() != 8 || c.LevelCount() != 4 || c.LevelSize(3) != 1 || c.LevelSize(4) != 0 || c.Format() != graphics.SurfaceFormatColor {
		t.Fatalf("size %d, levels %d, level 3 %d", c.Size(), c.LevelCount(), c.LevelSize(3))
	}
	var tex graphics.Texture = c // the Texture interface
	if tex.ID() != c.ID() || tex.LevelCount() != 4 {
		t.Error("the Texture interface does not report the cube")
	}
	ft := r.fb.Textures[c.ID()]
	if !ft.Desc.Cube || ft.Desc.Width != 8 || ft.Desc.Height != 8 || len(ft.Faces) != 6 {
		t.Fatalf("backend texture %+v, %d faces", ft.Desc, len(ft.Faces))
	}
	for f := graphics.CubeMapFacePositiveX; f <= graphics.CubeMapFaceNegativeZ; f++ {
		must(t, c.SetData(f, faceBytes(8, f)))
	}
	must(t, c.SetDataLevel(graphics.CubeMapFaceNegativeY, 2, faceBytes(2, 9)))
	must(t, r.dev.Flush())
	for f := graphics.CubeMapFacePositiveX; f <= graphics.CubeMapFaceNegativeZ; f++ {
		if !bytes.Equal(ft.Faces[f][0], faceBytes(8, f)) {
			t.Errorf("face %s holds %v..., want face %d's colour", f, ft.Faces[f][0][:4], f)
		}
	}
	if !bytes.Equal(ft.Faces[graphics.CubeMapFaceNegativeY][2], faceBytes(2, 9)) {
		t.Error("level 2 of face NegativeY was not written")
	}
	got := make([]byte, 4*8*8)
	for f := graphics.CubeMapFacePositiveX; f <= graphics.CubeMapFaceNegativeZ; f++ {
		must(t, c.GetData(f, got))
		if !bytes.Equal(got, faceBytes(8, f)) {
			t.Errorf("GetData of face %s: %v..., want face %d's colour", f, got[:4], f)
		}
	}
	small := make([]byte, 4*2*2)
	must(t, c.GetDataLevel(graphics.CubeMapFaceNegativeY, 2, small))
	if !bytes.Equal(small, faceBytes(2, 9)) {
		t.Error("GetDataLevel of level 2 of face NegativeY differs from its SetData")
	}
	if err := c.GetData(6, got); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("GetData of face 6: %v", err)
	}
	if err := c.GetData(0, small); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("GetData into a short slice: %v", err)
	}
	for _, tc := range []struct {
		what string
		err  error
		want error
	}{
		{"face -1", c.SetData(-1, faceBytes(8, 0)), graphics.ErrOutOfRange},
		{"face 6", c.SetData(6, faceBytes(8, 0)), graphics.ErrOutOfRange},
		{"level 4", c.SetDataLevel(graphics.CubeMapFacePositiveX, 4, faceBytes(1, 0)), graphics.ErrOutOfRange},
		{"short data", c.SetData(graphics.CubeMapFacePositiveX, faceBytes(4, 0)), graphics.ErrInvalid},
		{"level 1 of level 0's size", c.SetDataLevel(graphics.CubeMapFacePositiveX, 1, faceBytes(8, 0)), graphics.ErrInvalid},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, tc.err, tc.want)
		}
	}
	for _, tc := range []struct {
		size   int
		format graphics.SurfaceFormat
		want   error
	}{{0, graphics.SurfaceFormatColor, graphics.ErrInvalid}, {-3, graphics.SurfaceFormatColor, graphics.ErrInvalid},
		{1 << 20, graphics.SurfaceFormatColor, graphics.ErrTooLarge}, {4, graphics.SurfaceFormatDxt1, graphics.ErrUnsupportedFormat}} {
		if _, err := graphics.NewTextureCube(r.dev, tc.size, false, tc.format); !errors.Is(err, tc.want) {
			t.Errorf("size %d format %s: %v, want %v", tc.size, tc.format, err, tc.want)
		}
	}
	if _, err := graphics.NewTextureCube(nil, 4, false, graphics.SurfaceFormatColor); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("nil device: %v", err)
	}
	c.Dispose()
	c.Dispose()
	if !c.IsDisposed() || !errors.Is(c.SetData(0, faceBytes(8, 0)), graphics.ErrDisposed) {
		t.Error("a disposed cube takes data")
	}
	if graphics.CubeMapFaceNegativeZ.String() != "NegativeZ" || graphics.CubeMapFace(5) != graphics.CubeMapFaceNegativeZ {
		t.Error("faces are not numbered as XNA's")
	}
}

// skyVertices is a triangle of positions (the sky effect reads Position).
var skyVertices = []graphics.VertexPositionColor{{Position: mgl32.Vec3{-1, -1, 1}}, {Position: mgl32.Vec3{1, -1, 1}}, {Position: mgl32.Vec3{0, 1, 1}}}

// TestG17_EffectSamplesACubeTexture: a samplerCube parameter takes a
// TextureCube (and refuses a 2D texture), the draw samples the cube's
// ID, and a draw without one set is an error naming the parameter.
func TestG17_EffectSamplesACubeTexture(t *testing.T) {
	r := newRig(t)
	sky, err := graphics.NewEffect(r.dev, spv(t, "sky.vert"), spv(t, "sky.frag"))
	must(t, err)
	p := sky.Parameters["Sky"]
	if p == nil || p.ParameterType != graphics.ParameterTextureCube || p.ParameterClass != graphics.ParameterObject {
		t.Fatalf("parameter Sky: %+v", p)
	}
	p.SetTexture(r.tex)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a 2D texture in a samplerCube: %v", err)
	}
	c, err := graphics.NewTextureCube(r.dev, 2, false, graphics.SurfaceFormatColor)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	sky.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without the cube: %v", err)
	}
	sky.Parameters["Sky"].SetValue(c)
	sky.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	if r.dev.Texture(0) != graphics.Texture(c) {
		t.Error("Textures[0] is not the cube the effect applied")
	}
	f := r.present()
	if d := f.Draws[len(f.Draws)-1]; d.Texture != c.ID() || d.Texture2 != 0 {
		t.Errorf("the draw samples %d and %d, want the cube %d", d.Texture, d.Texture2, c.ID())
	}
	if wave := waveEffect(t, r); wave.Parameters["Sky"] != nil {
		t.Error("wave has a Sky")
	}
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	if err := sb.BeginWith(graphics.SpriteBatchSettings{Effect: sky}); err == nil {
		t.Error("a sprite batch took an effect whose texture is a samplerCube")
	}
	c.Dispose()
	sky.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("draw with a disposed cube: %v", err)
	}
}

// TestG18_EffectSamplesTwoTextures: a fragment shader with textures at
// set 1 and set 2 has a parameter per slot; the draw carries both IDs and
// slot 1's sampler state (SamplerStates[1]); each unset slot is an error;
// Device.SetTexture(1, ...) replaces slot 1 until the next Apply.
func TestG18_EffectSamplesTwoTextures(t *testing.T) {
	r := newRig(t)
	fx, err := graphics.NewEffect(r.dev, spv(t, "sky.vert"), spv(t, "two.frag"))
	must(t, err)
	base, env := fx.Parameters["Base"], fx.Parameters["Env"]
	if base == nil || env == nil || base.ParameterType != graphics.ParameterTexture2D || env.ParameterType != graphics.ParameterTextureCube {
		t.Fatalf("parameters %+v %+v", base, env)
	}
	c, err := graphics.NewTextureCube(r.dev, 2, false, graphics.SurfaceFormatColor)
	must(t, err)
	c2, err := graphics.NewTextureCube(r.dev, 2, false, graphics.SurfaceFormatColor)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	base.SetTexture(r.tex)
	fx.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); err == nil || !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without slot 1: %v", err)
	}
	env.SetTexture(c)
	must(t, r.dev.SetSamplerStateAt(1, graphics.PointClamp))
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	r.dev.SetTexture(1, c2)
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	f := r.present()
	d := f.Draws[len(f.Draws)-3:]
	for i, want := range []graphics.TextureID{c.ID(), c2.ID(), c.ID()} {
		if d[i].Texture != r.tex.ID() || d[i].Texture2 != want || d[i].Sampler2 != graphics.PointClamp {
			t.Errorf("draw %d samples %d and %d (sampler %+v), want %d and %d with PointClamp", i, d[i].Texture, d[i].Texture2, d[i].Sampler2, r.tex.ID(), want)
		}
	}
	if r.dev.SamplerStateAt(1) != graphics.PointClamp || r.dev.SamplerStateAt(0) != graphics.LinearWrap {
		t.Error("SamplerStateAt does not report the slots' states")
	}
	if err := r.dev.SetSamplerStateAt(2, graphics.PointClamp); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("sampler slot 2: %v", err)
	}
	lit, err := graphics.NewSpriteEffect(r.dev, spv(t, "lightmap_sprite.frag"))
	must(t, err)
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	if err := sb.BeginWith(graphics.SpriteBatchSettings{Effect: lit}); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a sprite batch took an effect whose second texture is unset: %v", err)
	}
	lit.Parameters["LightMap"].SetValue(r.tex)
	must(t, sb.BeginWith(graphics.SpriteBatchSettings{Effect: lit}))
	sb.Draw(r.tex, mgl32.Vec2{1, 1}, graphics.White)
	must(t, sb.End())
	f = r.present()
	if d := f.Draws[len(f.Draws)-1]; d.Texture != r.tex.ID() || d.Texture2 != r.tex.ID() {
		t.Errorf("the sprite samples %d and %d, want %d twice", d.Texture, d.Texture2, r.tex.ID())
	}
	clone, err := fx.Clone()
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	clone.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	f = r.present()
	if d := f.Draws[len(f.Draws)-1]; d.Texture != r.tex.ID() || d.Texture2 != c.ID() {
		t.Errorf("the clone samples %d and %d", d.Texture, d.Texture2)
	}
}

// TestG17_RenderTargetCubeFaces: SetRenderTargetCube opens a pass into
// each face (a target of its own, the size of the cube), the cube cannot
// be sampled while one of its faces is the target, a face is not a 2D
// texture to read or write, and bad faces and options are errors.
func TestG17_RenderTargetCubeFaces(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTargetCube(r.dev, 16, graphics.RenderTargetOptions{Depth: graphics.Depth24})
	must(t, err)
	if rt.Size() != 16 || rt.DepthFormat() != graphics.Depth24 || !r.fb.Textures[rt.ID()].Desc.Cube || !r.fb.Textures[rt.ID()].Desc.RenderTarget {
		t.Fatalf("size %d depth %v desc %+v", rt.Size(), rt.DepthFormat(), r.fb.Textures[rt.ID()].Desc)
	}
	sky, err := graphics.NewEffect(r.dev, spv(t, "sky.vert"), spv(t, "sky.frag"))
	must(t, err)
	sky.Parameters["Sky"].SetValue(rt)
	must(t, r.dev.BeginFrame(64, 64))
	var targets []graphics.TextureID
	for f := graphics.CubeMapFacePositiveX; f <= graphics.CubeMapFaceNegativeZ; f++ {
		must(t, r.dev.SetRenderTargetCube(rt, f))
		if vp := r.dev.Viewport(); vp.Width != 16 || vp.Height != 16 {
			t.Errorf("face %s: viewport %+v", f, vp)
		}
		must(t, r.dev.Clear(graphics.Red))
		sky.Apply()
		if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1); !errors.Is(err, graphics.ErrInUse) {
			t.Errorf("face %s: sampling the cube while drawing into it: %v", f, err)
		}
		face := r.dev.RenderTarget()
		targets = append(targets, face.ID())
		desc := r.fb.Textures[face.ID()].Desc
		if desc.FaceOf != rt.ID() || desc.Face != int(f) || !desc.RenderTarget || desc.Width != 16 || desc.Depth != graphics.Depth24 {
			t.Errorf("face %s: backend desc %+v", f, desc)
		}
		if err := face.SetData(make([]byte, 4*16*16)); !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("face %s: SetData on the face: %v", f, err)
		}
	}
	r.dev.SetRenderTarget(nil)
	sky.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skyVertices, 0, 1))
	fr := r.present()
	if len(fr.Passes) != 7 {
		t.Fatalf("%d passes, want one per face and the back buffer", len(fr.Passes))
	}
	for i, p := range fr.Passes[:6] {
		if p.Target != targets[i] || p.Width != 16 || p.Clear&graphics.ClearTarget == 0 {
			t.Errorf("pass %d: %+v, want target %d", i, p, targets[i])
		}
	}
	if d := fr.Draws[len(fr.Draws)-1]; d.Texture != rt.ID() {
		t.Errorf("the sky samples %d, want the cube %d", d.Texture, rt.ID())
	}
	if err := r.dev.SetRenderTargetCube(rt, 6); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("face 6: %v", err)
	}
	if _, err := graphics.NewRenderTargetCube(r.dev, 16, graphics.RenderTargetOptions{MipMap: true}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("mipmapped: %v", err)
	}
	if _, err := graphics.NewRenderTargetCube(r.dev, 0, graphics.RenderTargetOptions{}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("size 0: %v", err)
	}
	rt.Dispose()
	must(t, r.dev.Flush())
	for _, id := range append(targets, rt.ID()) {
		if !r.fb.Textures[id].Released {
			t.Errorf("texture %d not released", id)
		}
	}
	if err := r.dev.SetRenderTargetCube(rt, 0); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("disposed: %v", err)
	}
}
