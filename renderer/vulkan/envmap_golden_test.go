package vulkan

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The G18 EnvironmentMapEffect golden: two spheres reflecting the test
// sky's cube (solid faces). The left one with XNA's default lights, the
// Fresnel term and a specular colour; the right one unlit (ambient and
// emissive only) without the Fresnel term, so that its colour depends on
// the reflected direction alone: there the test computes the expected
// colour of each pixel on the CPU (ray-sphere hit, normal, reflection,
// face) and compares.

// envRight are the right sphere's settings, which the CPU check repeats.
var envRight = struct {
	texel              [3]float64 // the 1x1 texture's colour, 0..1
	ambient, emissive  mgl32.Vec3
	amount             float32
	specular           mgl32.Vec3
	center             mgl32.Vec3
	eye                mgl32.Vec3
	fovY, aspect, near float32
}{
	texel:    [3]float64{200.0 / 255, 150.0 / 255, 100.0 / 255},
	ambient:  mgl32.Vec3{0.3, 0.4, 0.5},
	emissive: mgl32.Vec3{0.2, 0.1, 0},
	amount:   0.6,
	specular: mgl32.Vec3{0.1, 0.05, 0},
	center:   mgl32.Vec3{0.6, 0, 0},
	eye:      mgl32.Vec3{0, 0.5, 2.2},
	fovY:     math.Pi / 4, aspect: 160.0 / 120, near: 0.1,
}

// envCamera is the golden's camera: view and projection.
func envCamera() (mgl32.Mat4, mgl32.Mat4, error) {
	view := graphics.CreateLookAt(envRight.eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err := graphics.CreatePerspectiveFieldOfView(envRight.fovY, envRight.aspect, envRight.near, 20)
	return view, proj, err
}

// TestG18_GoldenEnvironmentMappedSphere draws the two spheres with
// EnvironmentMapEffect and checks the right one's pixels against the CPU
// reflection.
func TestG18_GoldenEnvironmentMappedSphere(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		fx, err := graphics.NewEnvironmentMapEffect(c.dev)
		if err != nil {
			return err
		}
		env, err := newSkyCube(c.dev, true)
		if err != nil {
			return err
		}
		tex, err := graphics.NewTexture2D(c.dev, 1, 1)
		if err != nil {
			return err
		}
		tc := envRight.texel
		if err := tex.SetData([]byte{uint8(math.Round(tc[0] * 255)), uint8(math.Round(tc[1] * 255)), uint8(math.Round(tc[2] * 255)), 255}); err != nil {
			return err
		}
		verts, idx, err := graphics.Sphere(48, 32)
		if err != nil {
			return err
		}
		view, proj, err := envCamera()
		if err != nil {
			return err
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetRasterizerState(graphics.CullCounterClockwise)
			c.dev.SetDepthStencilState(graphics.DepthDefault)
			c.dev.SetBlendState(graphics.Opaque)
			if err := c.dev.SetSamplerStateAt(1, graphics.LinearClamp); err != nil {
				return err
			}
			fx.View, fx.Projection = view, proj
			fx.Texture, fx.EnvironmentMap = tex, env
			// Left: XNA's lights, Fresnel, a specular colour.
			fx.World = mgl32.Translate3D(-0.6, 0, 0)
			fx.EnableDefaultLighting()
			fx.FresnelFactor, fx.EnvironmentMapAmount = 1, 1
			fx.EnvironmentMapSpecular = mgl32.Vec3{0.2, 0.2, 0.2}
			fx.Apply()
			if err := graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, verts, idx, 0, len(idx)/3); err != nil {
				return err
			}
			// Right: unlit, no Fresnel.
			fx.World = mgl32.Translate3D(envRight.center[0], envRight.center[1], envRight.center[2])
			for _, l := range fx.DirectionalLights() {
				l.Enabled = false
			}
			fx.AmbientLightColor, fx.EmissiveColor = envRight.ambient, envRight.emissive
			fx.FresnelFactor, fx.EnvironmentMapAmount, fx.EnvironmentMapSpecular = 0, envRight.amount, envRight.specular
			fx.Apply()
			return graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, verts, idx, 0, len(idx)/3)
		})
		return err
	})
	checkGolden(t, "g18_envmap_sphere.png", img)
	view, proj, err := envCamera()
	if err != nil {
		t.Fatal(err)
	}
	vp := graphics.NewViewport(0, 0, 160, 120)
	checked, bad := 0, 0
	var faces [6]int
	for py := range 120 {
		for px := 80; px < 160; px++ {
			want, face, ok := envPixel(vp, view, proj, px, py)
			if !ok {
				continue
			}
			got := rgbaAt(img, px, py)
			checked++
			faces[face]++
			if absDiff(got.R, want[0]) > 4 || absDiff(got.G, want[1]) > 4 || absDiff(got.B, want[2]) > 4 {
				if bad < 5 {
					t.Errorf("pixel %d,%d: %v, want %v (face %d)", px, py, got, want, face)
				}
				bad++
			}
		}
	}
	t.Logf("%d pixels of the right sphere checked against the CPU reflection, %d differ; per face %v", checked, bad, faces)
	if checked < 500 {
		t.Errorf("only %d pixels checked", checked)
	}
	if bad > 0 {
		t.Errorf("%d of %d pixels differ from the CPU reflection", bad, checked)
	}
}

// envPixel computes the right sphere's colour at pixel px, py: the ray's
// hit on the sphere (radius 0.5), the normal there, the eye vector
// reflected about it, the face of the cube it points at; ok is false off
// the sphere, near its outline or where the direction is close to two
// faces (the shader interpolates the reflection between vertices).
func envPixel(vp graphics.Viewport, view, proj mgl32.Mat4, px, py int) (rgb [3]uint8, face int, ok bool) {
	at := func(z float32) [3]float64 {
		p := vp.Unproject(mgl32.Vec3{float32(px) + 0.5, float32(py) + 0.5, z}, proj, view, mgl32.Ident4())
		return [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}
	}
	o, f := at(0), at(1)
	var d, oc [3]float64
	for i := range 3 {
		d[i] = f[i] - o[i]
		oc[i] = o[i] - float64(envRight.center[i])
	}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	a, b, c := dot(d, d), 2*dot(oc, d), dot(oc, oc)-0.25
	disc := b*b - 4*a*c
	if disc <= 0 {
		return rgb, 0, false
	}
	s := (-b - math.Sqrt(disc)) / (2 * a)
	var hit, n, eye [3]float64
	for i := range 3 {
		hit[i] = o[i] + s*d[i]
		n[i] = (hit[i] - float64(envRight.center[i])) / 0.5
		eye[i] = float64(envRight.eye[i]) - hit[i]
	}
	el := math.Sqrt(dot(eye, eye))
	for i := range eye {
		eye[i] /= el
	}
	if dot(n, eye) < 0.35 {
		return rgb, 0, false // near the outline
	}
	var r [3]float64 // reflect(-eye, n)
	k := dot(n, eye)
	for i := range r {
		r[i] = -eye[i] + 2*k*n[i]
	}
	face, _, _ = cubeLookup(mgl32.Vec3{float32(r[0]), float32(r[1]), float32(r[2])})
	abs := [3]float64{math.Abs(r[0]), math.Abs(r[1]), math.Abs(r[2])}
	m := max(abs[0], abs[1], abs[2])
	for _, v := range abs {
		if v != m && v > m/1.15 {
			return rgb, 0, false // near an edge between faces
		}
	}
	fc := skyFaceColors[face]
	amt := float64(envRight.amount)
	for i := range 3 {
		lit := float64(envRight.ambient[i] + envRight.emissive[i]) // DiffuseColor white, Alpha 1
		col := envRight.texel[i] * lit
		col = col*(1-amt) + float64(fc[i])/255*amt + float64(envRight.specular[i])
		rgb[i] = uint8(math.Round(math.Min(math.Max(col, 0), 1) * 255))
	}
	return rgb, face, true
}

// TestG18_CubeEnvMapAndDualTextureFramesAllocateNothing: on lavapipe with
// validation on, a frame drawing the cube-mapped sky, an environment-
// mapped sphere and a light-mapped quad (cube textures, second texture
// sets, their pipeline layouts) allocates 0 Go bytes once warm.
func TestG18_CubeEnvMapAndDualTextureFramesAllocateNothing(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var allocs float64
	onContent(t, g, func(c *content) (err error) {
		sky, err := graphics.NewEffect(c.dev, effectSPIRV(t, "sky.vert"), effectSPIRV(t, "sky.frag"))
		if err != nil {
			return err
		}
		cube, err := newSkyCube(c.dev, false)
		if err != nil {
			return err
		}
		sky.Parameters["Sky"].SetValue(cube)
		env, err := graphics.NewEnvironmentMapEffect(c.dev)
		if err != nil {
			return err
		}
		dual, err := graphics.NewDualTextureEffect(c.dev)
		if err != nil {
			return err
		}
		tex, err := graphics.NewTexture2D(c.dev, 2, 2)
		if err != nil {
			return err
		}
		if err := tex.SetData(make([]byte, 16)); err != nil {
			return err
		}
		env.Texture, env.EnvironmentMap, dual.Texture, dual.Texture2 = tex, cube, tex, tex
		view, proj, err := envCamera()
		if err != nil {
			return err
		}
		env.View, env.Projection = view, proj
		env.EnableDefaultLighting()
		verts, idx, err := graphics.Sphere(24, 16)
		if err != nil {
			return err
		}
		box := skyBox()
		quad := []graphics.VertexPositionDualTexture{{Position: mgl32.Vec3{-1, -1, 0}}, {Position: mgl32.Vec3{1, -1, 0}}, {Position: mgl32.Vec3{0, 1, 0}}}
		var turn float32
		draw := func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetRasterizerState(graphics.CullNone)
			turn += 0.01
			sky.Parameters["ViewProjection"].SetMatrix(proj.Mul4(mgl32.HomogRotate3DY(turn)))
			sky.Apply()
			if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, box, 0, len(box)/3); err != nil {
				return err
			}
			env.World = mgl32.HomogRotate3DY(turn)
			env.Apply()
			if err := graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, verts, idx, 0, len(idx)/3); err != nil {
				return err
			}
			dual.Apply()
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, quad, 0, 1)
		}
		allocs, err = c.steadyAllocs(g, 100, draw)
		return err
	})
	t.Logf("%.2f Go allocations per frame", allocs)
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per frame, want 0", allocs)
	}
}
