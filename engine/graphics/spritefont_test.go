package graphics_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// metrics reads a font's whole-pixel metrics at size straight from sfnt,
// independently of SpriteFont: the advance of r, the kerning of a pair,
// and the line height.
type metrics struct {
	t    *testing.T
	f    *sfnt.Font
	ppem fixed.Int26_6
	buf  sfnt.Buffer
}

func newMetrics(t *testing.T, data []byte, size float64) *metrics {
	f, err := sfnt.Parse(data)
	must(t, err)
	return &metrics{t: t, f: f, ppem: fixed.Int26_6(size*64 + 0.5)}
}

func (m *metrics) index(r rune) sfnt.GlyphIndex {
	gi, err := m.f.GlyphIndex(&m.buf, r)
	must(m.t, err)
	return gi
}

func (m *metrics) advance(r rune) float32 {
	a, err := m.f.GlyphAdvance(&m.buf, m.index(r), m.ppem, font.HintingNone)
	must(m.t, err)
	return float32(a) / 64 // unrounded (G13)
}

func (m *metrics) kern(a, b rune) float32 {
	k, err := m.f.Kern(&m.buf, m.index(a), m.index(b), m.ppem, font.HintingNone)
	if errors.Is(err, sfnt.ErrNotFound) {
		return 0
	}
	must(m.t, err)
	return float32(k) / 64
}

func (m *metrics) lineHeight() int {
	mm, err := m.f.Metrics(&m.buf, m.ppem, font.HintingFull)
	must(m.t, err)
	return mm.Height.Ceil()
}

// width is the advance of a line: advances, plus kerning and spacing
// between characters.
func (m *metrics) width(s string, spacing float32) float32 {
	var w float32
	rs := []rune(s)
	for i, r := range rs {
		if i > 0 {
			w += spacing + m.kern(rs[i-1], r)
		}
		w += m.advance(r)
	}
	return w
}

// TestG6_MeasureStringMatchesFontMetrics pins MeasureString against the
// font's own advances, kerning pairs and line height: the widest line,
// lines times LineSpacing, Spacing between characters, a tab as four
// spaces, carriage returns skipped.
func TestG6_MeasureStringMatchesFontMetrics(t *testing.T) {
	r := newSpriteRig(t)
	for _, c := range []struct {
		name string
		data []byte
		size float64
	}{{"Go Regular", goregular.TTF, 16}, {"Liberation Sans", liberationsansregular.TTF, 24}} {
		f, err := graphics.NewSpriteFont(r.dev, c.data, graphics.FontOptions{Size: c.size})
		must(t, err)
		m := newMetrics(t, c.data, c.size)
		ls := m.lineHeight()
		if f.LineSpacing() != ls {
			t.Errorf("%s: LineSpacing %d, want %d", c.name, f.LineSpacing(), ls)
		}
		tab := 4 * m.advance(' ')
		for _, tc := range []struct {
			text string
			want mgl32.Vec2
		}{
			{"", mgl32.Vec2{}},
			{"Hello, World", mgl32.Vec2{m.width("Hello, World", 0), float32(ls)}},
			{"AVATAR To", mgl32.Vec2{m.width("AVATAR To", 0), float32(ls)}},
			{"ab\nlonger line\r\nc", mgl32.Vec2{m.width("longer line", 0), float32(3 * ls)}},
			{"a\n", mgl32.Vec2{m.advance('a'), float32(2 * ls)}},
			{"\tx", mgl32.Vec2{tab + m.advance('x'), float32(ls)}},
			{"ÀÉîõü", mgl32.Vec2{m.width("ÀÉîõü", 0), float32(ls)}},
		} {
			if got := f.MeasureString(tc.text); got != tc.want {
				t.Errorf("%s: MeasureString(%q) = %v, want %v", c.name, tc.text, got, tc.want)
			}
			if got := f.MeasureBytes([]byte(tc.text)); got != tc.want {
				t.Errorf("%s: MeasureBytes(%q) = %v, want %v", c.name, tc.text, got, tc.want)
			}
		}
		f.SetSpacing(3)
		if got, want := f.MeasureString("AVAT"), m.width("AVAT", 3); got[0] != want {
			t.Errorf("%s: width with Spacing 3 = %v, want %v", c.name, got[0], want)
		}
		f.SetLineSpacing(50)
		if got := f.MeasureString("a\nb"); got[1] != 100 {
			t.Errorf("%s: height with LineSpacing 50 = %v, want 100", c.name, got[1])
		}
	}
}

// TestG6_KerningPairs pins kerning: Liberation Sans kerns pairs like AV,
// To and Yo (negative, from the font's table), the layout moves the
// second glyph by it, and the Go fonts have none.
func TestG6_KerningPairs(t *testing.T) {
	r := newSpriteRig(t)
	lib, err := graphics.NewSpriteFont(r.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 32})
	must(t, err)
	m := newMetrics(t, liberationsansregular.TTF, 32)
	for _, p := range []string{"AV", "To", "Yo", "LT", "AA", "ab"} {
		a, b := rune(p[0]), rune(p[1])
		if got, want := lib.Kerning(a, b), m.kern(a, b); got != want {
			t.Errorf("Liberation Sans kerning %s = %v, want %v", p, got, want)
		}
	}
	for _, p := range []string{"AV", "To", "Yo"} {
		if k := lib.Kerning(rune(p[0]), rune(p[1])); k >= 0 {
			t.Errorf("Liberation Sans %s kerning %v, want negative", p, k)
		}
	}
	// The second glyph's quad starts at its pen plus its image's left
	// offset (its quad drawn alone): the pen is A's advance plus the
	// pair's kerning.
	va := spriteOfRune(t, r, lib, "AV", 1)
	vb := spriteOfRune(t, r, lib, "AA", 1)
	if got, want := lib.MeasureString("AV")[0], m.advance('A')+m.kern('A', 'V')+m.advance('V'); got != want {
		t.Errorf("AV width %v, want %v", got, want)
	}
	penV := va - glyphLeft(t, r, lib, 'V')
	penA := vb - glyphLeft(t, r, lib, 'A')
	wantV, wantA := float32(math.Round(float64(m.advance('A')+m.kern('A', 'V')))), float32(math.Round(float64(m.advance('A'))))
	if penV != wantV || penA != wantA {
		t.Errorf("second pen at %v (AV) and %v (AA), want the rounded pens %v and %v", penV, penA, wantV, wantA)
	}
	goFont, err := graphics.NewDefaultSpriteFont(r.dev, 32)
	must(t, err)
	for _, a := range goFont.Characters() {
		for _, b := range "AVTo" {
			if k := goFont.Kerning(a, b); k != 0 {
				t.Fatalf("Go Regular kerns %q%q by %v", a, b, k)
			}
		}
	}
}

// spriteOfRune draws text at the origin and returns the left x of the
// glyph quad number i.
func spriteOfRune(t *testing.T, r *spriteRig, f *graphics.SpriteFont, text string, i int) float32 {
	t.Helper()
	if !r.dev.InFrame() {
		must(t, r.dev.BeginFrame(640, 480))
	}
	must(t, r.sb.Begin())
	r.sb.DrawString(f, text, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.End())
	vs, _ := allSprites(t, r.end())
	if len(vs) < 4*(i+1) {
		t.Fatalf("%q drew %d quads", text, len(vs)/4)
	}
	return vs[4*i].Position[0]
}

// glyphLeft returns the left offset of r's glyph image from the pen.
func glyphLeft(t *testing.T, r *spriteRig, f *graphics.SpriteFont, c rune) float32 {
	return spriteOfRune(t, r, f, string(c), 0)
}

// TestG6_DrawStringGlyphQuads pins the quads DrawString lays out: one per
// glyph with ink (none for spaces), whole-pixel positions at an integer
// position, the second line LineSpacing lower, texture coordinates of the
// glyph's atlas cell, the tint on every vertex.
func TestG6_DrawStringGlyphQuads(t *testing.T) {
	r := newSpriteRig(t)
	f, err := graphics.NewDefaultSpriteFont(r.dev, 20)
	must(t, err)
	tint := graphics.Color{R: 200, G: 100, B: 0, A: 200}
	must(t, r.sb.Begin())
	r.sb.DrawString(f, "Hi there\nHi", mgl32.Vec2{10, 30}, tint)
	must(t, r.sb.End())
	fr := r.end()
	vs, ts := allSprites(t, fr)
	if len(vs) != 4*9 {
		t.Fatalf("%d quads, want 9 (spaces and newlines draw nothing)", len(vs)/4)
	}
	atlas := f.Texture()
	for i := 0; i < len(vs); i += 4 {
		if ts[i/4] != atlas.ID() {
			t.Fatalf("quad %d textured with %d, want the atlas %d", i/4, ts[i/4], atlas.ID())
		}
		for _, v := range vs[i : i+4] {
			p := v.Position
			if p[0] != float32(int(p[0])) || p[1] != float32(int(p[1])) || v.Color != tint {
				t.Fatalf("quad %d vertex %v colour %v: want whole pixels and the tint", i/4, p, v.Color)
			}
		}
		w := vs[i+1].Position[0] - vs[i].Position[0]
		if du := (vs[i+1].TextureCoordinate[0] - vs[i].TextureCoordinate[0]) * float32(atlas.Width()); du != w {
			t.Errorf("quad %d: %v pixels wide samples %v texels", i/4, w, du)
		}
	}
	// "Hi" on the second line: same x as the first "Hi", LineSpacing lower.
	for k := range 2 {
		a, b := vs[4*k], vs[4*(7+k)]
		if a.Position[0] != b.Position[0] || b.Position[1]-a.Position[1] != float32(f.LineSpacing()) {
			t.Errorf("glyph %d of line 2 at %v, line 1 at %v, line spacing %d", k, b.Position, a.Position, f.LineSpacing())
		}
		if a.TextureCoordinate != b.TextureCoordinate {
			t.Errorf("glyph %d: atlas cells differ between lines", k)
		}
	}
}

// TestG6_DrawStringTransform pins DrawStringEx: scale and origin act on
// the text as a whole, and a horizontal flip mirrors the text inside its
// measured width.
func TestG6_DrawStringTransform(t *testing.T) {
	r := newSpriteRig(t)
	f, err := graphics.NewDefaultSpriteFont(r.dev, 16)
	must(t, err)
	plain := textQuads(t, r, func() { r.sb.DrawString(f, "Ab", mgl32.Vec2{}, graphics.White) })
	scaled := textQuads(t, r, func() {
		r.sb.DrawStringEx(f, "Ab", mgl32.Vec2{100, 100}, graphics.White, 0, mgl32.Vec2{5, 3}, mgl32.Vec2{2, 3}, 0, 0)
	})
	for i := range plain {
		p, s := plain[i].Position, scaled[i].Position
		if want := (mgl32.Vec3{100 + (p[0]-5)*2, 100 + (p[1]-3)*3, 0}); s != want {
			t.Errorf("vertex %d: scaled %v, want %v", i, s, want)
		}
	}
	w := f.MeasureString("Ab")[0]
	flipped := textQuads(t, r, func() {
		r.sb.DrawStringEx(f, "Ab", mgl32.Vec2{}, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, graphics.FlipHorizontally, 0)
	})
	for q := range 2 {
		p, m := plain[4*q:4*q+4], flipped[4*q:4*q+4]
		if m[0].Position[0] != w-p[1].Position[0] || m[1].Position[0] != w-p[0].Position[0] || m[0].Position[1] != p[0].Position[1] {
			t.Errorf("glyph %d: flipped x %v..%v, want %v..%v", q, m[0].Position[0], m[1].Position[0], w-p[1].Position[0], w-p[0].Position[0])
		}
		if m[0].TextureCoordinate != p[1].TextureCoordinate {
			t.Errorf("glyph %d: texture not mirrored", q)
		}
	}
}

// textQuads runs draw in a batch of its own frame and returns the vertices.
func textQuads(t *testing.T, r *spriteRig, draw func()) []graphics.VertexPositionColorTexture {
	t.Helper()
	if !r.dev.InFrame() {
		must(t, r.dev.BeginFrame(640, 480))
	}
	must(t, r.sb.Begin())
	draw()
	must(t, r.sb.End())
	vs, _ := allSprites(t, r.end())
	return slices.Clone(vs)
}

// TestG6_CharacterSetAndDefaultCharacter pins the character set option
// (default printable ASCII and Latin-1), DefaultCharacter standing in for
// runes outside it, and the error for such runes without one.
func TestG6_CharacterSetAndDefaultCharacter(t *testing.T) {
	r := newSpriteRig(t)
	def, err := graphics.NewDefaultSpriteFont(r.dev, 12)
	must(t, err)
	var want []rune
	for c := rune(0x20); c <= 0xFF; c++ {
		if c < 0x7F || c >= 0xA0 {
			want = append(want, c)
		}
	}
	if got := def.Characters(); !slices.Equal(got, want) {
		t.Errorf("default set has %d runes, want %d (printable ASCII and Latin-1)", len(got), len(want))
	}
	digits, err := graphics.NewSpriteFont(r.dev, goregular.TTF, graphics.FontOptions{Size: 12,
		Ranges: []graphics.CharacterRange{{First: '0', Last: '9'}, {First: '?', Last: '?'}}, DefaultCharacter: '?'})
	must(t, err)
	if got := string(digits.Characters()); got != "0123456789?" {
		t.Errorf("characters %q", got)
	}
	if c, ok := digits.DefaultCharacter(); !ok || c != '?' {
		t.Errorf("DefaultCharacter %q %v", c, ok)
	}
	if got, want := digits.MeasureString("1x2"), digits.MeasureString("1?2"); got != want {
		t.Errorf("x measures %v, want as ? %v", got, want)
	}
	digits.SetDefaultCharacter('x')
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("SetDefaultCharacter outside the set: %v", err)
	}
	digits.SetDefaultCharacter(0)
	must(t, r.sb.Begin())
	r.sb.DrawString(digits, "1x2", mgl32.Vec2{}, graphics.White)
	if err := r.sb.End(); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("rune outside the set without DefaultCharacter: %v", err)
	}
	vs, _ := allSprites(t, r.end())
	if len(vs) != 8 {
		t.Errorf("%d quads, want the two digits", len(vs)/4)
	}
	if got := digits.MeasureString("1x2"); got[0] != digits.MeasureString("12")[0] {
		t.Errorf("rune outside the set without DefaultCharacter measures %v", got)
	}
}

// TestG6_AtlasIsPremultipliedWhite pins the atlas: every texel white with
// its coverage as alpha (r = g = b = a), and ink present.
func TestG6_AtlasIsPremultipliedWhite(t *testing.T) {
	r := newSpriteRig(t)
	f, err := graphics.NewDefaultSpriteFont(r.dev, 16)
	must(t, err)
	r.end() // executes the atlas upload on the fake
	px := r.fb.Textures[f.Texture().ID()].Pixels
	ink := 0
	for i := 0; i < len(px); i += 4 {
		if px[i] != px[i+3] || px[i+1] != px[i+3] || px[i+2] != px[i+3] {
			t.Fatalf("texel %d is %v, want premultiplied white", i/4, px[i:i+4])
		}
		if px[i+3] == 255 {
			ink++
		}
	}
	if ink < 500 {
		t.Errorf("only %d opaque texels in the atlas", ink)
	}
}

// TestG6_FontErrors pins the construction errors: undecodable data, a bad
// size or range, and an atlas above the device's texture limit.
func TestG6_FontErrors(t *testing.T) {
	r := newSpriteRig(t)
	if _, err := graphics.NewSpriteFont(r.dev, []byte("not a font"), graphics.FontOptions{Size: 12}); err == nil {
		t.Error("bad data: no error")
	}
	for _, size := range []float64{0, -1, 5000} {
		if _, err := graphics.NewSpriteFont(r.dev, goregular.TTF, graphics.FontOptions{Size: size}); !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("size %v: %v", size, err)
		}
	}
	if _, err := graphics.NewSpriteFont(r.dev, goregular.TTF, graphics.FontOptions{Size: 12,
		Ranges: []graphics.CharacterRange{{First: 'z', Last: 'a'}}}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("reversed range: %v", err)
	}
	r.fb.Limit.MaxTextureSize = 128
	small, err := graphics.NewDevice(r.fb)
	must(t, err)
	if _, err := graphics.NewDefaultSpriteFont(small, 200); !errors.Is(err, graphics.ErrTooLarge) {
		t.Errorf("atlas above the limit: %v", err)
	}
}
