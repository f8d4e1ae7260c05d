package packed_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/packed"
	"github.com/metronome-engine/metronome/internal/half"
)

// le returns p's little-endian bytes: what a game hands SetData or a
// vertex buffer.
func le(t *testing.T, p any) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := binary.Write(&b, binary.LittleEndian, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// channel is one channel of a format as the format documents it: its bits
// in the little-endian texel (or element) and how they read.
type channel struct {
	shift, bits int
	kind        byte // 'u' unsigned normalized, 's' signed normalized, 'h' half, 'i' uint, 'I' int
	comp        int  // the Vector4 component it carries
}

// decode reads c from the little-endian bytes b as the GPU does.
func (c channel) decode(b []byte) float32 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	f := v >> c.shift & (1<<c.bits - 1)
	max := float32(uint64(1)<<c.bits - 1)
	sign := func() int64 { return int64(f<<(64-c.bits)) >> (64 - c.bits) }
	switch c.kind {
	case 'u':
		return float32(f) / max
	case 's': // Vulkan SNORM: -2^(n-1) reads as -1, like -(2^(n-1)-1)
		return float32(max32(sign(), -(1<<(c.bits-1)-1))) / float32(int64(1)<<(c.bits-1)-1)
	case 'h':
		return half.ToFloat32(uint16(f))
	case 'i':
		return float32(f)
	case 'I':
		return float32(sign())
	}
	panic("unknown channel kind")
}

func max32(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// TestG17_PackedVectorsMatchTheSurfaceFormats: each packed type's
// little-endian bytes are the texel its SurfaceFormat takes (or the
// element its VertexElementFormat takes): the same size, and each channel
// where that format's documentation puts it (docs/graphics.md, G17
// "Formats"), reading back as the type's ToVector4.
func TestG17_PackedVectorsMatchTheSurfaceFormats(t *testing.T) {
	vecs := []mgl32.Vec4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1},
		{0.25, 0.5, 0.75, 1}, {-1, -0.5, 0.3, 0.6}, {0.9, 0.1, -0.7, 0.2}}
	u := func(shift, bits, comp int) channel { return channel{shift, bits, 'u', comp} }
	s := func(shift, bits, comp int) channel { return channel{shift, bits, 's', comp} }
	h := func(shift, comp int) channel { return channel{shift, 16, 'h', comp} }
	type entry struct {
		name     string
		surface  graphics.SurfaceFormat       // none: not a texel
		vertex   graphics.VertexElementFormat // 0: not a vertex element
		pack     func(mgl32.Vec4) packed.IPackedVector
		channels []channel
	}
	none := ^graphics.SurfaceFormat(0)
	entries := []entry{
		// "8-bit alpha only".
		{"Alpha8", graphics.SurfaceFormatAlpha8, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewAlpha8(v[3]); return &p },
			[]channel{u(0, 8, 3)}},
		// "R 5 bits high, G 6, B 5 low".
		{"Bgr565", graphics.SurfaceFormatBgr565, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewBgr565Vector(v.Vec3()); return &p },
			[]channel{u(11, 5, 0), u(5, 6, 1), u(0, 5, 2)}},
		// "A 1 bit high, R 5, G 5, B 5 low".
		{"Bgra5551", graphics.SurfaceFormatBgra5551, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewBgra5551Vector(v); return &p },
			[]channel{u(15, 1, 3), u(10, 5, 0), u(5, 5, 1), u(0, 5, 2)}},
		// "A 4 bits high, R 4, G 4, B 4 low".
		{"Bgra4444", graphics.SurfaceFormatBgra4444, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewBgra4444Vector(v); return &p },
			[]channel{u(12, 4, 3), u(8, 4, 0), u(4, 4, 1), u(0, 4, 2)}},
		// "2 x int8, signed normalized".
		{"NormalizedByte2", graphics.SurfaceFormatNormalizedByte2, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewNormalizedByte2Vector(v.Vec2()); return &p },
			[]channel{s(0, 8, 0), s(8, 8, 1)}},
		// "4 x int8, signed normalized".
		{"NormalizedByte4", graphics.SurfaceFormatNormalizedByte4, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewNormalizedByte4Vector(v); return &p },
			[]channel{s(0, 8, 0), s(8, 8, 1), s(16, 8, 2), s(24, 8, 3)}},
		// "R 10 bits low, G 10, B 10, A 2 high".
		{"Rgba1010102", graphics.SurfaceFormatRgba1010102, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewRgba1010102Vector(v); return &p },
			[]channel{u(0, 10, 0), u(10, 10, 1), u(20, 10, 2), u(30, 2, 3)}},
		// "2 x uint16, normalized".
		{"Rg32", graphics.SurfaceFormatRg32, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewRg32Vector(v.Vec2()); return &p },
			[]channel{u(0, 16, 0), u(16, 16, 1)}},
		// "4 x uint16, normalized".
		{"Rgba64", graphics.SurfaceFormatRgba64, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewRgba64Vector(v); return &p },
			[]channel{u(0, 16, 0), u(16, 16, 1), u(32, 16, 2), u(48, 16, 3)}},
		// "1 x float16".
		{"HalfSingle", graphics.SurfaceFormatHalfSingle, 0, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewHalfSingle(v[0]); return &p },
			[]channel{h(0, 0)}},
		// "2 x float16", also the vertex element FormatHalfVector2.
		{"HalfVector2", graphics.SurfaceFormatHalfVector2, graphics.FormatHalfVector2, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewHalfVector2Vector(v.Vec2()); return &p },
			[]channel{h(0, 0), h(16, 1)}},
		// "4 x float16", also FormatHalfVector4.
		{"HalfVector4", graphics.SurfaceFormatHalfVector4, graphics.FormatHalfVector4, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewHalfVector4Vector(v); return &p },
			[]channel{h(0, 0), h(16, 1), h(32, 2), h(48, 3)}},
		// Vertex elements: "4 x uint8 read as unsigned integers".
		{"Byte4", none, graphics.FormatByte4, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewByte4Vector(v.Mul(200)); return &p },
			[]channel{{0, 8, 'i', 0}, {8, 8, 'i', 1}, {16, 8, 'i', 2}, {24, 8, 'i', 3}}},
		// "2 x int16 read as signed integers".
		{"Short2", none, graphics.FormatShort2, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewShort2Vector(v.Vec2().Mul(30000)); return &p },
			[]channel{{0, 16, 'I', 0}, {16, 16, 'I', 1}}},
		// "4 x int16 read as signed integers".
		{"Short4", none, graphics.FormatShort4, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewShort4Vector(v.Mul(30000)); return &p },
			[]channel{{0, 16, 'I', 0}, {16, 16, 'I', 1}, {32, 16, 'I', 2}, {48, 16, 'I', 3}}},
		// "2 x int16, signed normalized (-1..1)".
		{"NormalizedShort2", none, graphics.FormatNormalizedShort2, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewNormalizedShort2Vector(v.Vec2()); return &p },
			[]channel{s(0, 16, 0), s(16, 16, 1)}},
		// "4 x int16, signed normalized (-1..1)".
		{"NormalizedShort4", none, graphics.FormatNormalizedShort4, func(v mgl32.Vec4) packed.IPackedVector { p := packed.NewNormalizedShort4Vector(v); return &p },
			[]channel{s(0, 16, 0), s(16, 16, 1), s(32, 16, 2), s(48, 16, 3)}},
	}
	for _, e := range entries {
		p := e.pack(mgl32.Vec4{})
		size := binary.Size(p)
		if e.surface != none && e.surface.DataSize(1, 1) != size {
			t.Errorf("%s is %d bytes, %v's texel %d", e.name, size, e.surface, e.surface.DataSize(1, 1))
		}
		if e.vertex != 0 && e.vertex.Size() != size {
			t.Errorf("%s is %d bytes, the vertex element %d", e.name, size, e.vertex.Size())
		}
		bits := 0
		for _, c := range e.channels {
			bits += c.bits
		}
		if bits != 8*size {
			t.Errorf("%s: the format's channels cover %d bits of %d", e.name, bits, 8*size)
		}
		for _, v := range vecs {
			p := e.pack(v)
			b := le(t, p)
			got := p.ToVector4()
			for _, c := range e.channels {
				if d := c.decode(b); d != got[c.comp] {
					t.Errorf("%s%v: bytes % x: the format reads %v in component %d, ToVector4 %v", e.name, v, b, d, c.comp, got)
				}
			}
		}
	}

	// The same, on bytes worked out by hand from the format documentation.
	byHand := []struct {
		name string
		p    any
		want []byte
	}{
		{"Bgr565 red: R high, 0xF800", packed.NewBgr565(1, 0, 0), []byte{0x00, 0xF8}},
		{"Bgr565 blue: B low, 0x001F", packed.NewBgr565(0, 0, 1), []byte{0x1F, 0x00}},
		{"Bgra5551 alpha: the top bit", packed.NewBgra5551(0, 0, 0, 1), []byte{0x00, 0x80}},
		{"Bgra5551 red: bits 10-14", packed.NewBgra5551(1, 0, 0, 0), []byte{0x00, 0x7C}},
		{"Bgra4444 alpha: the top 4 bits", packed.NewBgra4444(0, 0, 0, 1), []byte{0x00, 0xF0}},
		{"Bgra4444 green: bits 4-7", packed.NewBgra4444(0, 1, 0, 0), []byte{0xF0, 0x00}},
		{"Rgba1010102 red: the low 10 bits", packed.NewRgba1010102(1, 0, 0, 0), []byte{0xFF, 0x03, 0x00, 0x00}},
		{"Rgba1010102 alpha: the top 2 bits", packed.NewRgba1010102(0, 0, 0, 1), []byte{0x00, 0x00, 0x00, 0xC0}},
		{"NormalizedByte2 (1, -1): int8 127, -127", packed.NewNormalizedByte2(1, -1), []byte{0x7F, 0x81}},
		{"Rg32 (1, 0)", packed.NewRg32(1, 0), []byte{0xFF, 0xFF, 0x00, 0x00}},
		{"HalfVector2 (1, -2): 0x3C00, 0xC000", packed.NewHalfVector2(1, -2), []byte{0x00, 0x3C, 0x00, 0xC0}},
		{"Byte4 (1, 2, 3, 4)", packed.NewByte4(1, 2, 3, 4), []byte{1, 2, 3, 4}},
		{"Short2 (-1, 2)", packed.NewShort2(-1, 2), []byte{0xFF, 0xFF, 0x02, 0x00}},
		{"Alpha8 1", packed.NewAlpha8(1), []byte{0xFF}},
	}
	for _, c := range byHand {
		if got := le(t, c.p); !bytes.Equal(got, c.want) {
			t.Errorf("%s: bytes % x, want % x", c.name, got, c.want)
		}
	}
}
