// Package geom holds the parts of XNA's Framework math that mathgl lacks
// (rules X1-X3): the bounding volumes BoundingBox, BoundingSphere and
// BoundingFrustum, Ray and Plane with XNA's containment and intersection
// tests between every pair, Curve, MathHelper's scalar and vector helpers,
// the Matrix builders XNA has and mathgl does not, and Point.
//
// The package is pure Go: it imports only the standard library and mathgl,
// and builds without cgo.
//
// Conventions. Vectors and matrices are mathgl's: column vectors, so a
// point is transformed as m.Mul4x1(p.Vec4(1)) and a world-view-projection
// is Projection*View*World. Planes are XNA's: the points p with
// Normal·p + D = 0; the Front side is where Normal·p + D > 0. A frustum's
// planes face outwards, so a point inside it is Back of (or on) all six.
//
// Touching counts as intersecting, as in XNA: two volumes that share only
// a boundary point intersect, a ray that grazes a volume hits it, and a
// volume that touches a plane is Intersecting. The predicates compute in
// float64 from the float32 fields, so their answers are exact up to
// float64 rounding; each method's doc comment states its edge cases.
package geom
