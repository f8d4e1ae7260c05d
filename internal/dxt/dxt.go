// Package dxt decodes DXT1, DXT3 and DXT5 (BC1, BC2, BC3) texture data
// into RGBA bytes on the CPU: for XNB textures (engine/content) and for a
// device that cannot sample the compressed formats (renderer/vulkan).
package dxt

import "encoding/binary"

// Kind is a DXT format.
type Kind int

// The DXT formats.
const (
	DXT1 Kind = iota + 1 // BC1: 8 bytes per 4x4 block, 1-bit alpha
	DXT3                 // BC2: 16 bytes per 4x4 block, 4-bit alpha
	DXT5                 // BC3: 16 bytes per 4x4 block, interpolated alpha
)

// Size returns the bytes of a w x h image of kind f: whole 4x4 blocks.
func Size(f Kind, w, h int) int {
	size := 16
	if f == DXT1 {
		size = 8
	}
	return size * ((w + 3) / 4) * ((h + 3) / 4)
}

// Decode decodes a w x h DXT1, DXT3 or DXT5 image src (Size(f, w, h)
// bytes, rows of blocks) into RGBA dst (4*w*h bytes); the caller checks
// the sizes. Colours are expanded from 5 and 6 bits as XNA's are.
func Decode(f Kind, w, h int, src, dst []byte) {
	size := 16
	if f == DXT1 {
		size = 8
	}
	var block [64]byte // 4x4 RGBA
	bw := (w + 3) / 4
	for by := range (h + 3) / 4 {
		for bx := range bw {
			b := src[(by*bw+bx)*size:]
			switch f {
			case DXT1:
				colorBlock(b, &block, true)
			case DXT3:
				colorBlock(b[8:], &block, false)
				for i := range 16 {
					a := b[i/2] >> (4 * uint(i%2)) & 0xf
					block[4*i+3] = a<<4 | a
				}
			default:
				colorBlock(b[8:], &block, false)
				alphaBlock(b, &block)
			}
			for y := range 4 {
				py := by*4 + y
				if py >= h {
					break
				}
				for x := range 4 {
					px := bx*4 + x
					if px >= w {
						break
					}
					copy(dst[4*(py*w+px):4*(py*w+px)+4], block[4*(4*y+x):])
				}
			}
		}
	}
}

// colorBlock decodes a BC1 colour block; dxt1 allows its 3-colour mode
// with transparent black.
func colorBlock(b []byte, out *[64]byte, dxt1 bool) {
	c0, c1 := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
	var pal [4][4]int
	r0, g0, b0 := unpack565(c0)
	r1, g1, b1 := unpack565(c1)
	pal[0] = [4]int{int(r0), int(g0), int(b0), 255}
	pal[1] = [4]int{int(r1), int(g1), int(b1), 255}
	if c0 > c1 || !dxt1 {
		for i := range 3 {
			pal[2][i] = (2*pal[0][i] + pal[1][i]) / 3
			pal[3][i] = (pal[0][i] + 2*pal[1][i]) / 3
		}
		pal[2][3], pal[3][3] = 255, 255
	} else {
		for i := range 3 {
			pal[2][i] = (pal[0][i] + pal[1][i]) / 2
		}
		pal[2][3] = 255
		pal[3] = [4]int{}
	}
	idx := binary.LittleEndian.Uint32(b[4:])
	for i := range 16 {
		p := pal[idx>>(2*uint(i))&3]
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(p[0]), byte(p[1]), byte(p[2]), byte(p[3])
	}
}

// alphaBlock decodes a BC3 alpha block into out's alpha channel.
func alphaBlock(b []byte, out *[64]byte) {
	a0, a1 := int(b[0]), int(b[1])
	var pal [8]int
	pal[0], pal[1] = a0, a1
	if a0 > a1 {
		for i := 1; i < 7; i++ {
			pal[i+1] = ((7-i)*a0 + i*a1) / 7
		}
	} else {
		for i := 1; i < 5; i++ {
			pal[i+1] = ((5-i)*a0 + i*a1) / 5
		}
		pal[6], pal[7] = 0, 255
	}
	var bits uint64
	for i := range 6 {
		bits |= uint64(b[2+i]) << (8 * uint(i))
	}
	for i := range 16 {
		out[4*i+3] = byte(pal[bits>>(3*uint(i))&7])
	}
}

// unpack565 expands a 5:6:5 colour (red high) to 8 bits per channel.
func unpack565(v uint16) (r, g, b byte) {
	return expand(v>>11, 5), expand(v>>5, 6), expand(v, 5)
}

// expand scales the low bits of v to 0..255.
func expand(v uint16, bits uint) byte {
	m := uint32(1)<<bits - 1
	return byte((uint32(v)&m*255 + m/2) / m)
}
