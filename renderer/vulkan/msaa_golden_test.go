package vulkan

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// msScene is two 64x64 render targets, one drawn with 4 samples per
// pixel, and a rotated white triangle drawn into each.
type msScene struct {
	c        *content
	plain    *graphics.RenderTarget2D
	ms       *graphics.RenderTarget2D
	triangle [3]graphics.VertexPositionColor
}

func newMSScene(c *content) (*msScene, error) {
	s := &msScene{c: c}
	var err error
	if s.plain, err = graphics.NewRenderTarget2D(c.dev, 64, 64, graphics.RenderTargetOptions{Depth: graphics.Depth24}); err != nil {
		return nil, err
	}
	if s.ms, err = graphics.NewRenderTarget2D(c.dev, 64, 64, graphics.RenderTargetOptions{Depth: graphics.Depth24, MultiSampleCount: 4}); err != nil {
		return nil, err
	}
	for i := range s.triangle {
		a := 0.3 + 2*math.Pi*float64(i)/3
		s.triangle[i] = graphics.VertexPositionColor{
			Position: mgl32.Vec3{32 + 27*float32(math.Cos(a)), 32 + 27*float32(math.Sin(a)), 0}, Color: graphics.White}
	}
	return s, nil
}

// draw draws the triangle into both targets (black background), then the
// targets side by side on the back buffer: plain left, multisampled right.
func (s *msScene) draw() error {
	c := s.c
	for _, rt := range []*graphics.RenderTarget2D{s.plain, s.ms} {
		c.dev.SetRenderTarget(rt)
		if err := c.dev.Clear(graphics.Black); err != nil {
			return err
		}
		proj, err := graphics.CreateOrthographicOffCenter(0, 64, 64, 0, 0, 1)
		if err != nil {
			return err
		}
		c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
		c.flat.TextureEnabled, c.flat.Texture = false, nil
		c.flat.Apply()
		c.dev.SetDepthStencilState(graphics.DepthNone)
		c.dev.SetRasterizerState(graphics.CullNone)
		c.dev.SetBlendState(graphics.Opaque)
		if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, s.triangle[:], 0, 1); err != nil {
			return err
		}
	}
	c.dev.SetRenderTarget(nil)
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	if err := c.quad(8, 28, 64, 64, graphics.White, s.plain.Texture2D); err != nil {
		return err
	}
	return c.quad(88, 28, 64, 64, graphics.White, s.ms.Texture2D)
}

// TestG22_GoldenMultisampledEdge: a rotated triangle drawn into a target
// of 4 samples per pixel and into one without. The edges differ (the
// multisampled one has pixels between black and white there), the
// interior and the background do not: every pixel that differs lies
// within a pixel of an edge of the one-sample image.
func TestG22_GoldenMultisampledEdge(t *testing.T) {
	var img *image.RGBA
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		s, err := newMSScene(c)
		if err != nil {
			return err
		}
		if s.ms.MultiSampleCount() != 4 {
			t.Errorf("MultiSampleCount %d, want 4 (lavapipe has 4)", s.ms.MultiSampleCount())
		}
		img, err = c.frame(g, true, s.draw)
		return err
	})
	checkGolden(t, "g22_multisampled_edge.png", img)
	plain := func(x, y int) color.RGBA { return rgbaAt(img, 8+x, 28+y) }
	ms := func(x, y int) color.RGBA { return rgbaAt(img, 88+x, 28+y) }
	differ, between := 0, 0
	for y := range 64 {
		for x := range 64 {
			if plain(x, y) == ms(x, y) {
				continue
			}
			differ++
			if p := ms(x, y); p.R > 20 && p.R < 235 {
				between++
			}
			edge := false
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < 64 && ny < 64 && plain(nx, ny) != plain(x, y) {
						edge = true
					}
				}
			}
			if !edge {
				t.Errorf("pixel %d,%d differs (%v, multisampled %v) away from an edge", x, y, plain(x, y), ms(x, y))
			}
		}
	}
	t.Logf("%d pixels differ, %d of them grey in the multisampled image", differ, between)
	if differ < 40 || between < 40 {
		t.Errorf("%d edge pixels differ, %d of them between black and white in the multisampled image: want at least 40 each", differ, between)
	}
	if p, m := plain(32, 32), ms(32, 32); p != m || p.R != 255 {
		t.Errorf("the interior: %v and %v, want white in both", p, m)
	}
}

// TestG22_MultisampledFramesAllocateNothing: a warm frame drawing into a
// multisampled target (resolved at the pass's end) allocates nothing.
func TestG22_MultisampledFramesAllocateNothing(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var allocs float64
	onContent(t, g, func(c *content) error {
		s, err := newMSScene(c)
		if err != nil {
			return err
		}
		allocs, err = c.steadyAllocs(g, 100, s.draw)
		return err
	})
	if allocs != 0 {
		t.Errorf("%v allocations per frame with a multisampled target, want 0", allocs)
	}
}

// TestG22_MultisampledContentsCarryOver: the samples of a multisampled
// target survive where the target's contents must: a DiscardContents
// target's pass continued after a depth-only Clear keeps the first
// triangle, and a PreserveContents target keeps the last frame's triangle
// under the next frame's.
func TestG22_MultisampledContentsCarryOver(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var discard, preserve []byte
	onContent(t, g, func(c *content) error {
		s, err := newMSScene(c)
		if err != nil {
			return err
		}
		kept, err := graphics.NewRenderTarget2D(c.dev, 64, 64, graphics.RenderTargetOptions{Depth: graphics.Depth24,
			MultiSampleCount: 4, Usage: graphics.PreserveContents})
		if err != nil {
			return err
		}
		tri := func(dx float32) error {
			v := s.triangle
			for i := range v {
				v[i].Position = mgl32.Vec3{v[i].Position.X()*0.4 + dx, v[i].Position.Y() * 0.4, 0}
			}
			proj, err := graphics.CreateOrthographicOffCenter(0, 64, 64, 0, 0, 1)
			if err != nil {
				return err
			}
			c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
			c.flat.TextureEnabled, c.flat.Texture = false, nil
			c.flat.Apply()
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetRasterizerState(graphics.CullNone)
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, v[:], 0, 1)
		}
		// One frame, one DiscardContents target: triangle left, a
		// depth-only clear (a new pass that loads), triangle right.
		if _, err := c.frame(g, false, func() error {
			c.dev.SetRenderTarget(s.ms)
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			if err := tri(0); err != nil {
				return err
			}
			if err := c.dev.ClearWith(graphics.ClearDepthBuffer, graphics.Black, 1, 0); err != nil {
				return err
			}
			return tri(36)
		}); err != nil {
			return err
		}
		discard = make([]byte, 64*64*4)
		if err := s.ms.GetData(discard); err != nil {
			return err
		}
		// Two frames into the PreserveContents target.
		for i, dx := range []float32{0, 36} {
			if _, err := c.frame(g, false, func() error {
				c.dev.SetRenderTarget(kept)
				if i == 0 {
					if err := c.dev.Clear(graphics.Black); err != nil {
						return err
					}
				}
				return tri(dx)
			}); err != nil {
				return err
			}
		}
		preserve = make([]byte, 64*64*4)
		return kept.GetData(preserve)
	})
	// The triangles' centres: 32*0.4+dx, 32*0.4.
	for name, px := range map[string][]byte{"DiscardContents, continued pass": discard, "PreserveContents, next frame": preserve} {
		for _, x := range []int{13, 13 + 36} {
			if r := px[4*(13*64+x)]; r != 255 {
				t.Errorf("%s: red %d at the triangle at x %d, want 255 (both triangles kept)", name, r, x)
			}
		}
		if r := px[4*(60*64+60)]; r != 0 {
			t.Errorf("%s: red %d in the background, want 0", name, r)
		}
	}
}

// TestG22_SamplesAreStoredOnlyForALaterLoad: a multisampled pass stores
// its samples when the record's next pass into its target loads (and not
// when that pass clears, or another target's loads, or none follows).
func TestG22_SamplesAreStoredOnlyForALaterLoad(t *testing.T) {
	f := &graphics.Frame{Passes: []graphics.Pass{
		{Target: 1}, {Target: 2, Load: true}, {Target: 1, Load: true}, {Target: 1}, {Target: 3},
	}}
	for i, want := range []bool{true, false, false, false, false} {
		if got := laterLoads(f, &f.Passes[i]); got != want {
			t.Errorf("pass %d: laterLoads %v, want %v", i, got, want)
		}
	}
}

// TestG22_GoldenMultisampledBackBuffer: the rotated triangle drawn on the
// back buffer with 4 samples per pixel (SetBackBufferSamples) and
// without: the edges differ, nothing else does; the multisampled frame
// is the golden. The count may change between frames and in one.
func TestG22_GoldenMultisampledBackBuffer(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var plain, ms *image.RGBA
	onContent(t, g, func(c *content) error {
		s, err := newMSScene(c)
		if err != nil {
			return err
		}
		draw := func() error {
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			proj, err := graphics.CreateOrthographicOffCenter(0, 160, 120, 0, 0, 1)
			if err != nil {
				return err
			}
			c.flat.World, c.flat.View, c.flat.Projection = mgl32.Translate3D(48, 28, 0), mgl32.Ident4(), proj
			c.flat.TextureEnabled, c.flat.Texture = false, nil
			c.flat.Apply()
			c.dev.SetDepthStencilState(graphics.DepthDefault)
			c.dev.SetRasterizerState(graphics.CullNone)
			c.dev.SetBlendState(graphics.Opaque)
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, s.triangle[:], 0, 1)
		}
		if plain, err = c.frame(g, true, draw); err != nil {
			return err
		}
		n, err := g.r.SetBackBufferSamples(4)
		if err != nil {
			return err
		}
		if n != 4 || g.r.Status().BackBufferSamples != 4 {
			t.Errorf("SetBackBufferSamples(4): %d, BackBufferSamples %d, want 4 (lavapipe has 4)", n, g.r.Status().BackBufferSamples)
		}
		if ms, err = c.frame(g, true, draw); err != nil {
			return err
		}
		if n, err := g.r.SetBackBufferSamples(0); err != nil || n != 0 {
			t.Errorf("SetBackBufferSamples(0): %d, %v", n, err)
		}
		if _, err := c.frame(g, false, draw); err != nil { // back to one sample: a plain frame again
			return err
		}
		// Asked for in the middle of a frame: that frame is drawn with one
		// sample, the next with 4 (validation would see a pass that does
		// not fit its framebuffer).
		if _, err := c.frame(g, false, func() error {
			if _, err := g.r.SetBackBufferSamples(4); err != nil {
				return err
			}
			return draw()
		}); err != nil {
			return err
		}
		_, err = c.frame(g, false, draw)
		return err
	})
	checkGolden(t, "g22_multisampled_back_buffer.png", ms)
	differ, grey := 0, 0
	for y := range 120 {
		for x := range 160 {
			p, m := rgbaAt(plain, x, y), rgbaAt(ms, x, y)
			if p == m {
				continue
			}
			differ++
			if m.R > 20 && m.R < 235 {
				grey++
			}
			edge := false
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < 160 && ny < 120 && rgbaAt(plain, nx, ny) != p {
						edge = true
					}
				}
			}
			if !edge {
				t.Errorf("pixel %d,%d differs (%v, multisampled %v) away from an edge", x, y, p, m)
			}
		}
	}
	t.Logf("%d back-buffer pixels differ, %d of them grey in the multisampled frame", differ, grey)
	if differ < 40 || grey < 40 {
		t.Errorf("%d edge pixels differ, %d grey: want at least 40 each", differ, grey)
	}
}

// TestG22_MultisampledBackBufferGoesOnAfterATarget: with a 4-sample back
// buffer, a frame draws a triangle on it, then into a render target, then
// a second triangle on the back buffer: both triangles show (the samples
// were stored for the pass that goes on), and such a frame, once warm,
// allocates nothing.
func TestG22_MultisampledBackBufferGoesOnAfterATarget(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	var allocs float64
	onContent(t, g, func(c *content) error {
		s, err := newMSScene(c)
		if err != nil {
			return err
		}
		if _, err := g.r.SetBackBufferSamples(4); err != nil {
			return err
		}
		tri := func(dx float32) error {
			proj, err := graphics.CreateOrthographicOffCenter(0, 160, 120, 0, 0, 1)
			if err != nil {
				return err
			}
			c.flat.World, c.flat.View, c.flat.Projection = mgl32.Translate3D(dx, 28, 0), mgl32.Ident4(), proj
			c.flat.TextureEnabled, c.flat.Texture = false, nil
			c.flat.Apply()
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetRasterizerState(graphics.CullNone)
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, s.triangle[:], 0, 1)
		}
		draw := func() error {
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			if err := tri(0); err != nil {
				return err
			}
			c.dev.SetRenderTarget(s.plain)
			if err := c.dev.Clear(graphics.Red); err != nil {
				return err
			}
			c.dev.SetRenderTarget(nil)
			return tri(90)
		}
		if img, err = c.frame(g, true, draw); err != nil {
			return err
		}
		allocs, err = c.steadyAllocs(g, 50, draw)
		return err
	})
	for _, x := range []int{32, 32 + 90} {
		if p := rgbaAt(img, x, 28+32); p.R != 255 || p.G != 255 {
			t.Errorf("triangle at x %d: %v, want white (both back-buffer passes kept)", x, p)
		}
	}
	if allocs != 0 {
		t.Errorf("%v allocations per frame with a multisampled back buffer, want 0", allocs)
	}
}
