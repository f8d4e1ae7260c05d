package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MathHelper's constants (XNA's values, as float32).
const (
	Pi      float32 = math.Pi
	TwoPi   float32 = 2 * math.Pi
	PiOver2 float32 = math.Pi / 2
	PiOver4 float32 = math.Pi / 4
	E       float32 = math.E
	Log10E  float32 = math.Log10E
	Log2E   float32 = math.Log2E
)

// Lerp returns value1 + (value2-value1)*amount: value1 at 0, value2 at 1,
// extrapolated beyond (XNA's MathHelper.Lerp).
func Lerp(value1, value2, amount float32) float32 { return value1 + (value2-value1)*amount }

// SmoothStep eases from value1 to value2: the Hermite spline with flat
// tangents at amount clamped to 0..1 (XNA's MathHelper.SmoothStep).
func SmoothStep(value1, value2, amount float32) float32 {
	return Hermite(value1, 0, value2, 0, Clamp(amount, 0, 1))
}

// Hermite returns the cubic Hermite spline from value1 with tangent1 to
// value2 with tangent2 at amount: exactly value1 at 0 and value2 at 1
// (XNA's MathHelper.Hermite). It computes in float64.
func Hermite(value1, tangent1, value2, tangent2, amount float32) float32 {
	switch amount {
	case 0:
		return value1
	case 1:
		return value2
	}
	return float32(hermite(f64(value1), f64(tangent1), f64(value2), f64(tangent2), f64(amount)))
}

// CatmullRom returns the Catmull-Rom spline through value2 (amount 0) and
// value3 (amount 1), shaped by value1 and value4 (XNA's
// MathHelper.CatmullRom). It computes in float64.
func CatmullRom(value1, value2, value3, value4, amount float32) float32 {
	v1, v2, v3, v4, s := f64(value1), f64(value2), f64(value3), f64(value4), f64(amount)
	s2, s3 := s*s, s*s*s
	return float32(0.5 * (2*v2 + (v3-v1)*s + (2*v1-5*v2+4*v3-v4)*s2 + (3*v2-v1-3*v3+v4)*s3))
}

// Barycentric returns value1 + (value2-value1)*amount1 +
// (value3-value1)*amount2: the point with those barycentric weights of
// value2 and value3 (XNA's MathHelper.Barycentric).
func Barycentric(value1, value2, value3, amount1, amount2 float32) float32 {
	return value1 + (value2-value1)*amount1 + (value3-value1)*amount2
}

// WrapAngle returns angle (radians) moved by whole turns into (-Pi, Pi],
// with Pi and TwoPi the float32 constants, as XNA's MathHelper.WrapAngle:
// WrapAngle(Pi) is Pi and WrapAngle(-Pi) is Pi too.
func WrapAngle(angle float32) float32 {
	pi, twoPi := f64(Pi), f64(TwoPi)
	a := math.Remainder(f64(angle), twoPi)
	switch {
	case a <= -pi:
		a += twoPi
	case a > pi:
		a -= twoPi
	}
	return float32(a)
}

// Clamp returns value limited to min..max: max when above it, else min
// when below it (XNA's MathHelper.Clamp; min > max gives max).
func Clamp(value, min, max float32) float32 {
	switch {
	case value > max:
		return max
	case value < min:
		return min
	}
	return value
}

// Distance returns |value1 - value2| (XNA's MathHelper.Distance).
func Distance(value1, value2 float32) float32 { return float32(math.Abs(f64(value1) - f64(value2))) }

// ToRadians converts degrees to radians (XNA's MathHelper.ToRadians).
func ToRadians(degrees float32) float32 { return float32(f64(degrees) * math.Pi / 180) }

// ToDegrees converts radians to degrees (XNA's MathHelper.ToDegrees).
func ToDegrees(radians float32) float32 { return float32(f64(radians) * 180 / math.Pi) }

// Vector is one of mathgl's float vectors: the vector forms of the
// helpers (XNA's Vector2, Vector3 and Vector4 statics) take any of them.
type Vector interface {
	mgl32.Vec2 | mgl32.Vec3 | mgl32.Vec4
}

// each applies f to the components of a, b and c.
func each[V Vector](a, b, c V, f func(x, y, z float32) float32) V {
	var r V
	for i := 0; i < len(r); i++ {
		r[i] = f(a[i], b[i], c[i])
	}
	return r
}

// LerpV is Lerp on each component (XNA's Vector3.Lerp).
func LerpV[V Vector](value1, value2 V, amount float32) V {
	return each(value1, value2, value2, func(x, y, _ float32) float32 { return Lerp(x, y, amount) })
}

// SmoothStepV is SmoothStep on each component (XNA's Vector3.SmoothStep).
func SmoothStepV[V Vector](value1, value2 V, amount float32) V {
	return each(value1, value2, value2, func(x, y, _ float32) float32 { return SmoothStep(x, y, amount) })
}

// HermiteV is Hermite on each component (XNA's Vector3.Hermite).
func HermiteV[V Vector](value1, tangent1, value2, tangent2 V, amount float32) V {
	var r V
	for i := 0; i < len(r); i++ {
		r[i] = Hermite(value1[i], tangent1[i], value2[i], tangent2[i], amount)
	}
	return r
}

// CatmullRomV is CatmullRom on each component (XNA's Vector3.CatmullRom).
func CatmullRomV[V Vector](value1, value2, value3, value4 V, amount float32) V {
	var r V
	for i := 0; i < len(r); i++ {
		r[i] = CatmullRom(value1[i], value2[i], value3[i], value4[i], amount)
	}
	return r
}

// BarycentricV is Barycentric on each component (XNA's
// Vector3.Barycentric): the point of the triangle value1, value2, value3
// with weights amount1 for value2 and amount2 for value3.
func BarycentricV[V Vector](value1, value2, value3 V, amount1, amount2 float32) V {
	return each(value1, value2, value3, func(x, y, z float32) float32 { return Barycentric(x, y, z, amount1, amount2) })
}

// ClampV is Clamp on each component (XNA's Vector3.Clamp).
func ClampV[V Vector](value, min, max V) V {
	return each(value, min, max, Clamp)
}

// DistanceV returns the Euclidean distance between two points (XNA's
// Vector3.Distance), computed in float64.
func DistanceV[V Vector](value1, value2 V) float32 {
	s := 0.0
	for i := 0; i < len(value1); i++ {
		d := f64(value1[i]) - f64(value2[i])
		s += d * d
	}
	return float32(math.Sqrt(s))
}
