package packed

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Byte4 is XNA's Byte4: four unsigned 8-bit integers (0..255), X in the
// low byte; the vertex element FormatByte4 (blend indices).
type Byte4 uint32

// NewByte4 packs x, y, z and w, each clamped to 0..255 and rounded.
func NewByte4(x, y, z, w float32) Byte4 {
	c := func(v float32) uint32 { return uint32(round(clamp(v, 0, 255))) }
	return Byte4(c(x) | c(y)<<8 | c(z)<<16 | c(w)<<24)
}

// NewByte4Vector packs v as NewByte4.
func NewByte4Vector(v mgl32.Vec4) Byte4 { return NewByte4(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 32 bits.
func (p Byte4) PackedValue() uint32 { return uint32(p) }

// ToVector4 returns the four integers as floats.
func (p Byte4) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(p & 0xff), float32(p >> 8 & 0xff), float32(p >> 16 & 0xff), float32(p >> 24)}
}

// PackFromVector4 packs v as NewByte4.
func (p *Byte4) PackFromVector4(v mgl32.Vec4) { *p = NewByte4Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Byte4) String() string { return fmt.Sprintf("%X", uint32(p)) }

// Short2 is XNA's Short2: two signed 16-bit integers (-32768..32767), X
// in the low 16 bits; the vertex element FormatShort2.
type Short2 uint32

// NewShort2 packs x and y, each clamped to -32768..32767 and rounded.
func NewShort2(x, y float32) Short2 { return Short2(sint16(x) | sint16(y)<<16) }

// NewShort2Vector packs v as NewShort2.
func NewShort2Vector(v mgl32.Vec2) Short2 { return NewShort2(v[0], v[1]) }

// PackedValue returns the packed 32 bits.
func (p Short2) PackedValue() uint32 { return uint32(p) }

// ToVector2 returns the two integers as floats.
func (p Short2) ToVector2() mgl32.Vec2 { return mgl32.Vec2{float32(int16(p)), float32(int16(p >> 16))} }

// ToVector4 returns (X, Y, 0, 1).
func (p Short2) ToVector4() mgl32.Vec4 { v := p.ToVector2(); return mgl32.Vec4{v[0], v[1], 0, 1} }

// PackFromVector4 packs v's X and Y.
func (p *Short2) PackFromVector4(v mgl32.Vec4) { *p = NewShort2(v[0], v[1]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Short2) String() string { return fmt.Sprintf("%X", uint32(p)) }

// Short4 is XNA's Short4: four signed 16-bit integers (-32768..32767), X
// in the low 16 bits; the vertex element FormatShort4.
type Short4 uint64

// NewShort4 packs x, y, z and w, each clamped to -32768..32767 and rounded.
func NewShort4(x, y, z, w float32) Short4 {
	return Short4(sint16(x) | sint16(y)<<16 | sint16(z)<<32 | sint16(w)<<48)
}

// NewShort4Vector packs v as NewShort4.
func NewShort4Vector(v mgl32.Vec4) Short4 { return NewShort4(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 64 bits.
func (p Short4) PackedValue() uint64 { return uint64(p) }

// ToVector4 returns the four integers as floats.
func (p Short4) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(int16(p)), float32(int16(p >> 16)), float32(int16(p >> 32)), float32(int16(p >> 48))}
}

// PackFromVector4 packs v as NewShort4.
func (p *Short4) PackFromVector4(v mgl32.Vec4) { *p = NewShort4Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Short4) String() string { return fmt.Sprintf("%X", uint64(p)) }

// NormalizedByte2 is XNA's NormalizedByte2: two signed normalized bytes
// (-1..1 as -127..127), X in the low byte; the texel of
// SurfaceFormatNormalizedByte2.
type NormalizedByte2 uint16

// NewNormalizedByte2 packs x and y, each clamped to -1..1.
func NewNormalizedByte2(x, y float32) NormalizedByte2 {
	return NormalizedByte2(snorm8(x) | snorm8(y)<<8)
}

// NewNormalizedByte2Vector packs v as NewNormalizedByte2.
func NewNormalizedByte2Vector(v mgl32.Vec2) NormalizedByte2 { return NewNormalizedByte2(v[0], v[1]) }

// PackedValue returns the packed 16 bits.
func (p NormalizedByte2) PackedValue() uint16 { return uint16(p) }

// ToVector2 returns (X, Y); the byte -128 reads as -128/127, below -1.
func (p NormalizedByte2) ToVector2() mgl32.Vec2 {
	return mgl32.Vec2{float32(int8(p)) / 127, float32(int8(p>>8)) / 127}
}

// ToVector4 returns (X, Y, 0, 1).
func (p NormalizedByte2) ToVector4() mgl32.Vec4 {
	v := p.ToVector2()
	return mgl32.Vec4{v[0], v[1], 0, 1}
}

// PackFromVector4 packs v's X and Y.
func (p *NormalizedByte2) PackFromVector4(v mgl32.Vec4) { *p = NewNormalizedByte2(v[0], v[1]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p NormalizedByte2) String() string { return fmt.Sprintf("%X", uint16(p)) }

// NormalizedByte4 is XNA's NormalizedByte4: four signed normalized bytes
// (-1..1 as -127..127), X in the low byte; the texel of
// SurfaceFormatNormalizedByte4.
type NormalizedByte4 uint32

// NewNormalizedByte4 packs x, y, z and w, each clamped to -1..1.
func NewNormalizedByte4(x, y, z, w float32) NormalizedByte4 {
	return NormalizedByte4(snorm8(x) | snorm8(y)<<8 | snorm8(z)<<16 | snorm8(w)<<24)
}

// NewNormalizedByte4Vector packs v as NewNormalizedByte4.
func NewNormalizedByte4Vector(v mgl32.Vec4) NormalizedByte4 {
	return NewNormalizedByte4(v[0], v[1], v[2], v[3])
}

// PackedValue returns the packed 32 bits.
func (p NormalizedByte4) PackedValue() uint32 { return uint32(p) }

// ToVector4 returns (X, Y, Z, W); the byte -128 reads as -128/127.
func (p NormalizedByte4) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(int8(p)) / 127, float32(int8(p>>8)) / 127, float32(int8(p>>16)) / 127, float32(int8(p>>24)) / 127}
}

// PackFromVector4 packs v as NewNormalizedByte4.
func (p *NormalizedByte4) PackFromVector4(v mgl32.Vec4) { *p = NewNormalizedByte4Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p NormalizedByte4) String() string { return fmt.Sprintf("%X", uint32(p)) }

// NormalizedShort2 is XNA's NormalizedShort2: two signed normalized
// 16-bit integers (-1..1 as -32767..32767), X in the low 16 bits; the
// vertex element FormatNormalizedShort2.
type NormalizedShort2 uint32

// NewNormalizedShort2 packs x and y, each scaled by 32767, rounded and
// clamped to -32767..32767.
func NewNormalizedShort2(x, y float32) NormalizedShort2 {
	return NormalizedShort2(snorm16(x) | snorm16(y)<<16)
}

// NewNormalizedShort2Vector packs v as NewNormalizedShort2.
func NewNormalizedShort2Vector(v mgl32.Vec2) NormalizedShort2 {
	return NewNormalizedShort2(v[0], v[1])
}

// PackedValue returns the packed 32 bits.
func (p NormalizedShort2) PackedValue() uint32 { return uint32(p) }

// ToVector2 returns (X, Y); -32768 reads as -32768/32767, below -1.
func (p NormalizedShort2) ToVector2() mgl32.Vec2 {
	return mgl32.Vec2{float32(int16(p)) / 0x7fff, float32(int16(p>>16)) / 0x7fff}
}

// ToVector4 returns (X, Y, 0, 1).
func (p NormalizedShort2) ToVector4() mgl32.Vec4 {
	v := p.ToVector2()
	return mgl32.Vec4{v[0], v[1], 0, 1}
}

// PackFromVector4 packs v's X and Y.
func (p *NormalizedShort2) PackFromVector4(v mgl32.Vec4) { *p = NewNormalizedShort2(v[0], v[1]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p NormalizedShort2) String() string { return fmt.Sprintf("%X", uint32(p)) }

// NormalizedShort4 is XNA's NormalizedShort4: four signed normalized
// 16-bit integers (-1..1 as -32767..32767), X in the low 16 bits; the
// vertex element FormatNormalizedShort4 (blend weights).
type NormalizedShort4 uint64

// NewNormalizedShort4 packs x, y, z and w, each scaled by 32767, rounded
// and clamped to -32767..32767.
func NewNormalizedShort4(x, y, z, w float32) NormalizedShort4 {
	return NormalizedShort4(snorm16(x) | snorm16(y)<<16 | snorm16(z)<<32 | snorm16(w)<<48)
}

// NewNormalizedShort4Vector packs v as NewNormalizedShort4.
func NewNormalizedShort4Vector(v mgl32.Vec4) NormalizedShort4 {
	return NewNormalizedShort4(v[0], v[1], v[2], v[3])
}

// PackedValue returns the packed 64 bits.
func (p NormalizedShort4) PackedValue() uint64 { return uint64(p) }

// ToVector4 returns (X, Y, Z, W); -32768 reads as -32768/32767.
func (p NormalizedShort4) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(int16(p)) / 0x7fff, float32(int16(p>>16)) / 0x7fff, float32(int16(p>>32)) / 0x7fff, float32(int16(p>>48)) / 0x7fff}
}

// PackFromVector4 packs v as NewNormalizedShort4.
func (p *NormalizedShort4) PackFromVector4(v mgl32.Vec4) { *p = NewNormalizedShort4Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p NormalizedShort4) String() string { return fmt.Sprintf("%X", uint64(p)) }
