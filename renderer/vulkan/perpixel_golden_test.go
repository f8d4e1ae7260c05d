package vulkan

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// litScene draws a low-poly lit sphere (XNA's default three-light rig) on
// the left and a dark textured plane of two triangles facing the camera,
// lit head-on with a white specular light, on the right, with BasicEffect
// lighting per pixel when perPixel is set and per vertex otherwise.
func litScene(c *content, perPixel bool) error {
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 20)
	if err != nil {
		return err
	}
	view := graphics.CreateLookAt(mgl32.Vec3{0, 0, 3.2}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	c.dev.SetDepthStencilState(graphics.DepthDefault)
	c.dev.SetBlendState(graphics.Opaque)
	c.dev.SetRasterizerState(graphics.CullCounterClockwise)

	verts, idx, err := graphics.Sphere(8, 6)
	if err != nil {
		return err
	}
	fx := graphics.NewBasicEffect(c.dev)
	fx.EnableDefaultLighting()
	fx.PreferPerPixelLighting = perPixel
	fx.DiffuseColor, fx.SpecularPower = mgl32.Vec3{0.35, 0.55, 0.9}, 24
	fx.World = mgl32.Translate3D(-1.05, 0, 0).Mul4(mgl32.Scale3D(2, 2, 2)).Mul4(mgl32.HomogRotate3D(0.3, mgl32.Vec3{0, 1, 0}))
	fx.View, fx.Projection = view, proj
	fx.Apply()
	if err := graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, verts, idx, 0, len(idx)/3); err != nil {
		return err
	}

	n := mgl32.Vec3{0, 0, 1}
	v := func(x, y, u, t float32) graphics.VertexPositionNormalTexture {
		return graphics.VertexPositionNormalTexture{Position: mgl32.Vec3{x, y, 0}, Normal: n, TextureCoordinate: mgl32.Vec2{u, t}}
	}
	plane := [6]graphics.VertexPositionNormalTexture{ // clockwise seen from +Z
		v(0.2, 0.9, 0, 0), v(2, 0.9, 1, 0), v(2, -0.9, 1, 1),
		v(0.2, 0.9, 0, 0), v(2, -0.9, 1, 1), v(0.2, -0.9, 0, 1),
	}
	fx = graphics.NewBasicEffect(c.dev)
	fx.LightingEnabled, fx.PreferPerPixelLighting = true, perPixel
	fx.DirectionalLight0 = graphics.DirectionalLight{Enabled: true, Direction: mgl32.Vec3{0, 0, -1},
		DiffuseColor: mgl32.Vec3{0.6, 0.6, 0.6}, SpecularColor: mgl32.Vec3{1, 1, 1}}
	fx.SpecularPower, fx.DiffuseColor = 64, mgl32.Vec3{0.3, 0.3, 0.35}
	fx.AmbientLightColor = mgl32.Vec3{0.15, 0.15, 0.15}
	fx.TextureEnabled, fx.Texture = true, c.checker
	fx.View, fx.Projection = view, proj
	fx.Apply()
	return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, plane[:], 0, 2)
}

// TestE3_GoldenPerPixelLighting draws the same lit scene with
// BasicEffect's default per-vertex lighting and with
// PreferPerPixelLighting, each against its golden, and checks that they
// differ where XNA's two modes do: the plane's two triangles get a
// highlight inside them only per pixel (per vertex its four corners,
// far from the highlight's direction, set its specular), and the
// low-poly sphere's highlights are rounder.
func TestE3_GoldenPerPixelLighting(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var imgs [2]*image.RGBA
	onContent(t, g, func(c *content) (err error) {
		for i := range imgs {
			if imgs[i], err = c.frame(g, true, func() error { return litScene(c, i == 1) }); err != nil {
				return err
			}
		}
		return nil
	})
	checkGolden(t, "e3_lighting_per_vertex.png", imgs[0])
	checkGolden(t, "e3_lighting_per_pixel.png", imgs[1])

	// The plane's brightest pixel: per pixel the head-on highlight
	// nearly saturates it; per vertex the corners' specular is weak.
	var bright [2]int
	var differ [2]int // pixels of the sphere (left half) and the plane (right) that differ by more than 24
	for i, img := range imgs {
		for y := range 120 {
			for x := 80; x < 160; x++ {
				p := img.RGBAAt(x, y)
				bright[i] = max(bright[i], int(p.R)+int(p.G)+int(p.B))
			}
		}
	}
	for y := range 120 {
		for x := range 160 {
			if !near(imgs[0].RGBAAt(x, y), imgs[1].RGBAAt(x, y), 24) {
				differ[x/80]++
			}
		}
	}
	t.Logf("plane's brightest pixel (R+G+B) per vertex %d, per pixel %d; differing pixels sphere %d, plane %d",
		bright[0], bright[1], differ[0], differ[1])
	if bright[1] < 600 || bright[1]-bright[0] < 150 {
		t.Errorf("plane's brightest pixel per vertex %d, per pixel %d: want a highlight near white (R+G+B >= 600) only per pixel", bright[0], bright[1])
	}
	if differ[0] < 100 || differ[1] < 300 {
		t.Errorf("per-vertex and per-pixel renders differ in %d pixels of the sphere and %d of the plane, want at least 100 and 300", differ[0], differ[1])
	}
}
