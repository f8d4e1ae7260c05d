package geom_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// FuzzX1_RayBoxMatchesFaceHits checks Ray.IntersectsBox against the
// face-hit reference for any finite ray and box, and that the hit point
// lies on the box.
func FuzzX1_RayBoxMatchesFaceHits(f *testing.F) {
	f.Add(float32(-2), float32(0.5), float32(0.5), float32(1), float32(0), float32(0), float32(0), float32(0), float32(0), float32(1), float32(1), float32(1))
	f.Add(float32(2), float32(2), float32(0), float32(-1), float32(-1), float32(0), float32(0), float32(0), float32(0), float32(1), float32(1), float32(1))
	f.Fuzz(func(t *testing.T, px, py, pz, dx, dy, dz, x0, y0, z0, x1, y1, z1 float32) {
		for _, v := range []float32{px, py, pz, dx, dy, dz, x0, y0, z0, x1, y1, z1} {
			if math.IsNaN(float64(v)) || math.Abs(float64(v)) > 1e4 {
				return
			}
		}
		lo := mgl32.Vec3{min(x0, x1), min(y0, y1), min(z0, z1)}
		hi := mgl32.Vec3{max(x0, x1), max(y0, y1), max(z0, z1)}
		r := geom.Ray{Position: mgl32.Vec3{px, py, pz}, Direction: mgl32.Vec3{dx, dy, dz}}
		b := geom.BoundingBox{Min: lo, Max: hi}
		got, ok := r.IntersectsBox(b)
		p := boxPoly(v64(lo), v64(hi))
		scale := 1e-6 * (1 + v64(hi).minus(v64(lo)).norm() + v64(r.Position).norm())
		grown, shrunk := faceHits(p, v64(r.Position), v64(r.Direction), -scale), faceHits(p, v64(r.Position), v64(r.Direction), scale)
		if grown.ok == shrunk.ok && ok != grown.ok {
			t.Fatalf("hit %v, reference %v", ok, grown.ok)
		}
		if ok {
			q := v64(r.Position).plus(v64(r.Direction).times(float64(got)))
			if !p.holds(q, -1e-4*(1+q.norm())) {
				t.Fatalf("hit point %v at %v is not on the box %v", q, got, b)
			}
		}
	})
}

// FuzzX1_SphereBoxAgree checks that a box and a sphere agree on whether
// they intersect, from either side, and that Contains implies Intersects.
func FuzzX1_SphereBoxAgree(f *testing.F) {
	f.Add(float32(2), float32(0.5), float32(0.5), float32(1), float32(0), float32(0), float32(0), float32(1), float32(1), float32(1))
	f.Fuzz(func(t *testing.T, cx, cy, cz, rad, x0, y0, z0, x1, y1, z1 float32) {
		s := geom.BoundingSphere{Center: mgl32.Vec3{cx, cy, cz}, Radius: rad}
		b := geom.BoundingBox{Min: mgl32.Vec3{x0, y0, z0}, Max: mgl32.Vec3{x1, y1, z1}}
		i := s.IntersectsBox(b)
		if i != b.IntersectsSphere(s) {
			t.Fatal("IntersectsBox and IntersectsSphere disagree")
		}
		if (s.ContainsBox(b) != geom.Disjoint) != i || (b.ContainsSphere(s) != geom.Disjoint) != i {
			t.Fatalf("Contains and Intersects disagree: %v %v %v", s.ContainsBox(b), b.ContainsSphere(s), i)
		}
	})
}
