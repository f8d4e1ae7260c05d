package content

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

var compressions = []string{"", "lz4", "lzx", "lzx-stored", "lzx-aligned", "lzx-mixed"}

// rig is a Manager on the fake graphics backend and a lockstep audio
// System.
type rig struct {
	be  *graphicstest.Backend
	dev *graphics.Device
	sys *audio.System
}

func newRig(t testing.TB) *rig {
	t.Helper()
	be := graphicstest.New()
	dev, err := graphics.NewDevice(be)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := audio.New(audio.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	return &rig{be: be, dev: dev, sys: sys}
}

func (r *rig) manager(fsys map[string][]byte) *Manager {
	m := fstest.MapFS{}
	for k, v := range fsys {
		m[k] = &fstest.MapFile{Data: v}
	}
	return NewManager(m, r.dev, r.sys)
}

// live counts the backend's textures, buffers and effects not released.
func (r *rig) live(t testing.TB) int {
	t.Helper()
	if err := r.dev.Flush(); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range r.be.Textures {
		if !x.Released {
			n++
		}
	}
	for _, x := range r.be.Buffers {
		if !x.Released {
			n++
		}
	}
	for _, x := range r.be.Effects {
		if !x.Released {
			n++
		}
	}
	return n
}

func pixelsOf(t testing.TB, tex *graphics.Texture2D) []byte {
	t.Helper()
	px := make([]byte, 4*tex.Width()*tex.Height())
	if err := tex.GetData(px); err != nil {
		t.Fatal(err)
	}
	return px
}

// noise returns n pseudo-random bytes with repeats, so LZ matches occur.
func noise(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]byte, n)
	for i := range out {
		if i > 16 && r.IntN(3) == 0 {
			out[i] = out[i-1-r.IntN(16)]
		} else {
			out[i] = byte(r.IntN(8))
		}
	}
	return out
}

// TestC2_LZXRoundTrips: the decoder gives back exactly what the test
// writer encoded, in every block type, across frames, at sizes that end
// mid-frame and on odd bytes.
func TestC2_LZXRoundTrips(t *testing.T) {
	for _, n := range []int{1, 2, 3, 1000, lzxFrame - 1, lzxFrame, lzxFrame + 1, 3*lzxFrame + 777, 200_001} {
		data := noise(n, uint64(n))
		for _, mode := range compressions[2:] {
			enc := lzxCompress(data, mode)
			got, err := decompressXNBLZX(enc, n)
			if err != nil {
				t.Fatalf("%d bytes, %s: %v", n, mode, err)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("%d bytes, %s: decoded differs", n, mode)
			}
			if mode == "lzx" && n > 1000 && len(enc) >= n {
				t.Errorf("%d bytes, verbatim: %d bytes encoded: no matches were used", n, len(enc))
			}
		}
	}
}

// TestC2_CompressedTexturesEqualTheirUncompressedTwins: a Color texture
// loads with the same pixels from an XNB stored plain, LZ4 and LZX.
func TestC2_CompressedTexturesEqualTheirUncompressedTwins(t *testing.T) {
	r := newRig(t)
	w, h := 97, 61
	px := noise(4*w*h, 7)
	files := map[string][]byte{}
	for _, c := range compressions {
		files["tex"+c+".xnb"] = xnbFile(t, 'w', false, textureXNB(surfaceColor, w, h, px), c)
	}
	m := r.manager(files)
	for _, c := range compressions {
		tex, err := Load[*graphics.Texture2D](m, "tex"+c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		if tex.Width() != w || tex.Height() != h || !bytes.Equal(pixelsOf(t, tex), px) {
			t.Fatalf("%q: a %dx%d texture whose pixels differ from the uncompressed twin", c, tex.Width(), tex.Height())
		}
	}
}

// TestC2_SurfaceFormatsDecode: every surface format C2 lists decodes to
// the RGBA the format defines (hand-computed texels).
func TestC2_SurfaceFormatsDecode(t *testing.T) {
	le16 := func(v ...uint16) []byte {
		var b []byte
		for _, x := range v {
			b = binary.LittleEndian.AppendUint16(b, x)
		}
		return b
	}
	// DXT1 block: c0 = pure red (0xF800) > c1 = pure blue (0x001F),
	// indices: texel 0 -> c0, 1 -> c1, 2 -> 2/3 c0 + 1/3 c1, 3 -> 1/3 c0 + 2/3 c1.
	dxt1 := append(le16(0xF800, 0x001F), 0b11100100, 0, 0, 0)
	// DXT1 3-colour mode: c0 <= c1, index 3 is transparent black.
	dxt1a := append(le16(0x001F, 0xF800), 0b11000000, 0, 0, 0)
	// DXT3: explicit alpha 0x1, 0xF for texels 0, 1; colour as dxt1.
	dxt3 := append([]byte{0xF1, 0, 0, 0, 0, 0, 0, 0}, dxt1...)
	// DXT5: a0 = 255 > a1 = 0; texel 0 index 0 (255), texel 1 index 1 (0), texel 2 index 2 (6/7*255).
	dxt5 := append([]byte{255, 0, 0b10001000, 0, 0, 0, 0, 0}, dxt1...)
	cases := []struct {
		name   string
		format int32
		w, h   int
		data   []byte
		want   [][4]byte // the first texels
	}{
		{"Color", surfaceColor, 1, 1, []byte{1, 2, 3, 4}, [][4]byte{{1, 2, 3, 4}}},
		{"Bgr565", surfaceBgr565, 2, 1, le16(0xF800, 0x07E0), [][4]byte{{255, 0, 0, 255}, {0, 255, 0, 255}}},
		{"Bgra5551", surfaceBgra5551, 2, 1, le16(0x801F, 0x7C00), [][4]byte{{0, 0, 255, 255}, {255, 0, 0, 0}}},
		{"Bgra4444", surfaceBgra4444, 1, 1, le16(0x8F40), [][4]byte{{255, 68, 0, 136}}},
		{"Dxt1", surfaceDxt1, 4, 4, dxt1, [][4]byte{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
		{"Dxt1Alpha", surfaceDxt1, 4, 4, dxt1a, [][4]byte{{0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 0, 0}}},
		{"Dxt3", surfaceDxt3, 4, 4, dxt3, [][4]byte{{255, 0, 0, 17}, {0, 0, 255, 255}, {170, 0, 85, 0}}},
		{"Dxt5", surfaceDxt5, 4, 4, dxt5, [][4]byte{{255, 0, 0, 255}, {0, 0, 255, 0}, {170, 0, 85, 218}}},
		{"Dxt1Odd", surfaceDxt1, 3, 2, dxt1, [][4]byte{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {255, 0, 0, 255}}},
	}
	r := newRig(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := r.manager(map[string][]byte{"t.xnb": xnbFile(t, 'd', true, textureXNB(c.format, c.w, c.h, c.data), "lzx")})
			tex, err := Load[*graphics.Texture2D](m, "t")
			if err != nil {
				t.Fatal(err)
			}
			px := pixelsOf(t, tex)
			for i, want := range c.want {
				if got := [4]byte(px[4*i : 4*i+4]); got != want {
					t.Errorf("texel %d: %v, want %v", i, got, want)
				}
			}
		})
	}
}

// fontXNB is a SpriteFont body: a 16x8 atlas with glyphs 'A' and 'é'.
func fontXNB(atlas []byte) []byte {
	var b body
	b.readers("SpriteFontReader", "Texture2DReader", "ListReader`1[[Microsoft.Xna.Framework.Rectangle"+asm+"]]",
		"RectangleReader", "ListReader`1[[System.Char, mscorlib]]", "CharReader",
		"ListReader`1[[Microsoft.Xna.Framework.Vector3"+asm+"]]", "Vector3Reader")
	b.varint(1)
	b.varint(2)
	b.texture(surfaceColor, 16, 8, atlas)
	rects := func(rs ...[4]int32) {
		b.varint(3)
		b.i32(int32(len(rs)))
		for _, r := range rs {
			for _, v := range r {
				b.i32(v)
			}
		}
	}
	rects([4]int32{0, 0, 5, 7}, [4]int32{6, 0, 6, 8})  // glyphs
	rects([4]int32{1, 2, 5, 7}, [4]int32{0, -1, 6, 8}) // cropping
	b.varint(5)
	b.i32(2)
	b.WriteString("Aé")
	b.i32(9)    // line spacing
	b.f32(1.5)  // spacing
	b.varint(7) // kerning
	b.i32(2)
	for _, v := range []float32{1, 5, 2, 0, 6, 0.5} {
		b.f32(v)
	}
	b.WriteByte(1)
	b.WriteString("A")
	return b.Bytes()
}

// TestC2_SpriteFontLoads: a compiled SpriteFont maps to a SpriteFont with
// its atlas, characters, spacings, kerning advances and default
// character.
func TestC2_SpriteFontLoads(t *testing.T) {
	r := newRig(t)
	atlas := noise(16*8*4, 3)
	files := map[string][]byte{}
	for _, c := range compressions {
		files["font"+c+".xnb"] = xnbFile(t, 'w', false, fontXNB(atlas), c)
	}
	m := r.manager(files)
	for _, c := range compressions {
		f, err := Load[*graphics.SpriteFont](m, "font"+c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		if !slices.Equal(f.Characters(), []rune("Aé")) || f.LineSpacing() != 9 || f.Spacing() != 1.5 {
			t.Fatalf("%q: characters %q, line spacing %d, spacing %v", c, string(f.Characters()), f.LineSpacing(), f.Spacing())
		}
		if d, ok := f.DefaultCharacter(); !ok || d != 'A' {
			t.Errorf("%q: default character %q %v", c, d, ok)
		}
		// "Aé": advances 1+5+2 and 0+6+0.5, plus the spacing between them.
		if got := f.MeasureString("Aé"); got[0] != 8+1.5+6.5 || got[1] != 9 {
			t.Errorf("%q: MeasureString = %v, want [16 9]", c, got)
		}
		if !bytes.Equal(pixelsOf(t, f.Texture()), atlas) {
			t.Errorf("%q: atlas pixels differ", c)
		}
	}
}

// soundXNB is a SoundEffect body.
func soundXNB(tag, ch uint16, rate uint32, align, bits uint16, extra []byte, data []byte) []byte {
	var b body
	b.readers("SoundEffectReader")
	b.varint(1)
	format := binary.LittleEndian.AppendUint16(nil, tag)
	format = binary.LittleEndian.AppendUint16(format, ch)
	format = binary.LittleEndian.AppendUint32(format, rate)
	format = binary.LittleEndian.AppendUint32(format, rate*uint32(align))
	format = binary.LittleEndian.AppendUint16(format, align)
	format = binary.LittleEndian.AppendUint16(format, bits)
	format = binary.LittleEndian.AppendUint16(format, uint16(len(extra)))
	format = append(format, extra...)
	b.u32(uint32(len(format)))
	b.Write(format)
	b.u32(uint32(len(data)))
	b.Write(data)
	b.i32(0)
	b.i32(0)
	b.i32(1000)
	return b.Bytes()
}

// TestC2_SoundEffectsDecode: PCM 16 and 8 bit and MS-ADPCM (mono and
// stereo, hand-computed samples) decode to the samples the format
// defines, in every compression.
func TestC2_SoundEffectsDecode(t *testing.T) {
	pcm16 := []byte{0x00, 0x40, 0x00, 0xC0} // 0.5, -0.5
	pcm8 := []byte{192, 64}                 // 0.5, -0.5
	// Mono ADPCM block: predictor 0 (256, 0), delta 16, sample1 1000,
	// sample2 500, then nibbles 1, 2: 1000+16 = 1016 (delta 230*16/256 ->
	// 16), 1016+32 = 1048.
	mono := []byte{0, 16, 0, 0xE8, 0x03, 0xF4, 0x01, 0x12}
	// Stereo: predictors 1 (512, -256) and 0; deltas 20, 16; sample1 100,
	// 0; sample2 50, 0; nibbles 0xF (-1) left, 0x7 right:
	// left 2*100-50-20 = 130, right 0+7*16 = 112.
	stereo := []byte{1, 0, 20, 0, 16, 0, 100, 0, 0, 0, 50, 0, 0, 0, 0xF7}
	cases := []struct {
		name string
		xnb  []byte
		ch   int
		want []int // samples * 32768
	}{
		{"pcm16", soundXNB(1, 1, 22050, 2, 16, nil, pcm16), 1, []int{16384, -16384}},
		{"pcm8", soundXNB(1, 1, 22050, 1, 8, nil, pcm8), 1, []int{16384, -16384}},
		{"adpcm-mono", soundXNB(2, 1, 22050, 8, 4, adpcmExtra(4), mono), 1, []int{500, 1000, 1016, 1048}},
		{"adpcm-stereo", soundXNB(2, 2, 44100, 15, 4, adpcmExtra(4), stereo), 2, []int{50, 0, 100, 0, 130, 112}},
	}
	r := newRig(t)
	for _, c := range cases {
		for _, comp := range compressions {
			obj, err := parseXNB(xnbFile(t, 'w', false, c.xnb, comp))
			if err != nil {
				t.Fatalf("%s %q: %v", c.name, comp, err)
			}
			s := obj.(*xnbSound)
			var got []int
			for _, v := range s.samples {
				got = append(got, int(v*32768))
			}
			if s.channels != c.ch || !slices.Equal(got, c.want) {
				t.Fatalf("%s %q: %d channels, samples %v, want %v", c.name, comp, s.channels, got, c.want)
			}
		}
		m := r.manager(map[string][]byte{"s.xnb": xnbFile(t, 'w', false, c.xnb, "lzx")})
		fx, err := Load[*audio.SoundEffect](m, "s")
		if err != nil || fx.Channels() != c.ch {
			t.Fatalf("%s: Load: %v", c.name, err)
		}
	}
}

// adpcmExtra is an MS-ADPCM format extension: samples per block, the
// seven standard coefficient pairs.
func adpcmExtra(perBlock uint16) []byte {
	b := binary.LittleEndian.AppendUint16(nil, perBlock)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(adpcmStandard)))
	for _, c := range adpcmStandard {
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(c[0])))
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(c[1])))
	}
	return b
}

// TestC2_UnsupportedContentIsOneClearError: Xbox 360 files, XMA2 sounds,
// WMA songs, compiled effects and malformed files are each one error
// that says why, never a panic.
func TestC2_UnsupportedContentIsOneClearError(t *testing.T) {
	r := newRig(t)
	var effect body
	effect.readers("EffectReader")
	effect.varint(1)
	effect.u32(4)
	effect.WriteString("DXBC")
	var song body
	song.readers("SongReader", "Int32Reader")
	song.varint(1)
	song.str("music.wma")
	song.varint(2)
	song.i32(1000)
	good := xnbFile(t, 'w', false, textureXNB(surfaceColor, 1, 1, []byte{1, 2, 3, 4}), "")
	cases := []struct {
		name, load string
		file       []byte
		sentinel   error
		want       string
	}{
		{"xbox", "tex", xnbFile(t, 'x', false, textureXNB(surfaceColor, 1, 1, []byte{1, 2, 3, 4}), ""), ErrUnsupported, "Xbox 360"},
		{"xma2", "snd", xnbFile(t, 'w', false, soundXNB(0x166, 2, 44100, 2048, 16, nil, make([]byte, 64)), ""), ErrUnsupported, "XMA2"},
		{"wma", "song", xnbFile(t, 'w', false, song.Bytes(), ""), ErrUnsupported, "Windows Media Audio"},
		{"effect", "fx", xnbFile(t, 'w', false, effect.Bytes(), ""), ErrUnsupported, "Direct3D 9 bytecode"},
		{"truncated", "tex", good[:len(good)-1], ErrBadXNB, "header says"},
		{"version", "tex", append(append([]byte{}, good[:4]...), append([]byte{4}, good[5:]...)...), ErrUnsupported, "version 4"},
		{"bad-lzx", "tex", corrupt(xnbFile(t, 'w', false, textureXNB(surfaceColor, 8, 8, noise(256, 1)), "lzx")), ErrBadXNB, "LZX"},
		{"huge-lz4", "tex", hugeLZ4(), ErrBadXNB, "cannot come from"},
		{"wrong-type", "font", good, nil, "holds a Texture2D, not a SpriteFont"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := r.manager(map[string][]byte{c.load + ".xnb": c.file})
			var err error
			switch c.load {
			case "tex":
				_, err = Load[*graphics.Texture2D](m, c.load)
			case "snd":
				_, err = Load[*audio.SoundEffect](m, c.load)
			case "song":
				_, err = Load[*audio.Song](m, c.load)
			case "fx":
				_, err = Load[*graphics.Texture2D](m, c.load)
			case "font":
				_, err = Load[*graphics.SpriteFont](m, c.load)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || (c.sentinel != nil && !errors.Is(err, c.sentinel)) {
				t.Fatalf("error %v, want one wrapping %v that says %q", err, c.sentinel, c.want)
			}
			if !strings.Contains(err.Error(), c.load+".xnb") {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

// corrupt flips bytes in the middle of a compressed stream.
func corrupt(file []byte) []byte {
	out := slices.Clone(file)
	for i := 16; i < len(out); i += 7 {
		out[i] ^= 0xA5
	}
	return out
}

// hugeLZ4 declares 200 MiB from a few bytes of LZ4.
func hugeLZ4() []byte {
	out := append([]byte("XNB"), 'w', 5, xnbLZ4)
	out = binary.LittleEndian.AppendUint32(out, 18)
	out = binary.LittleEndian.AppendUint32(out, 200<<20)
	return append(out, 0x10, 0, 0, 0)
}
