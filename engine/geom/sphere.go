package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// BoundingSphere is a ball: the points at most Radius from Center, its
// surface included (XNA's BoundingSphere). A negative Radius makes it
// empty: it contains and intersects nothing.
type BoundingSphere struct {
	Center mgl32.Vec3
	Radius float32
}

// CreateSphereFromBox returns the sphere through b's corners: centred on
// b, with half its diagonal as radius (XNA's
// BoundingSphere.CreateFromBoundingBox).
func CreateSphereFromBox(b BoundingBox) BoundingSphere {
	lo, hi := d3(b.Min), d3(b.Max)
	c := d3(lo.add(hi).mul(0.5).f32())
	return BoundingSphere{Center: c.f32(), Radius: roundUp(sqrt(max(hi.sub(c).lenSqr(), lo.sub(c).lenSqr())))}
}

// CreateSphereFromFrustum returns a sphere holding f's corners (XNA's
// BoundingSphere.CreateFromFrustum).
func CreateSphereFromFrustum(f *BoundingFrustum) BoundingSphere {
	c := f.GetCorners()
	return CreateSphereFromPoints(c[:])
}

// CreateSphereFromPoints returns a sphere holding every point, by XNA's
// method (BoundingSphere.CreateFromPoints): a first sphere on the pair of
// axis-extreme points farthest apart, grown to take in each point outside
// it. It holds all the points but is not always the smallest. For no
// points it returns the empty sphere (radius -1; XNA throws there); for
// one point, a sphere of radius 0 on it.
func CreateSphereFromPoints(points []mgl32.Vec3) BoundingSphere {
	if len(points) == 0 {
		return BoundingSphere{Radius: -1}
	}
	var ext [6]v3 // min x, max x, min y, max y, min z, max z
	for i := range ext {
		ext[i] = d3(points[0])
	}
	for _, p := range points[1:] {
		q := d3(p)
		for a := range 3 {
			if q[a] < ext[2*a][a] {
				ext[2*a] = q
			}
			if q[a] > ext[2*a+1][a] {
				ext[2*a+1] = q
			}
		}
	}
	lo, hi := ext[0], ext[1]
	dx, dy, dz := hi.sub(lo).lenSqr(), ext[3].sub(ext[2]).lenSqr(), ext[5].sub(ext[4]).lenSqr()
	if dy > dx && dy > dz {
		lo, hi = ext[2], ext[3]
	}
	if dz > dx && dz > dy {
		lo, hi = ext[4], ext[5]
	}
	c := lo.add(hi).mul(0.5)
	r := sqrt(hi.sub(c).lenSqr())
	for _, p := range points {
		q := d3(p)
		d := sqrt(q.sub(c).lenSqr())
		if d > r {
			// The new sphere runs from the far side of the old one to q.
			g := c.sub(q.sub(c).mul(r / d))
			c = g.add(q).mul(0.5)
			r = (r + d) / 2
		}
	}
	// Measure from the float32 centre, rounding up, so that float32
	// rounding cannot leave a point outside.
	c = d3(c.f32())
	for _, p := range points {
		r = max(r, sqrt(d3(p).sub(c).lenSqr()))
	}
	return BoundingSphere{Center: c.f32(), Radius: roundUp(r)}
}

// roundUp returns the float32 nearest to x that is not below it.
func roundUp(x float64) float32 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

// CreateMergedSphere returns the smallest sphere holding a and b (XNA's
// BoundingSphere.CreateMerged): the larger one when it holds the other,
// else the sphere whose diameter runs across both. An empty sphere adds
// nothing.
func CreateMergedSphere(a, b BoundingSphere) BoundingSphere {
	switch {
	case !(b.Radius >= 0):
		return a
	case !(a.Radius >= 0):
		return b
	}
	ca, cb := d3(a.Center), d3(b.Center)
	ra, rb := f64(a.Radius), f64(b.Radius)
	d := cb.sub(ca)
	dist := sqrt(d.lenSqr())
	switch {
	case dist+rb <= ra:
		return a
	case dist+ra <= rb:
		return b
	}
	r := (dist + ra + rb) / 2
	c := d3(ca.add(d.mul((r - ra) / dist)).f32())
	r = max(r, sqrt(ca.sub(c).lenSqr())+ra, sqrt(cb.sub(c).lenSqr())+rb)
	return BoundingSphere{Center: c.f32(), Radius: roundUp(r)}
}

// Transform returns the sphere moved by m: the centre transformed as a
// point (m's last row taken as 0, 0, 0, 1), the radius scaled by m's
// largest axis scale, so the result still holds the transformed ball
// (XNA's BoundingSphere.Transform).
func (s BoundingSphere) Transform(m mgl32.Mat4) BoundingSphere {
	c := m.Mul4x1(s.Center.Vec4(1)).Vec3()
	scale := float32(0)
	for i := range 3 {
		if l := m.Col(i).Vec3().Len(); l > scale {
			scale = l
		}
	}
	return BoundingSphere{Center: c, Radius: s.Radius * scale}
}

// ContainsPoint returns Contains for a point strictly inside s,
// Intersects for a point on its surface and Disjoint for one outside
// (XNA's BoundingSphere.Contains(Vector3)). A sphere of radius 0 answers
// Intersects for its centre.
func (s BoundingSphere) ContainsPoint(p mgl32.Vec3) ContainmentType {
	if !(s.Radius >= 0) {
		return Disjoint
	}
	d, r := d3(p).sub(d3(s.Center)).lenSqr(), f64(s.Radius)
	switch {
	case d > r*r:
		return Disjoint
	case d < r*r:
		return Contains
	}
	return Intersects
}

// ContainsBox returns Contains when every corner of b is in s (on the
// surface counts), Disjoint when they share no point, Intersects
// otherwise. An empty box is Disjoint.
func (s BoundingSphere) ContainsBox(b BoundingBox) ContainmentType {
	if !b.IntersectsSphere(s) {
		return Disjoint
	}
	c, r := d3(s.Center), f64(s.Radius)
	for _, p := range b.corners64() {
		if p.sub(c).lenSqr() > r*r {
			return Intersects
		}
	}
	return Contains
}

// ContainsSphere returns Contains when o lies in s (surfaces may touch
// from inside), Disjoint when they share no point, Intersects otherwise;
// spheres touching from outside intersect.
func (s BoundingSphere) ContainsSphere(o BoundingSphere) ContainmentType {
	if !s.IntersectsSphere(o) {
		return Disjoint
	}
	d := sqrt(d3(o.Center).sub(d3(s.Center)).lenSqr())
	if d+f64(o.Radius) <= f64(s.Radius) {
		return Contains
	}
	return Intersects
}

// ContainsFrustum returns Contains when all of f's corners are in s,
// Disjoint when they share no point, Intersects otherwise (exact, where
// XNA tests corners only).
func (s BoundingSphere) ContainsFrustum(f *BoundingFrustum) ContainmentType {
	if !f.IntersectsSphere(s) {
		return Disjoint
	}
	c, r := d3(s.Center), f64(s.Radius)
	for _, p := range f.corners {
		if p.sub(c).lenSqr() > r*r {
			return Intersects
		}
	}
	return Contains
}

// IntersectsBox reports whether s and b share a point (touching counts).
func (s BoundingSphere) IntersectsBox(b BoundingBox) bool { return b.IntersectsSphere(s) }

// IntersectsSphere reports whether s and o share a point: their centres
// are at most the sum of the radii apart (touching counts).
func (s BoundingSphere) IntersectsSphere(o BoundingSphere) bool {
	if !(s.Radius >= 0 && o.Radius >= 0) {
		return false
	}
	r := f64(s.Radius) + f64(o.Radius)
	return d3(o.Center).sub(d3(s.Center)).lenSqr() <= r*r
}

// IntersectsFrustum reports whether s and f share a point (exact: the
// distance from the centre to the frustum is at most the radius).
func (s BoundingSphere) IntersectsFrustum(f *BoundingFrustum) bool { return f.IntersectsSphere(s) }

// IntersectsPlane returns Front or Back when s lies wholly on that side
// of p, Intersecting when it crosses or touches p. The plane need not be
// normalized (XNA assumes it is).
func (s BoundingSphere) IntersectsPlane(p Plane) PlaneIntersectionType {
	q := p.p64()
	d, r := q.dist(d3(s.Center)), f64(s.Radius)*sqrt(q.n.lenSqr())
	switch {
	case d > r:
		return Front
	case d < -r:
		return Back
	}
	return Intersecting
}

// IntersectsRay returns the distance along r to s (Ray.IntersectsSphere).
func (s BoundingSphere) IntersectsRay(r Ray) (float32, bool) { return r.IntersectsSphere(s) }
