package content

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/pierrec/lz4/v4"
)

// This file writes XNB files for the tests: the body (type readers,
// objects), the header, and the three compressions. The LZX writer emits
// valid streams of uncompressed, verbatim and aligned-offset blocks with
// fixed, simple trees.

const asm = ", Microsoft.Xna.Framework.Graphics, Version=4.0.0.0, Culture=neutral, PublicKeyToken=842cf8be1de50553"

// body builds an XNB's content.
type body struct{ bytes.Buffer }

func (b *body) varint(v int) {
	for v >= 0x80 {
		b.WriteByte(byte(v) | 0x80)
		v >>= 7
	}
	b.WriteByte(byte(v))
}
func (b *body) str(s string) { b.varint(len(s)); b.WriteString(s) }
func (b *body) i32(v int32)  { binary.Write(&b.Buffer, binary.LittleEndian, v) }
func (b *body) u32(v uint32) { binary.Write(&b.Buffer, binary.LittleEndian, v) }
func (b *body) f32(v float32) {
	binary.Write(&b.Buffer, binary.LittleEndian, math.Float32bits(v))
}
func (b *body) readers(names ...string) {
	b.varint(len(names))
	for _, n := range names {
		b.str("Microsoft.Xna.Framework.Content." + n + asm)
		b.i32(0)
	}
	b.varint(0) // shared resources
}

// texture writes a Texture2D object's data (after its type index).
func (b *body) texture(format int32, w, h int, data []byte) {
	b.i32(format)
	b.u32(uint32(w))
	b.u32(uint32(h))
	b.u32(1)
	b.u32(uint32(len(data)))
	b.Write(data)
}

// textureXNB is a whole Texture2D body.
func textureXNB(format int32, w, h int, data []byte) []byte {
	var b body
	b.readers("Texture2DReader")
	b.varint(1)
	b.texture(format, w, h, data)
	return b.Bytes()
}

// xnbFile wraps a body in a header, compressed as comp: "", "lz4", "lzx"
// (verbatim blocks), "lzx-stored", "lzx-aligned" or "lzx-mixed".
func xnbFile(t testing.TB, platform byte, hiDef bool, content []byte, comp string) []byte {
	t.Helper()
	flags := byte(0)
	if hiDef {
		flags |= xnbHiDef
	}
	var payload []byte
	switch comp {
	case "":
		payload = content
	case "lz4":
		flags |= xnbLZ4
		dst := make([]byte, lz4.CompressBlockBound(len(content)))
		n, err := lz4.CompressBlock(content, dst, nil)
		if err != nil || n == 0 {
			t.Fatalf("lz4: %d, %v", n, err)
		}
		payload = binary.LittleEndian.AppendUint32(nil, uint32(len(content)))
		payload = append(payload, dst[:n]...)
	default:
		flags |= xnbLZX
		payload = binary.LittleEndian.AppendUint32(nil, uint32(len(content)))
		payload = append(payload, lzxCompress(content, comp)...)
	}
	out := append([]byte("XNB"), platform, 5, flags)
	out = binary.LittleEndian.AppendUint32(out, uint32(10+len(payload)))
	return append(out, payload...)
}

// bitWriter writes an LZX bit stream: 16-bit little-endian words, most
// significant bit first.
type bitWriter struct {
	out []byte
	cur uint32
	n   uint // bits in cur
}

func (w *bitWriter) put(v uint32, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.cur = w.cur<<1 | (v>>uint(i))&1
		w.n++
		if w.n == 16 {
			w.out = binary.LittleEndian.AppendUint16(w.out, uint16(w.cur))
			w.cur, w.n = 0, 0
		}
	}
}

// pad fills the current word with zeros.
func (w *bitWriter) pad() {
	if w.n > 0 {
		w.put(0, 16-w.n)
	}
}

// lzxEnc is the test encoder's state.
type lzxEnc struct {
	w       bitWriter
	r0      uint32
	mainLen [lzxMainSymbols]uint8
	lenLen  [lzxLenSymbols]uint8
}

// lengths writes new code lengths as deltas from old through a pretree
// in which symbols 0..15 have 4-bit codes (their own value).
func (e *lzxEnc) lengths(old []uint8, lens []uint8) {
	for i := range lzxPreSymbols {
		if i < 16 {
			e.w.put(4, 4)
		} else {
			e.w.put(0, 4)
		}
	}
	for i, l := range lens {
		e.w.put(uint32((int(old[i])-int(l)+17)%17), 4)
		old[i] = l
	}
}

// slotOf returns the position slot and footer of a match offset.
func slotOf(off uint32) (int, uint32) {
	f := off + 2
	s := lzxPositions - 1
	for lzxBase[s] > f {
		s--
	}
	return s, f - lzxBase[s]
}

// lzxCompress encodes data in 32 KiB frames (the last shorter) with XNB's
// framing. Verbatim and aligned blocks span the whole input (their bit
// stream realigned to a word at each frame's end); stored blocks, and the
// blocks of "lzx-mixed", last one frame each.
func lzxCompress(data []byte, mode string) []byte {
	e := &lzxEnc{r0: 1}
	var out []byte
	e.w.put(0, 1) // no E8 translation
	blockType := map[string]int{"lzx": lzxVerbatim, "lzx-stored": lzxUncompressed, "lzx-aligned": lzxAligned}[mode]
	perFrame := mode == "lzx-stored" || mode == "lzx-mixed"
	last := map[uint32]int{}
	for start := 0; start < len(data); start += lzxFrame {
		end := min(start+lzxFrame, len(data))
		if perFrame || start == 0 {
			size := end - start
			if !perFrame {
				size = len(data)
			}
			if mode == "lzx-mixed" {
				blockType = []int{lzxUncompressed, lzxVerbatim, lzxAligned}[start/lzxFrame%3]
			}
			e.header(blockType, size)
		}
		if blockType == lzxUncompressed {
			e.w.out = append(e.w.out, data[start:end]...)
			if (end-start)&1 != 0 {
				e.w.out = append(e.w.out, 0)
			}
		} else {
			e.symbols(data, start, end, blockType, last)
		}
		e.w.pad()
		chunk := e.w.out
		e.w.out = nil
		if end-start == lzxFrame {
			out = binary.BigEndian.AppendUint16(out, uint16(len(chunk)))
		} else {
			out = append(out, 0xFF)
			out = binary.BigEndian.AppendUint16(out, uint16(end-start))
			out = binary.BigEndian.AppendUint16(out, uint16(len(chunk)))
		}
		out = append(out, chunk...)
	}
	return out
}

// header writes a block header (and its trees, or the stored block's
// alignment and repeated offsets).
func (e *lzxEnc) header(t, size int) {
	e.w.put(uint32(t), 3)
	e.w.put(uint32(size>>8), 16)
	e.w.put(uint32(size&0xFF), 8)
	switch t {
	case lzxUncompressed:
		if e.w.n == 0 {
			e.w.put(0, 16)
		} else {
			e.w.pad()
		}
		for range 3 {
			e.w.out = binary.LittleEndian.AppendUint32(e.w.out, e.r0)
		}
		return
	case lzxAligned:
		for range 8 {
			e.w.put(3, 3) // every aligned symbol 3 bits: its own value
		}
	}
	lens := make([]uint8, lzxMainSymbols)
	for i := range lens {
		lens[i] = 9 // 512 symbols, 9 bits each: the code is the symbol
	}
	e.lengths(e.mainLen[:256], lens[:256])
	e.lengths(e.mainLen[256:], lens[256:])
	e.lengths(e.lenLen[:], make([]uint8, lzxLenSymbols)) // empty: matches of 2..8 bytes only
}

// symbols writes data[start:end] as literals and matches of 3..8 bytes
// found through a hash of three bytes; matches stay inside the frame.
func (e *lzxEnc) symbols(data []byte, start, end, blockType int, last map[uint32]int) {
	for p := start; p < end; {
		n, off := 0, uint32(0)
		if p+3 <= end {
			h := uint32(data[p]) | uint32(data[p+1])<<8 | uint32(data[p+2])<<16
			if q, ok := last[h]; ok && p-q < lzxWindow-3 {
				for n < 8 && p+n < end && data[q+n] == data[p+n] {
					n++
				}
				off = uint32(p - q)
			}
			last[h] = p
		}
		if n < 3 {
			e.w.put(uint32(data[p]), 9)
			p++
			continue
		}
		slot, footer := 0, uint32(0)
		if off != e.r0 {
			slot, footer = slotOf(off)
			e.r0 = off
		}
		e.w.put(uint32(256+slot*8+n-2), 9)
		if slot >= 3 {
			extra := uint(lzxExtra[slot])
			if blockType == lzxAligned && extra >= 3 {
				e.w.put(footer>>3, extra-3)
				e.w.put(footer&7, 3)
			} else {
				e.w.put(footer, extra)
			}
		}
		p += n
	}
}
