package geom

import "github.com/go-gl/mathgl/mgl32"

// Plane is the set of points p with Normal·p + D = 0 (XNA's Plane). Its
// Front side is where Normal·p + D > 0. Normal need not be unit length;
// Normalize makes it so, and then DotCoordinate is the signed distance.
type Plane struct {
	Normal mgl32.Vec3
	D      float32
}

// NewPlaneFromVec4 returns the plane x*X + y*Y + z*Z + w = 0 for the
// vector (x, y, z, w) (XNA's Plane(Vector4)).
func NewPlaneFromVec4(v mgl32.Vec4) Plane { return Plane{Normal: v.Vec3(), D: v[3]} }

// NewPlaneFromPoints returns the plane through a, b and c with the normal
// (b-a)x(c-a) normalized (XNA's Plane(Vector3, Vector3, Vector3)): seen
// from the Front side, a, b, c run counter-clockwise. Collinear points
// give a zero normal.
func NewPlaneFromPoints(a, b, c mgl32.Vec3) Plane {
	n := d3(b).sub(d3(a)).cross(d3(c).sub(d3(a)))
	if l := sqrt(n.lenSqr()); l > 0 {
		n = n.mul(1 / l)
	}
	return Plane{Normal: n.f32(), D: float32(-n.dot(d3(a)))}
}

func (p Plane) p64() plane64 { return plane64{d3(p.Normal), f64(p.D)} }

// Normalize returns the plane with a unit normal, D scaled alike (XNA's
// Plane.Normalize, which changes the plane in place; Go's value receiver
// returns the result instead). A zero normal is returned unchanged.
func (p Plane) Normalize() Plane {
	n := d3(p.Normal)
	l := sqrt(n.lenSqr())
	if l == 0 {
		return p
	}
	return Plane{Normal: n.mul(1 / l).f32(), D: float32(f64(p.D) / l)}
}

// Dot returns Normal·(x, y, z) + D*w for v = (x, y, z, w) (XNA's Plane.Dot).
func (p Plane) Dot(v mgl32.Vec4) float32 {
	return float32(d3(p.Normal).dot(d3(v.Vec3())) + f64(p.D)*f64(v[3]))
}

// DotCoordinate returns Normal·v + D: positive in front of the plane, the
// signed distance when Normal is unit length (XNA's Plane.DotCoordinate).
func (p Plane) DotCoordinate(v mgl32.Vec3) float32 { return float32(p.p64().dist(d3(v))) }

// DotNormal returns Normal·v, the plane's D ignored: for a direction
// (XNA's Plane.DotNormal).
func (p Plane) DotNormal(v mgl32.Vec3) float32 { return float32(d3(p.Normal).dot(d3(v))) }

// Transform returns the plane moved by m: the points of the result are
// the points of p transformed by m (XNA's Plane.Transform). The plane's
// vector is multiplied by the inverse transpose of m; a singular m gives
// mathgl's Inv result, the zero matrix, and so the zero plane.
func (p Plane) Transform(m mgl32.Mat4) Plane {
	// (n, d) is a row vector r with r·(x,1) = 0; after x' = m x, the plane
	// is r·m⁻¹, whose column form is m⁻ᵀ rᵀ.
	v := m.Inv().Transpose().Mul4x1(mgl32.Vec4{p.Normal[0], p.Normal[1], p.Normal[2], p.D})
	return NewPlaneFromVec4(v)
}

// IntersectsPoint returns Front or Back for a point off the plane and
// Intersecting for a point on it (exactly, in float64).
func (p Plane) IntersectsPoint(v mgl32.Vec3) PlaneIntersectionType {
	return p.p64().classify([]v3{d3(v)})
}

// IntersectsBox returns on which side of the plane b lies; a box
// touching the plane is Intersecting (XNA's Plane.Intersects(BoundingBox)).
func (p Plane) IntersectsBox(b BoundingBox) PlaneIntersectionType { return b.IntersectsPlane(p) }

// IntersectsSphere returns on which side of the plane s lies; a sphere
// touching the plane is Intersecting.
func (p Plane) IntersectsSphere(s BoundingSphere) PlaneIntersectionType {
	return s.IntersectsPlane(p)
}

// IntersectsFrustum returns on which side of the plane f lies; a frustum
// with a corner on the plane is Intersecting.
func (p Plane) IntersectsFrustum(f *BoundingFrustum) PlaneIntersectionType {
	return f.IntersectsPlane(p)
}

// IntersectsRay returns the distance along r at which it meets the plane
// (Ray.IntersectsPlane).
func (p Plane) IntersectsRay(r Ray) (float32, bool) { return r.IntersectsPlane(p) }
