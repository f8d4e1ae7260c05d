package vulkan

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The G17 cube goldens: a TextureCube drawn as a sky around the camera
// by an Effect whose fragment shader samples a samplerCube, on lavapipe
// with validation on, and checked pixel by pixel against a cube lookup
// computed here on the CPU.

// skyFaceSize is the size of the test sky's faces.
const skyFaceSize = 8

// skyFaceColors are the faces' colours, in CubeMapFace order: +X red, -X
// cyan, +Y green, -Y magenta, +Z blue, -Z yellow.
var skyFaceColors = [6][3]uint8{{220, 40, 40}, {40, 200, 200}, {40, 200, 40}, {200, 40, 200}, {40, 40, 220}, {220, 200, 40}}

// skyTexel is texel x, y (y from the top row) of face f: the face's
// colour, halved in the top-left quadrant and mixed with white in the
// bottom-left one, so that a face drawn mirrored, turned or transposed
// differs.
func skyTexel(f, x, y int) [4]uint8 {
	c := skyFaceColors[f]
	half := skyFaceSize / 2
	for i := range c {
		switch {
		case x < half && y < half:
			c[i] /= 2
		case x < half:
			c[i] = uint8((int(c[i]) + 255) / 2)
		}
	}
	return [4]uint8{c[0], c[1], c[2], 255}
}

// newSkyCube makes the test sky's cube texture: skyTexel's faces, or
// with solid set each face its colour alone.
func newSkyCube(dev *graphics.Device, solid bool) (*graphics.TextureCube, error) {
	c, err := graphics.NewTextureCube(dev, skyFaceSize, false, graphics.SurfaceFormatColor)
	if err != nil {
		return nil, err
	}
	for f := range 6 {
		px := make([]byte, 0, 4*skyFaceSize*skyFaceSize)
		for y := range skyFaceSize {
			for x := range skyFaceSize {
				t := skyTexel(f, x, y)
				if solid {
					c := skyFaceColors[f]
					t = [4]uint8{c[0], c[1], c[2], 255}
				}
				px = append(px, t[:]...)
			}
		}
		if err := c.SetData(graphics.CubeMapFace(f), px); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// skyBox is the 36 vertices of the cube from -1 to 1 on each axis.
func skyBox() []graphics.VertexPositionColor {
	corner := func(i int) mgl32.Vec3 {
		return mgl32.Vec3{float32(2*(i&1) - 1), float32(2*(i>>1&1) - 1), float32(2*(i>>2&1) - 1)}
	}
	quads := [6][4]int{{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}}
	var v []graphics.VertexPositionColor
	for _, q := range quads {
		for _, i := range []int{q[0], q[1], q[2], q[0], q[2], q[3]} {
			v = append(v, graphics.VertexPositionColor{Position: corner(i), Color: graphics.White})
		}
	}
	return v
}

// cubeLookup returns the face and the texel coordinates (in texels, not
// rounded) a direction samples, by the cube-map face table that Direct3D
// (so XNA) and Vulkan share.
func cubeLookup(d mgl32.Vec3) (face int, s, t float64) {
	x, y, z := float64(d[0]), float64(d[1]), float64(d[2])
	ax, ay, az := math.Abs(x), math.Abs(y), math.Abs(z)
	var sc, tc, ma float64
	switch {
	case ax >= ay && ax >= az && x > 0:
		face, sc, tc, ma = 0, -z, -y, ax
	case ax >= ay && ax >= az:
		face, sc, tc, ma = 1, z, -y, ax
	case ay >= az && y > 0:
		face, sc, tc, ma = 2, x, z, ay
	case ay >= az:
		face, sc, tc, ma = 3, x, -z, ay
	case z > 0:
		face, sc, tc, ma = 4, x, -y, az
	default:
		face, sc, tc, ma = 5, -x, -y, az
	}
	return face, (sc/ma + 1) / 2 * skyFaceSize, (tc/ma + 1) / 2 * skyFaceSize
}

// skyViews are the two halves of the sky golden: the camera at the origin
// looking towards +X+Y+Z (left) and -X-Y-Z (right), so all six faces show.
var skyViews = [2]struct {
	vp   graphics.Viewport
	look mgl32.Vec3
}{{graphics.NewViewport(0, 0, 80, 120), mgl32.Vec3{1, 0.8, 1.2}}, {graphics.NewViewport(80, 0, 80, 120), mgl32.Vec3{-1, -0.8, -1.2}}}

// skyProjection is both halves' projection.
func skyProjection() (mgl32.Mat4, error) {
	return graphics.CreatePerspectiveFieldOfView(100*math.Pi/180, 80.0/120, 0.05, 10)
}

// TestG17_GoldenCubeMapSky draws a sky box textured by a TextureCube
// (each face its own colour and quadrant pattern) from two cameras, and
// checks every pixel whose direction falls clearly inside a texel of a
// face against the texel a CPU cube lookup of that direction gives: a
// face order, a face's orientation or a face's data that differs from
// XNA's fails it.
func TestG17_GoldenCubeMapSky(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		fx, err := graphics.NewEffect(c.dev, effectSPIRV(t, "sky.vert"), effectSPIRV(t, "sky.frag"))
		if err != nil {
			return err
		}
		cube, err := newSkyCube(c.dev, false)
		if err != nil {
			return err
		}
		fx.Parameters["Sky"].SetValue(cube)
		img, err = c.frame(g, true, func() error { return drawSky(c, fx) })
		return err
	})
	checkGolden(t, "g17_cube_sky.png", img)
	checkSkyPixels(t, img)
}

// drawSky clears the back buffer and draws the sky box with fx (the sky
// effect, its cube set) as skyViews say.
func drawSky(c *content, fx *graphics.Effect) error {
	proj, err := skyProjection()
	if err != nil {
		return err
	}
	box := skyBox()
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	c.dev.SetRasterizerState(graphics.CullNone)
	c.dev.SetDepthStencilState(graphics.DepthNone)
	c.dev.SetBlendState(graphics.Opaque)
	c.dev.SetSamplerState(graphics.PointClamp)
	for _, v := range skyViews {
		c.dev.SetViewport(v.vp)
		view := graphics.CreateLookAt(mgl32.Vec3{}, v.look, mgl32.Vec3{0, 1, 0})
		fx.Parameters["ViewProjection"].SetMatrix(proj.Mul4(view))
		fx.Apply()
		if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, box, 0, len(box)/3); err != nil {
			return err
		}
	}
	return nil
}

// checkSkyPixels checks every pixel of a sky drawn as skyViews whose
// direction falls clearly inside a texel of a face against skyTexel for
// the texel a CPU cube lookup of that direction gives.
func checkSkyPixels(t *testing.T, img *image.RGBA) {
	t.Helper()
	proj, err := skyProjection()
	if err != nil {
		t.Fatal(err)
	}
	checked, bad := 0, 0
	var faces [6]int
	for _, v := range skyViews {
		view := graphics.CreateLookAt(mgl32.Vec3{}, v.look, mgl32.Vec3{0, 1, 0})
		for py := v.vp.Y; py < v.vp.Y+v.vp.Height; py++ {
			for px := v.vp.X; px < v.vp.X+v.vp.Width; px++ {
				at := func(z float32) mgl32.Vec3 {
					return v.vp.Unproject(mgl32.Vec3{float32(px) + 0.5, float32(py) + 0.5, z}, proj, view, mgl32.Ident4())
				}
				face, s, tt := cubeLookup(at(1).Sub(at(0)))
				fs, ft := s-math.Floor(s), tt-math.Floor(tt)
				if fs < 0.2 || fs > 0.8 || ft < 0.2 || ft > 0.8 || s < 0 || tt < 0 || s >= skyFaceSize || tt >= skyFaceSize {
					continue // near a texel's edge: rounding may pick either
				}
				want := skyTexel(face, int(s), int(tt))
				got := rgbaAt(img, px, py)
				checked++
				faces[face]++
				if absDiff(got.R, want[0]) > 8 || absDiff(got.G, want[1]) > 8 || absDiff(got.B, want[2]) > 8 {
					if bad < 5 {
						t.Errorf("pixel %d,%d: %v, want face %d texel %d,%d %v", px, py, got, face, int(s), int(tt), want)
					}
					bad++
				}
			}
		}
	}
	for f, n := range faces {
		if n < 50 {
			t.Errorf("face %d: %d pixels checked, want at least 50 (the views show every face)", f, n)
		}
	}
	t.Logf("%d pixels checked against the CPU cube lookup, %d differ; per face %v", checked, bad, faces)
	if bad > 0 {
		t.Errorf("%d of %d pixels differ from the CPU cube lookup", bad, checked)
	}
}

// absDiff is |a-b|.
func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
