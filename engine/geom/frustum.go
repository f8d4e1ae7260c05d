package geom

import "github.com/go-gl/mathgl/mgl32"

// BoundingFrustum is the volume a camera sees: the points whose clip
// coordinates under its matrix M = Projection*View (mathgl's column
// order, the matrix a vertex shader multiplies by) satisfy
// -w <= x <= w, -w <= y <= w and 0 <= z <= w (XNA's BoundingFrustum, in
// this engine's conventions: depth 0..1, and Y flipped by the projection
// helpers so that clip y = -w is the top of the screen). Its six planes
// face outwards, normalized. Build one with NewBoundingFrustum (the zero
// BoundingFrustum holds every point); a matrix that is not a projection
// (singular, or with w <= 0 inside) gives a frustum whose answers mean
// nothing.
type BoundingFrustum struct {
	matrix  mgl32.Mat4
	planes  [6]plane64 // Near, Far, Left, Right, Top, Bottom
	corners [CornerCount]v3
}

// frustum corner indices of each face, in planes' order, each a cycle.
var faceCorners = [6][4]int{
	{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 3, 7, 4}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 2, 6, 7},
}

// frustum edges, as corner index pairs.
var frustumEdges = [12][2]int{
	{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7},
}

// NewBoundingFrustum returns the frustum of viewProjection: Projection*View
// in mathgl's column-vector order, for example
// graphics.CreatePerspectiveFieldOfView(...) times graphics.CreateLookAt(...).
// It culls exactly what that camera cannot see.
func NewBoundingFrustum(viewProjection mgl32.Mat4) *BoundingFrustum {
	f := &BoundingFrustum{}
	f.SetMatrix(viewProjection)
	return f
}

// Matrix returns the matrix the frustum was built from.
func (f *BoundingFrustum) Matrix() mgl32.Mat4 { return f.matrix }

// SetMatrix rebuilds the frustum from viewProjection (XNA's Matrix
// setter), without allocating.
func (f *BoundingFrustum) SetMatrix(viewProjection mgl32.Mat4) {
	f.matrix = viewProjection
	var r [4]v3
	var w [4]float64
	for i := range 4 {
		row := viewProjection.Row(i)
		r[i], w[i] = d3(row.Vec3()), f64(row[3])
	}
	neg := func(i int) plane64 { return plane64{r[i].mul(-1), -w[i]} }
	minus := func(i, j int) plane64 { return plane64{r[i].sub(r[j]), w[i] - w[j]} }
	negSum := func(i, j int) plane64 { return plane64{r[i].add(r[j]).mul(-1), -(w[i] + w[j])} }
	f.planes = [6]plane64{
		neg(2),       // near: z >= 0
		minus(2, 3),  // far: z <= w
		negSum(0, 3), // left: x >= -w
		minus(0, 3),  // right: x <= w
		negSum(1, 3), // top: y >= -w (the projection helpers flip Y)
		minus(1, 3),  // bottom: y <= w
	}
	for i, p := range f.planes {
		if l := sqrt(p.n.lenSqr()); l > 0 {
			f.planes[i] = plane64{p.n.mul(1 / l), p.d / l}
		}
	}
	const near, far, left, right, top, bottom = 0, 1, 2, 3, 4, 5
	for i, c := range [CornerCount][3]int{
		{near, left, top}, {near, right, top}, {near, right, bottom}, {near, left, bottom},
		{far, left, top}, {far, right, top}, {far, right, bottom}, {far, left, bottom},
	} {
		f.corners[i] = meet(f.planes[c[0]], f.planes[c[1]], f.planes[c[2]])
	}
}

// meet returns the point on the three planes.
func meet(a, b, c plane64) v3 {
	bc, ca, ab := b.n.cross(c.n), c.n.cross(a.n), a.n.cross(b.n)
	den := a.n.dot(bc)
	return bc.mul(a.d).add(ca.mul(b.d)).add(ab.mul(c.d)).mul(-1 / den)
}

func (p plane64) f32() Plane { return Plane{Normal: p.n.f32(), D: float32(p.d)} }

// Near returns the near plane (depth 0), facing away from the frustum.
func (f *BoundingFrustum) Near() Plane { return f.planes[0].f32() }

// Far returns the far plane (depth 1), facing away from the frustum.
func (f *BoundingFrustum) Far() Plane { return f.planes[1].f32() }

// Left returns the plane through the screen's left edge, facing out.
func (f *BoundingFrustum) Left() Plane { return f.planes[2].f32() }

// Right returns the plane through the screen's right edge, facing out.
func (f *BoundingFrustum) Right() Plane { return f.planes[3].f32() }

// Top returns the plane through the screen's top edge, facing out.
func (f *BoundingFrustum) Top() Plane { return f.planes[4].f32() }

// Bottom returns the plane through the screen's bottom edge, facing out.
func (f *BoundingFrustum) Bottom() Plane { return f.planes[5].f32() }

// GetCorners returns the eight corners in XNA's order: on the near plane
// top-left, top-right, bottom-right, bottom-left (as seen on screen), then
// the same four on the far plane.
func (f *BoundingFrustum) GetCorners() [CornerCount]mgl32.Vec3 {
	var c [CornerCount]mgl32.Vec3
	for i, p := range f.corners {
		c[i] = p.f32()
	}
	return c
}

func (f *BoundingFrustum) inside(p v3) bool {
	for _, q := range f.planes {
		if q.dist(p) > 0 {
			return false
		}
	}
	return true
}

// ContainsPoint returns Contains for a point inside f or on its
// boundary, Disjoint otherwise: exactly the points that project into the
// viewport with depth 0..1, boundary included (XNA allows 1e-5 beyond
// the planes; a frustum never answers Intersects for a point).
func (f *BoundingFrustum) ContainsPoint(p mgl32.Vec3) ContainmentType {
	if f.inside(d3(p)) {
		return Contains
	}
	return Disjoint
}

// ContainsBox returns Contains when all of b's corners are in f,
// Disjoint when they share no point, Intersects otherwise. The test is
// exact: XNA's plane-by-plane test answers Intersects for some boxes
// outside near a frustum's edge, which this one calls Disjoint.
func (f *BoundingFrustum) ContainsBox(b BoundingBox) ContainmentType {
	if !f.IntersectsBox(b) {
		return Disjoint
	}
	for _, p := range b.corners64() {
		if !f.inside(p) {
			return Intersects
		}
	}
	return Contains
}

// ContainsSphere returns Contains when s is in f (it may touch the
// planes), Disjoint when they share no point (exact, as ContainsBox),
// Intersects otherwise.
func (f *BoundingFrustum) ContainsSphere(s BoundingSphere) ContainmentType {
	if !f.IntersectsSphere(s) {
		return Disjoint
	}
	c, r := d3(s.Center), f64(s.Radius)
	for _, q := range f.planes {
		if q.dist(c) > -r {
			return Intersects
		}
	}
	return Contains
}

// ContainsFrustum returns Contains when all of o's corners are in f or
// o has f's matrix, Disjoint when they share no point, Intersects
// otherwise.
func (f *BoundingFrustum) ContainsFrustum(o *BoundingFrustum) ContainmentType {
	if f.matrix == o.matrix { // as XNA: corners on the planes round both ways
		return Contains
	}
	if !f.IntersectsFrustum(o) {
		return Disjoint
	}
	for _, p := range o.corners {
		if !f.inside(p) {
			return Intersects
		}
	}
	return Contains
}

// IntersectsBox reports whether f and b share a point (touching counts).
// It is a separating-axis test over the box's axes, the frustum's face
// normals and the cross products of their edges, so it is exact.
func (f *BoundingFrustum) IntersectsBox(b BoundingBox) bool {
	if b.empty() {
		return false
	}
	bc := b.corners64()
	axes := [3]v3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	return !f.separated(bc[:], axes[:])
}

// IntersectsFrustum reports whether f and o share a point (touching
// counts; a separating-axis test, so exact).
func (f *BoundingFrustum) IntersectsFrustum(o *BoundingFrustum) bool {
	var dirs [12]v3
	for i, e := range frustumEdges {
		dirs[i] = o.corners[e[1]].sub(o.corners[e[0]])
	}
	for _, q := range o.planes {
		if apart(f.corners[:], o.corners[:], q.n) {
			return false
		}
	}
	return !f.separated(o.corners[:], dirs[:])
}

// separated reports whether a separating axis parts f and the convex
// hull of pts, whose edges run along dirs (and whose own face normals
// are among dirs or already tested by the caller).
func (f *BoundingFrustum) separated(pts []v3, dirs []v3) bool {
	for _, q := range f.planes {
		if apart(f.corners[:], pts, q.n) {
			return true
		}
	}
	for _, d := range dirs {
		if apart(f.corners[:], pts, d) {
			return true
		}
		for _, e := range frustumEdges {
			fe := f.corners[e[1]].sub(f.corners[e[0]])
			ax := d.cross(fe)
			if ax.lenSqr() <= 1e-20*d.lenSqr()*fe.lenSqr() { // parallel edges
				continue
			}
			if apart(f.corners[:], pts, ax) {
				return true
			}
		}
	}
	return false
}

// apart reports whether the projections of a and b on axis do not
// overlap (touching intervals overlap).
func apart(a, b []v3, axis v3) bool {
	aLo, aHi := span(a, axis)
	bLo, bHi := span(b, axis)
	return aHi < bLo || bHi < aLo
}

func span(pts []v3, axis v3) (lo, hi float64) {
	lo, hi = pts[0].dot(axis), pts[0].dot(axis)
	for _, p := range pts[1:] {
		d := p.dot(axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// IntersectsSphere reports whether f and s share a point: the distance
// from the centre to the frustum is at most the radius (touching counts;
// exact, where XNA's plane test also passes spheres outside near an edge).
func (f *BoundingFrustum) IntersectsSphere(s BoundingSphere) bool {
	if !(s.Radius >= 0) {
		return false
	}
	c, r := d3(s.Center), f64(s.Radius)
	outside := false
	for _, q := range f.planes {
		switch d := q.dist(c); {
		case d > r:
			return false
		case d > 0:
			outside = true
		}
	}
	return !outside || f.distSqr(c) <= r*r
}

// distSqr returns the squared distance from a point outside f to f: the
// nearest point is inside a face the point is in front of, or on an edge.
func (f *BoundingFrustum) distSqr(c v3) float64 {
	best := inf
	for i, q := range f.planes {
		d := q.dist(c)
		if d <= 0 {
			continue
		}
		if f.faceHolds(i, c.sub(q.n.mul(d))) {
			best = min(best, d*d)
		}
	}
	for _, e := range frustumEdges {
		best = min(best, segDistSqr(c, f.corners[e[0]], f.corners[e[1]]))
	}
	return best
}

// faceHolds reports whether p, on face i's plane, lies within the face.
func (f *BoundingFrustum) faceHolds(i int, p v3) bool {
	n := f.planes[i].n
	pos, neg := false, false
	fc := faceCorners[i]
	for k := range 4 {
		a, b := f.corners[fc[k]], f.corners[fc[(k+1)%4]]
		s := n.dot(b.sub(a).cross(p.sub(a)))
		pos, neg = pos || s > 0, neg || s < 0
	}
	return !(pos && neg)
}

// segDistSqr returns the squared distance from c to the segment a-b.
func segDistSqr(c, a, b v3) float64 {
	ab := b.sub(a)
	t := 0.0
	if l := ab.lenSqr(); l > 0 {
		t = max(0, min(1, c.sub(a).dot(ab)/l))
	}
	return c.sub(a.add(ab.mul(t))).lenSqr()
}

// IntersectsPlane returns Front or Back when f lies wholly on that side
// of p, Intersecting when it crosses p or a corner touches it.
func (f *BoundingFrustum) IntersectsPlane(p Plane) PlaneIntersectionType {
	return p.p64().classify(f.corners[:])
}

// IntersectsRay returns the distance along r to f (Ray.IntersectsFrustum).
func (f *BoundingFrustum) IntersectsRay(r Ray) (float32, bool) { return r.IntersectsFrustum(f) }
