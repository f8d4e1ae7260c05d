package vulkan

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// mrtScene is two 64x64 render targets (the first with a depth buffer)
// and an Effect writing a colour into the first and stripes into the
// second (mrt.frag).
type mrtScene struct {
	c   *content
	rts [2]*graphics.RenderTarget2D
	fx  *graphics.Effect
}

func newMRTScene(t testing.TB, c *content) (*mrtScene, error) {
	s := &mrtScene{c: c}
	var err error
	for i := range s.rts {
		var opts graphics.RenderTargetOptions
		if i == 0 {
			opts.Depth = graphics.Depth24
		}
		if s.rts[i], err = graphics.NewRenderTarget2D(c.dev, 64, 64, opts); err != nil {
			return nil, err
		}
	}
	if s.fx, err = graphics.NewEffect(c.dev, effectSPIRV(t, "wave.vert"), effectSPIRV(t, "mrt.frag")); err != nil {
		return nil, err
	}
	s.fx.Parameters["WorldViewProjection"].SetValue(mgl32.Ident4())
	s.fx.Parameters["Amplitude"].SetValue(float32(0))
	s.fx.Parameters["Tint"].SetValue(mgl32.Vec4{1, 1, 1, 1})
	s.fx.Parameters["Weights"].SetValue([]float32{0.25, 0.25, 0.25, 0.25})
	return s, nil
}

// mrtQuad covers the target: red, green, blue and white corners.
var mrtQuad = []graphics.VertexPositionColor{
	{Position: mgl32.Vec3{-1, -1, 0.5}, Color: graphics.Red}, {Position: mgl32.Vec3{1, -1, 0.5}, Color: graphics.Green},
	{Position: mgl32.Vec3{-1, 1, 0.5}, Color: graphics.Blue}, {Position: mgl32.Vec3{1, 1, 0.5}, Color: graphics.White},
}

// draw records the MRT pass (cleared to grey, the effect's quad, then a
// yellow BasicEffect square at 0,0..16,16, which writes the first target
// only), then both targets side by side on the back buffer.
func (s *mrtScene) draw() error {
	c := s.c
	c.dev.SetRenderTargets(graphics.RenderTargetBinding{RenderTarget: s.rts[0]}, graphics.RenderTargetBinding{RenderTarget: s.rts[1]})
	if err := c.dev.Clear(graphics.Color{R: 128, G: 128, B: 128, A: 255}); err != nil {
		return err
	}
	c.dev.SetRasterizerState(graphics.CullNone)
	c.dev.SetDepthStencilState(graphics.DepthDefault)
	c.dev.SetBlendState(graphics.Opaque)
	s.fx.Apply()
	if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleStrip, mrtQuad, 0, 2); err != nil {
		return err
	}
	if err := c.quad(0, 0, 16, 16, graphics.Color{R: 255, G: 255, A: 255}, nil); err != nil {
		return err
	}
	c.dev.SetRenderTargets()
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	if err := c.quad(8, 28, 64, 64, graphics.White, s.rts[0].Texture2D); err != nil {
		return err
	}
	return c.quad(88, 28, 64, 64, graphics.White, s.rts[1].Texture2D)
}

// TestG21_GoldenTwoTargets: an Effect writes its interpolated colour into
// one target and stripes of the inverse colour into another in one pass;
// a BasicEffect square drawn into the same pair lands in the first only;
// both targets then appear side by side on the back buffer.
func TestG21_GoldenTwoTargets(t *testing.T) {
	var img *image.RGBA
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		s, err := newMRTScene(t, c)
		if err != nil {
			return err
		}
		img, err = c.frame(g, true, s.draw)
		return err
	})
	checkGolden(t, "g21_two_targets.png", img)
	// The first target: the yellow square at its top left, no stripes.
	if p := rgbaAt(img, 8+4, 28+4); p.R < 250 || p.G < 250 || p.B > 5 {
		t.Errorf("target 0 at the square: %v, want yellow", p)
	}
	// Columns 41 and 45 of a target: in the second, one is a black stripe
	// and the other the inverse colour; in the first, neither is black.
	dark := func(p color.RGBA) bool { return int(p.R)+int(p.G)+int(p.B) < 30 }
	if a, b := rgbaAt(img, 8+41, 28+40), rgbaAt(img, 8+45, 28+40); dark(a) || dark(b) {
		t.Errorf("target 0 has black stripes: %v beside %v", a, b)
	}
	if on, off := rgbaAt(img, 88+45, 28+40), rgbaAt(img, 88+41, 28+40); dark(on) || !dark(off) {
		t.Errorf("target 1 shows no stripes: %v beside %v, want a colour beside black", on, off)
	}
	if sq := rgbaAt(img, 88+4, 28+4); sq.R > 250 && sq.G > 250 && sq.B < 5 {
		t.Errorf("target 1 at the square: %v: the BasicEffect draw wrote the second target", sq)
	}
}
