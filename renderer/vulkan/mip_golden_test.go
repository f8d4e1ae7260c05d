package vulkan

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// checkerImage is a size x size image of cell x cell black and white
// squares.
func checkerImage(size, cell int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			v := uint8(0)
			if (x/cell+y/cell)%2 == 0 {
				v = 255
			}
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, v, v, 255
		}
	}
	return img
}

// drawGrazingPlane draws a large checkerboard floor (the texture repeated
// every 2 units) from a camera half a unit above it, looking at the
// horizon, into a 320x240 back buffer cleared to the background colour.
func drawGrazingPlane(c *content, fx *graphics.BasicEffect, tex *graphics.Texture2D, s graphics.SamplerState) error {
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/3, 320.0/240, 0.1, 500)
	if err != nil {
		return err
	}
	fx.World = mgl32.Ident4()
	fx.View = graphics.CreateLookAt(mgl32.Vec3{0, 0.5, 0}, mgl32.Vec3{0, 0.2, -10}, mgl32.Vec3{0, 1, 0})
	fx.Projection = proj
	fx.TextureEnabled, fx.Texture = true, tex
	fx.Apply()
	c.dev.SetSamplerState(s)
	c.dev.SetDepthStencilState(graphics.DepthNone)
	c.dev.SetRasterizerState(graphics.CullNone)
	const far, half, repeat = 300, 40, 0.5 // texture repeats per unit
	v := func(x, z float32) graphics.VertexPositionTexture {
		return graphics.VertexPositionTexture{Position: mgl32.Vec3{x, 0, z}, TextureCoordinate: mgl32.Vec2{x * repeat, z * repeat}}
	}
	verts := []graphics.VertexPositionTexture{v(-half, 0), v(half, 0), v(half, -far), v(-half, 0), v(half, -far), v(-half, -far)}
	return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts, 0, 2)
}

// bandStats returns the mean and variance of the grey level (the red
// channel) of rows y0 to y1-1 of img.
func bandStats(img *image.RGBA, y0, y1 int) (mean, variance float64) {
	var sum, sq float64
	n := 0
	for y := y0; y < y1; y++ {
		for x := range img.Bounds().Dx() {
			v := float64(img.RGBAAt(x, y).R)
			sum += v
			sq += v * v
			n++
		}
	}
	mean = sum / float64(n)
	return mean, sq/float64(n) - mean*mean
}

// meanAbsDiff returns the mean absolute difference of the red channels
// of a and b.
func meanAbsDiff(a, b *image.RGBA) float64 {
	var d float64
	for i := 0; i < len(a.Pix); i += 4 {
		d += math.Abs(float64(a.Pix[i]) - float64(b.Pix[i]))
	}
	return d / float64(len(a.Pix)/4)
}

// TestE6_GoldenMipmapsAtAGrazingAngle draws a checkerboard floor seen at
// a grazing angle three times: without mipmaps (the distance aliases into
// noise), with a generated chain and trilinear filtering (the distance
// fades to an even grey), and with the chain and 16x anisotropic
// filtering (the squares stay sharp further out). The two mipmapped
// frames are goldens; all three must differ, the far band of the
// trilinear frame must be the smoothest, the anisotropic one must keep
// more contrast there than it, and the one without mipmaps, aliasing,
// the most.
func TestE6_GoldenMipmapsAtAGrazingAngle(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var plain, tri, aniso *image.RGBA
	onContent(t, g, func(c *content) error {
		if got := c.dev.Limits().MaxAnisotropy; got < 16 {
			t.Errorf("Limits().MaxAnisotropy = %d, want lavapipe's 16", got)
		}
		img := checkerImage(64, 8)
		flat, err := graphics.NewTextureFromImage(c.dev, img)
		if err != nil {
			return err
		}
		mipped, err := graphics.NewTextureFromImage(c.dev, img, graphics.GenerateMipMaps())
		if err != nil {
			return err
		}
		if mipped.LevelCount() != 7 || flat.LevelCount() != 1 {
			t.Errorf("LevelCount: %d with GenerateMipMaps, %d without; want 7 and 1", mipped.LevelCount(), flat.LevelCount())
		}
		fx := graphics.NewBasicEffect(c.dev)
		anisotropic := graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 16}
		for _, run := range []struct {
			dst *(*image.RGBA)
			tex *graphics.Texture2D
			s   graphics.SamplerState
		}{{&plain, flat, graphics.LinearWrap}, {&tri, mipped, graphics.LinearWrap}, {&aniso, mipped, anisotropic}} {
			if *run.dst, err = c.frame(g, true, func() error { return drawGrazingPlane(c, fx, run.tex, run.s) }); err != nil {
				return err
			}
		}
		if fb := c.dev.SamplerFallback(); fb != "" {
			t.Errorf("SamplerFallback() = %q on lavapipe, want none", fb)
		}
		return nil
	})
	checkGolden(t, "e6_mip_trilinear.png", tri)
	// Anisotropic filtering's footprint and samples are the driver's
	// choice: Mesa 25's lavapipe samples differently from Mesa 22's.
	checkGoldenOneOf(t, aniso, "e6_mip_anisotropic.png", "e6_mip_anisotropic_mesa25.png")
	const y0, y1 = 117, 127 // the far floor, just below the horizon (at row 115)
	_, vPlain := bandStats(plain, y0, y1)
	_, vTri := bandStats(tri, y0, y1)
	_, vAniso := bandStats(aniso, y0, y1)
	t.Logf("far band variance: no mipmaps %.0f, trilinear %.0f, anisotropic %.0f; mean |diff|: plain-tri %.1f, tri-aniso %.1f, plain-aniso %.1f",
		vPlain, vTri, vAniso, meanAbsDiff(plain, tri), meanAbsDiff(tri, aniso), meanAbsDiff(plain, aniso))
	if !(vTri < vAniso && vAniso < vPlain) {
		t.Errorf("far band variance: want trilinear %.0f < anisotropic %.0f < no mipmaps %.0f (aliasing)", vTri, vAniso, vPlain)
	}
	for _, p := range []struct {
		name string
		a, b *image.RGBA
	}{{"no mipmaps vs trilinear", plain, tri}, {"trilinear vs anisotropic", tri, aniso}, {"no mipmaps vs anisotropic", plain, aniso}} {
		if d := meanAbsDiff(p.a, p.b); d < 1 {
			t.Errorf("%s: mean difference %.2f per pixel, want visibly different frames (>= 1)", p.name, d)
		}
	}
}

// near reports whether c is within tol of want in r, g and b.
func nearRGB(c [4]byte, want graphics.Color, tol int) bool {
	d := func(a, b byte) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(c[0], want.R) && d(c[1], want.G) && d(c[2], want.B)
}

// TestE4_RenderTargetMipChainOnTheGPU: a mipmapped render target's chain
// is made on the GPU (linear blits) when it is unset, read back per level
// and sampled through draws: half white, half red gives a pink 1x1
// level; drawn again in blue, the chain follows. A draw sampling it with
// MaxMipLevel at the last level, or a large level-of-detail bias, shows
// that level; one with MaxMipLevel 0 and no bias shows level 0.
func TestE4_RenderTargetMipChainOnTheGPU(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var shot *image.RGBA
	onContent(t, g, func(c *content) error {
		rt, err := graphics.NewRenderTarget2D(c.dev, 64, 32, graphics.RenderTargetOptions{MipMap: true})
		if err != nil {
			return err
		}
		if rt.LevelCount() != 7 {
			t.Errorf("64x32 LevelCount %d, want 7", rt.LevelCount())
		}
		last := rt.LevelCount() - 1
		level := func(l int) [4]byte {
			var px [4]byte
			if err := rt.GetDataLevel(l, graphics.Rectangle{Width: 1, Height: 1}, px[:]); err != nil {
				t.Fatal(err)
			}
			return px
		}
		draw := func(bg graphics.Color, half bool) error {
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(bg); err != nil {
				return err
			}
			if half {
				c.dev.SetBlendState(graphics.Opaque)
				if err := c.quad(0, 0, 32, 32, graphics.White, nil); err != nil {
					return err
				}
			}
			c.dev.SetRenderTarget(nil)
			return nil
		}
		if err := draw(graphics.Red, true); err != nil {
			return err
		}
		pink := graphics.Color{R: 255, G: 128, B: 128, A: 255}
		if px := level(last); !nearRGB(px, pink, 2) {
			t.Errorf("the 1x1 level of half white, half red = %v, want about %v", px, pink)
		}
		if px := level(1); !nearRGB(px, graphics.White, 0) {
			t.Errorf("level 1's top-left texel = %v, want white", px)
		}
		var right [4]byte
		if err := rt.GetDataLevel(1, graphics.Rectangle{X: 31, Y: 15, Width: 1, Height: 1}, right[:]); err != nil {
			return err
		}
		if !nearRGB(right, graphics.Red, 0) {
			t.Errorf("level 1's bottom-right texel = %v, want red", right)
		}
		if err := draw(graphics.Blue, false); err != nil {
			return err
		}
		if px := level(last); !nearRGB(px, graphics.Blue, 0) {
			t.Errorf("after drawing blue, the 1x1 level = %v: the chain was not regenerated", px)
		}
		if err := draw(graphics.Red, true); err != nil {
			return err
		}
		shot, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			for i, s := range []graphics.SamplerState{
				graphics.PointClamp,
				{Filter: graphics.FilterPoint, AddressU: graphics.AddressClamp, AddressV: graphics.AddressClamp, MaxMipLevel: last},
				{Filter: graphics.FilterPoint, AddressU: graphics.AddressClamp, AddressV: graphics.AddressClamp, MipMapLevelOfDetailBias: 15},
			} {
				c.dev.SetSamplerState(s)
				if err := c.quad(float32(10+50*i), 40, 40, 40, graphics.White, rt.Texture2D); err != nil {
					return err
				}
			}
			return nil
		})
		return err
	})
	at := func(x, y int) [4]byte {
		c := shot.RGBAAt(x, y)
		return [4]byte{c.R, c.G, c.B, c.A}
	}
	if px := at(15, 60); !nearRGB(px, graphics.White, 0) {
		t.Errorf("level 0's left half drawn at (15, 60) = %v, want white", px)
	}
	if px := at(45, 60); !nearRGB(px, graphics.Red, 0) {
		t.Errorf("level 0's right half drawn at (45, 60) = %v, want red", px)
	}
	pink := graphics.Color{R: 255, G: 128, B: 128, A: 255}
	for _, x := range []int{65, 80, 115, 130} {
		if px := at(x, 60); !nearRGB(px, pink, 2) {
			t.Errorf("the last level drawn at (%d, 60) = %v, want about %v (MaxMipLevel, then the bias)", x, px, pink)
		}
	}
}

// TestE4_MipTargetFrameAllocatesNothing: a frame that draws into a
// mipmapped render target (its chain regenerated each frame) and then
// draws it and a mipmapped texture with anisotropic filtering allocates
// 0 Go bytes once warm, as every frame must (rule G9).
func TestE4_MipTargetFrameAllocatesNothing(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var allocs float64
	onContent(t, g, func(c *content) error {
		rt, err := graphics.NewRenderTarget2D(c.dev, 64, 64, graphics.RenderTargetOptions{MipMap: true})
		if err != nil {
			return err
		}
		tex, err := graphics.NewTextureFromImage(c.dev, checkerImage(64, 8), graphics.GenerateMipMaps())
		if err != nil {
			return err
		}
		n := 0
		draw := func() error {
			n++
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(graphics.Color{R: uint8(n), G: 80, B: 160, A: 255}); err != nil {
				return err
			}
			if err := c.quad(8, 8, 24, 24, graphics.White, nil); err != nil {
				return err
			}
			c.dev.SetRenderTarget(nil)
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetSamplerState(graphics.AnisotropicWrap)
			if err := c.quad(10, 10, 30, 30, graphics.White, rt.Texture2D); err != nil {
				return err
			}
			return c.quad(50, 10, 20, 60, graphics.White, tex)
		}
		allocs, err = c.steadyAllocs(g, 100, draw)
		return err
	})
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per frame with a mipmapped target, want 0", allocs)
	}
}
