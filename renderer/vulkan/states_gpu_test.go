package vulkan

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The G23 read-back checks: each state group changes the pixels of a
// draw on lavapipe (validation on), so a state the backend ignores fails.

// stateQuad draws a w x h rectangle at (x, y) in pixels of the back
// buffer at depth z (0 near .. 1 far) with the given states, clockwise
// (XNA's front face) or counter-clockwise as seen on screen.
func (c *content) stateQuad(bs graphics.BlendState, ds graphics.DepthStencilState, rs graphics.RasterizerState,
	x, y, w, h, z float32, clockwise bool, col graphics.Color) error {
	vp := c.dev.Viewport()
	proj, err := graphics.CreateOrthographicOffCenter(0, float32(vp.Width), float32(vp.Height), 0, 0, 1)
	if err != nil {
		return err
	}
	c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
	c.flat.TextureEnabled, c.flat.Texture = false, nil
	c.flat.Apply()
	c.dev.SetBlendState(bs)
	c.dev.SetDepthStencilState(ds)
	c.dev.SetRasterizerState(rs)
	v := func(px, py float32) graphics.VertexPositionColor {
		return graphics.VertexPositionColor{Position: mgl32.Vec3{px, py, -z}, Color: col}
	}
	verts := [6]graphics.VertexPositionColor{v(x, y), v(x+w, y), v(x+w, y+h), v(x, y), v(x+w, y+h), v(x, y+h)}
	if !clockwise {
		verts[1], verts[2] = verts[2], verts[1]
		verts[4], verts[5] = verts[5], verts[4]
	}
	return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts[:], 0, 2)
}

// stateFrame draws one 64x64 frame with draw after clearing colour, depth
// (to 1) and stencil (to 0), and returns it read back.
func stateFrame(t *testing.T, clear graphics.Color, draw func(c *content) error) *image.RGBA {
	t.Helper()
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		img, err = c.frame(g, true, func() error {
			if err := c.dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer|graphics.ClearStencil, clear, 1, 0); err != nil {
				return err
			}
			return draw(c)
		})
		return err
	})
	return img
}

// stateNear reports whether a and b differ by at most 2 in each channel.
func stateNear(a color.RGBA, r, g, b uint8) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 2 && int(y)-int(x) <= 2 }
	return d(a.R, r) && d(a.G, g) && d(a.B, b)
}

// TestG23_ColorWriteRedLeavesGreenAndBlue: a white draw that writes only
// red keeps the cleared green and blue.
func TestG23_ColorWriteRedLeavesGreenAndBlue(t *testing.T) {
	img := stateFrame(t, graphics.Color{G: 100, B: 200, A: 255}, func(c *content) error {
		bs := graphics.Opaque
		bs.ColorWriteChannels = graphics.ColorWriteRed
		return c.stateQuad(bs, graphics.DepthNone, graphics.CullNone, 0, 0, 32, 64, 0, true, graphics.White)
	})
	if in, out := img.RGBAAt(16, 32), img.RGBAAt(48, 32); !stateNear(in, 255, 100, 200) || !stateNear(out, 0, 100, 200) {
		t.Errorf("drawn with ColorWriteRed %v, beside it %v; want (255,100,200) and (0,100,200)", in, out)
	}
}

// TestG23_TwoSidedStencilCountsFacesApart: with TwoSidedStencilMode a
// clockwise quad increments the stencil and a counter-clockwise one
// inverts it (0 -> 255); a full-window draw passing where the stencil is 1
// then colours only the clockwise quad. Ignoring the counter-clockwise
// fields would count both quads as 1 and colour both.
func TestG23_TwoSidedStencilCountsFacesApart(t *testing.T) {
	img := stateFrame(t, graphics.Black, func(c *content) error {
		count := graphics.DepthNone
		count.StencilEnable, count.TwoSidedStencilMode = true, true
		count.StencilFunction, count.StencilPass = graphics.CompareAlways, graphics.StencilIncrement
		count.CounterClockwiseStencilFunction, count.CounterClockwiseStencilPass = graphics.CompareAlways, graphics.StencilInvert
		noColor := graphics.Opaque
		noColor.ColorWriteChannels = graphics.ColorWriteNone
		if err := c.stateQuad(noColor, count, graphics.CullNone, 0, 0, 32, 64, 0, true, graphics.White); err != nil {
			return err
		}
		if err := c.stateQuad(noColor, count, graphics.CullNone, 32, 0, 32, 64, 0, false, graphics.White); err != nil {
			return err
		}
		one := graphics.DepthNone
		one.StencilEnable, one.StencilFunction, one.ReferenceStencil = true, graphics.CompareEqual, 1
		one.TwoSidedStencilMode, one.CounterClockwiseStencilFunction = true, graphics.CompareEqual
		return c.stateQuad(graphics.Opaque, one, graphics.CullNone, 0, 0, 64, 64, 0, true, graphics.Color{R: 255, A: 255})
	})
	if cw, ccw := img.RGBAAt(16, 32), img.RGBAAt(48, 32); !stateNear(cw, 255, 0, 0) || !stateNear(ccw, 0, 0, 0) {
		t.Errorf("where the clockwise quad counted %v, the counter-clockwise one %v; want red and black", cw, ccw)
	}
}

// TestG23_DepthBiasPullsADrawForward: a quad at the depth of one already
// drawn passes a Less test only with a negative DepthBias, and a positive
// one makes a LessEqual test fail.
func TestG23_DepthBiasPullsADrawForward(t *testing.T) {
	img := stateFrame(t, graphics.Black, func(c *content) error {
		red, green := graphics.Color{R: 255, A: 255}, graphics.Color{G: 255, A: 255}
		if err := c.stateQuad(graphics.Opaque, graphics.DepthDefault, graphics.CullNone, 0, 0, 64, 64, 0.5, true, red); err != nil {
			return err
		}
		less := graphics.DepthDefault
		less.DepthBufferFunction = graphics.CompareLess
		forward := graphics.CullNone
		forward.DepthBias = -0.001
		if err := c.stateQuad(graphics.Opaque, less, forward, 0, 0, 32, 64, 0.5, true, green); err != nil {
			return err
		}
		back := graphics.CullNone
		back.DepthBias = 0.001
		return c.stateQuad(graphics.Opaque, graphics.DepthDefault, back, 32, 0, 32, 64, 0.5, true, green)
	})
	if fwd, bwd := img.RGBAAt(16, 32), img.RGBAAt(48, 32); !stateNear(fwd, 0, 255, 0) || !stateNear(bwd, 255, 0, 0) {
		t.Errorf("biased forward %v, biased back %v; want green (in front) and red (behind)", fwd, bwd)
	}
}

// TestG23_BlendFactorBlendsByAConstant: BlendFactor and
// InverseBlendFactor with the factor (64,128,192,255) mix white over black
// by the constant, channel by channel.
func TestG23_BlendFactorBlendsByAConstant(t *testing.T) {
	img := stateFrame(t, graphics.Black, func(c *content) error {
		bs := graphics.BlendState{ColorSourceBlend: graphics.BlendFactor, ColorDestinationBlend: graphics.BlendInverseBlendFactor,
			AlphaSourceBlend: graphics.BlendOne, AlphaDestinationBlend: graphics.BlendZero,
			BlendFactor: graphics.Color{R: 64, G: 128, B: 192, A: 255}}
		return c.stateQuad(bs, graphics.DepthNone, graphics.CullNone, 0, 0, 64, 64, 0, true, graphics.White)
	})
	if px := img.RGBAAt(32, 32); !stateNear(px, 64, 128, 192) {
		t.Errorf("white over black by the blend factor: %v, want (64,128,192)", px)
	}
}

// TestG23_BlendFunctionsMaxMinReverseSubtract: (200,50,0) drawn over
// (100,100,100) with Max, Min and ReverseSubtract (One, One), a third of
// the window each.
func TestG23_BlendFunctionsMaxMinReverseSubtract(t *testing.T) {
	fns := [...]graphics.BlendFunction{graphics.BlendMax, graphics.BlendMin, graphics.BlendReverseSubtract}
	img := stateFrame(t, graphics.Color{R: 100, G: 100, B: 100, A: 255}, func(c *content) error {
		for i, fn := range fns {
			bs := graphics.BlendState{ColorSourceBlend: graphics.BlendOne, ColorDestinationBlend: graphics.BlendOne, ColorBlendFunction: fn,
				AlphaSourceBlend: graphics.BlendOne, AlphaDestinationBlend: graphics.BlendOne, AlphaBlendFunction: fn, BlendFactor: graphics.White}
			if err := c.stateQuad(bs, graphics.DepthNone, graphics.CullNone, 0, float32(i*20), 64, 20, 0, true,
				graphics.Color{R: 200, G: 50, A: 255}); err != nil {
				return err
			}
		}
		return nil
	})
	want := [...][3]uint8{{200, 100, 100}, {100, 50, 0}, {0, 50, 100}}
	for i, w := range want {
		if px := img.RGBAAt(32, i*20+10); !stateNear(px, w[0], w[1], w[2]) {
			t.Errorf("%v: %v, want %v", fns[i], px, w)
		}
	}
}

// TestG23_MultiSampleMaskReachesThePipeline: a BlendState's
// MultiSampleMask becomes the pipeline's pSampleMask, 0 and all ones
// none (every sample). A read-back check cannot pin it on lavapipe: with
// one sample per pixel it draws the pixel whatever the mask says
// (measured: a mask of 0xFFFFFFFE still wrote every pixel), so the check
// is on the create info.
func TestG23_MultiSampleMaskReachesThePipeline(t *testing.T) {
	for _, tc := range []struct {
		mask uint32
		want []vk.SampleMask
	}{{0, nil}, {^uint32(0), nil}, {0xFFFFFFFE, []vk.SampleMask{0xFFFFFFFE}}, {1, []vk.SampleMask{1}}} {
		bs := graphics.Opaque
		bs.MultiSampleMask = tc.mask
		ci := multisample(bs)
		if ci.RasterizationSamples != vk.SampleCount1Bit || !slices.Equal(ci.PSampleMask, tc.want) {
			t.Errorf("MultiSampleMask %#x: samples %v, pSampleMask %v; want 1 sample and %v", tc.mask, ci.RasterizationSamples, ci.PSampleMask, tc.want)
		}
	}
}
