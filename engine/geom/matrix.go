package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// The Matrix builders XNA has and mathgl lacks. Convention: XNA's matrices
// act on row vectors (v' = v*M) and mathgl's on column vectors
// (v' = M*v); XNA's M11, M12, ... M44, read row by row, are mathgl's
// sixteen numbers read column by column. So each builder here fills
// mathgl's Mat4 with XNA's numbers in XNA's order, and the result does to
// a column vector what XNA's does to a row vector: m.Mul4x1(p.Vec4(1)) is
// XNA's Vector3.Transform(p, M), and XNA's A*B (A first) is mathgl's B*A.
// XNA's Right, Up and Backward rows are mathgl's first three columns, its
// Translation row the fourth.

// xnaForward is XNA's Vector3.Forward: -Z, right-handed.
var xnaForward = mgl32.Vec3{0, 0, -1}

// cols returns the matrix with columns x, y, z (directions) and p (point).
func cols(x, y, z, p mgl32.Vec3) mgl32.Mat4 {
	return mgl32.Mat4{x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, p[0], p[1], p[2], 1}
}

// CreateBillboard returns the world matrix of a quad at objectPosition
// turned to face a camera at cameraPosition with cameraUp as its up
// (XNA's Matrix.CreateBillboard): its Z axis runs from the camera to the
// object, X is cameraUp x Z normalized, Y is Z x X. When the object is at
// the camera (closer than 0.01), Z is -cameraForward, or XNA's Forward
// (0, 0, -1) when cameraForward is zero (XNA's null).
func CreateBillboard(objectPosition, cameraPosition, cameraUp, cameraForward mgl32.Vec3) mgl32.Mat4 {
	z := towards(objectPosition, cameraPosition, cameraForward)
	x := cameraUp.Cross(z).Normalize()
	return cols(x, z.Cross(x), z, objectPosition)
}

// towards returns the unit direction from the camera to the object, or
// XNA's fallback when they meet.
func towards(object, camera, cameraForward mgl32.Vec3) mgl32.Vec3 {
	d := object.Sub(camera)
	if l := d.LenSqr(); l >= 0.0001 {
		return d.Mul(float32(1 / math.Sqrt(f64(l))))
	}
	if cameraForward != (mgl32.Vec3{}) {
		return cameraForward.Mul(-1)
	}
	return xnaForward
}

// CreateConstrainedBillboard returns the world matrix of a quad at
// objectPosition that turns only about rotateAxis to face a camera at
// cameraPosition (XNA's Matrix.CreateConstrainedBillboard): Y is
// rotateAxis, X is rotateAxis x (camera to object) normalized, Z is X x Y.
// When the camera lies along the axis (within about 3.4 degrees),
// objectForward stands in for the direction to the camera, or XNA's
// Forward (-Z), or Right (+X) when that too lies along the axis. A zero
// cameraForward or objectForward means none (XNA's null).
func CreateConstrainedBillboard(objectPosition, cameraPosition, rotateAxis, cameraForward, objectForward mgl32.Vec3) mgl32.Mat4 {
	const parallel = 0.9982547 // cos of about 3.4 degrees
	d := towards(objectPosition, cameraPosition, cameraForward)
	var x, z mgl32.Vec3
	if abs(rotateAxis.Dot(d)) > parallel {
		v := xnaForward
		if objectForward != (mgl32.Vec3{}) && abs(rotateAxis.Dot(objectForward)) <= parallel {
			v = objectForward
		} else if abs(rotateAxis.Dot(xnaForward)) > parallel {
			v = mgl32.Vec3{1, 0, 0}
		}
		x = rotateAxis.Cross(v).Normalize()
		z = x.Cross(rotateAxis).Normalize()
	} else {
		x = rotateAxis.Cross(d).Normalize()
		z = x.Cross(rotateAxis).Normalize()
	}
	return cols(x, rotateAxis, z, objectPosition)
}

func abs(x float32) float32 { return float32(math.Abs(f64(x))) }

// CreateReflection returns the matrix that mirrors points through plane
// (XNA's Matrix.CreateReflection); the plane is normalized first.
func CreateReflection(plane Plane) mgl32.Mat4 {
	p := plane.Normalize()
	n, d := p.Normal, p.D
	a, b, c := -2*n[0], -2*n[1], -2*n[2]
	return mgl32.Mat4{
		a*n[0] + 1, b * n[0], c * n[0], 0,
		a * n[1], b*n[1] + 1, c * n[1], 0,
		a * n[2], b * n[2], c*n[2] + 1, 0,
		a * d, b * d, c * d, 1,
	}
}

// CreateShadow returns the matrix that flattens points onto plane along
// lightDirection, as a shadow cast by a distant light (XNA's
// Matrix.CreateShadow); the plane is normalized first. The result is
// projective: divide by w (w is Normal·lightDirection; a light parallel to
// the plane makes it 0).
func CreateShadow(lightDirection mgl32.Vec3, plane Plane) mgl32.Mat4 {
	p := plane.Normalize()
	dot := p.Normal.Dot(lightDirection)
	x, y, z, d := -p.Normal[0], -p.Normal[1], -p.Normal[2], -p.D
	l := lightDirection
	return mgl32.Mat4{
		x*l[0] + dot, x * l[1], x * l[2], 0,
		y * l[0], y*l[1] + dot, y * l[2], 0,
		z * l[0], z * l[1], z*l[2] + dot, 0,
		d * l[0], d * l[1], d * l[2], dot,
	}
}

// CreateWorld returns the world matrix of an object at position facing
// forward with up as its up (XNA's Matrix.CreateWorld): X is forward x up,
// Y is X x forward, both normalized, and the object's -Z runs along
// forward.
func CreateWorld(position, forward, up mgl32.Vec3) mgl32.Mat4 {
	z := forward.Normalize()
	x := forward.Cross(up)
	y := x.Cross(forward).Normalize()
	return cols(x.Normalize(), y, z.Mul(-1), position)
}

// Decompose splits m = Translate * Rotate * Scale (mathgl's order; XNA's
// Scale * Rotate * Translate) into its scale, rotation and translation
// (XNA's Matrix.Decompose). The scales are the lengths of m's first three
// columns; a mirroring m (negative determinant) gets a negative X scale.
// It reports false, with the identity rotation, when a scale is zero (to
// float32 precision). A shear makes the rotation approximate.
func Decompose(m mgl32.Mat4) (scale mgl32.Vec3, rotation mgl32.Quat, translation mgl32.Vec3, ok bool) {
	translation = m.Col(3).Vec3()
	var c [3]v3
	for i := range 3 {
		c[i] = d3(m.Col(i).Vec3())
		scale[i] = float32(sqrt(c[i].lenSqr()))
	}
	if c[0].dot(c[1].cross(c[2])) < 0 {
		scale[0] = -scale[0]
	}
	for _, s := range scale {
		if math.Abs(f64(s)) < 1.1920929e-07 {
			return scale, mgl32.QuatIdent(), translation, false
		}
	}
	var r mgl32.Mat4
	for i := range 3 {
		col := c[i].mul(1 / f64(scale[i])).f32()
		r.SetCol(i, col.Vec4(0))
	}
	r[15] = 1
	return scale, mgl32.Mat4ToQuat(r).Normalize(), translation, true
}
