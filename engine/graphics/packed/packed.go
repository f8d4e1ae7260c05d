// Package packed holds XNA 4.0's Graphics.PackedVector types: small
// integers that pack a colour or a vector in the layout of a SurfaceFormat
// or VertexElementFormat of engine/graphics, so that a game builds texel
// and vertex bytes with them (binary.LittleEndian of PackedValue is what
// the format takes).
//
// Each type's underlying value is the packed integer (Bgr565 is a uint16),
// so a conversion Bgr565(0xF800) sets it and PackedValue reads it. Each
// type has XNA's constructors: NewT(x, y, ...) from floats and
// NewTVector(v) from the mathgl vector of its size (NewAlpha8 and
// NewHalfSingle take one float), ToVector4, and ToVector2, ToVector3,
// ToAlpha or ToSingle where XNA has them. A pointer to each type is an
// IPackedVector.
//
// Semantics are XNA's, as FNA reimplements them: each component is
// clamped to the type's range, then scaled and rounded to the nearest
// integer with ties to even (C#'s Math.Round); NormalizedShort2 and
// NormalizedShort4 round before they clamp, which gives the same value. A
// NaN component packs as 0 (0 bits in its field). The half-precision types
// round ties to even, keep NaN a NaN and turn values from 65520 up (the
// tie past the largest half, 65504) into infinity; read back, a half with the all-ones exponent is taken as a
// number (infinity reads 65536, as XNA's and FNA's conversion do), never
// as infinity or NaN.
//
// The package is pure Go: it imports only the standard library, mathgl
// and internal/half, and builds without cgo.
package packed

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// IPackedVector is XNA's IPackedVector: a packed type that converts from
// and to a Vector4. Every type of this package implements it through its
// pointer (PackFromVector4 sets the value).
type IPackedVector interface {
	// PackFromVector4 packs v's components the type uses (the others are
	// ignored), as the type's vector constructor does.
	PackFromVector4(v mgl32.Vec4)
	// ToVector4 unpacks the value; components the type lacks read as XNA
	// gives them (0 for Z, 1 for W, or 0 for all but Alpha8's W).
	ToVector4() mgl32.Vec4
}

// clamp limits v to lo..hi as XNA's MathHelper.Clamp: a NaN stays NaN.
func clamp(v, lo, hi float32) float32 {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

// round is C#'s Math.Round of a float: to the nearest integer, ties to
// even, as an int64; NaN gives 0 (the field XNA writes for it). v must be
// within int64's range (callers clamp first).
func round(v float32) int64 {
	if v != v {
		return 0
	}
	return int64(math.RoundToEven(float64(v)))
}

// unorm packs v clamped to 0..1 and scaled by max (the field's largest
// value, as a float32 product as XNA computes it).
func unorm(v, max float32) uint64 {
	return uint64(round(clamp(v, 0, 1) * max))
}

// snorm8 packs v clamped to -1..1 and scaled by 127, as a two's
// complement byte.
func snorm8(v float32) uint64 {
	return uint64(uint8(round(clamp(v, -1, 1) * 127)))
}

// snorm16 packs v scaled by 32767, rounded, then clamped to
// -32767..32767 (XNA's order for NormalizedShort2 and 4), as a two's
// complement 16-bit field.
func snorm16(v float32) uint64 {
	r := v * 0x7fff
	if r != r {
		return 0
	}
	f := float32(math.RoundToEven(float64(r)))
	return uint64(uint16(int16(clamp(f, -0x7fff, 0x7fff))))
}

// sint16 packs v clamped to -32768..32767 and rounded as a two's
// complement 16-bit field (Short2, Short4).
func sint16(v float32) uint64 {
	return uint64(uint16(int16(round(clamp(v, -32768, 32767)))))
}
