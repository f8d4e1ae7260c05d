package vulkan

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The G18 DualTextureEffect golden: a light-mapped quad (a 2x2 checker
// tiled twice by TextureCoordinate 0, times a 2x2 light map of four
// greys stretched once by TextureCoordinate 1, times 2), point sampled so
// that the centre of each of its 16 cells has one exact value, computed
// here; and beside it a smaller quad with vertex colours and fog.

// dualBase and dualLight are the two textures' texels, row after row.
var (
	dualBase  = [4][3]uint8{{200, 100, 50}, {60, 120, 180}, {60, 120, 180}, {200, 100, 50}}
	dualLight = [4][3]uint8{{64, 64, 64}, {128, 128, 128}, {192, 192, 192}, {255, 255, 255}}
)

// TestG18_GoldenLightMappedQuad draws the quads and checks the 16 cell
// centres of the light-mapped one against tex1 * tex2 * 2.
func TestG18_GoldenLightMappedQuad(t *testing.T) {
	const x0, y0, size = 8, 8, 96 // the light-mapped quad, in pixels
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		fx, err := graphics.NewDualTextureEffect(c.dev)
		if err != nil {
			return err
		}
		tex := func(px [4][3]uint8) (*graphics.Texture2D, error) {
			t, err := graphics.NewTexture2D(c.dev, 2, 2)
			if err != nil {
				return nil, err
			}
			var b []byte
			for _, p := range px {
				b = append(b, p[0], p[1], p[2], 255)
			}
			return t, t.SetData(b)
		}
		if fx.Texture, err = tex(dualBase); err != nil {
			return err
		}
		if fx.Texture2, err = tex(dualLight); err != nil {
			return err
		}
		proj, err := graphics.CreateOrthographicOffCenter(0, 160, 120, 0, -10, 10)
		if err != nil {
			return err
		}
		fx.Projection = proj
		v := func(x, y, u, w, u2, w2 float32) graphics.VertexPositionDualTexture {
			return graphics.VertexPositionDualTexture{Position: mgl32.Vec3{x, y, 0}, TextureCoordinate: mgl32.Vec2{u, w}, TextureCoordinate2: mgl32.Vec2{u2, w2}}
		}
		quad := []graphics.VertexPositionDualTexture{v(x0, y0, 0, 0, 0, 0), v(x0+size, y0, 2, 0, 1, 0), v(x0+size, y0+size, 2, 2, 1, 1),
			v(x0, y0, 0, 0, 0, 0), v(x0+size, y0+size, 2, 2, 1, 1), v(x0, y0+size, 0, 2, 0, 1)}
		cq := make([]graphics.VertexPositionColorDualTexture, 6)
		for i, q := range quad {
			col := graphics.Color{R: 255, G: 255, B: 255, A: 255}
			if q.Position[0] > x0 {
				col = graphics.Color{R: 90, G: 255, B: 160, A: 255}
			}
			cq[i] = graphics.VertexPositionColorDualTexture{Position: mgl32.Vec3{112 + (q.Position[0]-x0)/2, 20 + (q.Position[1]-y0)/2, 0},
				Color: col, TextureCoordinate: q.TextureCoordinate, TextureCoordinate2: q.TextureCoordinate2}
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetRasterizerState(graphics.CullNone)
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetBlendState(graphics.Opaque)
			c.dev.SetSamplerState(graphics.PointWrap)
			if err := c.dev.SetSamplerStateAt(1, graphics.PointClamp); err != nil {
				return err
			}
			fx.VertexColorEnabled, fx.FogEnabled = false, false
			fx.Apply()
			if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, quad, 0, 2); err != nil {
				return err
			}
			// Vertex colours, and white fog half way (the quad at view distance 0, fog from -1 to 1).
			fx.VertexColorEnabled, fx.FogEnabled = true, true
			fx.FogStart, fx.FogEnd, fx.FogColor = -1, 1, mgl32.Vec3{1, 1, 1}
			fx.Apply()
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, cq, 0, 2)
		})
		return err
	})
	checkGolden(t, "g18_dual_texture.png", img)
	cell := size / 4
	for cy := range 4 {
		for cx := range 4 {
			px, py := x0+cx*cell+cell/2, y0+cy*cell+cell/2
			base := dualBase[(cy%2)*2+cx%2]   // tiled twice
			light := dualLight[(cy/2)*2+cx/2] // stretched once
			got := rgbaAt(img, px, py)
			var want [3]uint8
			for i := range 3 {
				v := float64(base[i]) / 255 * 2 * float64(light[i]) / 255
				want[i] = uint8(math.Round(math.Min(v, 1) * 255))
			}
			if absDiff(got.R, want[0]) > 2 || absDiff(got.G, want[1]) > 2 || absDiff(got.B, want[2]) > 2 {
				t.Errorf("cell %d,%d (pixel %d,%d): %v, want %v = %v * %v * 2", cx, cy, px, py, got, want, base, light)
			}
		}
	}
}

// TestG18_SpriteEffectWithALightMap draws a 2x2 sprite scaled 16 times
// through a sprite effect that multiplies it by a second texture (slot 1,
// point sampled): each quarter is the product of the two texels.
func TestG18_SpriteEffectWithALightMap(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		fx, err := graphics.NewSpriteEffect(c.dev, effectSPIRV(t, "lightmap_sprite.frag"))
		if err != nil {
			return err
		}
		tex := func(px [4][3]uint8) (*graphics.Texture2D, error) {
			t, err := graphics.NewTexture2D(c.dev, 2, 2)
			if err != nil {
				return nil, err
			}
			var b []byte
			for _, p := range px {
				b = append(b, p[0], p[1], p[2], 255)
			}
			return t, t.SetData(b)
		}
		base, err := tex(dualBase)
		if err != nil {
			return err
		}
		light, err := tex(dualLight)
		if err != nil {
			return err
		}
		fx.Parameters["LightMap"].SetValue(light)
		sb, err := graphics.NewSpriteBatch(c.dev)
		if err != nil {
			return err
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			if err := c.dev.SetSamplerStateAt(1, graphics.PointClamp); err != nil {
				return err
			}
			if err := sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &graphics.PointClamp, Effect: fx}); err != nil {
				return err
			}
			sb.DrawEx(base, mgl32.Vec2{8, 8}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{16, 16}, graphics.FlipNone, 0)
			return sb.End()
		})
		return err
	})
	for i := range 4 {
		px, py := 8+16*(i%2)+8, 8+16*(i/2)+8
		got := rgbaAt(img, px, py)
		var want [3]uint8
		for k := range 3 {
			want[k] = uint8(math.Round(float64(dualBase[i][k]) * float64(dualLight[i][k]) / 255))
		}
		if absDiff(got.R, want[0]) > 2 || absDiff(got.G, want[1]) > 2 || absDiff(got.B, want[2]) > 2 {
			t.Errorf("quarter %d (pixel %d,%d): %v, want %v", i, px, py, got, want)
		}
	}
}
