package geom

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// ContainmentType says how much of one volume another holds (XNA's
// ContainmentType).
type ContainmentType int

// The containment answers, with XNA's values.
const (
	// Disjoint: the volumes share no point.
	Disjoint ContainmentType = iota
	// Contains: the second volume lies wholly inside the first (its
	// boundary may touch the first's).
	Contains
	// Intersects: the volumes share a point, but the first does not
	// contain the second.
	Intersects
)

// String returns the constant's name.
func (c ContainmentType) String() string {
	switch c {
	case Disjoint:
		return "Disjoint"
	case Contains:
		return "Contains"
	case Intersects:
		return "Intersects"
	}
	return fmt.Sprintf("ContainmentType(%d)", int(c))
}

// PlaneIntersectionType says on which side of a plane a volume lies (XNA's
// PlaneIntersectionType).
type PlaneIntersectionType int

// The plane answers, with XNA's values.
const (
	// Front: wholly on the side the normal points to, not touching the plane.
	Front PlaneIntersectionType = iota
	// Back: wholly on the other side, not touching the plane.
	Back
	// Intersecting: the volume crosses or touches the plane.
	Intersecting
)

// String returns the constant's name.
func (p PlaneIntersectionType) String() string {
	switch p {
	case Front:
		return "Front"
	case Back:
		return "Back"
	case Intersecting:
		return "Intersecting"
	}
	return fmt.Sprintf("PlaneIntersectionType(%d)", int(p))
}

// v3 is a float64 vector: the predicates compute in float64 so that their
// answers do not depend on float32 rounding of intermediate values.
type v3 [3]float64

func d3(v mgl32.Vec3) v3 { return v3{float64(v[0]), float64(v[1]), float64(v[2])} }

func (a v3) add(b v3) v3      { return v3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a v3) sub(b v3) v3      { return v3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a v3) mul(s float64) v3 { return v3{a[0] * s, a[1] * s, a[2] * s} }
func (a v3) dot(b v3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a v3) lenSqr() float64  { return a.dot(a) }
func (a v3) f32() mgl32.Vec3  { return mgl32.Vec3{float32(a[0]), float32(a[1]), float32(a[2])} }
func (a v3) cross(b v3) v3 {
	return v3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// plane64 is a plane in float64: the points p with n·p + d = 0.
type plane64 struct {
	n v3
	d float64
}

func (p plane64) dist(q v3) float64 { return p.n.dot(q) + p.d }

// classify returns the side of the plane the points lie on: Front when
// all are in front, Back when all are behind, Intersecting otherwise
// (a point on the plane counts as touching it).
func (p plane64) classify(pts []v3) PlaneIntersectionType {
	front, back := 0, 0
	for _, q := range pts {
		switch d := p.dist(q); {
		case d > 0:
			front++
		case d < 0:
			back++
		default:
			return Intersecting
		}
	}
	switch len(pts) {
	case front:
		return Front
	case back:
		return Back
	}
	return Intersecting
}

func f64(x float32) float64 { return float64(x) }

func sqrt(x float64) float64 { return math.Sqrt(x) }

var inf = math.Inf(1)
