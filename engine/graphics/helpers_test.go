package graphics_test

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// rig is a device on the fake backend with a cube mesh, an effect and a
// texture, the pieces most tests draw with.
type rig struct {
	t   testing.TB
	fb  *graphicstest.Backend
	dev *graphics.Device
	vb  *graphics.VertexBuffer
	ib  *graphics.IndexBuffer
	fx  *graphics.BasicEffect
	tex *graphics.Texture2D
}

// newRig builds the rig; the fake keeps every executed record.
func newRig(t testing.TB) *rig {
	t.Helper()
	fb := graphicstest.New()
	fb.Keep = true
	dev, err := graphics.NewDevice(fb)
	if err != nil {
		t.Fatal(err)
	}
	verts, idx := graphics.Cube()
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(verts))
	must(t, err)
	must(t, graphics.SetVertexData(vb, 0, verts))
	ib, err := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx))
	must(t, err)
	must(t, graphics.SetIndexData(ib, 0, idx))
	tex, err := graphics.NewTexture2D(dev, 2, 2)
	must(t, err)
	must(t, tex.SetColors([]graphics.Color{graphics.White, graphics.Red, graphics.Green, graphics.Blue}))
	fx := graphics.NewBasicEffect(dev)
	return &rig{t: t, fb: fb, dev: dev, vb: vb, ib: ib, fx: fx, tex: tex}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// bind sets the rig's buffers and applies its effect.
func (r *rig) bind() {
	r.dev.SetVertexBuffer(r.vb)
	r.dev.SetIndices(r.ib)
	r.fx.Apply()
}

// present ends the frame and executes it on the fake, as the engine does.
func (r *rig) present() *graphics.Frame {
	r.t.Helper()
	f, err := r.dev.EndFrame()
	must(r.t, err)
	must(r.t, r.fb.Execute(f))
	return f
}

// last returns the last record the fake executed.
func (r *rig) last() graphics.Frame {
	r.t.Helper()
	if len(r.fb.Frames) == 0 {
		r.t.Fatal("no frame executed")
	}
	return r.fb.Frames[len(r.fb.Frames)-1]
}

// wantStates checks the device's four states; what says when (for the
// error messages).
func wantStates(t testing.TB, dev *graphics.Device, what string, b graphics.BlendState, s graphics.SamplerState,
	d graphics.DepthStencilState, r graphics.RasterizerState) {
	t.Helper()
	if dev.BlendState() != b {
		t.Errorf("%s: blend state %+v, want %+v", what, dev.BlendState(), b)
	}
	if dev.SamplerState() != s {
		t.Errorf("%s: sampler state %+v, want %+v", what, dev.SamplerState(), s)
	}
	if dev.DepthStencilState() != d {
		t.Errorf("%s: depth-stencil state %+v, want %+v", what, dev.DepthStencilState(), d)
	}
	if dev.RasterizerState() != r {
		t.Errorf("%s: rasterizer state %+v, want %+v", what, dev.RasterizerState(), r)
	}
}
