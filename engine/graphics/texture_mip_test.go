package graphics_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestE4_LevelCountOfOddSizes: a full chain halves each side (rounding
// down, at least 1) until 1x1; NewTexture2D keeps making one level.
func TestE4_LevelCountOfOddSizes(t *testing.T) {
	dev, err := graphics.NewDevice(graphicstest.New())
	must(t, err)
	for _, c := range []struct{ w, h, levels int }{
		{5, 3, 3}, {1, 1, 1}, {2, 1, 2}, {256, 1, 9}, {1, 257, 9}, {4096, 4096, 13}, {640, 480, 10},
	} {
		if got := graphics.MipLevelCount(c.w, c.h); got != c.levels {
			t.Errorf("MipLevelCount(%d, %d) = %d, want %d", c.w, c.h, got, c.levels)
		}
		tex, err := graphics.NewTexture2DWith(dev, c.w, c.h, graphics.TextureOptions{MipMap: true})
		must(t, err)
		if tex.LevelCount() != c.levels {
			t.Errorf("%dx%d texture: LevelCount %d, want %d", c.w, c.h, tex.LevelCount(), c.levels)
		}
		if w, h := tex.LevelSize(c.levels - 1); w != 1 || h != 1 {
			t.Errorf("%dx%d: the last level is %dx%d, want 1x1", c.w, c.h, w, h)
		}
		tex.Dispose()
	}
	tex, err := graphics.NewTexture2DWith(dev, 5, 3, graphics.TextureOptions{MipMap: true})
	must(t, err)
	for l, want := range [][2]int{{5, 3}, {2, 1}, {1, 1}, {0, 0}} {
		if w, h := tex.LevelSize(l); w != want[0] || h != want[1] {
			t.Errorf("5x3 level %d is %dx%d, want %dx%d", l, w, h, want[0], want[1])
		}
	}
	plain, err := graphics.NewTexture2D(dev, 5, 3)
	must(t, err)
	rt, err := graphics.NewRenderTarget2D(dev, 5, 3, graphics.RenderTargetOptions{})
	must(t, err)
	rtm, err := graphics.NewRenderTarget2D(dev, 5, 3, graphics.RenderTargetOptions{MipMap: true})
	must(t, err)
	if plain.LevelCount() != 1 || rt.LevelCount() != 1 || rtm.LevelCount() != 3 {
		t.Errorf("LevelCount: NewTexture2D %d, render target %d, with MipMap %d; want 1, 1, 3", plain.LevelCount(), rt.LevelCount(), rtm.LevelCount())
	}
	if graphics.MipLevelCount(0, 5) != 0 {
		t.Errorf("MipLevelCount(0, 5) = %d, want 0", graphics.MipLevelCount(0, 5))
	}
	if _, err := graphics.NewTexture2DWith(dev, 0, 3, graphics.TextureOptions{MipMap: true}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("0x3 mipmapped texture: %v, want ErrInvalid", err)
	}
}

// TestE4_SetDataPerLevelChecksItsRange: a level or region outside the
// texture is an ErrOutOfRange error (regions near the int limits too,
// without overflow), a wrong byte count ErrInvalid, and what is set
// arrives in that level only.
func TestE4_SetDataPerLevelChecksItsRange(t *testing.T) {
	fb := graphicstest.New()
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	tex, err := graphics.NewTexture2DWith(dev, 5, 3, graphics.TextureOptions{MipMap: true})
	must(t, err)
	for _, c := range []struct {
		level int
		r     graphics.Rectangle
		n     int
		want  error
	}{
		{-1, graphics.Rectangle{Width: 1, Height: 1}, 4, graphics.ErrOutOfRange},
		{3, graphics.Rectangle{Width: 1, Height: 1}, 4, graphics.ErrOutOfRange},
		{math.MaxInt, graphics.Rectangle{Width: 1, Height: 1}, 4, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{Width: 3, Height: 1}, 12, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{X: 1, Width: 2, Height: 1}, 8, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{Y: 1, Width: 1, Height: 1}, 4, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{X: -1, Width: 1, Height: 1}, 4, graphics.ErrOutOfRange},
		{2, graphics.Rectangle{X: math.MaxInt, Width: 2, Height: 1}, 8, graphics.ErrOutOfRange},
		{2, graphics.Rectangle{Y: 1, Width: 1, Height: math.MaxInt}, 4, graphics.ErrOutOfRange},
		{0, graphics.Rectangle{Width: 5, Height: 4}, 80, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{Width: 0, Height: 1}, 0, graphics.ErrOutOfRange},
		{1, graphics.Rectangle{Width: 2, Height: 1}, 4, graphics.ErrInvalid},
	} {
		err := tex.SetDataLevel(c.level, c.r, make([]byte, c.n))
		if !errors.Is(err, c.want) {
			t.Errorf("SetDataLevel(%d, %+v, %d bytes) = %v, want %v", c.level, c.r, c.n, err, c.want)
		}
		if err := tex.GetDataLevel(c.level, c.r, make([]byte, c.n)); !errors.Is(err, c.want) {
			t.Errorf("GetDataLevel(%d, %+v, %d bytes) = %v, want %v", c.level, c.r, c.n, err, c.want)
		}
	}
	must(t, tex.SetDataLevel(1, graphics.Rectangle{X: 1, Width: 1, Height: 1}, []byte{1, 2, 3, 4}))
	must(t, tex.SetDataLevel(2, graphics.Rectangle{Width: 1, Height: 1}, []byte{5, 6, 7, 8}))
	got := make([]byte, 8)
	must(t, tex.GetDataLevel(1, graphics.Rectangle{Width: 2, Height: 1}, got))
	if !bytes.Equal(got, []byte{0, 0, 0, 0, 1, 2, 3, 4}) {
		t.Errorf("level 1 = %v, want the texel set at x 1 only", got)
	}
	one := make([]byte, 4)
	must(t, tex.GetDataLevel(2, graphics.Rectangle{Width: 1, Height: 1}, one))
	if !bytes.Equal(one, []byte{5, 6, 7, 8}) {
		t.Errorf("level 2 = %v, want 5 6 7 8", one)
	}
	if l0 := fb.Textures[tex.ID()].Pixels; !bytes.Equal(l0, make([]byte, 4*5*3)) {
		t.Errorf("level 0 changed: %v", l0)
	}
}

// greyPNG encodes an NRGBA image of w x h opaque grey texels with the given
// values, row after row.
func greyPNG(t *testing.T, w, h int, grey ...uint8) *bytes.Buffer {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i, g := range grey {
		img.SetNRGBA(i%w, i/w, color.NRGBA{R: g, G: g, B: g, A: 255})
	}
	var b bytes.Buffer
	must(t, png.Encode(&b, img))
	return &b
}

// TestE4_LoadGeneratesTheChainWhenAsked: GenerateMipMaps gives a loaded
// image a full chain, each level the area-weighted mean of the texels it
// covers (an odd side's middle texel counted half in each), and the
// loader without it still makes one level.
func TestE4_LoadGeneratesTheChainWhenAsked(t *testing.T) {
	dev, err := graphics.NewDevice(graphicstest.New())
	must(t, err)
	// 3x2: 0 90 255 / 30 60 90. Level 1 is 1x1, the mean of all six: 87.5.
	// 4x1: 0 255 0 255 -> 2x1: 128 128 -> 1x1: 128.
	for _, c := range []struct {
		w, h   int
		grey   []uint8
		levels [][]uint8
	}{
		{3, 2, []uint8{0, 90, 255, 30, 60, 90}, [][]uint8{{88}}},
		{4, 1, []uint8{0, 255, 0, 255}, [][]uint8{{128, 128}, {128}}},
		{5, 1, []uint8{0, 10, 20, 30, 40}, [][]uint8{{8, 32}, {20}}},              // (0*2+10*2+20)/5 = 8, (20+30*2+40*2)/5 = 32
		{4, 2, []uint8{0, 10, 20, 31, 40, 50, 60, 70}, [][]uint8{{25, 45}, {35}}}, // 2x2 blocks: 100/4, 181/4 rounded
	} {
		tex, err := graphics.LoadTexture(dev, greyPNG(t, c.w, c.h, c.grey...), graphics.GenerateMipMaps())
		must(t, err)
		if tex.LevelCount() != len(c.levels)+1 {
			t.Fatalf("%dx%d: LevelCount %d, want %d", c.w, c.h, tex.LevelCount(), len(c.levels)+1)
		}
		for l, want := range c.levels {
			w, h := tex.LevelSize(l + 1)
			px := make([]byte, 4*w*h)
			must(t, tex.GetDataLevel(l+1, graphics.Rectangle{Width: w, Height: h}, px))
			for i, g := range want {
				if got := px[4*i : 4*i+4]; got[0] != g || got[1] != g || got[2] != g || got[3] != 255 {
					t.Errorf("%dx%d level %d texel %d = %v, want grey %d opaque", c.w, c.h, l+1, i, got, g)
				}
			}
		}
		plain, err := graphics.LoadTexture(dev, greyPNG(t, c.w, c.h, c.grey...))
		must(t, err)
		if plain.LevelCount() != 1 {
			t.Errorf("%dx%d without GenerateMipMaps: LevelCount %d, want 1", c.w, c.h, plain.LevelCount())
		}
	}
}

// TestE4_RenderTargetChainRegeneratedWhenUnset: a mipmapped target's
// chain is regenerated by the last pass into it before it is unset (once,
// however many passes drew it in a row), and never for a target without
// mipmaps; the fake fills the levels of a cleared target, so the
// smallest level reads back as the clear colour.
func TestE4_RenderTargetChainRegeneratedWhenUnset(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTarget2D(r.dev, 8, 4, graphics.RenderTargetOptions{MipMap: true})
	must(t, err)
	plain, err := graphics.NewRenderTarget2D(r.dev, 8, 4, graphics.RenderTargetOptions{})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.Blue))
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	must(t, r.dev.Clear(graphics.Red)) // a second pass into the same target
	r.dev.SetRenderTarget(plain)
	must(t, r.dev.Clear(graphics.Green))
	r.dev.SetRenderTarget(nil)
	must(t, r.dev.Flush())
	f := r.fb.Frames[len(r.fb.Frames)-1]
	var flags []bool
	for _, p := range f.Passes {
		flags = append(flags, p.GenerateMips)
	}
	if len(flags) != 3 || flags[0] || !flags[1] || flags[2] {
		t.Fatalf("GenerateMips of the passes (rt, rt, plain) = %v, want false true false", flags)
	}
	if r.fb.MipGenerations != 1 {
		t.Errorf("%d mipmap generations, want 1", r.fb.MipGenerations)
	}
	px := make([]byte, 4)
	must(t, rt.GetDataLevel(3, graphics.Rectangle{Width: 1, Height: 1}, px))
	if c := graphics.Red; px[0] != c.R || px[1] != c.G || px[2] != c.B || px[3] != c.A {
		t.Errorf("the 1x1 level reads %v, want the last clear's red", px)
	}
	// Drawn across a Flush and then in a frame: each record's last pass
	// into it regenerates the chain.
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.Green))
	must(t, r.dev.Flush())
	must(t, r.dev.BeginFrame(64, 64))
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.White))
	r.dev.SetRenderTarget(nil)
	must(t, r.dev.Clear(graphics.Black))
	r.present()
	if r.fb.MipGenerations != 3 {
		t.Errorf("%d mipmap generations after a flush and a frame, want 3", r.fb.MipGenerations)
	}
	must(t, rt.GetDataLevel(2, graphics.Rectangle{Width: 1, Height: 1}, px))
	if px[0] != 255 || px[1] != 255 || px[2] != 255 {
		t.Errorf("level 2 reads %v after the frame, want white", px)
	}
}

// BenchmarkE4_TextureFromImageMipMaps measures NewTextureFromImage of a
// 1024x1024 image with and without GenerateMipMaps (the chain is made on
// the CPU: about a third more texels, each from 4 taps), on the fake.
func BenchmarkE4_TextureFromImageMipMaps(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1024, 1024))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	for _, mip := range []bool{false, true} {
		name := "plain"
		var opts []graphics.LoadOption
		if mip {
			name, opts = "mipmaps", []graphics.LoadOption{graphics.GenerateMipMaps()}
		}
		b.Run(name, func(b *testing.B) {
			dev, err := graphics.NewDevice(graphicstest.New())
			must(b, err)
			for b.Loop() {
				tex, err := graphics.NewTextureFromImage(dev, img, opts...)
				must(b, err)
				tex.Dispose()
				must(b, dev.Flush())
			}
		})
	}
}
