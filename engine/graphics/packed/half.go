package packed

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/internal/half"
)

// toHalf converts f as XNA and FNA do: IEEE binary16, ties to even,
// from 65520 up to infinity; a NaN keeps the top 10 bits of its payload
// (at least 1, so that it stays a NaN).
func toHalf(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		m := uint16(b>>13) & 0x3ff
		if m == 0 {
			m = 1
		}
		return uint16(b>>16)&0x8000 | 0x7c00 | m
	}
	return half.FromFloat32(f)
}

// fromHalf converts h as XNA and FNA do: exactly, except that the
// all-ones exponent is read as a number, 2^16 * (1 + mantissa/1024)
// (infinity reads 65536), not as infinity or NaN.
func fromHalf(h uint16) float32 {
	if h&0x7c00 == 0x7c00 {
		return math.Float32frombits(uint32(h&0x8000)<<16 | (31-15+127)<<23 | uint32(h&0x3ff)<<13)
	}
	return half.ToFloat32(h)
}

// HalfSingle is XNA's HalfSingle: one IEEE half-precision float; the
// texel of SurfaceFormatHalfSingle.
type HalfSingle uint16

// NewHalfSingle packs f (ties to even; from ±65520 up gives infinity).
func NewHalfSingle(f float32) HalfSingle { return HalfSingle(toHalf(f)) }

// PackedValue returns the packed 16 bits.
func (p HalfSingle) PackedValue() uint16 { return uint16(p) }

// ToSingle returns the float (exact; infinity and NaN bits read as
// numbers from 65536 up, as in XNA).
func (p HalfSingle) ToSingle() float32 { return fromHalf(uint16(p)) }

// ToVector4 returns (value, 0, 0, 1).
func (p HalfSingle) ToVector4() mgl32.Vec4 { return mgl32.Vec4{p.ToSingle(), 0, 0, 1} }

// PackFromVector4 packs v's X.
func (p *HalfSingle) PackFromVector4(v mgl32.Vec4) { *p = NewHalfSingle(v[0]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p HalfSingle) String() string { return fmt.Sprintf("%X", uint16(p)) }

// HalfVector2 is XNA's HalfVector2: two halves, X in the low 16 bits; the
// texel of SurfaceFormatHalfVector2 and the vertex element
// FormatHalfVector2.
type HalfVector2 uint32

// NewHalfVector2 packs x and y as halves.
func NewHalfVector2(x, y float32) HalfVector2 {
	return HalfVector2(uint32(toHalf(x)) | uint32(toHalf(y))<<16)
}

// NewHalfVector2Vector packs v as NewHalfVector2.
func NewHalfVector2Vector(v mgl32.Vec2) HalfVector2 { return NewHalfVector2(v[0], v[1]) }

// PackedValue returns the packed 32 bits.
func (p HalfVector2) PackedValue() uint32 { return uint32(p) }

// ToVector2 returns (X, Y) as HalfSingle.ToSingle reads each.
func (p HalfVector2) ToVector2() mgl32.Vec2 {
	return mgl32.Vec2{fromHalf(uint16(p)), fromHalf(uint16(p >> 16))}
}

// ToVector4 returns (X, Y, 0, 1).
func (p HalfVector2) ToVector4() mgl32.Vec4 { v := p.ToVector2(); return mgl32.Vec4{v[0], v[1], 0, 1} }

// PackFromVector4 packs v's X and Y.
func (p *HalfVector2) PackFromVector4(v mgl32.Vec4) { *p = NewHalfVector2(v[0], v[1]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p HalfVector2) String() string { return fmt.Sprintf("%X", uint32(p)) }

// HalfVector4 is XNA's HalfVector4: four halves, X in the low 16 bits; the
// texel of SurfaceFormatHalfVector4 and the vertex element
// FormatHalfVector4.
type HalfVector4 uint64

// NewHalfVector4 packs x, y, z and w as halves.
func NewHalfVector4(x, y, z, w float32) HalfVector4 {
	return HalfVector4(uint64(toHalf(x)) | uint64(toHalf(y))<<16 | uint64(toHalf(z))<<32 | uint64(toHalf(w))<<48)
}

// NewHalfVector4Vector packs v as NewHalfVector4.
func NewHalfVector4Vector(v mgl32.Vec4) HalfVector4 { return NewHalfVector4(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 64 bits.
func (p HalfVector4) PackedValue() uint64 { return uint64(p) }

// ToVector4 returns (X, Y, Z, W) as HalfSingle.ToSingle reads each.
func (p HalfVector4) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{fromHalf(uint16(p)), fromHalf(uint16(p >> 16)), fromHalf(uint16(p >> 32)), fromHalf(uint16(p >> 48))}
}

// PackFromVector4 packs v as NewHalfVector4.
func (p *HalfVector4) PackFromVector4(v mgl32.Vec4) { *p = NewHalfVector4Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p HalfVector4) String() string { return fmt.Sprintf("%X", uint64(p)) }
