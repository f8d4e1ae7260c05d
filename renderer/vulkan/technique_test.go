package vulkan

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG18_TwoPassTechniqueDrawn: on lavapipe with validation on, a
// technique of two passes over one quad, the first opaque with the wave
// shaders, the second additive with a fragment shader of half the colour
// and the first pass's parameters, leaves 1.5 times the colour inside the
// quad and the clear colour outside.
func TestG18_TwoPassTechniqueDrawn(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		e, err := graphics.NewEffect(c.dev, effectSPIRV(t, "wave.vert"), effectSPIRV(t, "wave.frag"))
		if err != nil {
			return err
		}
		half, err := graphics.NewEffect(c.dev, effectSPIRV(t, "wave.vert"), effectSPIRV(t, "half.frag"))
		if err != nil {
			return err
		}
		add := graphics.Additive
		tech, err := e.AddTechnique("Glow", nil, graphics.EffectPassDesc{Blend: &graphics.Opaque},
			graphics.EffectPassDesc{Shaders: half, Blend: &add})
		if err != nil {
			return err
		}
		e.CurrentTechnique = tech
		e.Parameters["WorldViewProjection"].SetMatrix(mgl32.Ident4())
		e.Parameters["Tint"].SetVector4(mgl32.Vec4{1, 1, 1, 1})
		e.Parameters["Weights"].SetFloatArray([]float32{0.25, 0.25, 0.25, 0.25})
		col := graphics.Color{R: 80, G: 40, B: 120, A: 255}
		v := func(x, y float32) graphics.VertexPositionColor {
			return graphics.VertexPositionColor{Position: mgl32.Vec3{x, y, 0}, Color: col}
		}
		quad := []graphics.VertexPositionColor{v(-0.5, -0.5), v(0.5, -0.5), v(0.5, 0.5), v(-0.5, -0.5), v(0.5, 0.5), v(-0.5, 0.5)}
		img, err := c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetRasterizerState(graphics.CullNone)
			for _, p := range e.CurrentTechnique.Passes {
				p.Apply()
				if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, quad, 0, 2); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		near := func(a, b uint8) bool { return a+2 >= b && b+2 >= a }
		in, out := img.RGBAAt(80, 60), img.RGBAAt(5, 5)
		if !near(in.R, 120) || !near(in.G, 60) || !near(in.B, 180) {
			t.Errorf("inside the quad %v, want about (120, 60, 180): the first pass's colour plus half of it", in)
		}
		if out.R != background.R || out.G != background.G || out.B != background.B {
			t.Errorf("outside the quad %v, want the clear colour %v", out, background)
		}
		return nil
	})
}
