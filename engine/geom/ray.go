package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Ray is the half-line Position + t*Direction, t >= 0 (XNA's Ray).
// Direction need not be unit length: the distances the Intersects
// methods return are in units of t, so they are world distances when
// Direction is unit length, as XNA assumes.
type Ray struct {
	Position, Direction mgl32.Vec3
}

// IntersectsBox returns the smallest t >= 0 at which r is in b, and true,
// or false when r misses b (XNA's Ray.Intersects(BoundingBox)). A ray that
// starts inside b or on its faces gets 0; a ray that grazes an edge or a
// face hits it. An empty box is missed.
func (r Ray) IntersectsBox(b BoundingBox) (float32, bool) {
	if b.empty() {
		return 0, false
	}
	p, d := d3(r.Position), d3(r.Direction)
	if b.containsPoint64(p) {
		return 0, true
	}
	enter, exit := math.Inf(-1), math.Inf(1)
	for i := range 3 {
		lo, hi := f64(b.Min[i]), f64(b.Max[i])
		if d[i] == 0 {
			if p[i] < lo || p[i] > hi {
				return 0, false
			}
			continue
		}
		t0, t1 := (lo-p[i])/d[i], (hi-p[i])/d[i]
		enter, exit = max(enter, min(t0, t1)), min(exit, max(t0, t1))
	}
	// p is outside b, so some slab excludes it: enter > 0 unless b is
	// behind the ray (exit < 0).
	if enter > exit || exit < 0 {
		return 0, false
	}
	return float32(enter), true
}

// IntersectsSphere returns the smallest t >= 0 at which r is in s, and
// true, or false when r misses s (XNA's Ray.Intersects(BoundingSphere)).
// A ray that starts inside s or on its surface gets 0; a tangent ray hits.
// A ray with a zero Direction hits only from inside.
func (r Ray) IntersectsSphere(s BoundingSphere) (float32, bool) {
	if !(s.Radius >= 0) {
		return 0, false
	}
	m, d, rad := d3(r.Position).sub(d3(s.Center)), d3(r.Direction), f64(s.Radius)
	c := m.lenSqr() - rad*rad
	if c <= 0 {
		return 0, true
	}
	a, b := d.lenSqr(), d.dot(m)
	if a == 0 || b >= 0 { // still, or moving away from the centre
		return 0, false
	}
	disc := b*b - a*c
	if disc < 0 {
		return 0, false
	}
	// The nearer root, in the form that does not cancel: c / (-b + sqrt).
	return float32(c / (-b + sqrt(disc))), true
}

// IntersectsPlane returns the t at which r meets p, and true, or false
// when r runs parallel to p off it or points away from it (XNA's
// Ray.Intersects(Plane)). A ray that starts on the plane gets 0, even
// when it runs along it (XNA misses that case).
func (r Ray) IntersectsPlane(p Plane) (float32, bool) {
	q := p.p64()
	dist, den := q.dist(d3(r.Position)), q.n.dot(d3(r.Direction))
	switch {
	case dist == 0:
		return 0, true
	case den == 0:
		return 0, false
	}
	t := -dist / den
	if t < 0 {
		return 0, false
	}
	return float32(t), true
}

// IntersectsFrustum returns the smallest t >= 0 at which r is in f, and
// true, or false when r misses f. A ray that starts in f or on its
// boundary gets 0; a ray grazing an edge hits. (XNA leaves the case of a
// ray starting outside unimplemented.)
func (r Ray) IntersectsFrustum(f *BoundingFrustum) (float32, bool) {
	p, d := d3(r.Position), d3(r.Direction)
	enter, exit := 0.0, math.Inf(1)
	for _, q := range f.planes {
		dist, den := q.dist(p), q.n.dot(d)
		if den == 0 {
			if dist > 0 {
				return 0, false
			}
			continue
		}
		t := -dist / den
		if den < 0 { // moving to the inside of this plane
			enter = max(enter, t)
		} else {
			exit = min(exit, t)
		}
	}
	if enter > exit {
		return 0, false
	}
	return float32(enter), true
}
