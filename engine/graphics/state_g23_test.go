package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG23_NewStateFieldsAreValidated: each new enumeration field out of
// range is an ErrInvalid error naming it, and the predefined states carry
// XNA's defaults (counter-clockwise stencil function Always,
// MultiSampleAntiAlias true).
func TestG23_NewStateFieldsAreValidated(t *testing.T) {
	blends := map[string]func(*graphics.BlendState){
		"ColorWriteChannels1": func(s *graphics.BlendState) { s.ColorWriteChannels1 = 1 << 5 },
		"ColorWriteChannels2": func(s *graphics.BlendState) { s.ColorWriteChannels2 = 1 << 4 },
		"ColorWriteChannels3": func(s *graphics.BlendState) { s.ColorWriteChannels3 = 1 << 6 },
	}
	for name, mutate := range blends {
		s := graphics.AlphaBlend
		mutate(&s)
		if err := s.Validate(); !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), name+" ") {
			t.Errorf("%s out of range: %v, want an ErrInvalid naming it", name, err)
		}
	}
	depths := map[string]func(*graphics.DepthStencilState){
		"CounterClockwiseStencilFunction":        func(s *graphics.DepthStencilState) { s.CounterClockwiseStencilFunction = 99 },
		"CounterClockwiseStencilPass":            func(s *graphics.DepthStencilState) { s.CounterClockwiseStencilPass = 99 },
		"CounterClockwiseStencilFail":            func(s *graphics.DepthStencilState) { s.CounterClockwiseStencilFail = 99 },
		"CounterClockwiseStencilDepthBufferFail": func(s *graphics.DepthStencilState) { s.CounterClockwiseStencilDepthBufferFail = 99 },
	}
	for name, mutate := range depths {
		s := graphics.DepthDefault
		mutate(&s)
		if err := s.Validate(); !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), name+" ") {
			t.Errorf("%s out of range: %v, want an ErrInvalid naming it", name, err)
		}
	}
	for _, s := range []graphics.DepthStencilState{graphics.DepthNone, graphics.DepthDefault, graphics.DepthRead} {
		if s.CounterClockwiseStencilFunction != graphics.CompareAlways || s.TwoSidedStencilMode {
			t.Errorf("predefined %+v: want one-sided, counter-clockwise function Always", s)
		}
	}
	for _, s := range []graphics.RasterizerState{graphics.CullNone, graphics.CullClockwise, graphics.CullCounterClockwise} {
		if !s.MultiSampleAntiAlias {
			t.Errorf("predefined %+v: want MultiSampleAntiAlias true (XNA's default)", s)
		}
	}
}

// TestG23_StatesReachThePipelineKey: a draw's PipelineKey carries the new
// blend, stencil and rasterizer fields as set; on a target with a depth
// buffer but no stencil the two-sided fields are cleared like the other
// stencil fields.
func TestG23_StatesReachThePipelineKey(t *testing.T) {
	r := newRig(t)
	must(t, r.dev.BeginFrame(64, 64))
	bs := graphics.Opaque
	bs.ColorWriteChannels1, bs.MultiSampleMask, bs.BlendFactor = graphics.ColorWriteGreen, 0x5, graphics.Color{R: 9}
	ds := graphics.DepthDefault
	ds.StencilEnable, ds.TwoSidedStencilMode = true, true
	ds.CounterClockwiseStencilFunction, ds.CounterClockwiseStencilPass = graphics.CompareNotEqual, graphics.StencilInvert
	rs := graphics.CullNone
	rs.DepthBias, rs.SlopeScaleDepthBias, rs.MultiSampleAntiAlias = -0.001, 2, false
	r.dev.SetBlendState(bs)
	r.dev.SetDepthStencilState(ds)
	r.dev.SetRasterizerState(rs)
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	rt, err := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{Depth: graphics.Depth24})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	f := r.present()
	if len(f.Draws) != 2 {
		t.Fatalf("%d draws, want 2", len(f.Draws))
	}
	k := f.Draws[0].Pipeline
	if k.Blend != bs || k.DepthStencil != ds || k.Rasterizer != rs {
		t.Errorf("back buffer key %+v, want the states as set", k)
	}
	noStencil := f.Draws[1].Pipeline.DepthStencil
	if noStencil.TwoSidedStencilMode || noStencil.CounterClockwiseStencilFunction != 0 || noStencil.CounterClockwiseStencilPass != 0 {
		t.Errorf("Depth24 target key %+v: want the two-sided stencil fields cleared", noStencil)
	}
}
