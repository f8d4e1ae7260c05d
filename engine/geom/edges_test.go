package geom_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// unitBox is the box 0..1 on each axis.
var unitBox = geom.BoundingBox{Max: mgl32.Vec3{1, 1, 1}}

// camera is a camera at the origin looking down -Z with +Y up: 90 degrees
// vertical field of view, aspect 1, near 1, far 10. At depth z its
// visible square is |x|, |y| <= -z.
func camera() *geom.BoundingFrustum {
	return geom.NewBoundingFrustum(perspective(math.Pi/2, 1, 1, 10).Mul4(mgl32.LookAtV(mgl32.Vec3{}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0})))
}

func box(x0, y0, z0, x1, y1, z1 float32) geom.BoundingBox {
	return geom.BoundingBox{Min: mgl32.Vec3{x0, y0, z0}, Max: mgl32.Vec3{x1, y1, z1}}
}

func sphere(x, y, z, r float32) geom.BoundingSphere {
	return geom.BoundingSphere{Center: mgl32.Vec3{x, y, z}, Radius: r}
}

func TestX1_TouchingCountsAsIntersecting(t *testing.T) {
	for _, c := range []struct {
		name string
		got  bool
	}{
		{"boxes sharing a face", unitBox.IntersectsBox(box(1, 0, 0, 2, 1, 1))},
		{"boxes sharing an edge", unitBox.IntersectsBox(box(1, 1, 0, 2, 2, 1))},
		{"boxes sharing a corner", unitBox.IntersectsBox(box(1, 1, 1, 2, 2, 2))},
		{"sphere touching a box face", unitBox.IntersectsSphere(sphere(2, 0.5, 0.5, 1))},
		{"sphere touching a box corner", unitBox.IntersectsSphere(sphere(1+3, 1+4, 1, 5))},
		{"spheres touching outside", sphere(0, 0, 0, 1).IntersectsSphere(sphere(3, 0, 0, 2))},
		{"box touching the near plane", camera().IntersectsBox(box(-0.5, -0.5, -1, 0.5, 0.5, 0))},
		{"box touching the left plane from outside", camera().IntersectsBox(box(-6, -1, -5, -5, 1, -4))},
		{"sphere touching the near plane", camera().IntersectsSphere(sphere(0, 0, 1, 2))},
	} {
		if !c.got {
			t.Errorf("%s: not intersecting", c.name)
		}
	}
	if got := unitBox.ContainsBox(box(1, 0, 0, 2, 1, 1)); got != geom.Intersects {
		t.Errorf("box touching a face: ContainsBox = %v, want Intersects", got)
	}
	if got := sphere(0, 0, 0, 1).ContainsSphere(sphere(3, 0, 0, 2)); got != geom.Intersects {
		t.Errorf("spheres touching outside: ContainsSphere = %v, want Intersects", got)
	}
	// Just apart: the same cases moved by a float32 step.
	if unitBox.IntersectsBox(box(1.0000001, 0, 0, 2, 1, 1)) || sphere(0, 0, 0, 1).IntersectsSphere(sphere(3.0000002, 0, 0, 2)) {
		t.Error("volumes a float32 step apart intersect")
	}
}

func TestX1_ContainsEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want geom.ContainmentType
	}{
		{"box holds itself", unitBox.ContainsBox(unitBox), geom.Contains},
		{"box: point on a face", unitBox.ContainsPoint(mgl32.Vec3{1, 0.5, 0.5}), geom.Contains},
		{"box: point on a corner", unitBox.ContainsPoint(mgl32.Vec3{1, 1, 1}), geom.Contains},
		{"box: point outside", unitBox.ContainsPoint(mgl32.Vec3{1.5, 0.5, 0.5}), geom.Disjoint},
		{"box: sphere touching faces from inside", unitBox.ContainsSphere(sphere(0.5, 0.5, 0.5, 0.5)), geom.Contains},
		{"box: sphere poking out", unitBox.ContainsSphere(sphere(0.5, 0.5, 0.5, 0.6)), geom.Intersects},
		{"sphere: point on the surface", sphere(0, 0, 0, 2).ContainsPoint(mgl32.Vec3{0, 2, 0}), geom.Intersects},
		{"sphere: point inside", sphere(0, 0, 0, 2).ContainsPoint(mgl32.Vec3{0, 1.9, 0}), geom.Contains},
		{"sphere of radius 0: its centre", sphere(1, 1, 1, 0).ContainsPoint(mgl32.Vec3{1, 1, 1}), geom.Intersects},
		{"sphere: box with corners on the surface", sphere(0.5, 0.5, 0.5, float32(math.Sqrt(0.75))+1e-7).ContainsBox(unitBox), geom.Contains},
		{"sphere: tangent inside", sphere(0, 0, 0, 3).ContainsSphere(sphere(1, 0, 0, 2)), geom.Contains},
		{"sphere: smaller holds no larger", sphere(0, 0, 0, 1).ContainsSphere(sphere(0, 0, 0, 2)), geom.Intersects},
		{"sphere: itself", sphere(1, 2, 3, 4).ContainsSphere(sphere(1, 2, 3, 4)), geom.Contains},
		{"frustum: point on the near plane", camera().ContainsPoint(mgl32.Vec3{0, 0, -1}), geom.Contains},
		{"frustum: point on a near corner", camera().ContainsPoint(mgl32.Vec3{1, 1, -1}), geom.Contains},
		{"frustum: point behind the camera", camera().ContainsPoint(mgl32.Vec3{0, 0, 1}), geom.Disjoint},
		{"frustum: sphere touching the side from inside", camera().ContainsSphere(sphere(0, 0, -5, float32(5/math.Sqrt2))), geom.Contains},
		{"frustum: box inside", camera().ContainsBox(box(-1, -1, -3, 1, 1, -2)), geom.Contains},
		{"frustum: itself", camera().ContainsFrustum(camera()), geom.Contains},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestX1_FrustumTestsAreExactNearEdges pins the cases XNA's plane-by-plane
// test gets wrong: a box and a sphere beyond a frustum's edge, outside it
// but in front of no single plane.
func TestX1_FrustumTestsAreExactNearEdges(t *testing.T) {
	f := camera()
	// Beyond the far top-right corner (10, 10, -10): across the far, right
	// and top planes, so in front of none, yet outside the frustum.
	b := box(10.2, 10.2, -10.5, 11, 11, -9.8)
	for _, p := range []geom.Plane{f.Near(), f.Far(), f.Left(), f.Right(), f.Top(), f.Bottom()} {
		if p.IntersectsBox(b) == geom.Front {
			t.Fatalf("the box is in front of plane %v: not an edge case", p)
		}
	}
	if f.IntersectsBox(b) || f.ContainsBox(b) != geom.Disjoint {
		t.Errorf("box beyond an edge: IntersectsBox %v, ContainsBox %v; want false, Disjoint", f.IntersectsBox(b), f.ContainsBox(b))
	}
	s := sphere(10.6, 10.6, -10.6, 0.9) // 1.04 from the corner (10, 10, -10)
	for _, p := range []geom.Plane{f.Near(), f.Far(), f.Left(), f.Right(), f.Top(), f.Bottom()} {
		if p.IntersectsSphere(s) == geom.Front {
			t.Fatalf("the sphere is in front of plane %v: not an edge case", p)
		}
	}
	if f.IntersectsSphere(s) || f.ContainsSphere(s) != geom.Disjoint {
		t.Errorf("sphere beyond a corner: IntersectsSphere %v, want false", f.IntersectsSphere(s))
	}
	if s.Radius = 1.1; !f.IntersectsSphere(s) {
		t.Error("sphere reaching the corner: IntersectsSphere false")
	}
}

func TestX1_FrustumPlanesAndCornersFollowTheScreen(t *testing.T) {
	f := camera()
	for _, c := range []struct {
		name string
		p    geom.Plane
		n    mgl32.Vec3 // the outward normal's dominant direction
	}{
		{"Near", f.Near(), mgl32.Vec3{0, 0, 1}}, {"Far", f.Far(), mgl32.Vec3{0, 0, -1}},
		{"Left", f.Left(), mgl32.Vec3{-1, 0, 0}}, {"Right", f.Right(), mgl32.Vec3{1, 0, 0}},
		{"Top", f.Top(), mgl32.Vec3{0, 1, 0}}, {"Bottom", f.Bottom(), mgl32.Vec3{0, -1, 0}},
	} {
		if math.Abs(float64(c.p.Normal.Len())-1) > 1e-6 || c.p.Normal.Dot(c.n) < 0.7 {
			t.Errorf("%s plane %v: want a unit normal facing %v", c.name, c.p, c.n)
		}
	}
	want := [8]mgl32.Vec3{{-1, 1, -1}, {1, 1, -1}, {1, -1, -1}, {-1, -1, -1}, {-10, 10, -10}, {10, 10, -10}, {10, -10, -10}, {-10, -10, -10}}
	for i, c := range f.GetCorners() {
		if !close3(c, want[i]) {
			t.Errorf("corner %d = %v, want %v", i, c, want[i])
		}
	}
	if got := f.IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 0, 1}, D: 1}); got != geom.Intersecting {
		t.Errorf("plane through the near face: %v, want Intersecting", got)
	}
	if got := f.IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 0, 1}, D: 0.5}); got != geom.Back {
		t.Errorf("plane z = -0.5: %v, want Back (the frustum is behind it)", got)
	}
	m := f.Matrix()
	f.SetMatrix(mgl32.Ident4())
	f.SetMatrix(m)
	if f.GetCorners() != camera().GetCorners() {
		t.Error("SetMatrix does not rebuild the frustum")
	}
}

func TestX1_RayEdgeCases(t *testing.T) {
	ray := func(px, py, pz, dx, dy, dz float32) geom.Ray {
		return geom.Ray{Position: mgl32.Vec3{px, py, pz}, Direction: mgl32.Vec3{dx, dy, dz}}
	}
	type hit struct {
		t  float32
		ok bool
	}
	h := func(t float32, ok bool) hit { return hit{t, ok} }
	for _, c := range []struct {
		name      string
		got, want hit
	}{
		{"box: starts inside", h(ray(0.5, 0.5, 0.5, 1, 0, 0).IntersectsBox(unitBox)), hit{0, true}},
		{"box: starts on a face, pointing out", h(ray(1, 0.5, 0.5, 1, 0, 0).IntersectsBox(unitBox)), hit{0, true}},
		{"box: head on", h(ray(-2, 0.5, 0.5, 1, 0, 0).IntersectsBox(unitBox)), hit{2, true}},
		{"box: along an edge", h(ray(-2, 1, 1, 1, 0, 0).IntersectsBox(unitBox)), hit{2, true}},
		{"box: through a corner", h(ray(2, 2, 0, -1, -1, 0).IntersectsBox(unitBox)), hit{1, true}},
		{"box: half-speed direction", h(ray(-2, 0.5, 0.5, 0.5, 0, 0).IntersectsBox(unitBox)), hit{4, true}},
		{"box: pointing away", h(ray(-2, 0.5, 0.5, -1, 0, 0).IntersectsBox(unitBox)), hit{0, false}},
		{"box: parallel, beside it", h(ray(-2, 1.5, 0.5, 1, 0, 0).IntersectsBox(unitBox)), hit{0, false}},
		{"box: zero direction outside", h(ray(-2, 0.5, 0.5, 0, 0, 0).IntersectsBox(unitBox)), hit{0, false}},
		{"box: empty box", h(ray(0, 0, 0, 1, 0, 0).IntersectsBox(geom.CreateBoxFromPoints(nil))), hit{0, false}},
		{"sphere: starts inside", h(ray(0, 0, 0, 1, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{0, true}},
		{"sphere: starts on the surface", h(ray(1, 0, 0, 1, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{0, true}},
		{"sphere: head on", h(ray(-5, 0, 0, 1, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{4, true}},
		{"sphere: tangent", h(ray(-5, 1, 0, 1, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{5, true}},
		{"sphere: double-length direction", h(ray(-5, 0, 0, 2, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{2, true}},
		{"sphere: pointing away", h(ray(-5, 0, 0, -1, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{0, false}},
		{"sphere: zero direction outside", h(ray(-5, 0, 0, 0, 0, 0).IntersectsSphere(sphere(0, 0, 0, 1))), hit{0, false}},
		{"plane: head on", h(ray(0, 5, 0, 0, -1, 0).IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 1, 0}, D: -1})), hit{4, true}},
		{"plane: starts on it", h(ray(3, 1, 0, 0, 1, 0).IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 1, 0}, D: -1})), hit{0, true}},
		{"plane: runs along it", h(ray(3, 1, 0, 1, 0, 0).IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 1, 0}, D: -1})), hit{0, true}},
		{"plane: parallel, off it", h(ray(3, 2, 0, 1, 0, 0).IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 1, 0}, D: -1})), hit{0, false}},
		{"plane: pointing away", h(ray(0, 5, 0, 0, 1, 0).IntersectsPlane(geom.Plane{Normal: mgl32.Vec3{0, 1, 0}, D: -1})), hit{0, false}},
		{"frustum: starts inside", h(ray(0, 0, -5, 0, 1, 0).IntersectsFrustum(camera())), hit{0, true}},
		{"frustum: from the camera", h(ray(0, 0, 0, 0, 0, -1).IntersectsFrustum(camera())), hit{1, true}},
		{"frustum: from behind the far plane", h(ray(0, 0, -20, 0, 0, 1).IntersectsFrustum(camera())), hit{10, true}},
		{"frustum: along the left plane", h(ray(-1, 0, -1, -1, 0, -1).IntersectsFrustum(camera())), hit{0, true}},
		{"frustum: along the near face's top edge", h(ray(3, 1, -1, -1, 0, 0).IntersectsFrustum(camera())), hit{2, true}},
		{"frustum: just above that edge", h(ray(3, 1.01, -1, -1, 0, 0).IntersectsFrustum(camera())), hit{0, false}},
	} {
		if c.got.ok != c.want.ok || math.Abs(float64(c.got.t-c.want.t)) > 1e-5*max(1, float64(c.want.t)) {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", c.name, c.got.t, c.got.ok, c.want.t, c.want.ok)
		}
	}
}

func TestX1_PlaneMembers(t *testing.T) {
	p := geom.Plane{Normal: mgl32.Vec3{0, 3, 4}, D: -10} // 5y' = 10: the plane 2 units along (0, .6, .8)
	n := p.Normalize()
	if n != (geom.Plane{Normal: mgl32.Vec3{0, 0.6, 0.8}, D: -2}) {
		t.Errorf("Normalize = %v", n)
	}
	if got := p.DotCoordinate(mgl32.Vec3{1, 2, 3}); got != 3*2+4*3-10 {
		t.Errorf("DotCoordinate = %v, want 8", got)
	}
	if got := p.DotNormal(mgl32.Vec3{1, 2, 3}); got != 18 {
		t.Errorf("DotNormal = %v, want 18", got)
	}
	if got := p.Dot(mgl32.Vec4{1, 2, 3, 0.5}); got != 13 {
		t.Errorf("Dot = %v, want 13", got)
	}
	if z := (geom.Plane{D: 3}).Normalize(); z != (geom.Plane{D: 3}) {
		t.Errorf("Normalize of a zero normal = %v, want it unchanged", z)
	}
	q := geom.NewPlaneFromPoints(mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 1}, mgl32.Vec3{0, 1, 1})
	if q != (geom.Plane{Normal: mgl32.Vec3{0, 0, 1}, D: -1}) {
		t.Errorf("NewPlaneFromPoints = %v, want z = 1 facing +Z", q)
	}
	// Transform: the plane z = 1 moved up 2 along Z and turned about X by 90
	// degrees becomes y = -3... worked: the point (0,0,1) goes to (0,0,3), then
	// to (0,-3,0); the normal (0,0,1) turns to (0,-1,0): -y - 3 = 0.
	m := mgl32.HomogRotate3DX(math.Pi / 2).Mul4(mgl32.Translate3D(0, 0, 2))
	tq := q.Transform(m)
	if !close3(tq.Normal, mgl32.Vec3{0, -1, 0}) || math.Abs(float64(tq.D+3)) > 1e-6 {
		t.Errorf("Transform = %v, want normal (0,-1,0), D -3", tq)
	}
	for _, c := range []struct {
		got, want geom.PlaneIntersectionType
	}{
		{q.IntersectsPoint(mgl32.Vec3{5, 5, 1}), geom.Intersecting},
		{q.IntersectsPoint(mgl32.Vec3{0, 0, 2}), geom.Front},
		{q.IntersectsBox(unitBox), geom.Intersecting}, // touches at its top face
		{q.IntersectsBox(box(0, 0, 1.5, 1, 1, 2)), geom.Front},
		{q.IntersectsSphere(sphere(0, 0, 3, 2)), geom.Intersecting}, // tangent
		{q.IntersectsSphere(sphere(0, 0, -2, 2)), geom.Back},
		{geom.Plane{Normal: mgl32.Vec3{0, 0, 2}, D: -2}.IntersectsSphere(sphere(0, 0, 2.5, 1)), geom.Front}, // unnormalized
	} {
		if c.got != c.want {
			t.Errorf("got %v, want %v", c.got, c.want)
		}
	}
}

func TestX1_Constructors(t *testing.T) {
	pts := []mgl32.Vec3{{1, 5, -2}, {-3, 0, 4}, {2, 2, 2}}
	if b := geom.CreateBoxFromPoints(pts); b != box(-3, 0, -2, 2, 5, 4) {
		t.Errorf("CreateBoxFromPoints = %v", b)
	}
	empty := geom.CreateBoxFromPoints(nil)
	if empty.IntersectsBox(empty) || empty.ContainsPoint(mgl32.Vec3{}) != geom.Disjoint || empty.IntersectsSphere(sphere(0, 0, 0, 100)) {
		t.Error("the empty box holds something")
	}
	if geom.CreateMergedBox(empty, unitBox) != unitBox || geom.CreateMergedBox(unitBox, empty) != unitBox {
		t.Error("merging the empty box changes a box")
	}
	if m := geom.CreateMergedBox(unitBox, box(-1, 2, 0, 0, 3, 0.5)); m != box(-1, 0, 0, 1, 3, 1) {
		t.Errorf("CreateMergedBox = %v", m)
	}
	if b := geom.CreateBoxFromSphere(sphere(1, 2, 3, 2)); b != box(-1, 0, 1, 3, 4, 5) {
		t.Errorf("CreateBoxFromSphere = %v", b)
	}
	if s := geom.CreateSphereFromBox(box(0, 0, 0, 2, 4, 4)); s != sphere(1, 2, 2, 3) {
		t.Errorf("CreateSphereFromBox = %v", s)
	}
	if s := geom.CreateSphereFromPoints([]mgl32.Vec3{{-2, 0, 0}, {4, 0, 0}}); s != sphere(1, 0, 0, 3) {
		t.Errorf("CreateSphereFromPoints of two = %v", s)
	}
	if s := geom.CreateSphereFromPoints([]mgl32.Vec3{{1, 2, 3}}); s != sphere(1, 2, 3, 0) {
		t.Errorf("CreateSphereFromPoints of one = %v", s)
	}
	if s := geom.CreateSphereFromPoints(nil); s.IntersectsSphere(s) || s.ContainsPoint(s.Center) != geom.Disjoint {
		t.Errorf("CreateSphereFromPoints of none = %v, want empty", s)
	}
	if m := geom.CreateMergedSphere(sphere(0, 0, 0, 1), sphere(4, 0, 0, 1)); m != sphere(2, 0, 0, 3) {
		t.Errorf("CreateMergedSphere = %v, want centre 2 radius 3", m)
	}
	if m := geom.CreateMergedSphere(sphere(0, 0, 0, 5), sphere(1, 0, 0, 1)); m != sphere(0, 0, 0, 5) {
		t.Errorf("CreateMergedSphere of a held sphere = %v", m)
	}
	fs := geom.CreateSphereFromFrustum(camera())
	for _, c := range camera().GetCorners() {
		if fs.ContainsPoint(c) == geom.Disjoint {
			t.Errorf("CreateSphereFromFrustum %v misses corner %v", fs, c)
		}
	}
	// Transform: a box turned 90 degrees about Z and moved.
	m := mgl32.Translate3D(10, 0, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 2))
	tb := box(0, 0, 0, 2, 1, 1).Transform(m)
	if !close3(tb.Min, mgl32.Vec3{9, 0, 0}) || !close3(tb.Max, mgl32.Vec3{10, 2, 1}) {
		t.Errorf("BoundingBox.Transform = %v, want 9,0,0..10,2,1", tb)
	}
	ts := sphere(1, 0, 0, 1).Transform(mgl32.Translate3D(0, 1, 0).Mul4(mgl32.Scale3D(2, 3, 1)))
	if ts != sphere(2, 1, 0, 3) {
		t.Errorf("BoundingSphere.Transform = %v, want centre (2,1,0) radius 3", ts)
	}
	if geom.Disjoint.String() != "Disjoint" || geom.Intersecting.String() != "Intersecting" || geom.ContainmentType(9).String() != "ContainmentType(9)" {
		t.Error("String")
	}
}

// TestX1_RandomPointSetsAreEnclosed checks CreateSphereFromPoints and
// CreateBoxFromPoints on many random sets: every point is in both.
func TestX1_RandomPointSetsAreEnclosed(t *testing.T) {
	for seed := range uint64(500) {
		r := newRand(seed)
		pts := make([]mgl32.Vec3, 1+r.IntN(40))
		for i := range pts {
			pts[i] = rvec(r, 100)
		}
		s, b := geom.CreateSphereFromPoints(pts), geom.CreateBoxFromPoints(pts)
		for _, p := range pts {
			if s.ContainsPoint(p) == geom.Disjoint || b.ContainsPoint(p) == geom.Disjoint {
				t.Fatalf("seed %d: %v outside sphere %v or box %v", seed, p, s, b)
			}
		}
	}
}

// close3 reports whether a and b agree to 1e-5 in each component, relative
// to 1 or their size.
func close3(a, b mgl32.Vec3) bool {
	for i := range 3 {
		if math.Abs(float64(a[i]-b[i])) > 1e-5*max(1, math.Abs(float64(b[i]))) {
			return false
		}
	}
	return true
}

// TestX1_PredicatesAllocateNothing: culling and picking run every frame,
// so no predicate, and no rebuild of a frustum, may allocate.
func TestX1_PredicatesAllocateNothing(t *testing.T) {
	f, g := camera(), camera()
	g.SetMatrix(perspective(1, 1.5, 0.5, 20))
	b, s := box(-1, -1, -6, 1, 1, -4), sphere(0, 0, -5, 1)
	r := geom.Ray{Direction: mgl32.Vec3{0, 0, -1}}
	p := geom.Plane{Normal: mgl32.Vec3{0, 1, 0}}
	m := f.Matrix()
	for name, fn := range map[string]func(){
		"SetMatrix":          func() { g.SetMatrix(m) },
		"frustum vs box":     func() { _, _ = f.IntersectsBox(b), f.ContainsBox(b) },
		"frustum vs sphere":  func() { _, _ = f.IntersectsSphere(sphere(3, 3, -1.5, 0.5)), f.ContainsSphere(s) },
		"frustum vs frustum": func() { _, _ = f.IntersectsFrustum(g), f.ContainsFrustum(g) },
		"frustum vs plane":   func() { _ = f.IntersectsPlane(p) },
		"box and sphere":     func() { _, _, _ = b.ContainsSphere(s), s.ContainsBox(b), b.IntersectsPlane(p) },
		"rays":               func() { _, _ = r.IntersectsFrustum(f); _, _ = r.IntersectsBox(b); _, _ = r.IntersectsSphere(s) },
		"plane and point":    func() { _ = p.IntersectsPoint(mgl32.Vec3{1, 2, 3}) },
		"corners":            func() { _, _ = f.GetCorners(), b.GetCorners() },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}
