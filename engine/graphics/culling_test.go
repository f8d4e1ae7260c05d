package graphics_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
	"github.com/metronome-engine/metronome/engine/graphics"
)

func rv(r *rand.Rand, s float64) mgl32.Vec3 {
	return mgl32.Vec3{float32((r.Float64()*2 - 1) * s), float32((r.Float64()*2 - 1) * s), float32((r.Float64()*2 - 1) * s)}
}

// randomCamera returns a camera made with this package's helpers: a
// perspective one three times in four, else an orthographic one.
func randomCamera(t *testing.T, r *rand.Rand, vp graphics.Viewport) (proj, view mgl32.Mat4, eye mgl32.Vec3) {
	t.Helper()
	eye = rv(r, 5)
	target := eye.Add(rv(r, 1))
	for target.Sub(eye).Len() < 0.1 {
		target = eye.Add(rv(r, 1))
	}
	up := rv(r, 1)
	for up.Cross(target.Sub(eye)).Len() < 0.1 {
		up = rv(r, 1)
	}
	view = graphics.CreateLookAt(eye, target, up)
	near := float32(0.1 + r.Float64()*2)
	far := near + float32(1+r.Float64()*10)
	var err error
	if r.IntN(4) == 0 {
		proj, err = graphics.CreateOrthographic(float32(1+r.Float64()*6), float32(1+r.Float64()*6), near, far)
	} else {
		proj, err = graphics.CreatePerspectiveFieldOfView(float32(0.3+r.Float64()*2.2), vp.AspectRatio(), near, far)
	}
	if err != nil {
		t.Fatal(err)
	}
	return proj, view, eye
}

// TestX1_FrustumHoldsExactlyWhatProjectsIntoTheViewport builds frustums
// from CreateLookAt and CreatePerspectiveFieldOfView (or CreateOrthographic)
// and checks, on random points around each camera, that ContainsPoint
// answers Contains exactly for the points Viewport.Project puts inside the
// viewport with depth 0..1 (points within 1e-4 of an edge, relative, are
// skipped as ties of float rounding).
func TestX1_FrustumHoldsExactlyWhatProjectsIntoTheViewport(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 32))
	vp := graphics.NewViewport(30, 20, 640, 360)
	in, out, skipped := 0, 0, 0
	for range 500 {
		proj, view, eye := randomCamera(t, r, vp)
		f := geom.NewBoundingFrustum(proj.Mul4(view))
		for range 40 {
			// Around the view axis, out to beyond the far plane.
			fwd := view.Inv().Mul4x1(mgl32.Vec4{0, 0, -1, 0}).Vec3()
			p := eye.Add(fwd.Mul(float32(r.Float64()*14 - 1))).Add(rv(r, 4))
			s := vp.Project(p, proj, view, mgl32.Ident4())
			// Normalized position in the viewport: inside is 0..1 on all three.
			n := [3]float64{(float64(s[0]) - 30) / 640, (float64(s[1]) - 20) / 360, float64(s[2])}
			w := proj.Mul4(view).Mul4x1(p.Vec4(1))[3]
			inside, tie := w > 0, false
			for _, c := range n {
				inside = inside && c >= 0 && c <= 1
				tie = tie || math.Abs(c) < 1e-4 || math.Abs(c-1) < 1e-4
			}
			if tie || math.Abs(float64(w)) < 1e-4 {
				skipped++
				continue
			}
			want := geom.Disjoint
			if inside {
				want, in = geom.Contains, in+1
			} else {
				out++
			}
			if got := f.ContainsPoint(p); got != want {
				t.Fatalf("point %v projects to %v (w %v): ContainsPoint %v, want %v", p, s, w, got, want)
			}
		}
	}
	t.Logf("%d inside, %d outside, %d skipped as ties", in, out, skipped)
	if in < 1000 || out < 1000 || skipped > 200 {
		t.Errorf("%d inside, %d outside, %d skipped: the cases do not exercise both answers", in, out, skipped)
	}
}

// TestX4_MeshCullingUsesTheWorldSphere places a mesh through a two-bone
// chain and a world matrix, and culls it against a camera at the origin
// looking down -Z (90 degrees, near 1, far 100).
func TestX4_MeshCullingUsesTheWorldSphere(t *testing.T) {
	root := &graphics.ModelBone{Name: "root", Transform: mgl32.Translate3D(0, 0, -10)}
	arm := &graphics.ModelBone{Name: "arm", Index: 1, Parent: root, Transform: mgl32.Scale3D(2, 2, 2)}
	root.Children = []*graphics.ModelBone{arm}
	mesh := &graphics.ModelMesh{ParentBone: arm, BoundingSphere: graphics.BoundingSphere{Center: mgl32.Vec3{1, 0, 0}, Radius: 1}}

	// In bone space the sphere is at x=1, r=1; the arm scales by 2 (x=2,
	// r=2), the root moves it to z=-10, and world moves it by +3 in x.
	world := mgl32.Translate3D(3, 0, 0)
	got := mesh.BoundingSphereWorld(world)
	if !near(got.Center, mgl32.Vec3{5, 0, -10}) || got.Radius != 2 {
		t.Fatalf("BoundingSphereWorld = %v, want centre (5, 0, -10) radius 2", got)
	}
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/2, 1, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	f := geom.NewBoundingFrustum(proj.Mul4(graphics.CreateLookAt(mgl32.Vec3{}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0})))
	for _, c := range []struct {
		name  string
		world mgl32.Mat4
		want  bool
	}{
		{"in front", world, true},
		{"behind the camera", mgl32.Translate3D(0, 0, 20), false},
		// The right plane is x = -z; at z = -10 the sphere's centre at x = 10
		// + 2*sqrt2 is exactly its radius 2 from it: touching counts.
		{"touching the right plane", mgl32.Translate3D(8+2*math.Sqrt2, 0, 0), true},
		{"just past the right plane", mgl32.Translate3D(8+2*math.Sqrt2+0.01, 0, 0), false},
		{"beyond the far plane", mgl32.Translate3D(0, 0, -93), false},
	} {
		if got := mesh.InFrustum(c.world, f); got != c.want {
			t.Errorf("%s: InFrustum %v, want %v (sphere %v)", c.name, got, c.want, mesh.BoundingSphereWorld(c.world))
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = mesh.InFrustum(world, f) }); n != 0 {
		t.Errorf("InFrustum allocates %v times", n)
	}
}

// TestX4_PickRayRunsUnderThePixel checks PickRay on random cameras and
// pixels: the ray starts on the near plane under the pixel, every point
// along it projects back to the pixel, and it hits a random sphere exactly
// when the line through the pixel passes within the radius of its centre.
func TestX4_PickRayRunsUnderThePixel(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 32))
	vp := graphics.Viewport{X: 10, Y: 40, Width: 800, Height: 600, MinDepth: 0, MaxDepth: 1}
	hits, misses := 0, 0
	for i := range 2000 {
		proj, view, eye := randomCamera(t, r, vp)
		x, y := float32(10+r.Float64()*800), float32(40+r.Float64()*600)
		ray := vp.PickRay(x, y, proj, view)
		if l := ray.Direction.Len(); math.Abs(float64(l)-1) > 1e-5 {
			t.Fatalf("case %d: direction length %v", i, l)
		}
		for _, d := range []float32{0, 0.5, 3} {
			s := vp.Project(ray.Position.Add(ray.Direction.Mul(d)), proj, view, mgl32.Ident4())
			if math.Abs(float64(s[0]-x)) > 0.05 || math.Abs(float64(s[1]-y)) > 0.05 || d == 0 && math.Abs(float64(s[2])) > 1e-3 {
				t.Fatalf("case %d: point %v along the ray projects to %v, want (%v, %v)", i, d, s, x, y)
			}
		}
		// A sphere somewhere in front of the camera.
		c := eye.Add(view.Inv().Mul4x1(mgl32.Vec4{0, 0, -1, 0}).Vec3().Mul(float32(2 + r.Float64()*6))).Add(rv(r, 2))
		rad := float32(0.2 + r.Float64()*1.5)
		// Reference: distance from the centre to the line of the ray.
		m := c.Sub(ray.Position)
		along := m.Dot(ray.Direction)
		perp := math.Sqrt(math.Max(0, float64(m.Dot(m)-along*along)))
		if math.Abs(perp-float64(rad)) < 1e-3 || along < 0 {
			continue
		}
		dist, ok := ray.IntersectsSphere(geom.BoundingSphere{Center: c, Radius: rad})
		if want := perp <= float64(rad); ok != want {
			t.Fatalf("case %d: hit %v, want %v (line passes %v from the centre, radius %v)", i, ok, want, perp, rad)
		}
		if ok {
			hits++
			want := float64(along) - math.Sqrt(float64(rad*rad)-perp*perp)
			if m.Len() <= rad {
				want = 0
			}
			if math.Abs(float64(dist)-want) > 1e-3*max(1, want) {
				t.Fatalf("case %d: distance %v, want %v", i, dist, want)
			}
		} else {
			misses++
		}
	}
	t.Logf("%d hits, %d misses", hits, misses)
	if hits < 100 || misses < 100 {
		t.Errorf("%d hits, %d misses: the cases do not exercise both", hits, misses)
	}
}
