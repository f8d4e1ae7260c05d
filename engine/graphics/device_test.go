package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestG2_FrameRecordsPassesDrawsAndState pins what a frame with a render
// target, clears and draws records.
func TestG2_FrameRecordsPassesDrawsAndState(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTarget2D(r.dev, 64, 32, graphics.RenderTargetOptions{Depth: graphics.Depth24})
	must(t, err)
	must(t, r.dev.BeginFrame(320, 240))
	r.bind()
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.CornflowerBlue))
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	r.dev.SetRenderTarget(nil)
	must(t, r.dev.ClearWith(graphics.ClearTarget, graphics.Black, 1, 0))
	r.dev.SetBlendState(graphics.Additive)
	r.dev.SetRasterizerState(graphics.RasterizerState{ScissorTestEnable: true})
	r.dev.SetScissorRectangle(graphics.Rectangle{X: 300, Y: 10, Width: 100, Height: 20})
	r.dev.SetViewport(graphics.NewViewport(10, 20, 100, 50))
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 3, 2))
	must(t, r.dev.ClearWith(graphics.ClearDepthBuffer, graphics.Black, 0.5, 0))
	must(t, r.dev.DrawPrimitives(graphics.LineStrip, 0, 4))
	f := r.present()

	if !f.Present || f.BackBufferWidth != 320 || f.BackBufferHeight != 240 {
		t.Errorf("frame present %v size %dx%d", f.Present, f.BackBufferWidth, f.BackBufferHeight)
	}
	if len(f.Uploads) != 3 {
		t.Errorf("%d uploads, want 3 (vertices, indices, texture)", len(f.Uploads))
	}
	want := []graphics.Pass{
		{Target: rt.ID(), Width: 64, Height: 32, Depth: graphics.Depth24, Clear: graphics.ClearTarget | graphics.ClearDepthBuffer, // no stencil to clear
			ClearColor: graphics.CornflowerBlue, ClearDepth: 1, FirstDraw: 0, DrawCount: 1},
		{Width: 320, Height: 240, Depth: graphics.Depth24Stencil8, Clear: graphics.ClearTarget, ClearColor: graphics.Black, FirstDraw: 1, DrawCount: 1},
		{Width: 320, Height: 240, Depth: graphics.Depth24Stencil8, Clear: graphics.ClearDepthBuffer, ClearDepth: 0.5, Load: true, FirstDraw: 2, DrawCount: 1},
	}
	if len(f.Passes) != len(want) {
		t.Fatalf("passes %+v, want %d", f.Passes, len(want))
	}
	for i := range want {
		if f.Passes[i] != want[i] {
			t.Errorf("pass %d:\n got %+v\nwant %+v", i, f.Passes[i], want[i])
		}
	}
	d0, d1, d2 := f.Draws[0], f.Draws[1], f.Draws[2]
	if !d0.Indexed || d0.Count != 36 || d0.IndexBuffer != r.ib.ID() || d0.Viewport != graphics.NewViewport(0, 0, 64, 32) ||
		d0.Scissor != (graphics.Rectangle{Width: 64, Height: 32}) || d0.Pipeline.Blend != graphics.Opaque { // XNA 4.0's default
		t.Errorf("draw 0 (into the render target) %+v", d0)
	}
	if d1.Indexed || d1.Count != 6 || d1.VertexOffset != 3*32 || d1.Pipeline.Blend != graphics.Additive ||
		d1.Scissor != (graphics.Rectangle{X: 300, Y: 10, Width: 20, Height: 20}) || d1.Viewport != graphics.NewViewport(10, 20, 100, 50) {
		t.Errorf("draw 1 %+v", d1)
	}
	if d2.Count != 5 || d2.Pipeline.Primitive != graphics.LineStrip {
		t.Errorf("draw 2 %+v", d2)
	}
	if d0.Uniforms != 0 || d1.Uniforms != 0 || len(f.Uniforms) != 1 {
		t.Errorf("uniforms %d %d of %d: one Apply is one block", d0.Uniforms, d1.Uniforms, len(f.Uniforms))
	}
}

// TestG8_ApplySnapshotsTheEffect pins that a draw uses the effect as it was
// at Apply, and that each Apply followed by a draw records one block.
func TestG8_ApplySnapshotsTheEffect(t *testing.T) {
	r := newRig(t)
	must(t, r.dev.BeginFrame(8, 8))
	r.bind()
	r.fx.World = mgl32.Translate3D(1, 2, 3)
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)) // applied before the change
	r.fx.Apply()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	r.fx.Apply() // no draw follows: no block
	f := r.present()
	if len(f.Uniforms) != 2 || f.Draws[0].Uniforms != 0 || f.Draws[1].Uniforms != 1 {
		t.Fatalf("uniforms %d, draws use %d and %d", len(f.Uniforms), f.Draws[0].Uniforms, f.Draws[1].Uniforms)
	}
	if f.Uniforms[0].World != mgl32.Ident4() || f.Uniforms[1].World != mgl32.Translate3D(1, 2, 3) {
		t.Errorf("worlds %v / %v", f.Uniforms[0].World, f.Uniforms[1].World)
	}
}

// TestG8_EffectUniformValues pins XNA's colour folding and the default rig.
func TestG8_EffectUniformValues(t *testing.T) {
	fx := graphics.NewBasicEffect(nil)
	fx.DiffuseColor = mgl32.Vec3{0.5, 1, 1}
	fx.EmissiveColor = mgl32.Vec3{0.1, 0, 0}
	fx.Alpha = 0.5
	var u graphics.EffectUniforms
	fx.Uniforms(&u)
	if want := (mgl32.Vec4{0.3, 0.5, 0.5, 0.5}); !u.DiffuseColor.ApproxEqual(want) {
		t.Errorf("unlit diffuse %v, want (diffuse+emissive)*alpha %v", u.DiffuseColor, want)
	}
	if u.LightDirection[0][3] != 0 || u.Flags[0] != 0 {
		t.Errorf("unlit: light 0 %v flags %v, want off", u.LightDirection[0], u.Flags)
	}
	fx.EnableDefaultLighting()
	fx.TextureEnabled = true
	fx.Uniforms(&u)
	if u.Flags[0] != uint32(graphics.ShaderLighting|graphics.ShaderTexture) {
		t.Errorf("flags %b", u.Flags[0])
	}
	amb := fx.AmbientLightColor
	want := mgl32.Vec4{(0.1 + amb[0]*0.5) * 0.5, amb[1] * 0.5, amb[2] * 0.5, 0}
	if !u.EmissiveColor.ApproxEqual(want) {
		t.Errorf("lit emissive %v, want (emissive+ambient*diffuse)*alpha %v", u.EmissiveColor, want)
	}
	for i := range 3 {
		if u.LightDirection[i][3] != 1 {
			t.Errorf("light %d not enabled: %v", i, u.LightDirection[i])
		}
	}
	if u.LightSpecular[1] != (mgl32.Vec4{}) || u.LightDiffuse[0] != (mgl32.Vec4{1, 0.9607844, 0.8078432, 0}) {
		t.Errorf("rig colours: light 0 diffuse %v, light 1 specular %v", u.LightDiffuse[0], u.LightSpecular[1])
	}
	fx.View = graphics.CreateLookAt(mgl32.Vec3{1, 2, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	fx.Uniforms(&u)
	if !u.EyePosition.Vec3().ApproxEqualThreshold(mgl32.Vec3{1, 2, 3}, 1e-4) {
		t.Errorf("eye %v, want (1,2,3)", u.EyePosition)
	}
}

// TestG2_ValidationErrors pins that each bad call returns the sentinel it
// should, with a message saying what to change, and records nothing.
func TestG2_ValidationErrors(t *testing.T) {
	type setup func(r *rig) error
	inFrame := func(r *rig) { must(r.t, r.dev.BeginFrame(16, 16)) }
	cases := []struct {
		name  string
		run   setup
		want  error
		hint  string
		draws int // draws the setup itself records before the failing call
	}{
		{"draw outside a frame", func(r *rig) error {
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrOutsideFrame, "SetRenderTarget", 0},
		{"clear outside a frame", func(r *rig) error { return r.dev.Clear(graphics.Black) }, graphics.ErrOutsideFrame, "Game.Draw", 0},
		{"no effect", func(r *rig) error {
			inFrame(r)
			r.dev.SetVertexBuffer(r.vb)
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrNoEffect, "Apply", 0},
		{"no vertex buffer", func(r *rig) error {
			inFrame(r)
			r.fx.Apply()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrNoVertexBuffer, "SetVertexBuffer", 0},
		{"no index buffer", func(r *rig) error {
			inFrame(r)
			r.bind()
			r.dev.SetIndices(nil)
			return r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1)
		}, graphics.ErrNoIndexBuffer, "SetIndices", 0},
		{"vertex buffer smaller than the draw", func(r *rig) error {
			inFrame(r)
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 20, 2)
		}, graphics.ErrOutOfRange, "holds 24", 0},
		{"index range past the buffer", func(r *rig) error {
			inFrame(r)
			r.bind()
			return r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 30, 3)
		}, graphics.ErrOutOfRange, "index buffer holds 36", 0},
		{"index names a missing vertex", func(r *rig) error {
			inFrame(r)
			r.bind()
			return r.dev.DrawIndexedPrimitives(graphics.TriangleList, 4, 30, 2)
		}, graphics.ErrOutOfRange, "names vertex", 0},
		{"disposed vertex buffer", func(r *rig) error {
			inFrame(r)
			r.bind()
			r.vb.Dispose()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrDisposed, "disposed", 0},
		{"disposed texture", func(r *rig) error {
			inFrame(r)
			r.fx.TextureEnabled, r.fx.Texture = true, r.tex
			r.bind()
			r.tex.Dispose()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrDisposed, "texture", 0},
		{"texture enabled without texture", func(r *rig) error {
			inFrame(r)
			r.fx.TextureEnabled = true
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrInvalid, "no Texture", 0},
		{"vertex colours without a colour element", func(r *rig) error {
			inFrame(r)
			r.fx.VertexColorEnabled = true
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrInvalid, "Color element", 0},
		{"lighting without normals", func(r *rig) error {
			inFrame(r)
			r.fx.LightingEnabled = true
			r.fx.Apply()
			v := []graphics.VertexPositionColor{{}, {}, {}}
			return graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, v, 0, 1)
		}, graphics.ErrInvalid, "Normal element", 0},
		{"user primitives past the slice", func(r *rig) error {
			inFrame(r)
			r.fx.Apply()
			v := []graphics.VertexPositionColor{{}, {}, {}}
			return graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, v, 1, 1)
		}, graphics.ErrOutOfRange, "slice holds 3", 0},
		{"user index past the vertices", func(r *rig) error {
			inFrame(r)
			r.fx.Apply()
			v := []graphics.VertexPositionColor{{}, {}, {}}
			return graphics.DrawUserIndexedPrimitives(r.dev, graphics.TriangleList, v, []uint16{0, 1, 3}, 0, 1)
		}, graphics.ErrOutOfRange, "past the 3", 0},
		{"zero primitives", func(r *rig) error {
			inFrame(r)
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 0)
		}, graphics.ErrInvalid, "at least 1", 0},
		{"unknown primitive type", func(r *rig) error {
			inFrame(r)
			r.bind()
			return r.dev.DrawPrimitives(graphics.PrimitiveType(9), 0, 1)
		}, graphics.ErrInvalid, "primitive type", 0},
		{"texture above the limit", func(r *rig) error {
			_, err := graphics.NewTexture2D(r.dev, 4097, 1)
			return err
		}, graphics.ErrTooLarge, "4096", 0},
		{"render target above the limit", func(r *rig) error {
			_, err := graphics.NewRenderTarget2D(r.dev, 1, 5000, graphics.RenderTargetOptions{})
			return err
		}, graphics.ErrTooLarge, "limit", 0},
		{"texture of size 0", func(r *rig) error {
			_, err := graphics.NewTexture2D(r.dev, 0, 4)
			return err
		}, graphics.ErrInvalid, "at least 1x1", 0},
		{"texture data of the wrong size", func(r *rig) error { return r.tex.SetData(make([]byte, 15)) }, graphics.ErrInvalid, "want 16", 0},
		{"texture region outside", func(r *rig) error {
			return r.tex.SetDataRect(graphics.Rectangle{X: 1, Y: 1, Width: 2, Height: 1}, make([]byte, 8))
		}, graphics.ErrOutOfRange, "not inside", 0},
		{"vertex data past the buffer", func(r *rig) error {
			v, _ := graphics.Cube()
			return graphics.SetVertexData(r.vb, 1, v)
		}, graphics.ErrOutOfRange, "do not fit", 0},
		{"vertex data of another type", func(r *rig) error {
			return graphics.SetVertexData(r.vb, 0, []graphics.VertexPositionColor{{}})
		}, graphics.ErrInvalid, "layout", 0},
		{"32-bit indices into a 16-bit buffer", func(r *rig) error {
			return graphics.SetIndexData(r.ib, 0, []uint32{1})
		}, graphics.ErrInvalid, "4-byte", 0},
		{"set data after drawing with it", func(r *rig) error {
			inFrame(r)
			r.bind()
			must(r.t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
			v, _ := graphics.Cube()
			return graphics.SetVertexData(r.vb, 0, v)
		}, graphics.ErrInUse, "before the draws", 1},
		{"sampling the target being drawn", func(r *rig) error {
			rt, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
			must(r.t, err)
			r.dev.SetRenderTarget(rt)
			r.fx.TextureEnabled, r.fx.Texture = true, rt.Texture2D
			r.bind()
			return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
		}, graphics.ErrInUse, "set another render target", 0},
		{"disposed render target", func(r *rig) error {
			rt, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
			must(r.t, err)
			rt.Dispose()
			r.dev.SetRenderTarget(rt)
			return r.dev.Err()
		}, graphics.ErrDisposed, "disposed", 0},
		{"buffer of another device", func(r *rig) error {
			other := newRig(r.t)
			r.dev.SetVertexBuffer(other.vb)
			return r.dev.Err()
		}, graphics.ErrWrongDevice, "another Device", 0},
		{"bad viewport", func(r *rig) error {
			r.dev.SetViewport(graphics.Viewport{Width: 10, Height: 10, MinDepth: 0.5, MaxDepth: 0.2})
			return r.dev.Err()
		}, graphics.ErrInvalid, "MinDepth", 0},
		{"bad clear depth", func(r *rig) error {
			inFrame(r)
			return r.dev.ClearWith(graphics.ClearDepthBuffer, graphics.Black, 2, 0)
		}, graphics.ErrInvalid, "0..1", 0},
		{"back buffer of size 0", func(r *rig) error { return r.dev.BeginFrame(0, 10) }, graphics.ErrInvalid, "at least 1x1", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			err := c.run(r)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), c.hint) {
				t.Errorf("error %q does not say %q", err, c.hint)
			}
			if r.dev.InFrame() {
				f, err := r.dev.EndFrame()
				must(t, err)
				if len(f.Draws) != c.draws {
					t.Errorf("%d draws recorded, want %d: a failed call records nothing", len(f.Draws), c.draws)
				}
				must(t, r.fb.Execute(f))
			}
		})
	}
}

// TestG4_RenderTargetDrawnOutsideAFrame pins that LoadContent may draw into
// a render target: the work is recorded, Flush executes it without a
// present, and GetData sees the clear.
func TestG4_RenderTargetDrawnOutsideAFrame(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTarget2D(r.dev, 4, 2, graphics.RenderTargetOptions{})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.Orange))
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	r.dev.SetRenderTarget(nil)
	if err := r.dev.Clear(graphics.Black); !errors.Is(err, graphics.ErrOutsideFrame) {
		t.Fatalf("clear of the back buffer outside a frame: %v", err)
	}
	px := make([]byte, 4*4*2)
	must(t, rt.GetData(px)) // flushes
	if r.fb.Executed != 1 || r.fb.Presents != 0 {
		t.Fatalf("executed %d, presents %d; want 1 record without a present", r.fb.Executed, r.fb.Presents)
	}
	if f := r.last(); len(f.Passes) != 1 || f.Passes[0].Target != rt.ID() || f.Present {
		t.Errorf("flushed record %+v", f.Passes)
	}
	for i := 0; i < len(px); i += 4 {
		if c := (graphics.Color{R: px[i], G: px[i+1], B: px[i+2], A: px[i+3]}); c != graphics.Orange {
			t.Fatalf("texel %d is %v, want Orange", i/4, c)
		}
	}
	// Nothing pending: Flush executes nothing.
	must(t, r.dev.Flush())
	if r.fb.Executed != 1 {
		t.Errorf("empty flush executed a record")
	}
}

// TestG4_PassLoadFollowsUsage pins which passes keep their contents: a
// DiscardContents target set again starts undefined, a PreserveContents
// one loads, and the back buffer resumed after a target loads.
func TestG4_PassLoadFollowsUsage(t *testing.T) {
	r := newRig(t)
	disc, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
	must(t, err)
	keep, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{Usage: graphics.PreserveContents})
	must(t, err)
	must(t, r.dev.BeginFrame(8, 8))
	r.bind()
	draw := func() { must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)) }
	draw() // back buffer, first pass: undefined
	r.dev.SetRenderTarget(disc)
	draw()
	r.dev.SetRenderTarget(keep)
	draw()
	r.dev.SetRenderTarget(nil)
	draw() // back buffer again: keeps what was drawn
	f := r.present()
	got := []bool{}
	for _, p := range f.Passes {
		got = append(got, p.Load)
	}
	if want := []bool{false, false, true, true}; !equal(got, want) {
		t.Errorf("Load per pass %v, want %v", got, want)
	}
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestG11_UploadsAndReleasesRideTheNextRecord pins that SetData reaches the
// backend only through a record, before its passes, and Dispose releases
// after the frame.
func TestG11_UploadsAndReleasesRideTheNextRecord(t *testing.T) {
	r := newRig(t)
	if r.fb.Executed != 0 {
		t.Fatal("creation executed a record")
	}
	if px := r.fb.Textures[r.tex.ID()].Pixels; px[4] != 0 {
		t.Fatal("texture data reached the backend before a record ran")
	}
	must(t, r.dev.BeginFrame(8, 8))
	r.fx.TextureEnabled, r.fx.Texture = true, r.tex
	r.bind()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	r.tex.Dispose()
	f := r.present()
	if len(f.Releases) != 1 || f.Releases[0].Texture != r.tex.ID() {
		t.Errorf("releases %+v", f.Releases)
	}
	bt := r.fb.Textures[r.tex.ID()]
	if !bt.Released || bt.Pixels[4] != 255 || bt.Pixels[5] != 0 {
		t.Errorf("backend texture released %v, texel 1 %v (want Red)", bt.Released, bt.Pixels[4:8])
	}
	r.tex.Dispose() // twice: nothing
	must(t, r.dev.BeginFrame(8, 8))
	if f := r.present(); len(f.Releases) != 0 {
		t.Errorf("second Dispose released again: %+v", f.Releases)
	}
}

// TestG3_TexturesPremultipliedOnLoad pins premultiplication on load and the
// StraightAlpha opt-out, for straight-alpha (NRGBA) and premultiplied
// (RGBA) images and through PNG decoding.
func TestG3_TexturesPremultipliedOnLoad(t *testing.T) {
	r := newRig(t)
	half := texelImage()
	for _, c := range []struct {
		name string
		load func() (*graphics.Texture2D, error)
		want graphics.Color
	}{
		{"NRGBA premultiplied", func() (*graphics.Texture2D, error) { return graphics.NewTextureFromImage(r.dev, half) }, graphics.Color{R: 128, G: 64, B: 0, A: 128}},
		{"NRGBA straight", func() (*graphics.Texture2D, error) {
			return graphics.NewTextureFromImage(r.dev, half, graphics.StraightAlpha())
		}, graphics.Color{R: 255, G: 128, B: 0, A: 128}},
		{"RGBA premultiplied", func() (*graphics.Texture2D, error) { return graphics.NewTextureFromImage(r.dev, toRGBA(half)) }, graphics.Color{R: 128, G: 64, B: 0, A: 128}},
		{"PNG premultiplied", func() (*graphics.Texture2D, error) { return graphics.LoadTexture(r.dev, pngOf(t, half)) }, graphics.Color{R: 128, G: 64, B: 0, A: 128}},
		{"PNG straight", func() (*graphics.Texture2D, error) {
			return graphics.LoadTexture(r.dev, pngOf(t, half), graphics.StraightAlpha())
		}, graphics.Color{R: 255, G: 128, B: 0, A: 128}},
	} {
		tex, err := c.load()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		px := make([]byte, 4)
		must(t, tex.GetDataRect(graphics.Rectangle{Width: 1, Height: 1}, px))
		if got := (graphics.Color{R: px[0], G: px[1], B: px[2], A: px[3]}); got != c.want {
			t.Errorf("%s: texel %v, want %v", c.name, got, c.want)
		}
	}
	if _, err := graphics.LoadTexture(r.dev, strings.NewReader("not an image")); err == nil || !strings.Contains(err.Error(), "PNG or JPEG") {
		t.Errorf("bad image: %v", err)
	}
	if _, err := graphics.LoadTextureFile(r.dev, "/nonexistent.png"); err == nil {
		t.Error("missing file: no error")
	}
}

// TestG3_FromNonPremultiplied pins XNA's Color.FromNonPremultiplied.
func TestG3_FromNonPremultiplied(t *testing.T) {
	if got, want := graphics.FromNonPremultiplied(255, 128, 0, 128), (graphics.Color{R: 128, G: 64, B: 0, A: 128}); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := graphics.FromNonPremultiplied(10, 20, 30, 255); got != (graphics.Color{R: 10, G: 20, B: 30, A: 255}) {
		t.Errorf("opaque changed: %v", got)
	}
	if got := graphics.White.Scale(0.5); got != (graphics.Color{R: 128, G: 128, B: 128, A: 128}) {
		t.Errorf("White*0.5 = %v", got)
	}
}

// TestG2_GetDataRoundTrips pins SetData/GetData for textures and index and
// vertex buffers.
func TestG2_GetDataRoundTrips(t *testing.T) {
	r := newRig(t)
	px := make([]byte, 16)
	must(t, r.tex.GetData(px))
	if px[4] != 255 || px[5] != 0 || px[8] != 0 || px[9] != 128 {
		t.Errorf("texels %v", px)
	}
	idx := make([]uint16, 6)
	n, err := graphics.GetIndexData(r.ib, 6, idx)
	must(t, err)
	if n != 6 || idx[0] != 4 || idx[2] != 6 {
		t.Errorf("indices %v (%d)", idx, n)
	}
	b := make([]byte, 4)
	if _, err := r.vb.GetData(12, b); err != nil || b[0] != 0 || b[3] != 0 {
		t.Errorf("vertex bytes %v %v", b, err)
	}
	// In a frame that writes the texture, GetData refuses.
	must(t, r.dev.BeginFrame(4, 4))
	must(t, r.tex.SetData(make([]byte, 16)))
	if err := r.tex.GetData(px); !errors.Is(err, graphics.ErrInUse) {
		t.Errorf("GetData of a texture written this frame: %v", err)
	}
}

// TestG9_RecordReusedAcrossFrames pins that a frame's record replaces the
// previous one and resets its slices.
func TestG9_RecordReusedAcrossFrames(t *testing.T) {
	r := newRig(t)
	r.fb.Keep = false
	for i := range 3 {
		must(t, r.dev.BeginFrame(8, 8))
		must(t, r.dev.Clear(graphics.Black))
		r.bind()
		must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
		f := r.present()
		if f.Index != uint64(i+1) || len(f.Draws) != 1 || len(f.Passes) != 1 || len(f.Uniforms) != 1 {
			t.Errorf("frame %d: index %d, %d draws %d passes %d uniforms", i, f.Index, len(f.Draws), len(f.Passes), len(f.Uniforms))
		}
		if i > 0 && len(f.Uploads) != 0 {
			t.Errorf("frame %d repeats %d uploads", i, len(f.Uploads))
		}
	}
}

// TestG2_FakeCheckCatchesBadRecords pins that graphicstest's consistency
// check is not vacuous.
func TestG2_FakeCheckCatchesBadRecords(t *testing.T) {
	r := newRig(t)
	must(t, r.dev.BeginFrame(8, 8))
	r.bind()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	f, err := r.dev.EndFrame()
	must(t, err)
	for name, mutate := range map[string]func(f *graphics.Frame){
		"draw past the buffer":      func(f *graphics.Frame) { f.Draws[0].VertexOffset = 1 << 20 },
		"uniforms out of range":     func(f *graphics.Frame) { f.Draws[0].Uniforms = 5 },
		"passes miss a draw":        func(f *graphics.Frame) { f.Passes[0].DrawCount = 0 },
		"back buffer in a flush":    func(f *graphics.Frame) { f.Present = false },
		"unknown vertex buffer":     func(f *graphics.Frame) { f.Draws[0].VertexBuffer = 99 },
		"scissor outside the pass":  func(f *graphics.Frame) { f.Draws[0].Scissor.Width = 9 },
		"upload outside its buffer": func(f *graphics.Frame) { f.Uploads[0].Offset = 1 << 20 },
	} {
		c := graphicstest.Clone(f)
		mutate(&c)
		if err := r.fb.Check(&c); err == nil {
			t.Errorf("%s: Check passed", name)
		}
	}
	must(t, r.fb.Check(f))
}

// TestG8_WorldViewProjectionFollowsTheCamera pins that the effect's
// cached camera product is recomputed whenever View or Projection change.
func TestG8_WorldViewProjectionFollowsTheCamera(t *testing.T) {
	fx := graphics.NewBasicEffect(nil)
	var u graphics.EffectUniforms
	p1, _ := graphics.CreatePerspectiveFieldOfView(1, 1, 1, 10)
	p2, _ := graphics.CreatePerspectiveFieldOfView(0.5, 2, 1, 10)
	v1 := graphics.CreateLookAt(mgl32.Vec3{0, 0, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	v2 := graphics.CreateLookAt(mgl32.Vec3{5, 0, 0}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	w := mgl32.Translate3D(1, 2, 3)
	for i, c := range []struct{ p, v mgl32.Mat4 }{{p1, v1}, {p1, v2}, {p2, v2}, {p1, v1}} {
		fx.Projection, fx.View, fx.World = c.p, c.v, w
		fx.Uniforms(&u)
		if want := c.p.Mul4(c.v).Mul4(w); !u.WorldViewProjection.ApproxEqual(want) {
			t.Errorf("step %d: WorldViewProjection stale", i)
		}
	}
}

// TestG4_DepthStateFitsTheTarget pins that draws and clears into a target
// without a depth (or stencil) buffer record no depth (or stencil) work, so
// a backend never sees a depth test without an attachment.
func TestG4_DepthStateFitsTheTarget(t *testing.T) {
	r := newRig(t)
	plain, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
	must(t, err)
	depth, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{Depth: graphics.Depth16})
	must(t, err)
	must(t, r.dev.BeginFrame(8, 8))
	r.bind()
	stencil := graphics.DepthDefault
	stencil.StencilEnable, stencil.StencilPass, stencil.ReferenceStencil = true, graphics.StencilReplace, 1
	r.dev.SetDepthStencilState(stencil)
	for _, target := range []*graphics.RenderTarget2D{plain, depth, nil} {
		r.dev.SetRenderTarget(target)
		must(t, r.dev.Clear(graphics.Black))
		must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	}
	f := r.present()
	withoutStencil := graphics.DepthDefault
	withoutStencil.StencilFunction, withoutStencil.StencilMask, withoutStencil.StencilWriteMask = 0, 0, 0
	withoutStencil.CounterClockwiseStencilFunction = 0
	for i, c := range []struct {
		clear graphics.ClearOptions
		ds    graphics.DepthStencilState
	}{
		{graphics.ClearTarget, graphics.DepthStencilState{}},
		{graphics.ClearTarget | graphics.ClearDepthBuffer, withoutStencil},
		{graphics.ClearTarget | graphics.ClearDepthBuffer | graphics.ClearStencil, stencil},
	} {
		if f.Passes[i].Clear != c.clear || f.Draws[i].Pipeline.DepthStencil != c.ds {
			t.Errorf("pass %d: clear %b, depth/stencil %+v; want %b, %+v", i, f.Passes[i].Clear, f.Draws[i].Pipeline.DepthStencil, c.clear, c.ds)
		}
	}
}

// TestG4_DrawingOnAfterFlushKeepsTheTarget pins that a Flush in the middle
// of LoadContent's drawing (a GetData) leaves the render target set and its
// next pass loading what was drawn, even with DiscardContents.
func TestG4_DrawingOnAfterFlushKeepsTheTarget(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.Red))
	must(t, r.dev.Flush())
	if r.dev.RenderTarget() != rt {
		t.Fatal("Flush unset the render target")
	}
	r.bind()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	must(t, r.dev.Flush())
	if f := r.last(); len(f.Passes) != 1 || !f.Passes[0].Load || f.Passes[0].Clear != 0 {
		t.Errorf("pass after the flush %+v, want one that loads", f.Passes)
	}
	r.dev.SetRenderTarget(rt) // set again: DiscardContents applies
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	must(t, r.dev.Flush())
	if f := r.last(); f.Passes[0].Load {
		t.Errorf("a DiscardContents target set again loads: %+v", f.Passes[0])
	}
}
