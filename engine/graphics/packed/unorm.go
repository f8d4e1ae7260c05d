package packed

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Alpha8 is XNA's Alpha8: one unsigned normalized 8-bit alpha (0..1 as
// 0..255), the texel of SurfaceFormatAlpha8.
type Alpha8 uint8

// NewAlpha8 packs alpha clamped to 0..1.
func NewAlpha8(alpha float32) Alpha8 { return Alpha8(unorm(alpha, 255)) }

// PackedValue returns the packed byte.
func (p Alpha8) PackedValue() uint8 { return uint8(p) }

// ToAlpha returns the alpha, 0..1.
func (p Alpha8) ToAlpha() float32 { return float32(p) / 255 }

// ToVector4 returns (0, 0, 0, alpha).
func (p Alpha8) ToVector4() mgl32.Vec4 { return mgl32.Vec4{0, 0, 0, p.ToAlpha()} }

// PackFromVector4 packs v's W as the alpha.
func (p *Alpha8) PackFromVector4(v mgl32.Vec4) { *p = NewAlpha8(v[3]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Alpha8) String() string { return fmt.Sprintf("%X", uint8(p)) }

// Bgr565 is XNA's Bgr565: X (red) in the top 5 bits, Y (green) in the
// middle 6, Z (blue) in the low 5, each unsigned normalized; the texel of
// SurfaceFormatBgr565.
type Bgr565 uint16

// NewBgr565 packs x, y and z, each clamped to 0..1.
func NewBgr565(x, y, z float32) Bgr565 {
	return Bgr565(unorm(x, 31)<<11 | unorm(y, 63)<<5 | unorm(z, 31))
}

// NewBgr565Vector packs v's X, Y and Z as NewBgr565.
func NewBgr565Vector(v mgl32.Vec3) Bgr565 { return NewBgr565(v[0], v[1], v[2]) }

// PackedValue returns the packed 16 bits.
func (p Bgr565) PackedValue() uint16 { return uint16(p) }

// ToVector3 returns (X, Y, Z), each 0..1.
func (p Bgr565) ToVector3() mgl32.Vec3 {
	return mgl32.Vec3{float32(p>>11) / 31, float32(p>>5&0x3f) / 63, float32(p&0x1f) / 31}
}

// ToVector4 returns (X, Y, Z, 1).
func (p Bgr565) ToVector4() mgl32.Vec4 { return p.ToVector3().Vec4(1) }

// PackFromVector4 packs v's X, Y and Z into p, as XNA does (FNA's source
// computes the value and drops it, a bug not kept here).
func (p *Bgr565) PackFromVector4(v mgl32.Vec4) { *p = NewBgr565(v[0], v[1], v[2]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Bgr565) String() string { return fmt.Sprintf("%X", uint16(p)) }

// Bgra4444 is XNA's Bgra4444: W (alpha) in the top 4 bits, then X (red),
// Y (green) and Z (blue) in the low 4, each unsigned normalized; the texel
// of SurfaceFormatBgra4444.
type Bgra4444 uint16

// NewBgra4444 packs x, y, z and w, each clamped to 0..1.
func NewBgra4444(x, y, z, w float32) Bgra4444 {
	return Bgra4444(unorm(w, 15)<<12 | unorm(x, 15)<<8 | unorm(y, 15)<<4 | unorm(z, 15))
}

// NewBgra4444Vector packs v as NewBgra4444.
func NewBgra4444Vector(v mgl32.Vec4) Bgra4444 { return NewBgra4444(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 16 bits.
func (p Bgra4444) PackedValue() uint16 { return uint16(p) }

// ToVector4 returns (X, Y, Z, W), each 0..1.
func (p Bgra4444) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(p>>8&0xf) / 15, float32(p>>4&0xf) / 15, float32(p&0xf) / 15, float32(p>>12) / 15}
}

// PackFromVector4 packs v as NewBgra4444.
func (p *Bgra4444) PackFromVector4(v mgl32.Vec4) { *p = NewBgra4444Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Bgra4444) String() string { return fmt.Sprintf("%X", uint16(p)) }

// Bgra5551 is XNA's Bgra5551: W (alpha) in the top bit, then X (red), Y
// (green) and Z (blue) in the low 5 bits, each unsigned normalized; the
// texel of SurfaceFormatBgra5551. The alpha bit is W rounded with ties to
// even: 0.5 packs as 0.
type Bgra5551 uint16

// NewBgra5551 packs x, y, z and w, each clamped to 0..1.
func NewBgra5551(x, y, z, w float32) Bgra5551 {
	return Bgra5551(unorm(w, 1)<<15 | unorm(x, 31)<<10 | unorm(y, 31)<<5 | unorm(z, 31))
}

// NewBgra5551Vector packs v as NewBgra5551.
func NewBgra5551Vector(v mgl32.Vec4) Bgra5551 { return NewBgra5551(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 16 bits.
func (p Bgra5551) PackedValue() uint16 { return uint16(p) }

// ToVector4 returns (X, Y, Z, W), each 0..1 (W is 0 or 1).
func (p Bgra5551) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(p>>10&0x1f) / 31, float32(p>>5&0x1f) / 31, float32(p&0x1f) / 31, float32(p >> 15)}
}

// PackFromVector4 packs v as NewBgra5551.
func (p *Bgra5551) PackFromVector4(v mgl32.Vec4) { *p = NewBgra5551Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Bgra5551) String() string { return fmt.Sprintf("%X", uint16(p)) }

// Rgba1010102 is XNA's Rgba1010102: X (red) in the low 10 bits, then Y
// (green) and Z (blue) in 10 each, W (alpha) in the top 2, each unsigned
// normalized; the texel of SurfaceFormatRgba1010102.
type Rgba1010102 uint32

// NewRgba1010102 packs x, y, z and w, each clamped to 0..1.
func NewRgba1010102(x, y, z, w float32) Rgba1010102 {
	return Rgba1010102(unorm(x, 1023) | unorm(y, 1023)<<10 | unorm(z, 1023)<<20 | unorm(w, 3)<<30)
}

// NewRgba1010102Vector packs v as NewRgba1010102.
func NewRgba1010102Vector(v mgl32.Vec4) Rgba1010102 {
	return NewRgba1010102(v[0], v[1], v[2], v[3])
}

// PackedValue returns the packed 32 bits.
func (p Rgba1010102) PackedValue() uint32 { return uint32(p) }

// ToVector4 returns (X, Y, Z, W), each 0..1.
func (p Rgba1010102) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(p&0x3ff) / 1023, float32(p>>10&0x3ff) / 1023, float32(p>>20&0x3ff) / 1023, float32(p>>30) / 3}
}

// PackFromVector4 packs v as NewRgba1010102.
func (p *Rgba1010102) PackFromVector4(v mgl32.Vec4) { *p = NewRgba1010102Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Rgba1010102) String() string { return fmt.Sprintf("%X", uint32(p)) }

// Rg32 is XNA's Rg32: X in the low 16 bits, Y in the high 16, each
// unsigned normalized; the texel of SurfaceFormatRg32.
type Rg32 uint32

// NewRg32 packs x and y, each clamped to 0..1.
func NewRg32(x, y float32) Rg32 { return Rg32(unorm(x, 65535) | unorm(y, 65535)<<16) }

// NewRg32Vector packs v as NewRg32.
func NewRg32Vector(v mgl32.Vec2) Rg32 { return NewRg32(v[0], v[1]) }

// PackedValue returns the packed 32 bits.
func (p Rg32) PackedValue() uint32 { return uint32(p) }

// ToVector2 returns (X, Y), each 0..1.
func (p Rg32) ToVector2() mgl32.Vec2 {
	return mgl32.Vec2{float32(p&0xffff) / 65535, float32(p>>16) / 65535}
}

// ToVector4 returns (X, Y, 0, 1).
func (p Rg32) ToVector4() mgl32.Vec4 { v := p.ToVector2(); return mgl32.Vec4{v[0], v[1], 0, 1} }

// PackFromVector4 packs v's X and Y.
func (p *Rg32) PackFromVector4(v mgl32.Vec4) { *p = NewRg32(v[0], v[1]) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Rg32) String() string { return fmt.Sprintf("%X", uint32(p)) }

// Rgba64 is XNA's Rgba64: X, Y, Z and W in 16 bits each from the low
// end, each unsigned normalized; the texel of SurfaceFormatRgba64.
type Rgba64 uint64

// NewRgba64 packs x, y, z and w, each clamped to 0..1.
func NewRgba64(x, y, z, w float32) Rgba64 {
	return Rgba64(unorm(x, 65535) | unorm(y, 65535)<<16 | unorm(z, 65535)<<32 | unorm(w, 65535)<<48)
}

// NewRgba64Vector packs v as NewRgba64.
func NewRgba64Vector(v mgl32.Vec4) Rgba64 { return NewRgba64(v[0], v[1], v[2], v[3]) }

// PackedValue returns the packed 64 bits.
func (p Rgba64) PackedValue() uint64 { return uint64(p) }

// ToVector4 returns (X, Y, Z, W), each 0..1.
func (p Rgba64) ToVector4() mgl32.Vec4 {
	return mgl32.Vec4{float32(p&0xffff) / 65535, float32(p>>16&0xffff) / 65535, float32(p>>32&0xffff) / 65535, float32(p>>48) / 65535}
}

// PackFromVector4 packs v as NewRgba64.
func (p *Rgba64) PackFromVector4(v mgl32.Vec4) { *p = NewRgba64Vector(v) }

// String returns the packed value in upper-case hexadecimal, as XNA's ToString.
func (p Rgba64) String() string { return fmt.Sprintf("%X", uint64(p)) }
