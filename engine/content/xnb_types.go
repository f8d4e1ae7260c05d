package content

import (
	"encoding/binary"
	"fmt"

	"github.com/metronome-engine/metronome/internal/dxt"
)

// XNA's SurfaceFormat values the Texture2D reader accepts.
const (
	surfaceColor    = 0
	surfaceBgr565   = 1
	surfaceBgra5551 = 2
	surfaceBgra4444 = 3
	surfaceDxt1     = 4
	surfaceDxt3     = 5
	surfaceDxt5     = 6
)

// MaxTextureSide bounds an XNB texture's width and height.
const MaxTextureSide = 16384

// xnbTexture is a decoded Texture2D: its top mipmap level as RGBA bytes
// (XNA's content is premultiplied already; kept as it is).
type xnbTexture struct {
	format        int32
	width, height int
	rgba          []byte
}

// xnbFont is a compiled SpriteFont.
type xnbFont struct {
	tex         *xnbTexture
	glyphs      [][4]int32 // atlas rectangles
	cropping    [][4]int32 // X, Y offset of the image; width, height
	chars       []rune
	lineSpacing int32
	spacing     float32
	kerning     [][3]float32 // left bearing, width, right bearing
	defaultChar rune
}

// xnbSound is a compiled SoundEffect, decoded to interleaved float32.
type xnbSound struct {
	rate, channels        int
	samples               []float32
	loopStart, loopLength int32
	durationMs            int32
}

// xnbSong is a compiled Song: the file it streams from, beside the XNB.
type xnbSong struct {
	file       string
	durationMs int32
}

// formatSize returns the bytes of a w x h level in format f.
func formatSize(f int32, w, h int) (int64, error) {
	bw, bh := int64((w+3)/4), int64((h+3)/4)
	switch f {
	case surfaceColor:
		return 4 * int64(w) * int64(h), nil
	case surfaceBgr565, surfaceBgra5551, surfaceBgra4444:
		return 2 * int64(w) * int64(h), nil
	case surfaceDxt1:
		return 8 * bw * bh, nil
	case surfaceDxt3, surfaceDxt5:
		return 16 * bw * bh, nil
	}
	return 0, fmt.Errorf("texture surface format %d is not one this package reads (Color, Bgr565, Bgra5551, Bgra4444, Dxt1, Dxt3, Dxt5): %w", f, ErrUnsupported)
}

func (r *xnbReader) texture() (*xnbTexture, error) {
	format, err := r.i32("texture format")
	if err != nil {
		return nil, err
	}
	w, err := r.u32("texture width")
	if err != nil {
		return nil, err
	}
	h, err := r.u32("texture height")
	if err != nil {
		return nil, err
	}
	levels, err := r.u32("texture levels")
	if err != nil {
		return nil, err
	}
	if w < 1 || h < 1 || w > MaxTextureSide || h > MaxTextureSide || levels < 1 || levels > 32 {
		return nil, badXNB("texture %dx%d with %d levels (want 1..%d per side, 1..32 levels)", w, h, levels, MaxTextureSide)
	}
	t := &xnbTexture{format: format, width: int(w), height: int(h)}
	want, err := formatSize(format, t.width, t.height)
	if err != nil {
		return nil, err
	}
	for l := range levels {
		n, err := r.u32("texture level size")
		if err != nil {
			return nil, err
		}
		data, err := r.bytes(int(min(n, 1<<31-1)), "texture level data")
		if err != nil {
			return nil, err
		}
		if l > 0 {
			continue // the engine makes its own mipmaps
		}
		if int64(n) != want {
			return nil, badXNB("texture %dx%d format %d: level 0 has %d bytes, want %d", w, h, format, n, want)
		}
		t.rgba = toRGBA(format, t.width, t.height, data)
	}
	return t, nil
}

// toRGBA converts a level of a checked size to RGBA bytes.
func toRGBA(f int32, w, h int, src []byte) []byte {
	dst := make([]byte, 4*w*h)
	switch f {
	case surfaceColor:
		copy(dst, src)
	case surfaceBgr565, surfaceBgra5551, surfaceBgra4444:
		for i := range w * h {
			v := binary.LittleEndian.Uint16(src[2*i:])
			r, g, b, a := unpack16(f, v)
			dst[4*i], dst[4*i+1], dst[4*i+2], dst[4*i+3] = r, g, b, a
		}
	default:
		dxt.Decode(dxt.Kind(f-surfaceDxt1+1), w, h, src, dst)
	}
	return dst
}

// unpack16 expands a 16-bit texel to 8 bits per channel.
func unpack16(f int32, v uint16) (r, g, b, a byte) {
	switch f {
	case surfaceBgr565:
		return expand(v>>11, 5), expand(v>>5, 6), expand(v, 5), 255
	case surfaceBgra5551:
		return expand(v>>10, 5), expand(v>>5, 5), expand(v, 5), byte(255 * (v >> 15))
	}
	return expand(v>>8, 4), expand(v>>4, 4), expand(v, 4), expand(v>>12, 4)
}

// expand scales the low bits of v to 0..255.
func expand(v uint16, bits uint) byte {
	m := uint32(1)<<bits - 1
	return byte((uint32(v)&m*255 + m/2) / m)
}

// maxGlyphs bounds a font's lists.
const maxGlyphs = 1 << 15

// list reads a List<T> header: its type index (a ListReader) and count.
func (r *xnbReader) list(size int, what string) (int, error) {
	name, err := r.typeIndex(what)
	if err != nil {
		return 0, err
	}
	if name != "ListReader" {
		return 0, badXNB("%s: type reader %q, want a ListReader", what, name)
	}
	n, err := r.count(size, what)
	if err != nil {
		return 0, err
	}
	if n > maxGlyphs {
		return 0, badXNB("%s: %d entries, above %d", what, n, maxGlyphs)
	}
	return n, nil
}

func (r *xnbReader) rects(what string) ([][4]int32, error) {
	n, err := r.list(16, what)
	if err != nil {
		return nil, err
	}
	out := make([][4]int32, n)
	for i := range out {
		for j := range 4 {
			out[i][j], _ = r.i32(what) // sizes checked by list
		}
	}
	return out, nil
}

func (r *xnbReader) font() (*xnbFont, error) {
	tex, err := r.object("font texture")
	if err != nil {
		return nil, err
	}
	t, ok := tex.(*xnbTexture)
	if !ok {
		return nil, badXNB("the font's texture is not a Texture2D")
	}
	f := &xnbFont{tex: t}
	if f.glyphs, err = r.rects("font glyphs"); err != nil {
		return nil, err
	}
	if f.cropping, err = r.rects("font cropping"); err != nil {
		return nil, err
	}
	n, err := r.list(1, "font characters")
	if err != nil {
		return nil, err
	}
	f.chars = make([]rune, n)
	for i := range f.chars {
		if f.chars[i], err = r.char("font character"); err != nil {
			return nil, err
		}
	}
	if f.lineSpacing, err = r.i32("font line spacing"); err != nil {
		return nil, err
	}
	if f.spacing, err = r.f32("font spacing"); err != nil {
		return nil, err
	}
	if n, err = r.list(12, "font kerning"); err != nil {
		return nil, err
	}
	f.kerning = make([][3]float32, n)
	for i := range f.kerning {
		for j := range 3 {
			f.kerning[i][j], _ = r.f32("font kerning")
		}
	}
	has, err := r.u8("font default character flag")
	if err != nil {
		return nil, err
	}
	if has != 0 {
		if f.defaultChar, err = r.char("font default character"); err != nil {
			return nil, err
		}
	}
	if len(f.glyphs) != len(f.chars) || len(f.cropping) != len(f.chars) || len(f.kerning) != len(f.chars) {
		return nil, badXNB("font lists differ in length: %d glyphs, %d cropping, %d characters, %d kerning",
			len(f.glyphs), len(f.cropping), len(f.chars), len(f.kerning))
	}
	return f, nil
}

// WAVEFORMATEX format tags.
const (
	wavePCM   = 1
	waveADPCM = 2
	waveXMA2  = 0x166
)

func (r *xnbReader) sound() (*xnbSound, error) {
	n, err := r.count(1, "sound format size")
	if err != nil {
		return nil, err
	}
	format, _ := r.bytes(n, "sound format")
	if n < 16 {
		return nil, badXNB("sound format of %d bytes, want a WAVEFORMATEX (at least 16)", n)
	}
	tag := binary.LittleEndian.Uint16(format)
	ch := int(binary.LittleEndian.Uint16(format[2:]))
	rate := int(binary.LittleEndian.Uint32(format[4:]))
	align := int(binary.LittleEndian.Uint16(format[12:]))
	bits := int(binary.LittleEndian.Uint16(format[14:]))
	dn, err := r.count(1, "sound data size")
	if err != nil {
		return nil, err
	}
	data, _ := r.bytes(dn, "sound data")
	s := &xnbSound{rate: rate, channels: ch}
	if s.loopStart, err = r.i32("sound loop start"); err != nil {
		return nil, err
	}
	if s.loopLength, err = r.i32("sound loop length"); err != nil {
		return nil, err
	}
	if s.durationMs, err = r.i32("sound duration"); err != nil {
		return nil, err
	}
	if ch < 1 || ch > 2 || rate < 1 || rate > 384000 {
		return nil, badXNB("sound with %d channels at %d Hz", ch, rate)
	}
	switch tag {
	case wavePCM:
		s.samples, err = decodePCM(data, bits, ch)
	case waveADPCM:
		s.samples, err = decodeADPCM(data, format, ch, align)
	case waveXMA2:
		return nil, fmt.Errorf("the sound is XMA2 (format 0x166), the Xbox 360's codec, which only an Xbox decodes: rebuild the content for Windows (PCM or ADPCM): %w", ErrUnsupported)
	default:
		return nil, fmt.Errorf("sound format tag 0x%x is not PCM (1) or MS-ADPCM (2): %w", tag, ErrUnsupported)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// decodePCM converts 8-bit unsigned or 16-bit signed PCM to float32.
func decodePCM(data []byte, bits, ch int) ([]float32, error) {
	switch bits {
	case 8:
		out := make([]float32, len(data)/ch*ch)
		for i := range out {
			out[i] = (float32(data[i]) - 128) / 128
		}
		return out, nil
	case 16:
		out := make([]float32, len(data)/(2*ch)*ch)
		for i := range out {
			out[i] = float32(int16(binary.LittleEndian.Uint16(data[2*i:]))) / 32768
		}
		return out, nil
	}
	return nil, fmt.Errorf("PCM sound with %d bits per sample, want 8 or 16: %w", bits, ErrUnsupported)
}

func (r *xnbReader) song() (*xnbSong, error) {
	file, err := r.str("song file")
	if err != nil {
		return nil, err
	}
	s := &xnbSong{file: file}
	name, err := r.typeIndex("song duration")
	if err != nil {
		return nil, err
	}
	if name != "Int32Reader" {
		return nil, badXNB("song duration: type reader %q, want Int32Reader", name)
	}
	if s.durationMs, err = r.i32("song duration"); err != nil {
		return nil, err
	}
	return s, nil
}
