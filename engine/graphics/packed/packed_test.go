package packed

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// nan is a quiet float32 NaN.
var nan = float32(math.NaN())

// TestX5_HandWorkedValues packs values whose fields are worked out by hand
// from each type's layout; the comment beside each row says how.
func TestX5_HandWorkedValues(t *testing.T) {
	cases := []struct {
		name string
		got  uint64
		want uint64
	}{
		// Alpha8: round(a*255). 0.5*255 = 127.5, a tie, to even: 128 = 0x80.
		{"Alpha8(0.5)", uint64(NewAlpha8(0.5)), 0x80},
		// 0.2*255 = 51.0000007 in float32 -> 51 = 0x33.
		{"Alpha8(0.2)", uint64(NewAlpha8(0.2)), 0x33},
		// Bgr565: x*31 << 11 | y*63 << 5 | z*31. Red: 31<<11 = 0xF800.
		{"Bgr565(1,0,0)", uint64(NewBgr565(1, 0, 0)), 0xF800},
		// Green: 63<<5 = 0x07E0; blue: 31 = 0x001F.
		{"Bgr565(0,1,0)", uint64(NewBgr565(0, 1, 0)), 0x07E0},
		{"Bgr565(0,0,1)", uint64(NewBgr565Vector(mgl32.Vec3{0, 0, 1})), 0x001F},
		// 0.5: x 15.5 -> 16 (0x8000), y 31.5 -> 32 (0x400), z 16 (0x10).
		{"Bgr565(0.5,0.5,0.5)", uint64(NewBgr565(0.5, 0.5, 0.5)), 0x8410},
		// Bgra4444: w<<12 | x<<8 | y<<4 | z, each round(v*15).
		// (1, 0, 0.2, 1): x 15, y 0, z 3, w 15 -> 0xFF03.
		{"Bgra4444(1,0,0.2,1)", uint64(NewBgra4444(1, 0, 0.2, 1)), 0xFF03},
		// 0.5*15 = 7.5 -> 8 for each: 0x8888.
		{"Bgra4444(0.5..)", uint64(NewBgra4444Vector(mgl32.Vec4{0.5, 0.5, 0.5, 0.5})), 0x8888},
		// Bgra5551: w<<15 | x*31<<10 | y*31<<5 | z*31. Opaque red: 0x8000|0x7C00.
		{"Bgra5551(1,0,0,1)", uint64(NewBgra5551(1, 0, 0, 1)), 0xFC00},
		// Alpha 0.5 is a tie, to even: 0; 0.51 rounds to 1. Blue 31 = 0x1F.
		{"Bgra5551(0,0,1,0.5)", uint64(NewBgra5551(0, 0, 1, 0.5)), 0x001F},
		{"Bgra5551(0,0,1,0.51)", uint64(NewBgra5551Vector(mgl32.Vec4{0, 0, 1, 0.51})), 0x801F},
		// Rgba1010102: x | y<<10 | z<<20 (v*1023) | w<<30 (w*3).
		// x=1: 0x3FF; w=1: 3<<30 = 0xC0000000.
		{"Rgba1010102(1,0,0,0)", uint64(NewRgba1010102(1, 0, 0, 0)), 0x000003FF},
		{"Rgba1010102(0,0,0,1)", uint64(NewRgba1010102(0, 0, 0, 1)), 0xC0000000},
		// y=1: 0x3FF<<10 = 0xFFC00; z=1: 0x3FF<<20 = 0x3FF00000.
		{"Rgba1010102(0,1,1,0)", uint64(NewRgba1010102Vector(mgl32.Vec4{0, 1, 1, 0})), 0x3FFFFC00},
		// Rg32: x*65535 | y*65535<<16. (1, 0.5): 0xFFFF | 32767.5 -> 32768 = 0x8000 <<16.
		{"Rg32(1,0.5)", uint64(NewRg32(1, 0.5)), 0x8000FFFF},
		{"Rg32V(0,1)", uint64(NewRg32Vector(mgl32.Vec2{0, 1})), 0xFFFF0000},
		// Rgba64: 16 bits each from X up. (1, 0, 0.5, 1): 0xFFFF, 0, 0x8000, 0xFFFF.
		{"Rgba64(1,0,0.5,1)", uint64(NewRgba64(1, 0, 0.5, 1)), 0xFFFF_8000_0000_FFFF},
		// Byte4: x | y<<8 | z<<16 | w<<24, each round(clamp(v, 0, 255)).
		// (1, 2, 3, 255) -> 0xFF030201.
		{"Byte4(1,2,3,255)", uint64(NewByte4(1, 2, 3, 255)), 0xFF030201},
		// Ties to even: 2.5 -> 2, 3.5 -> 4, 0.5 -> 0, 254.5 -> 254.
		{"Byte4(2.5,3.5,0.5,254.5)", uint64(NewByte4Vector(mgl32.Vec4{2.5, 3.5, 0.5, 254.5})), 0xFE000402},
		// Short2: int16 x | int16 y << 16. (-1, 2): 0xFFFF | 0x0002<<16.
		{"Short2(-1,2)", uint64(NewShort2(-1, 2)), 0x0002FFFF},
		// -2.5 -> -2 (0xFFFE), 1.5 -> 2.
		{"Short2(-2.5,1.5)", uint64(NewShort2Vector(mgl32.Vec2{-2.5, 1.5})), 0x0002FFFE},
		// Short4: (1, -1, 32767, -32768): 0x0001, 0xFFFF, 0x7FFF, 0x8000.
		{"Short4(1,-1,32767,-32768)", uint64(NewShort4(1, -1, 32767, -32768)), 0x8000_7FFF_FFFF_0001},
		{"Short4V(0.5,-0.5,1.5,-1.5)", uint64(NewShort4Vector(mgl32.Vec4{0.5, -0.5, 1.5, -1.5})), 0xFFFE_0002_0000_0000},
		// NormalizedByte2: round(clamp(v,-1,1)*127) as int8. (1, -1): 0x7F | 0x81<<8.
		{"NormalizedByte2(1,-1)", uint64(NewNormalizedByte2(1, -1)), 0x817F},
		// 0.5*127 = 63.5 -> 64 (0x40); -0.5 -> -64 (0xC0).
		{"NormalizedByte2(0.5,-0.5)", uint64(NewNormalizedByte2Vector(mgl32.Vec2{0.5, -0.5})), 0xC040},
		// NormalizedByte4: (1, -1, 0, 0.5): 0x7F, 0x81, 0x00, 0x40.
		{"NormalizedByte4(1,-1,0,0.5)", uint64(NewNormalizedByte4(1, -1, 0, 0.5)), 0x4000817F},
		{"NormalizedByte4V", uint64(NewNormalizedByte4Vector(mgl32.Vec4{0, 0, -1, 1})), 0x7F810000},
		// NormalizedShort2: round(v*32767) clamped to +-32767. (1, -1): 0x7FFF | 0x8001<<16.
		{"NormalizedShort2(1,-1)", uint64(NewNormalizedShort2(1, -1)), 0x8001_7FFF},
		// 0.5*32767 = 16383.5 -> 16384 = 0x4000; -0.5 -> 0xC000.
		{"NormalizedShort2(0.5,-0.5)", uint64(NewNormalizedShort2Vector(mgl32.Vec2{0.5, -0.5})), 0xC000_4000},
		{"NormalizedShort4(1,-1,0.5,0)", uint64(NewNormalizedShort4(1, -1, 0.5, 0)), 0x0000_4000_8001_7FFF},
		{"NormalizedShort4V", uint64(NewNormalizedShort4Vector(mgl32.Vec4{0, 0, -0.5, 1})), 0x7FFF_C000_0000_0000},
		// HalfSingle: IEEE binary16. 1 = 0x3C00, -2 = 0xC000, 0.5 = 0x3800,
		// 65504 (largest) = 0x7BFF, 2^-24 (smallest subnormal) = 0x0001.
		{"HalfSingle(1)", uint64(NewHalfSingle(1)), 0x3C00},
		{"HalfSingle(-2)", uint64(NewHalfSingle(-2)), 0xC000},
		{"HalfSingle(65504)", uint64(NewHalfSingle(65504)), 0x7BFF},
		{"HalfSingle(2^-24)", uint64(NewHalfSingle(1.0 / (1 << 24))), 0x0001},
		// 1 + 2^-11 is halfway between 1 (0x3C00) and 1+2^-10: to even, 0x3C00;
		// 1 + 3*2^-11 is halfway between 0x3C01 and 0x3C02: to even, 0x3C02.
		{"HalfSingle(1+2^-11)", uint64(NewHalfSingle(1 + 1.0/2048)), 0x3C00},
		{"HalfSingle(1+3*2^-11)", uint64(NewHalfSingle(1 + 3.0/2048)), 0x3C02},
		// 65520 is halfway between 65504 and 65536 (infinity): to even, 0x7C00.
		{"HalfSingle(65520)", uint64(NewHalfSingle(65520)), 0x7C00},
		{"HalfSingle(-1e9)", uint64(NewHalfSingle(-1e9)), 0xFC00},
		// HalfVector2: x | y<<16. (1, -2) -> 0xC000_3C00.
		{"HalfVector2(1,-2)", uint64(NewHalfVector2(1, -2)), 0xC000_3C00},
		{"HalfVector2V(0.5,0)", uint64(NewHalfVector2Vector(mgl32.Vec2{0.5, 0})), 0x0000_3800},
		// HalfVector4: 16 bits each from X up. (1, -2, 0.5, 0).
		{"HalfVector4(1,-2,0.5,0)", uint64(NewHalfVector4(1, -2, 0.5, 0)), 0x0000_3800_C000_3C00},
		{"HalfVector4V", uint64(NewHalfVector4Vector(mgl32.Vec4{0, 0, 0, 1})), 0x3C00_0000_0000_0000},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
}

// TestX5_UnpackHandWorkedValues reads fields back as XNA does: each field
// over its maximum, the signed types two's complement.
func TestX5_UnpackHandWorkedValues(t *testing.T) {
	eq4 := func(name string, got, want mgl32.Vec4) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	// 0x80 = 128: 128/255.
	eq4("Alpha8(0x80)", Alpha8(0x80).ToVector4(), mgl32.Vec4{0, 0, 0, float32(128) / 255})
	if a := Alpha8(0xFF).ToAlpha(); a != 1 {
		t.Errorf("Alpha8(0xFF).ToAlpha() = %v, want 1", a)
	}
	// 0x8410: x 16/31, y 32/63, z 16/31, w 1.
	eq4("Bgr565(0x8410)", Bgr565(0x8410).ToVector4(), mgl32.Vec4{float32(16) / 31, float32(32) / 63, float32(16) / 31, 1})
	if v := Bgr565(0xF800).ToVector3(); v != (mgl32.Vec3{1, 0, 0}) {
		t.Errorf("Bgr565(0xF800).ToVector3() = %v", v)
	}
	// 0xF103: w 15, x 1, y 0, z 3.
	eq4("Bgra4444(0xF103)", Bgra4444(0xF103).ToVector4(), mgl32.Vec4{float32(1) / 15, 0, float32(3) / 15, 1})
	// 0x801F: w 1, blue 31.
	eq4("Bgra5551(0x801F)", Bgra5551(0x801F).ToVector4(), mgl32.Vec4{0, 0, 1, 1})
	// 0x4000_0001: x 1/1023, w 1/3.
	eq4("Rgba1010102", Rgba1010102(0x40000001).ToVector4(), mgl32.Vec4{float32(1) / 1023, 0, 0, float32(1) / 3})
	eq4("Rg32", Rg32(0xFFFF0000).ToVector4(), mgl32.Vec4{0, 1, 0, 1})
	if v := Rg32(0x0000FFFF).ToVector2(); v != (mgl32.Vec2{1, 0}) {
		t.Errorf("Rg32.ToVector2 = %v", v)
	}
	eq4("Rgba64", Rgba64(0xFFFF_0000_0001_0000).ToVector4(), mgl32.Vec4{0, float32(1) / 65535, 0, 1})
	eq4("Byte4", Byte4(0xFF030201).ToVector4(), mgl32.Vec4{1, 2, 3, 255})
	eq4("Short2", Short2(0x8000FFFF).ToVector4(), mgl32.Vec4{-1, -32768, 0, 1})
	if v := Short2(0x7FFF0001).ToVector2(); v != (mgl32.Vec2{1, 32767}) {
		t.Errorf("Short2.ToVector2 = %v", v)
	}
	eq4("Short4", Short4(0x8000_7FFF_FFFF_0001).ToVector4(), mgl32.Vec4{1, -1, 32767, -32768})
	// 0x80 is -128: -128/127, below -1, as XNA reads it.
	eq4("NormalizedByte2", NormalizedByte2(0x807F).ToVector4(), mgl32.Vec4{1, float32(-128) / 127, 0, 1})
	if v := NormalizedByte2(0x817F).ToVector2(); v != (mgl32.Vec2{1, -1}) {
		t.Errorf("NormalizedByte2.ToVector2 = %v", v)
	}
	eq4("NormalizedByte4", NormalizedByte4(0x4000817F).ToVector4(), mgl32.Vec4{1, -1, 0, float32(64) / 127})
	eq4("NormalizedShort2", NormalizedShort2(0x8000_7FFF).ToVector4(), mgl32.Vec4{1, float32(-32768) / 32767, 0, 1})
	if v := NormalizedShort2(0x8001_7FFF).ToVector2(); v != (mgl32.Vec2{1, -1}) {
		t.Errorf("NormalizedShort2.ToVector2 = %v", v)
	}
	eq4("NormalizedShort4", NormalizedShort4(0x0000_4000_8001_7FFF).ToVector4(), mgl32.Vec4{1, -1, float32(16384) / 32767, 0})
	eq4("HalfSingle", HalfSingle(0xC000).ToVector4(), mgl32.Vec4{-2, 0, 0, 1})
	eq4("HalfVector2", HalfVector2(0xC000_3C00).ToVector4(), mgl32.Vec4{1, -2, 0, 1})
	if v := HalfVector2(0x3800_0001).ToVector2(); v != (mgl32.Vec2{1.0 / (1 << 24), 0.5}) {
		t.Errorf("HalfVector2.ToVector2 = %v", v)
	}
	eq4("HalfVector4", HalfVector4(0x0000_3800_C000_3C00).ToVector4(), mgl32.Vec4{1, -2, 0.5, 0})
	// The all-ones exponent reads as a number: 0x7C00 is 2^16, 0xFC00 -2^16,
	// 0x7C01 2^16 * (1 + 1/1024) = 65600.
	if f := HalfSingle(0x7C00).ToSingle(); f != 65536 {
		t.Errorf("HalfSingle(0x7C00).ToSingle() = %v, want 65536", f)
	}
	if f := HalfSingle(0xFC00).ToSingle(); f != -65536 {
		t.Errorf("HalfSingle(0xFC00).ToSingle() = %v, want -65536", f)
	}
	if f := HalfSingle(0x7C01).ToSingle(); f != 65600 {
		t.Errorf("HalfSingle(0x7C01).ToSingle() = %v, want 65600", f)
	}
}

// TestX5_ClampingAtTheEnds: values past a type's range pack as its ends,
// infinities too, and NaN packs as 0 in its field.
func TestX5_ClampingAtTheEnds(t *testing.T) {
	inf := float32(math.Inf(1))
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"Alpha8 above", uint64(NewAlpha8(7)), 0xFF},
		{"Alpha8 below", uint64(NewAlpha8(-inf)), 0},
		{"Alpha8 NaN", uint64(NewAlpha8(nan)), 0},
		{"Bgr565 above", uint64(NewBgr565(2, inf, 1.01)), 0xFFFF},
		{"Bgr565 below/NaN", uint64(NewBgr565(-1, nan, -inf)), 0},
		{"Bgra4444 above", uint64(NewBgra4444(9, 9, 9, inf)), 0xFFFF},
		{"Bgra4444 NaN in y", uint64(NewBgra4444(1, nan, 1, 1)), 0xFF0F},
		{"Bgra5551 above", uint64(NewBgra5551(9, 9, 9, 9)), 0xFFFF},
		{"Bgra5551 NaN alpha", uint64(NewBgra5551(1, 1, 1, nan)), 0x7FFF},
		{"Rgba1010102 above", uint64(NewRgba1010102(2, 2, 2, 2)), 0xFFFFFFFF},
		{"Rgba1010102 below", uint64(NewRgba1010102(-2, -2, -2, -2)), 0},
		{"Rgba1010102 NaN in z", uint64(NewRgba1010102(1, 1, nan, 1)), 0xC00FFFFF},
		{"Rg32 above/below", uint64(NewRg32(5, -5)), 0x0000FFFF},
		{"Rgba64 above", uint64(NewRgba64(inf, 2, 3, 4)), math.MaxUint64},
		{"Rgba64 NaN", uint64(NewRgba64(nan, 1, 1, 1)), 0xFFFF_FFFF_FFFF_0000},
		{"Byte4 above/below", uint64(NewByte4(256, -1, 1e9, -inf)), 0x00FF00FF}, // x 255, y 0, z 255, w 0
		{"Byte4 NaN", uint64(NewByte4(nan, nan, nan, nan)), 0},
		{"Short2 ends", uint64(NewShort2(1e9, -1e9)), 0x8000_7FFF},
		{"Short2 NaN", uint64(NewShort2(nan, 1)), 0x0001_0000},
		{"Short4 ends", uint64(NewShort4(inf, -inf, 40000, -40000)), 0x8000_7FFF_8000_7FFF},
		{"Short4 NaN in w", uint64(NewShort4(1, 1, 1, nan)), 0x0000_0001_0001_0001},
		// NormalizedByte: clamped to -1..1, so -128 (0x80) never packs.
		{"NormalizedByte2 ends", uint64(NewNormalizedByte2(3, -3)), 0x817F},
		{"NormalizedByte2 NaN", uint64(NewNormalizedByte2(nan, nan)), 0},
		{"NormalizedByte4 ends", uint64(NewNormalizedByte4(inf, -inf, 2, -2)), 0x817F_817F},
		{"NormalizedByte4 NaN", uint64(NewNormalizedByte4(nan, 1, nan, 1)), 0x7F00_7F00},
		// NormalizedShort: clamped to +-32767, so -32768 (0x8000) never packs.
		{"NormalizedShort2 ends", uint64(NewNormalizedShort2(inf, -inf)), 0x8001_7FFF},
		{"NormalizedShort2 NaN", uint64(NewNormalizedShort2(nan, 1)), 0x7FFF_0000},
		{"NormalizedShort4 ends", uint64(NewNormalizedShort4(2, -2, 1e30, -1e30)), 0x8001_7FFF_8001_7FFF},
		{"NormalizedShort4 NaN", uint64(NewNormalizedShort4(nan, nan, nan, -1)), 0x8001_0000_0000_0000},
		// Halves: beyond 65504 (past the tie at 65520) is infinity, NaN a NaN.
		{"HalfSingle +inf", uint64(NewHalfSingle(inf)), 0x7C00},
		{"HalfSingle 70000", uint64(NewHalfSingle(70000)), 0x7C00},
		{"HalfSingle NaN", uint64(NewHalfSingle(nan)), 0x7E00},
		{"HalfVector2 ends", uint64(NewHalfVector2(-inf, 1e6)), 0x7C00_FC00},
		{"HalfVector4 NaN", uint64(NewHalfVector4(nan, 0, 0, 0)), 0x7E00},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
	// A NaN half keeps the top of its payload and its sign, and never
	// becomes infinity: payload bits below the half's 10 become 1.
	if got := NewHalfSingle(math.Float32frombits(0xFFA00000)); got != 0xFD00 {
		t.Errorf("HalfSingle(NaN 0xFFA00000) = %#x, want 0xFD00", uint16(got))
	}
	if got := NewHalfSingle(math.Float32frombits(0x7F800001)); got != 0x7C01 {
		t.Errorf("HalfSingle(NaN 0x7F800001) = %#x, want 0x7C01", uint16(got))
	}
}

// TestX5_SmallTypesRoundTripExhaustively: every value of the small types
// unpacks and packs again to itself.
func TestX5_SmallTypesRoundTripExhaustively(t *testing.T) {
	for i := 0; i < 1<<8; i++ {
		p := Alpha8(i)
		if q := NewAlpha8(p.ToAlpha()); q != p {
			t.Fatalf("Alpha8 %#x -> %v -> %#x", i, p.ToAlpha(), uint8(q))
		}
		var r Alpha8
		r.PackFromVector4(p.ToVector4())
		if r != p {
			t.Fatalf("Alpha8 %#x via Vector4 -> %#x", i, uint8(r))
		}
	}
	for i := 0; i < 1<<16; i++ {
		if p := Bgr565(i); NewBgr565Vector(p.ToVector3()) != p || p.ToVector4()[3] != 1 {
			t.Fatalf("Bgr565 %#x -> %v -> %#x", i, p.ToVector3(), uint16(NewBgr565Vector(p.ToVector3())))
		}
		if p := Bgra4444(i); NewBgra4444Vector(p.ToVector4()) != p {
			t.Fatalf("Bgra4444 %#x -> %v", i, p.ToVector4())
		}
		if p := Bgra5551(i); NewBgra5551Vector(p.ToVector4()) != p {
			t.Fatalf("Bgra5551 %#x -> %v", i, p.ToVector4())
		}
		// Every half but the all-ones exponent (infinities and NaNs, which
		// XNA reads as numbers from 65536 up) comes back bit for bit, -0
		// and the subnormals included.
		p := HalfSingle(i)
		q := NewHalfSingle(p.ToSingle())
		switch {
		case i&0x7C00 != 0x7C00:
			if q != p {
				t.Fatalf("HalfSingle %#x -> %v -> %#x", i, p.ToSingle(), uint16(q))
			}
		default: // read as >= 65536 in size: packs as infinity of its sign
			if q != HalfSingle(i&0x8000|0x7C00) {
				t.Fatalf("HalfSingle %#x -> %v -> %#x, want infinity", i, p.ToSingle(), uint16(q))
			}
		}
	}
}

// TestX5_EveryTypeIsAnIPackedVector: each type's pointer is an
// IPackedVector whose PackFromVector4 packs as the vector constructor
// (the components the type lacks ignored) and whose ToVector4 fills them
// as XNA does.
func TestX5_EveryTypeIsAnIPackedVector(t *testing.T) {
	v := mgl32.Vec4{0.25, 0.5, 0.75, 1}
	s := mgl32.Vec4{-3, 100.4, 7.5, 255}
	cases := []struct {
		name string
		p    IPackedVector
		in   mgl32.Vec4
		want IPackedVector
	}{
		{"Alpha8", new(Alpha8), v, ptr(NewAlpha8(1))},
		{"Bgr565", new(Bgr565), v, ptr(NewBgr565(0.25, 0.5, 0.75))},
		{"Bgra4444", new(Bgra4444), v, ptr(NewBgra4444Vector(v))},
		{"Bgra5551", new(Bgra5551), v, ptr(NewBgra5551Vector(v))},
		{"Byte4", new(Byte4), s, ptr(NewByte4Vector(s))},
		{"HalfSingle", new(HalfSingle), v, ptr(NewHalfSingle(0.25))},
		{"HalfVector2", new(HalfVector2), v, ptr(NewHalfVector2(0.25, 0.5))},
		{"HalfVector4", new(HalfVector4), v, ptr(NewHalfVector4Vector(v))},
		{"NormalizedByte2", new(NormalizedByte2), v, ptr(NewNormalizedByte2(0.25, 0.5))},
		{"NormalizedByte4", new(NormalizedByte4), v, ptr(NewNormalizedByte4Vector(v))},
		{"NormalizedShort2", new(NormalizedShort2), v, ptr(NewNormalizedShort2(0.25, 0.5))},
		{"NormalizedShort4", new(NormalizedShort4), v, ptr(NewNormalizedShort4Vector(v))},
		{"Rg32", new(Rg32), v, ptr(NewRg32(0.25, 0.5))},
		{"Rgba1010102", new(Rgba1010102), v, ptr(NewRgba1010102Vector(v))},
		{"Rgba64", new(Rgba64), v, ptr(NewRgba64Vector(v))},
		{"Short2", new(Short2), s, ptr(NewShort2(-3, 100.4))},
		{"Short4", new(Short4), s, ptr(NewShort4Vector(s))},
	}
	for _, c := range cases {
		c.p.PackFromVector4(c.in)
		if c.p.ToVector4() != c.want.ToVector4() {
			t.Errorf("%s: PackFromVector4(%v) reads %v, want %v", c.name, c.in, c.p.ToVector4(), c.want.ToVector4())
		}
	}
	// The components a type lacks, on exact values.
	checks := []struct {
		name      string
		got, want mgl32.Vec4
	}{
		{"Alpha8", NewAlpha8(1).ToVector4(), mgl32.Vec4{0, 0, 0, 1}},
		{"Bgr565", NewBgr565(1, 0, 1).ToVector4(), mgl32.Vec4{1, 0, 1, 1}},
		{"HalfSingle", NewHalfSingle(0.25).ToVector4(), mgl32.Vec4{0.25, 0, 0, 1}},
		{"HalfVector2", NewHalfVector2(0.25, 0.5).ToVector4(), mgl32.Vec4{0.25, 0.5, 0, 1}},
		{"NormalizedByte2", NewNormalizedByte2(1, -1).ToVector4(), mgl32.Vec4{1, -1, 0, 1}},
		{"NormalizedShort2", NewNormalizedShort2(1, -1).ToVector4(), mgl32.Vec4{1, -1, 0, 1}},
		{"Rg32", NewRg32(1, 0).ToVector4(), mgl32.Vec4{1, 0, 0, 1}},
		{"Short2", NewShort2(-3, 100.4).ToVector4(), mgl32.Vec4{-3, 100, 0, 1}},
		{"Byte4", NewByte4Vector(s).ToVector4(), mgl32.Vec4{0, 100, 8, 255}},
		{"Short4", NewShort4Vector(s).ToVector4(), mgl32.Vec4{-3, 100, 8, 255}},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s.ToVector4() = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// ptr returns a pointer to p as an IPackedVector.
func ptr[T any, P interface {
	*T
	IPackedVector
}](p T) IPackedVector {
	return P(&p)
}

// TestX5_PackedValueAndString: PackedValue is the underlying integer and
// String is XNA's ToString("X"): upper-case hexadecimal, no leading zeros.
func TestX5_PackedValueAndString(t *testing.T) {
	if v := NewBgr565(1, 0, 0).PackedValue(); v != 0xF800 {
		t.Errorf("PackedValue = %#x", v)
	}
	cases := []struct {
		got, want string
	}{
		{Alpha8(0x0A).String(), "A"},
		{Bgr565(0xF800).String(), "F800"},
		{Bgra4444(0x0F).String(), "F"},
		{Bgra5551(0x801F).String(), "801F"},
		{Byte4(0xFF030201).String(), "FF030201"},
		{HalfSingle(0x3C00).String(), "3C00"},
		{HalfVector2(0xC0003C00).String(), "C0003C00"},
		{HalfVector4(0x3C00_0000_0000_0000).String(), "3C00000000000000"},
		{NormalizedByte2(0x817F).String(), "817F"},
		{NormalizedByte4(0x4000817F).String(), "4000817F"},
		{NormalizedShort2(0x80017FFF).String(), "80017FFF"},
		{NormalizedShort4(0x1).String(), "1"},
		{Rg32(0xFFFF).String(), "FFFF"},
		{Rgba1010102(0xC0000000).String(), "C0000000"},
		{Rgba64(0xABCDEF).String(), "ABCDEF"},
		{Short2(0x2FFFF).String(), "2FFFF"},
		{Short4(0x8000_7FFF_FFFF_0001).String(), "80007FFFFFFF0001"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
	// Every accessor returns the bits as they are.
	if Alpha8(7).PackedValue() != 7 || Bgra4444(7).PackedValue() != 7 || Bgra5551(7).PackedValue() != 7 ||
		Byte4(7).PackedValue() != 7 || HalfSingle(7).PackedValue() != 7 || HalfVector2(7).PackedValue() != 7 ||
		HalfVector4(7).PackedValue() != 7 || NormalizedByte2(7).PackedValue() != 7 ||
		NormalizedByte4(7).PackedValue() != 7 || NormalizedShort2(7).PackedValue() != 7 ||
		NormalizedShort4(7).PackedValue() != 7 || Rg32(7).PackedValue() != 7 || Rgba1010102(7).PackedValue() != 7 ||
		Rgba64(7).PackedValue() != 7 || Short2(7).PackedValue() != 7 || Short4(7).PackedValue() != 7 {
		t.Error("a PackedValue is not the underlying integer")
	}
}

// TestX5_PackingAllocatesNothing: building texel and vertex bytes in a
// loop allocates nothing.
func TestX5_PackingAllocatesNothing(t *testing.T) {
	var sink uint64
	v := mgl32.Vec4{0.1, 0.2, 0.3, 0.4}
	n := testing.AllocsPerRun(100, func() {
		sink += uint64(NewBgr565(v[0], v[1], v[2])) + uint64(NewHalfVector4Vector(v)) +
			uint64(NewNormalizedShort4Vector(v)) + uint64(NewByte4Vector(v))
		var p Rgba1010102
		var i IPackedVector = &p
		i.PackFromVector4(v)
		sink += uint64(p) + uint64(math.Float32bits(i.ToVector4()[0]))
	})
	if n != 0 {
		t.Errorf("packing allocates %v times per run, want 0", n)
	}
	_ = sink
}
