// Package half converts between float32 and IEEE 754 half precision
// (binary16), the layout of XNA's HalfSingle, HalfVector2 and HalfVector4
// surface and vertex formats.
package half

import "math"

// FromFloat32 returns the half nearest to f (ties to even): values beyond
// the half range become infinities, NaN stays NaN, tiny values become
// subnormals or zero.
func FromFloat32(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	man := b & 0x7fffff
	switch {
	case exp == 0xff: // infinity or NaN
		if man != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15: // too large
		return sign | 0x7c00
	case exp-127 >= -14: // normal
		h := uint32(exp-127+15)<<10 | man>>13
		rest := man & 0x1fff
		if rest > 0x1000 || rest == 0x1000 && h&1 != 0 {
			h++ // may carry into the exponent, up to infinity: right
		}
		return sign | uint16(h)
	case exp-127 >= -25: // subnormal
		man |= 0x800000
		shift := uint(-14-(exp-127)) + 13
		h := man >> shift
		rest := man & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rest > half || rest == half && h&1 != 0 {
			h++
		}
		return sign | uint16(h)
	}
	return sign
}

// ToFloat32 returns the float32 of half h (exact: every half is one).
func ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp == 0:
		if man == 0 {
			return math.Float32frombits(sign)
		}
		f := float32(man) / (1 << 24) // man * 2^-24
		if sign != 0 {
			return -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}
