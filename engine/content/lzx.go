package content

import (
	"encoding/binary"
	"fmt"
)

// An LZX decoder (Microsoft's LZX as CAB files and XNA's XMemCompress use
// it), written from the format's published description: a 64 KiB window,
// verbatim, aligned-offset and uncompressed blocks, canonical Huffman
// trees sent as deltas through a 20-symbol pretree, three repeated match
// offsets. The E8 call translation is refused (XNB writers leave it off).
//
// XNB frames the stream: each frame is a 2-byte big-endian compressed
// size (its output 32 KiB), or 0xFF then a 2-byte output size and a
// 2-byte compressed size; the decoder's window, trees and block state
// carry over from frame to frame, the bit stream restarts at each.

const (
	lzxWindowBits  = 16
	lzxWindow      = 1 << lzxWindowBits
	lzxPositions   = 32 // position slots of a 64 KiB window
	lzxMainSymbols = 256 + 8*lzxPositions
	lzxLenSymbols  = 249
	lzxPreSymbols  = 20
	lzxMinMatch    = 2
	lzxMaxBits     = 16
	lzxFrame       = 1 << 15

	lzxVerbatim     = 1
	lzxAligned      = 2
	lzxUncompressed = 3
)

var lzxExtra, lzxBase = func() (e [lzxPositions]uint8, b [lzxPositions]uint32) {
	for i := range e {
		e[i] = uint8(max(0, min(17, i/2-1)))
		if i > 0 {
			b[i] = b[i-1] + 1<<e[i-1]
		}
	}
	return
}()

func badLZX(format string, args ...any) error {
	return fmt.Errorf("LZX: %s: %w", fmt.Sprintf(format, args...), ErrBadXNB)
}

// huffman is a canonical Huffman code: codes of increasing length, and
// within a length by symbol, as the lengths give them.
type huffman struct {
	count  [lzxMaxBits + 1]uint16 // codes of each length
	symbol []uint16               // symbols in code order
	empty  bool
}

// build makes the code from lengths; an over-full set of lengths is an
// error, an all-zero one an empty code (any use of it an error).
func (h *huffman) build(lens []uint8) error {
	h.count = [lzxMaxBits + 1]uint16{}
	h.symbol = h.symbol[:0]
	for _, l := range lens {
		h.count[l]++
	}
	h.count[0] = 0
	left := 1
	for l := 1; l <= lzxMaxBits; l++ {
		left = left<<1 - int(h.count[l])
		if left < 0 {
			return badLZX("over-subscribed Huffman lengths")
		}
	}
	for l := 1; l <= lzxMaxBits; l++ {
		for s, sl := range lens {
			if int(sl) == l {
				h.symbol = append(h.symbol, uint16(s))
			}
		}
	}
	h.empty = len(h.symbol) == 0
	return nil
}

// bits reads an LZX bit stream: 16-bit little-endian words, most
// significant bit first.
type bits struct {
	src  []byte
	pos  int // next unread byte
	buf  uint64
	n    uint // bits in buf
	over int  // words read past the end (zeros)
}

func (b *bits) fill() {
	for b.n <= 48 {
		var w uint64
		if b.pos+1 < len(b.src) {
			w = uint64(binary.LittleEndian.Uint16(b.src[b.pos:]))
		} else {
			b.over++
		}
		b.pos += 2
		b.buf |= w << (48 - b.n)
		b.n += 16
	}
}

func (b *bits) read(n uint) (uint32, error) {
	if n == 0 {
		return 0, nil
	}
	if b.n < n {
		b.fill()
	}
	v := uint32(b.buf >> (64 - n))
	b.buf <<= n
	b.n -= n
	if b.pos-int(b.n/8) > len(b.src)+2 {
		return 0, badLZX("the compressed frame ends early")
	}
	return v, nil
}

// decode reads one symbol of h.
func (b *bits) decode(h *huffman) (int, error) {
	if h.empty {
		return 0, badLZX("a symbol of an empty Huffman tree")
	}
	if b.n < lzxMaxBits {
		b.fill()
	}
	code, first, index := 0, 0, 0
	for l := 1; l <= lzxMaxBits; l++ {
		code |= int(b.buf >> 63)
		b.buf <<= 1
		b.n--
		c := int(h.count[l])
		if code-first < c {
			if b.pos-int(b.n/8) > len(b.src)+2 {
				return 0, badLZX("the compressed frame ends early")
			}
			return int(h.symbol[index+code-first]), nil
		}
		index += c
		first = (first + c) << 1
		code <<= 1
	}
	return 0, badLZX("an invalid Huffman code")
}

// align drops the bits left of the current 16-bit word, or a whole word
// when none are left (uncompressed blocks start on a word boundary).
func (b *bits) align() {
	whole := b.n / 16
	if b.n%16 == 0 {
		whole-- // the spec reads 1 to 16 bits here, never 0
	}
	b.pos -= 2 * int(whole)
	b.buf, b.n = 0, 0
}

// lzx is the decoder state carried across frames.
type lzx struct {
	out            []byte // everything decoded: the window is its tail
	limit          int
	started        bool
	blockType      int
	blockLeft      int
	blockOdd       bool // an uncompressed block of odd length: a pad byte follows its end
	r              [3]uint32
	mainLen        [lzxMainSymbols]uint8
	lenLen         [lzxLenSymbols]uint8
	main, length   huffman
	aligned        huffman
	pre            huffman
	preLen, alLens [lzxPreSymbols]uint8
}

// decompressXNBLZX decodes an XNB's LZX frames into exactly size bytes.
func decompressXNBLZX(src []byte, size int) ([]byte, error) {
	d := &lzx{limit: size, r: [3]uint32{1, 1, 1}}
	d.out = make([]byte, 0, min(size, 8*len(src)+lzxFrame))
	frameEnd := 0
	for len(src) > 0 && len(d.out) < size {
		if len(src) < 2 {
			return nil, badLZX("a frame header cut short")
		}
		frame, block := lzxFrame, int(src[0])<<8|int(src[1])
		src = src[2:]
		if block>>8 == 0xFF {
			if len(src) < 3 {
				return nil, badLZX("a frame header cut short")
			}
			frame = int(block&0xFF)<<8 | int(src[0])
			block = int(src[1])<<8 | int(src[2])
			src = src[3:]
		}
		if block == 0 || frame == 0 {
			break
		}
		if block > len(src) {
			return nil, badLZX("a frame of %d bytes with %d left", block, len(src))
		}
		frameEnd = min(frameEnd+frame, size)
		if err := d.frame(src[:block], frameEnd); err != nil {
			return nil, err
		}
		src = src[block:]
	}
	if len(d.out) != size {
		return nil, badLZX("decoded %d bytes, the header says %d", len(d.out), size)
	}
	return d.out, nil
}

// frame decodes one frame's compressed bytes until the output reaches end.
func (d *lzx) frame(src []byte, end int) error {
	b := &bits{src: src}
	if !d.started {
		d.started = true
		e8, err := b.read(1)
		if err != nil {
			return err
		}
		if e8 != 0 {
			size, err := b.read(32)
			if err != nil {
				return err
			}
			if size != 0 {
				return badLZX("E8 call translation for a %d-byte file is on; XNB files never use it", size)
			}
		}
	}
	for len(d.out) < end {
		if d.blockLeft == 0 {
			if err := d.blockHeader(b); err != nil {
				return err
			}
		}
		run := min(d.blockLeft, end-len(d.out))
		var err error
		var got int
		if d.blockType == lzxUncompressed {
			got, err = d.stored(b, run)
		} else {
			got, err = d.symbols(b, run)
		}
		if err != nil {
			return err
		}
		d.blockLeft -= got
	}
	return nil
}

func (d *lzx) blockHeader(b *bits) error {
	t, err := b.read(3)
	if err != nil {
		return err
	}
	hi, err := b.read(16)
	if err != nil {
		return err
	}
	lo, err := b.read(8)
	if err != nil {
		return err
	}
	d.blockType, d.blockLeft = int(t), int(hi<<8|lo)
	if d.blockLeft == 0 {
		return badLZX("an empty block")
	}
	switch d.blockType {
	case lzxAligned:
		for i := range 8 {
			v, err := b.read(3)
			if err != nil {
				return err
			}
			d.alLens[i] = uint8(v)
		}
		if err := d.aligned.build(d.alLens[:8]); err != nil {
			return err
		}
		fallthrough
	case lzxVerbatim:
		if err := d.lengths(b, d.mainLen[:256]); err != nil {
			return err
		}
		if err := d.lengths(b, d.mainLen[256:]); err != nil {
			return err
		}
		if err := d.main.build(d.mainLen[:]); err != nil {
			return err
		}
		if err := d.lengths(b, d.lenLen[:]); err != nil {
			return err
		}
		return d.length.build(d.lenLen[:])
	case lzxUncompressed:
		b.align()
		if b.pos+12 > len(b.src) {
			return badLZX("an uncompressed block header cut short")
		}
		for i := range d.r {
			d.r[i] = binary.LittleEndian.Uint32(b.src[b.pos+4*i:])
		}
		b.pos += 12
		d.blockOdd = d.blockLeft&1 != 0
		return nil
	}
	return badLZX("block type %d", d.blockType)
}

// lengths reads code lengths as deltas from their previous values through
// a pretree of its own.
func (d *lzx) lengths(b *bits, lens []uint8) error {
	for i := range d.preLen {
		v, err := b.read(4)
		if err != nil {
			return err
		}
		d.preLen[i] = uint8(v)
	}
	if err := d.pre.build(d.preLen[:]); err != nil {
		return err
	}
	for x := 0; x < len(lens); {
		z, err := b.decode(&d.pre)
		if err != nil {
			return err
		}
		var run, fill int
		switch z {
		case 17, 18:
			n, extra := uint(4), 4
			if z == 18 {
				n, extra = 5, 20
			}
			v, err := b.read(n)
			if err != nil {
				return err
			}
			run, fill = int(v)+extra, -1
		case 19:
			v, err := b.read(1)
			if err != nil {
				return err
			}
			run = int(v) + 4
			if z, err = b.decode(&d.pre); err != nil {
				return err
			}
			if z > 16 {
				return badLZX("a repeat code inside a repeat")
			}
			fill = z
		default:
			run, fill = 1, z
		}
		for ; run > 0 && x < len(lens); run-- {
			if fill < 0 {
				lens[x] = 0
			} else {
				lens[x] = uint8((int(lens[x]) - fill + 17) % 17)
			}
			x++
		}
	}
	return nil
}

// stored copies up to n bytes of an uncompressed block, which may
// continue in the next frame.
func (d *lzx) stored(b *bits, n int) (int, error) {
	if b.pos >= len(b.src) {
		return 0, badLZX("an uncompressed block cut short")
	}
	n = min(n, len(b.src)-b.pos)
	d.out = append(d.out, b.src[b.pos:b.pos+n]...)
	b.pos += n
	if n == d.blockLeft && d.blockOdd {
		b.pos++ // the pad byte that realigns the stream to a word
		d.blockOdd = false
	}
	return n, nil
}

// symbols decodes literals and matches of a verbatim or aligned block
// until at least n bytes are out (a match may run past n by up to 256
// bytes into the next frame, never past the total).
func (d *lzx) symbols(b *bits, n int) (int, error) {
	start := len(d.out)
	for len(d.out)-start < n {
		s, err := b.decode(&d.main)
		if err != nil {
			return 0, err
		}
		if s < 256 {
			d.out = append(d.out, byte(s))
			continue
		}
		s -= 256
		length := s & 7
		if length == 7 {
			f, err := b.decode(&d.length)
			if err != nil {
				return 0, err
			}
			length += f
		}
		length += lzxMinMatch
		off, err := d.offset(b, s>>3)
		if err != nil {
			return 0, err
		}
		p := len(d.out)
		if int(off) > p || off > lzxWindow-3 {
			return 0, badLZX("a match %d bytes back at %d", off, p)
		}
		if p+length > d.limit || length > d.blockLeft-(p-start) {
			return 0, badLZX("a match runs past the block or the output")
		}
		for i := range length {
			d.out = append(d.out, d.out[p-int(off)+i])
		}
	}
	return len(d.out) - start, nil
}

// offset reads a match's offset from its position slot.
func (d *lzx) offset(b *bits, slot int) (uint32, error) {
	switch slot {
	case 0:
		return d.r[0], nil
	case 1:
		d.r[0], d.r[1] = d.r[1], d.r[0]
		return d.r[0], nil
	case 2:
		d.r[0], d.r[2] = d.r[2], d.r[0]
		return d.r[0], nil
	}
	extra := uint(lzxExtra[slot])
	off := lzxBase[slot] - 2
	switch {
	case d.blockType == lzxAligned && extra >= 3:
		v, err := b.read(extra - 3)
		if err != nil {
			return 0, err
		}
		a, err := b.decode(&d.aligned)
		if err != nil {
			return 0, err
		}
		off += v<<3 + uint32(a)
	default:
		v, err := b.read(extra)
		if err != nil {
			return 0, err
		}
		off += v
	}
	d.r[2], d.r[1], d.r[0] = d.r[1], d.r[0], off
	return off, nil
}
