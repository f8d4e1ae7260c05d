package vulkan

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The E6 goldens: a game's own Effects (GLSL compiled by glslc, the
// shaders in engine/graphics/testdata/effects) on a mesh and over sprites
// and text, drawn through the public API on lavapipe with validation on.

// effectSPIRV reads a test shader of engine/graphics.
func effectSPIRV(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "engine", "graphics", "testdata", "effects", name+".spv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ribbon is a strip of n quads from x -1.5 to 1.5, y -0.25..0.25, coloured
// from red on the left to blue on the right, as a triangle list.
func ribbon(n int) []graphics.VertexPositionColor {
	var v []graphics.VertexPositionColor
	at := func(i int, y float32) graphics.VertexPositionColor {
		f := float32(i) / float32(n)
		c := graphics.Color{R: uint8(255 * (1 - f)), G: 80, B: uint8(255 * f), A: 255}
		return graphics.VertexPositionColor{Position: mgl32.Vec3{-1.5 + 3*f, y, 0}, Color: c}
	}
	for i := range n {
		a, b, c, d := at(i, 0.25), at(i+1, 0.25), at(i, -0.25), at(i+1, -0.25)
		v = append(v, a, b, c, b, d, c)
	}
	return v
}

// TestE6_GoldenEffectOnAMesh draws the wave effect (its vertex shader
// moves the vertices by a Time parameter, its colour is Tint times the
// vertex colours times the sum of a float array) on a ribbon mesh at two
// times: the upper ribbon at Time 0, the lower at Time 1.5.
func TestE6_GoldenEffectOnAMesh(t *testing.T) {
	golden(t, "e6_effect_mesh.png", func(c *content) error {
		e, err := graphics.NewEffect(c.dev, effectSPIRV(t, "wave.vert"), effectSPIRV(t, "wave.frag"))
		if err != nil {
			return err
		}
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 20)
		if err != nil {
			return err
		}
		view := graphics.CreateLookAt(mgl32.Vec3{0, 0, 4}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		c.dev.SetRasterizerState(graphics.CullNone)
		c.dev.SetDepthStencilState(graphics.DepthDefault)
		c.dev.SetBlendState(graphics.Opaque)
		verts := ribbon(24)
		for i, time := range []float32{0, 1.5} {
			world := mgl32.Translate3D(0, 0.6-1.2*float32(i), 0)
			e.Parameters["WorldViewProjection"].SetValue(proj.Mul4(view).Mul4(world))
			e.Parameters["Time"].SetValue(time)
			e.Parameters["Amplitude"].SetValue(float32(0.2))
			e.Parameters["Tint"].SetValue(mgl32.Vec4{1, 0.9, 0.8, 1})
			e.Parameters["Weights"].SetValue([]float32{0.25, 0.25, 0.25, 0.25})
			e.Apply()
			if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, verts, 0, len(verts)/3); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestE6_GoldenSpriteEffect runs a CRT-mask fragment shader (a sprite
// effect: the batch places the sprites) over a scaled sprite and a line
// of text, beside the same sprite drawn without it; then an Effect with a
// uniform block drawn after a BasicEffect batch in the same frame.
func TestE6_GoldenSpriteEffect(t *testing.T) {
	img := spriteGolden(t, "e6_sprite_effect.png", func(s *sprites) error {
		crt, err := graphics.NewSpriteEffect(s.dev, effectSPIRV(t, "crt.frag"))
		if err != nil {
			return err
		}
		crt.Parameters["Strength"].SetValue(float32(0.6))
		crt.Parameters["Tint"].SetValue(graphics.White)
		font, err := graphics.NewDefaultSpriteFont(s.dev, 14)
		if err != nil {
			return err
		}
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &graphics.PointClamp}); err != nil {
			return err
		}
		s.sb.DrawEx(s.arrow, mgl32.Vec2{8, 8}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{8, 8}, graphics.FlipNone, 0)
		if err := s.sb.End(); err != nil {
			return err
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &graphics.PointClamp, Effect: crt}); err != nil {
			return err
		}
		s.sb.DrawEx(s.arrow, mgl32.Vec2{88, 8}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{8, 8}, graphics.FlipNone, 0)
		s.sb.DrawString(font, "CRT mask", mgl32.Vec2{8, 84}, graphics.White)
		return s.sb.End()
	})
	// The effect's rows alternate: an even and an odd row of the arrow's
	// white corner differ by Strength; without the effect they do not.
	even, odd := rgbaAt(img, 88+7*8+3, 8+7*8+2), rgbaAt(img, 88+7*8+3, 8+7*8+3)
	if int(even.R)-int(odd.R) < 100 { // column 147 keeps red; the odd row is dimmed by 0.6
		t.Errorf("effect rows %v and %v do not alternate", even, odd)
	}
	plain0, plain1 := rgbaAt(img, 8+7*8+3, 8+7*8+2), rgbaAt(img, 8+7*8+3, 8+7*8+3)
	if plain0 != plain1 {
		t.Errorf("plain rows %v and %v differ", plain0, plain1)
	}
}

// alphaTexture is an 8x8 texture whose alpha rises by 18 per step of
// x + y (0 top-left to 252 bottom-right), opaque orange otherwise.
func alphaTexture(dev *graphics.Device) (*graphics.Texture2D, error) {
	t, err := graphics.NewTexture2D(dev, 8, 8)
	if err != nil {
		return nil, err
	}
	px := make([]graphics.Color, 64)
	for i := range px {
		px[i] = graphics.Color{R: 250, G: 140, B: 30, A: uint8(18 * (i%8 + i/8))}
	}
	return t, t.SetColors(px)
}

// TestE6_GoldenAlphaTest draws the same alpha ramp three times with
// AlphaTestEffect: Greater 100 (the lower-right part stays), LessEqual 100
// with vertex colours (the upper-left part, tinted by the vertices), and
// Greater 100 with fog at full strength (all fog colour, same cut-out).
func TestE6_GoldenAlphaTest(t *testing.T) {
	golden(t, "e6_alpha_test.png", func(c *content) error {
		fx, err := graphics.NewAlphaTestEffect(c.dev)
		if err != nil {
			return err
		}
		tex, err := alphaTexture(c.dev)
		if err != nil {
			return err
		}
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		proj, err := graphics.CreateOrthographicOffCenter(0, 160, 120, 0, -10, 10)
		if err != nil {
			return err
		}
		c.dev.SetSamplerState(graphics.PointClamp)
		c.dev.SetRasterizerState(graphics.CullNone)
		c.dev.SetDepthStencilState(graphics.DepthDefault)
		fx.Projection, fx.Texture = proj, tex
		quad := func(x float32) []graphics.VertexPositionTexture {
			v := func(px, py, u, w float32) graphics.VertexPositionTexture {
				return graphics.VertexPositionTexture{Position: mgl32.Vec3{px, py, 0}, TextureCoordinate: mgl32.Vec2{u, w}}
			}
			return []graphics.VertexPositionTexture{v(x, 30, 0, 0), v(x+48, 30, 1, 0), v(x, 78, 0, 1),
				v(x+48, 30, 1, 0), v(x+48, 78, 1, 1), v(x, 78, 0, 1)}
		}
		fx.AlphaFunction, fx.ReferenceAlpha = graphics.CompareGreater, 100
		fx.Apply()
		if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, quad(4), 0, 2); err != nil {
			return err
		}
		colored := make([]graphics.VertexPositionColorTexture, 6)
		for i, v := range quad(56) {
			col := graphics.Color{R: 255, G: 255, B: 255, A: 255}
			if v.Position[1] > 50 {
				col = graphics.Color{R: 80, G: 255, B: 255, A: 255}
			}
			colored[i] = graphics.VertexPositionColorTexture{Position: v.Position, Color: col, TextureCoordinate: v.TextureCoordinate}
		}
		fx.AlphaFunction, fx.VertexColorEnabled = graphics.CompareLessEqual, true
		fx.Apply()
		if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, colored, 0, 2); err != nil {
			return err
		}
		fx.AlphaFunction, fx.VertexColorEnabled = graphics.CompareGreater, false
		fx.FogEnabled, fx.FogStart, fx.FogEnd, fx.FogColor = true, 0, 0, mgl32.Vec3{0.6, 0.9, 0.6}
		fx.Apply()
		return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, quad(108), 0, 2)
	})
}

// TestE6_GoldenFog draws a row of lit cubes going into the distance with
// BasicEffect's linear fog from 3 to 12 units (the far cubes fade into the
// fog colour, which is also the clear colour) while the nearest, before
// the fog's start, keeps its colours.
func TestE6_GoldenFog(t *testing.T) {
	fogColor := graphics.Color{R: 150, G: 160, B: 180, A: 255}
	var img *image.RGBA
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) (err error) {
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(fogColor); err != nil {
				return err
			}
			proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 50)
			if err != nil {
				return err
			}
			m := c.mesh
			m.View = graphics.CreateLookAt(mgl32.Vec3{0, 1.5, 3}, mgl32.Vec3{0, 0, -4}, mgl32.Vec3{0, 1, 0})
			m.Projection = proj
			m.FogEnabled, m.FogStart, m.FogEnd = true, 3, 12
			m.FogColor = mgl32.Vec3{150.0 / 255, 160.0 / 255, 180.0 / 255}
			c.dev.SetDepthStencilState(graphics.DepthDefault)
			c.dev.SetBlendState(graphics.Opaque)
			c.dev.SetRasterizerState(graphics.CullCounterClockwise)
			c.dev.SetVertexBuffer(c.cubeVB)
			c.dev.SetIndices(c.cubeIB)
			for i := range 5 {
				m.World = mgl32.Translate3D(float32(i%2)*2-1, 0, -3*float32(i)).Mul4(mgl32.HomogRotate3D(0.5, mgl32.Vec3{0, 1, 0}))
				m.Apply()
				if err := c.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
					return err
				}
			}
			m.FogEnabled = false
			return nil
		})
		return err
	})
	checkGolden(t, "e6_fog.png", img)
}
