package graphics

import "math"

// sincos32 returns the sine and cosine of r as float32: the math
// package's reduction and polynomials in float64, inline, without its sign
// and special-case branches and with the polynomials in Estrin's order,
// rounded to float32. It gives float32(math.Sincos(r)) on every rotation
// its test sweeps (but +0 for -0's sine), in about half the time: a
// rotated sprite's largest cost. Outside ±2²⁰ radians (and for NaN and
// infinities) it is math.Sincos.
func sincos32(r float32) (sin, cos float32) {
	x := float64(r)
	if x == 0 {
		return 0, 1 // -0 too: sprites have always taken ±0 as no rotation
	}
	if !(x < 1<<20 && x > -(1<<20)) {
		s, c := math.Sincos(x)
		return float32(s), float32(c)
	}
	const (
		// π/2 in three parts, the first two with trailing zero bits, so
		// that k times each is exact for |k| < 2²⁰ (Cody and Waite).
		pio2a = 2 * 7.85398125648498535156e-1
		pio2b = 2 * 3.77489470793079817668e-8
		pio2c = 2 * 2.69515142907905952645e-15
		round = 0x1.8p52 // adding and subtracting it rounds to an integer
	)
	k := (x*(2/math.Pi) + round) - round // the nearest quarter turn
	z := ((x - k*pio2a) - k*pio2b) - k*pio2c
	zz := z * z
	z4 := zz * zz
	z8 := z4 * z4
	// The math package's polynomials for |z| <= π/4 (Cephes), in Estrin's
	// order: pairs of terms at once, half Horner's chain of dependent steps.
	c := 1.0 - 0.5*zz + z4*((-1.13585365213876817300e-11*zz+2.08757008419747316778e-9)*z8+
		(-2.75573141792967388112e-7*zz+2.48015872888517045348e-5)*z4+
		(-1.38888888888730564116e-3*zz+4.16666666666665929218e-2))
	s := z + z*zz*((1.58962301576546568060e-10*zz+-2.50507477628578072866e-8)*z8+
		(2.75573136213857245213e-6*zz+-1.98412698295895385996e-4)*z4+
		(8.33333333332211858878e-3*zz+-1.66666666666666307295e-1))
	switch int64(k) & 3 {
	case 1:
		s, c = c, -s
	case 2:
		s, c = -s, -c
	case 3:
		s, c = -c, s
	}
	return float32(s), float32(c)
}
