package graphics_test

import (
	"errors"
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG2_OutOfRangeStateValuesAreErrors: a blend, sampler, depth-stencil
// or rasterizer state with a field outside its enumeration (250) is an
// ErrInvalid error from the setter and from SpriteBatch.BeginWith, as XNA
// throws, and the device keeps its state; every predefined state is valid.
func TestG2_OutOfRangeStateValuesAreErrors(t *testing.T) {
	r := newRig(t)
	bad := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", what, err)
		}
	}
	const v = 250
	blends := []graphics.BlendState{
		{ColorSourceBlend: v}, {ColorDestinationBlend: v}, {AlphaSourceBlend: v}, {AlphaDestinationBlend: v},
		{ColorBlendFunction: v}, {AlphaBlendFunction: v}, {ColorWriteChannels: 0x10}, {ColorWriteChannels: graphics.ColorWriteNone | graphics.ColorWriteRed},
	}
	samplers := []graphics.SamplerState{{Filter: v}, {AddressU: v}, {AddressV: v}, {AddressW: v}}
	depths := []graphics.DepthStencilState{{DepthBufferFunction: v}, {StencilFunction: v}, {StencilPass: v}, {StencilFail: v}, {StencilDepthBufferFail: v}}
	rasters := []graphics.RasterizerState{{CullMode: v}, {FillMode: v}}
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	for _, s := range blends {
		r.dev.SetBlendState(s)
		bad("SetBlendState", r.dev.Err())
		bad("BeginWith blend", sb.BeginWith(graphics.SpriteBatchSettings{Blend: &s}))
	}
	for _, s := range samplers {
		r.dev.SetSamplerState(s)
		bad("SetSamplerState", r.dev.Err())
		bad("BeginWith sampler", sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &s}))
	}
	for _, s := range depths {
		r.dev.SetDepthStencilState(s)
		bad("SetDepthStencilState", r.dev.Err())
		bad("BeginWith depth-stencil", sb.BeginWith(graphics.SpriteBatchSettings{DepthStencil: &s}))
	}
	for _, s := range rasters {
		r.dev.SetRasterizerState(s)
		bad("SetRasterizerState", r.dev.Err())
		bad("BeginWith rasterizer", sb.BeginWith(graphics.SpriteBatchSettings{Rasterizer: &s}))
	}
	wantStates(t, r.dev, "after the refused states", graphics.Opaque, graphics.LinearWrap, graphics.DepthDefault, graphics.CullCounterClockwise)
	for _, s := range []graphics.BlendState{graphics.Opaque, graphics.AlphaBlend, graphics.Additive, graphics.NonPremultiplied,
		{ColorWriteChannels: graphics.ColorWriteNone}, {ColorWriteChannels: graphics.ColorWriteRed | graphics.ColorWriteAlpha}} {
		r.dev.SetBlendState(s)
	}
	for _, s := range []graphics.SamplerState{graphics.PointClamp, graphics.PointWrap, graphics.LinearClamp, graphics.LinearWrap, graphics.AnisotropicClamp} {
		r.dev.SetSamplerState(s)
	}
	for _, s := range []graphics.DepthStencilState{graphics.DepthNone, graphics.DepthDefault, graphics.DepthRead} {
		r.dev.SetDepthStencilState(s)
	}
	for _, s := range []graphics.RasterizerState{graphics.CullNone, graphics.CullClockwise, graphics.CullCounterClockwise} {
		r.dev.SetRasterizerState(s)
	}
}

// TestG6_LineAndCharacterSpacingAreBounded: SetLineSpacing beyond
// ±MaxLineSpacing (math.MinInt made MeasureString's height 0) and
// SetSpacing with NaN or an infinity are ErrInvalid errors that keep the
// font as it was.
func TestG6_LineAndCharacterSpacingAreBounded(t *testing.T) {
	r := newRig(t)
	f, err := graphics.NewDefaultSpriteFont(r.dev, 12)
	must(t, err)
	line := f.LineSpacing()
	for _, v := range []int{math.MinInt, math.MaxInt, graphics.MaxLineSpacing + 1, -graphics.MaxLineSpacing - 1} {
		f.SetLineSpacing(v)
		if err := r.dev.Err(); !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("SetLineSpacing(%d): %v, want ErrInvalid", v, err)
		}
	}
	if f.LineSpacing() != line {
		t.Errorf("line spacing %d after refused values, want %d", f.LineSpacing(), line)
	}
	if sz := f.MeasureString("a\nb"); sz[1] != float32(2*line) {
		t.Errorf(`MeasureString("a\nb") height %v, want %d`, sz[1], 2*line)
	}
	for _, v := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
		f.SetSpacing(v)
		if err := r.dev.Err(); !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("SetSpacing(%v): %v, want ErrInvalid", v, err)
		}
	}
	f.SetLineSpacing(-3)
	f.SetSpacing(-1.5)
}

// TestG6_HugeFontIsRefusedBeforeRasterizing: a 1024 px font whose atlas
// cannot fit the device's texture limit is refused from the glyphs'
// bounds, before any glyph is rasterized: it allocates a few MiB, not the
// tens of MiB of the glyph images.
func TestG6_HugeFontIsRefusedBeforeRasterizing(t *testing.T) {
	r := newRig(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := graphics.NewDefaultSpriteFont(r.dev, 1024)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, graphics.ErrTooLarge) {
		t.Fatalf("1024 px font on a 4096 device: %v, want ErrTooLarge", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("refusing the font allocated %d MiB, want under 8 (nothing rasterized)", grew>>20)
	}
	t.Logf("refused in %v: %v", took, err)
}
