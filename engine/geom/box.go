package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// BoundingBox is an axis-aligned box from Min to Max, faces included
// (XNA's BoundingBox). A box with Min above Max on some axis (or a NaN)
// is empty: it contains and intersects nothing, and merging it changes
// nothing, which is what CreateBoxFromPoints returns for no points.
type BoundingBox struct {
	Min, Max mgl32.Vec3
}

// CornerCount is the number of corners of a box or a frustum.
const CornerCount = 8

// CreateBoxFromPoints returns the smallest box holding every point (XNA's
// BoundingBox.CreateFromPoints); for no points, the empty box with Min
// +Inf and Max -Inf (XNA throws there).
func CreateBoxFromPoints(points []mgl32.Vec3) BoundingBox {
	inf := float32(math.Inf(1))
	b := BoundingBox{Min: mgl32.Vec3{inf, inf, inf}, Max: mgl32.Vec3{-inf, -inf, -inf}}
	for _, p := range points {
		for i := range 3 {
			b.Min[i] = min(b.Min[i], p[i])
			b.Max[i] = max(b.Max[i], p[i])
		}
	}
	return b
}

// CreateBoxFromSphere returns the smallest box holding s: its centre
// plus and minus the radius on each axis (XNA's BoundingBox.CreateFromSphere).
func CreateBoxFromSphere(s BoundingSphere) BoundingBox {
	r := mgl32.Vec3{s.Radius, s.Radius, s.Radius}
	return BoundingBox{Min: s.Center.Sub(r), Max: s.Center.Add(r)}
}

// CreateMergedBox returns the smallest box holding a and b (XNA's
// BoundingBox.CreateMerged); an empty box adds nothing.
func CreateMergedBox(a, b BoundingBox) BoundingBox {
	switch {
	case b.empty():
		return a
	case a.empty():
		return b
	}
	for i := range 3 {
		a.Min[i] = min(a.Min[i], b.Min[i])
		a.Max[i] = max(a.Max[i], b.Max[i])
	}
	return a
}

// empty reports whether b holds no point.
func (b BoundingBox) empty() bool {
	return !(b.Min[0] <= b.Max[0] && b.Min[1] <= b.Max[1] && b.Min[2] <= b.Max[2])
}

// GetCorners returns the eight corners in XNA's order: the Max-Z face
// first (Min.X,Max.Y; Max.X,Max.Y; Max.X,Min.Y; Min.X,Min.Y), then the
// Min-Z face in the same order.
func (b BoundingBox) GetCorners() [CornerCount]mgl32.Vec3 {
	lo, hi := b.Min, b.Max
	return [CornerCount]mgl32.Vec3{
		{lo[0], hi[1], hi[2]}, {hi[0], hi[1], hi[2]}, {hi[0], lo[1], hi[2]}, {lo[0], lo[1], hi[2]},
		{lo[0], hi[1], lo[2]}, {hi[0], hi[1], lo[2]}, {hi[0], lo[1], lo[2]}, {lo[0], lo[1], lo[2]},
	}
}

func (b BoundingBox) corners64() [CornerCount]v3 {
	var c [CornerCount]v3
	for i, p := range b.GetCorners() {
		c[i] = d3(p)
	}
	return c
}

// Transform returns the smallest axis-aligned box holding b transformed
// by the affine m (m's last row is taken as 0, 0, 0, 1; XNA has no such
// method). An empty box stays empty.
func (b BoundingBox) Transform(m mgl32.Mat4) BoundingBox {
	if b.empty() {
		return b
	}
	var lo, hi v3
	for i := range 3 {
		lo[i], hi[i] = f64(m.At(i, 3)), f64(m.At(i, 3))
		for j := range 3 {
			e := f64(m.At(i, j))
			x, y := e*f64(b.Min[j]), e*f64(b.Max[j])
			lo[i] += min(x, y)
			hi[i] += max(x, y)
		}
	}
	return BoundingBox{Min: lo.f32(), Max: hi.f32()}
}

// ContainsPoint returns Contains for a point inside b or on its faces and
// Disjoint otherwise (XNA's BoundingBox.Contains(Vector3): a box never
// answers Intersects for a point).
func (b BoundingBox) ContainsPoint(p mgl32.Vec3) ContainmentType {
	if b.Min[0] <= p[0] && p[0] <= b.Max[0] && b.Min[1] <= p[1] && p[1] <= b.Max[1] &&
		b.Min[2] <= p[2] && p[2] <= b.Max[2] {
		return Contains
	}
	return Disjoint
}

// ContainsBox returns Contains when o lies inside b (faces may touch),
// Disjoint when they share no point, Intersects otherwise; boxes that
// share only a face, edge or corner intersect. An empty o is Disjoint.
func (b BoundingBox) ContainsBox(o BoundingBox) ContainmentType {
	if !b.IntersectsBox(o) {
		return Disjoint
	}
	for i := range 3 {
		if o.Min[i] < b.Min[i] || o.Max[i] > b.Max[i] {
			return Intersects
		}
	}
	return Contains
}

// ContainsSphere returns Contains when s lies inside b (it may touch the
// faces), Disjoint when they share no point, Intersects otherwise; a
// sphere touching b from outside intersects it.
func (b BoundingBox) ContainsSphere(s BoundingSphere) ContainmentType {
	if !b.IntersectsSphere(s) {
		return Disjoint
	}
	c, r := d3(s.Center), f64(s.Radius)
	for i := range 3 {
		if c[i]-f64(b.Min[i]) < r || f64(b.Max[i])-c[i] < r {
			return Intersects
		}
	}
	return Contains
}

// ContainsFrustum returns Contains when all of f's corners lie in b,
// Disjoint when they share no point, Intersects otherwise (exact, where
// XNA tests corners only).
func (b BoundingBox) ContainsFrustum(f *BoundingFrustum) ContainmentType {
	if !f.IntersectsBox(b) {
		return Disjoint
	}
	for _, c := range f.corners {
		if !b.containsPoint64(c) {
			return Intersects
		}
	}
	return Contains
}

func (b BoundingBox) containsPoint64(p v3) bool {
	for i := range 3 {
		if p[i] < f64(b.Min[i]) || p[i] > f64(b.Max[i]) {
			return false
		}
	}
	return true
}

// IntersectsBox reports whether b and o share a point; touching faces,
// edges or corners count. Empty boxes intersect nothing.
func (b BoundingBox) IntersectsBox(o BoundingBox) bool {
	if b.empty() || o.empty() {
		return false
	}
	for i := range 3 {
		if b.Max[i] < o.Min[i] || o.Max[i] < b.Min[i] {
			return false
		}
	}
	return true
}

// distSqr returns the squared distance from p to the nearest point of b.
func (b BoundingBox) distSqr(p v3) float64 {
	d := 0.0
	for i := range 3 {
		lo, hi := f64(b.Min[i]), f64(b.Max[i])
		switch {
		case p[i] < lo:
			d += (lo - p[i]) * (lo - p[i])
		case p[i] > hi:
			d += (p[i] - hi) * (p[i] - hi)
		}
	}
	return d
}

// IntersectsSphere reports whether b and s share a point: the nearest
// point of b is at most s.Radius from the centre (touching counts). A
// sphere with a negative radius intersects nothing.
func (b BoundingBox) IntersectsSphere(s BoundingSphere) bool {
	if b.empty() || !(s.Radius >= 0) {
		return false
	}
	r := f64(s.Radius)
	return b.distSqr(d3(s.Center)) <= r*r
}

// IntersectsFrustum reports whether b and f share a point (exact: a
// separating-axis test).
func (b BoundingBox) IntersectsFrustum(f *BoundingFrustum) bool { return f.IntersectsBox(b) }

// IntersectsPlane returns Front or Back when b lies wholly on that side
// of p, and Intersecting when it crosses or touches p.
func (b BoundingBox) IntersectsPlane(p Plane) PlaneIntersectionType {
	q := p.p64()
	var lo, hi float64 = q.d, q.d // the plane function's range over b
	for i := range 3 {
		x, y := q.n[i]*f64(b.Min[i]), q.n[i]*f64(b.Max[i])
		lo += min(x, y)
		hi += max(x, y)
	}
	switch {
	case lo > 0:
		return Front
	case hi < 0:
		return Back
	}
	return Intersecting
}

// IntersectsRay returns the distance along r to b (Ray.IntersectsBox).
func (b BoundingBox) IntersectsRay(r Ray) (float32, bool) { return r.IntersectsBox(b) }
