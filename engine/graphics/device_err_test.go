package graphics_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// badSetter is a setter call whose only failure is a programming error,
// and what its error must say.
type badSetter struct {
	name string // the setter the error names
	want error
	call func(r *rig, e *graphics.Effect, f *graphics.SpriteFont)
}

func badSetters(t *testing.T) []badSetter {
	other := newRig(t)
	return []badSetter{
		{"SetBlendState", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetBlendState(graphics.BlendState{ColorSourceBlend: 250})
		}},
		{"SetDepthStencilState", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetDepthStencilState(graphics.DepthStencilState{DepthBufferFunction: 250})
		}},
		{"SetRasterizerState", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetRasterizerState(graphics.RasterizerState{CullMode: 250})
		}},
		{"SetSamplerState", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetSamplerState(graphics.SamplerState{Filter: 250})
		}},
		{"SetScissorRectangle", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetScissorRectangle(graphics.Rectangle{Width: -1, Height: 4})
		}},
		{"SetViewport", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetViewport(graphics.Viewport{Width: 0, Height: 4, MaxDepth: 1})
		}},
		{"SetTexture", graphics.ErrOutOfRange, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetTexture(3, r.tex)
		}},
		{"SetVertexBuffer", graphics.ErrWrongDevice, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetVertexBuffer(other.vb)
		}},
		{"SetVertexBuffers", graphics.ErrInvalid, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetVertexBuffers()
		}},
		{"SetIndices", graphics.ErrWrongDevice, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			r.dev.SetIndices(other.ib)
		}},
		{"SetRenderTarget", graphics.ErrWrongDevice, func(r *rig, _ *graphics.Effect, _ *graphics.SpriteFont) {
			rt, err := graphics.NewRenderTarget2D(other.dev, 4, 4, graphics.RenderTargetOptions{})
			must(r.t, err)
			r.dev.SetRenderTarget(rt)
		}},
		// EffectParameter: "Time" is a float, so every other kind is refused.
		{"SetBool", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Time"].SetBool(true) }},
		{"SetInt", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Time"].SetInt(1) }},
		{"SetUint", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Time"].SetUint(1) }},
		{"SetFloat", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Tint"].SetFloat(1) }},
		{"SetVector2", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetVector2(mgl32.Vec2{})
		}},
		{"SetVector3", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetVector3(mgl32.Vec3{})
		}},
		{"SetVector4", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetVector4(mgl32.Vec4{})
		}},
		{"SetColor", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetColor(graphics.White)
		}},
		{"SetMatrix", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetMatrix(mgl32.Ident4())
		}},
		{"SetMatrix2", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetMatrix2(mgl32.Ident2())
		}},
		{"SetMatrix3", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetMatrix3(mgl32.Ident3())
		}},
		{"SetFloatArray", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetFloatArray([]float32{1})
		}},
		{"SetVector4Array", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetVector4Array([]mgl32.Vec4{{}})
		}},
		{"SetMatrixArray", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Time"].SetMatrixArray([]mgl32.Mat4{mgl32.Ident4()})
		}},
		{"SetValue", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Time"].SetValue("fast") }},
		{"SetTexture", graphics.ErrEffect, func(r *rig, e *graphics.Effect, _ *graphics.SpriteFont) { e.Parameters["Time"].SetTexture(r.tex) }},
		{"SetFloat on a parameter that does not exist", graphics.ErrEffect, func(_ *rig, e *graphics.Effect, _ *graphics.SpriteFont) {
			e.Parameters["Missing"].SetFloat(1)
		}},
		// SpriteFont.
		{"SetLineSpacing", graphics.ErrInvalid, func(_ *rig, _ *graphics.Effect, f *graphics.SpriteFont) { f.SetLineSpacing(math.MaxInt) }},
		{"SetSpacing", graphics.ErrInvalid, func(_ *rig, _ *graphics.Effect, f *graphics.SpriteFont) { f.SetSpacing(float32(math.NaN())) }},
		{"SetDefaultCharacter", graphics.ErrInvalid, func(_ *rig, _ *graphics.Effect, f *graphics.SpriteFont) { f.SetDefaultCharacter('\U0001F600') }},
	}
}

// TestG20_EachSetterErrorIsReturnedByTheNextDraw: every setter whose only
// failure is a programming error returns nothing; given a bad value it
// changes nothing, the next draw returns its error (naming the setter,
// matching its sentinel) and records nothing, and the draw after that
// succeeds: the error is reported once.
func TestG20_EachSetterErrorIsReturnedByTheNextDraw(t *testing.T) {
	for _, c := range badSetters(t) {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			e := waveEffect(t, r)
			f, err := graphics.NewDefaultSpriteFont(r.dev, 12)
			must(t, err)
			must(t, r.dev.BeginFrame(16, 16))
			r.bind()
			before := [...]any{r.dev.BlendState(), r.dev.DepthStencilState(), r.dev.RasterizerState(), r.dev.SamplerState(),
				r.dev.ScissorRectangle(), r.dev.Viewport(), r.dev.VertexBuffer(), r.dev.Indices(), r.dev.RenderTarget(),
				e.Parameters["Time"].GetValueFloat(), f.LineSpacing(), f.Spacing()}
			c.call(r, e, f)
			after := [...]any{r.dev.BlendState(), r.dev.DepthStencilState(), r.dev.RasterizerState(), r.dev.SamplerState(),
				r.dev.ScissorRectangle(), r.dev.Viewport(), r.dev.VertexBuffer(), r.dev.Indices(), r.dev.RenderTarget(),
				e.Parameters["Time"].GetValueFloat(), f.LineSpacing(), f.Spacing()}
			if before != after {
				t.Errorf("a refused %s changed the state:\n%v\nwas\n%v", c.name, after, before)
			}
			err = r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), "draw indexed primitives") {
				t.Fatalf("the draw after a bad %s returned %v, want %v naming the setter and the draw", c.name, err, c.want)
			}
			must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
			if fr := r.present(); len(fr.Draws) != 1 {
				t.Errorf("%d draws recorded, want 1 (the draw that reported the error records nothing)", len(fr.Draws))
			}
		})
	}
}

// TestG20_TheFirstReportingCallReturnsTheErrorOnce: a setter's error is
// returned by whichever comes first of a draw, Clear, SpriteBatch.End,
// EndFrame and Err, and by nothing after it; the first error is kept,
// later ones dropped until it is reported.
func TestG20_TheFirstReportingCallReturnsTheErrorOnce(t *testing.T) {
	bad := func(r *rig) { r.dev.SetViewport(graphics.Viewport{Width: -1, Height: 1}) }
	verts := []graphics.VertexPositionColor{{}, {}, {}}
	paths := []struct {
		name string
		call func(r *rig) error
	}{
		{"DrawPrimitives", func(r *rig) error { return r.dev.DrawPrimitives(graphics.TriangleList, 0, 1) }},
		{"DrawIndexedPrimitives", func(r *rig) error { return r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1) }},
		{"DrawUserPrimitives", func(r *rig) error {
			return graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1)
		}},
		{"DrawUserIndexedPrimitives", func(r *rig) error {
			return graphics.DrawUserIndexedPrimitives(r.dev, graphics.TriangleList, verts, []uint16{0, 1, 2}, 0, 1)
		}},
		{"Clear", func(r *rig) error { return r.dev.Clear(graphics.Black) }},
		{"SpriteBatch.End", func(r *rig) error {
			sb, err := graphics.NewSpriteBatch(r.dev)
			must(r.t, err)
			must(r.t, sb.Begin())
			sb.Draw(r.tex, mgl32.Vec2{}, graphics.White)
			return sb.End()
		}},
		{"Immediate SpriteBatch.Draw", func(r *rig) error {
			sb, err := graphics.NewSpriteBatch(r.dev)
			must(r.t, err)
			must(r.t, sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortImmediate}))
			sb.Draw(r.tex, mgl32.Vec2{}, graphics.White)
			return sb.End()
		}},
		{"EndFrame", func(r *rig) error {
			f, err := r.dev.EndFrame()
			if f == nil || r.dev.InFrame() {
				r.t.Errorf("EndFrame with a setter's error: record %v, in frame %v; want the frame ended and its record", f, r.dev.InFrame())
			}
			must(r.t, r.dev.BeginFrame(16, 16))
			r.bind()
			return err
		}},
		{"Err", func(r *rig) error { return r.dev.Err() }},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			r := newRig(t)
			must(t, r.dev.BeginFrame(16, 16))
			r.bind()
			bad(r)
			r.dev.SetBlendState(graphics.BlendState{ColorSourceBlend: 250}) // a second error: dropped
			err := p.call(r)
			if !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), "SetViewport") {
				t.Fatalf("%s after a bad SetViewport: %v, want the SetViewport error", p.name, err)
			}
			if strings.Contains(err.Error(), "SetBlendState") {
				t.Errorf("%s reported the second error too: %v", p.name, err)
			}
			if err := p.call(r); err != nil {
				t.Errorf("%s again: %v, want nil (reported once)", p.name, err)
			}
			if err := r.dev.Err(); err != nil {
				t.Errorf("Err after the report: %v, want nil", err)
			}
		})
	}
}

// TestG20_SetterErrorBesideABatchErrorIsKept: a sprite batch keeps its
// first error, but a setter's error the device reports to it is joined,
// not dropped: it is reported only once.
func TestG20_SetterErrorBesideABatchErrorIsKept(t *testing.T) {
	r := newRig(t)
	must(t, r.dev.BeginFrame(16, 16))
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, sb.Begin())
	sb.Draw(nil, mgl32.Vec2{}, graphics.White) // the batch's own first error
	sb.Draw(r.tex, mgl32.Vec2{}, graphics.White)
	r.dev.SetScissorRectangle(graphics.Rectangle{Width: -5})
	err = sb.End()
	if !strings.Contains(err.Error(), "nil") || !strings.Contains(err.Error(), "SetScissorRectangle") {
		t.Errorf("End: %v, want the nil texture and the SetScissorRectangle errors", err)
	}
}

// TestG20_SettersAndTheReportCheckAllocateNothing: the setters and the
// draws' check for a pending error allocate nothing when nothing fails.
func TestG20_SettersAndTheReportCheckAllocateNothing(t *testing.T) {
	r := newRig(t)
	e := waveEffect(t, r)
	f, err := graphics.NewDefaultSpriteFont(r.dev, 12)
	must(t, err)
	time, tint, wvp, weights := e.Parameters["Time"], e.Parameters["Tint"], e.Parameters["WorldViewProjection"], e.Parameters["Weights"]
	w := []float32{1, 2, 3, 4}
	vp := graphics.NewViewport(0, 0, 16, 16)
	frame := func() {
		must(t, r.dev.BeginFrame(16, 16))
		r.dev.SetBlendState(graphics.AlphaBlend)
		r.dev.SetDepthStencilState(graphics.DepthDefault)
		r.dev.SetRasterizerState(graphics.CullNone)
		r.dev.SetSamplerState(graphics.PointClamp)
		r.dev.SetScissorRectangle(graphics.Rectangle{Width: 8, Height: 8})
		r.dev.SetViewport(vp)
		r.dev.SetTexture(0, r.tex)
		r.dev.SetVertexBuffer(r.vb)
		r.dev.SetIndices(r.ib)
		time.SetFloat(1)
		tint.SetColor(graphics.Red)
		wvp.SetMatrix(mgl32.Ident4())
		weights.SetFloatArray(w)
		f.SetSpacing(1)
		f.SetLineSpacing(14)
		e.Apply()
		r.fx.Apply() // the rig's buffers are for a BasicEffect
		must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
		must(t, r.dev.Clear(graphics.Black))
		fr, err := r.dev.EndFrame()
		must(t, err)
		must(t, r.fb.Execute(fr))
	}
	r.fb.Keep = false
	frame()
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}
