package graphics

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"unicode"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// CharacterRange is an inclusive range of runes a SpriteFont holds (XNA's
// CharacterRegion).
type CharacterRange struct{ First, Last rune }

// DefaultCharacterRanges returns the character set a SpriteFont holds by
// default: printable ASCII (U+0020..U+007E) and Latin-1 (U+00A0..U+00FF).
func DefaultCharacterRanges() []CharacterRange {
	return []CharacterRange{{0x20, 0x7E}, {0xA0, 0xFF}}
}

// MaxFontCharacters is the most runes a SpriteFont holds.
const MaxFontCharacters = 1 << 15

// FontOptions say how NewSpriteFont builds a font (XNA's SpriteFont
// description).
type FontOptions struct {
	// Size is the font's size in pixels per em (points at 72 DPI), above
	// 0 and at most 1024.
	Size float64
	// Ranges is the character set; nil means DefaultCharacterRanges. Runes
	// the font file has no glyph for are left out.
	Ranges []CharacterRange
	// DefaultCharacter is drawn and measured for runes outside the set; 0
	// means none (such runes are then an error in DrawString, as XNA
	// throws, and measure as nothing). It must be in the set.
	DefaultCharacter rune
	// Spacing is added between characters, in pixels.
	Spacing float32
	// Monochrome rasterizes without antialiasing: each pixel of a glyph is
	// fully covered or empty (half coverage or more counts), for pixel
	// fonts drawn at their design size.
	Monochrome bool
}

// SpriteFont is a font rasterized at one pixel size into a texture atlas
// of premultiplied white glyphs, drawn with SpriteBatch.DrawString and
// tinted by its colour (XNA's SpriteFont, rule G6). The pen moves in
// fractional pixels (rule G13): advances and kerning are the font's own,
// unrounded, and accumulate along the line; each glyph is drawn at the
// pen's position rounded to a whole pixel, so text at an integer position
// keeps glyphs on pixel boundaries and still spaces evenly at small sizes.
// MeasureString measures the same pen. The line spacing is whole pixels.
type SpriteFont struct {
	tex         *Texture2D
	runes       []rune      // the character set, ascending; slot i is runes[i]
	glyphs      []fontGlyph // by slot
	latin       [256]int16  // slot+1 of runes below 256, 0 for none
	other       map[rune]int32
	kern        map[uint32]float32 // pixels, by slot pair a<<16|b; only non-zero pairs
	lineSpacing int
	spacing     float32
	defaultSlot int32   // -1: none
	tab         float32 // four spaces' advance
}

// fontGlyph is one glyph: where it is in the atlas, where its image goes
// relative to the pen (the top-left of the line), and how far it moves
// the pen.
type fontGlyph struct {
	src        Rectangle // empty for glyphs without ink (space)
	offX, offY float32
	advance    float32
}

// NewDefaultSpriteFont returns the embedded Go Regular font at size
// pixels with the default character set. The Go fonts have no kerning
// pairs.
func NewDefaultSpriteFont(dev *Device, size float64) (*SpriteFont, error) {
	return NewSpriteFont(dev, goregular.TTF, FontOptions{Size: size})
}

// NewSpriteFont parses TrueType or OpenType data and rasterizes the
// options' character set at the options' size into an atlas texture on
// dev. Unparsable data, a size out of range, a bad range or default
// character, and an atlas above the device's texture limit are errors.
func NewSpriteFont(dev *Device, data []byte, opts FontOptions) (*SpriteFont, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: new sprite font: the device is nil: %w", ErrInvalid)
	}
	if !(opts.Size > 0 && opts.Size <= 1024) {
		return nil, fmt.Errorf("graphics: new sprite font: size %v pixels, want above 0 and at most 1024: %w", opts.Size, ErrInvalid)
	}
	if opts.Spacing != opts.Spacing {
		return nil, fmt.Errorf("graphics: new sprite font: spacing is NaN: %w", ErrInvalid)
	}
	ft, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("graphics: new sprite font: parse (TrueType or OpenType data expected): %w", err)
	}
	ranges := opts.Ranges
	if ranges == nil {
		ranges = DefaultCharacterRanges()
	}
	want, err := characterSet(ranges)
	if err != nil {
		return nil, err
	}
	r := rasterizer{font: ft, ppem: fixed.Int26_6(opts.Size*64 + 0.5)}
	if err := r.init(opts.Size); err != nil {
		return nil, err
	}
	f := &SpriteFont{spacing: opts.Spacing, defaultSlot: -1, lineSpacing: r.lineSpacing}
	images, err := r.glyphs(f, want, dev.limits.MaxTextureSize, opts.Monochrome)
	if err != nil {
		return nil, err
	}
	if opts.DefaultCharacter != 0 {
		if err := f.setDefaultCharacter(opts.DefaultCharacter); err != nil {
			return nil, fmt.Errorf("graphics: new sprite font: %w", err)
		}
	}
	if f.kern, err = r.kerning(f); err != nil {
		return nil, err
	}
	if f.tex, err = buildAtlas(dev, f, images); err != nil {
		return nil, err
	}
	return f, nil
}

// characterSet returns the sorted, distinct runes of ranges.
func characterSet(ranges []CharacterRange) ([]rune, error) {
	n := 0
	for _, cr := range ranges {
		if cr.First < 1 || cr.First > cr.Last || cr.Last > unicode.MaxRune {
			return nil, fmt.Errorf("graphics: new sprite font: character range %U..%U, want 1 <= First <= Last <= U+10FFFF: %w", cr.First, cr.Last, ErrInvalid)
		}
		n += int(cr.Last - cr.First + 1)
		if n > MaxFontCharacters {
			return nil, fmt.Errorf("graphics: new sprite font: more than %d characters: %w", MaxFontCharacters, ErrTooLarge)
		}
	}
	set := make([]rune, 0, n)
	for _, cr := range ranges {
		for r := cr.First; r <= cr.Last; r++ {
			set = append(set, r)
		}
	}
	slices.Sort(set)
	return slices.Compact(set), nil
}

// rasterizer turns a parsed font into glyph images and metrics at ppem.
type rasterizer struct {
	font        *sfnt.Font
	ppem        fixed.Int26_6
	buf         sfnt.Buffer
	face        font.Face
	ascent      int
	lineSpacing int
	index       []sfnt.GlyphIndex // by slot
}

// glyphImage is a glyph's coverage, row after row, w x h bytes.
type glyphImage struct {
	w, h int
	pix  []byte
}

// init reads the metrics and opens the face the glyphs are drawn with.
func (r *rasterizer) init(size float64) error {
	m, err := r.font.Metrics(&r.buf, r.ppem, font.HintingFull)
	if err != nil {
		return fmt.Errorf("graphics: new sprite font: metrics: %w", err)
	}
	r.ascent, r.lineSpacing = m.Ascent.Ceil(), m.Height.Ceil()
	if r.lineSpacing < 1 {
		r.lineSpacing = (m.Ascent + m.Descent).Ceil()
	}
	r.face, err = opentype.NewFace(r.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return fmt.Errorf("graphics: new sprite font: face: %w", err)
	}
	return nil
}

// glyphs fills f's character set, lookup tables and glyph metrics with the
// runes of want the font has, and returns their images by slot.
func (r *rasterizer) glyphs(f *SpriteFont, want []rune, limit int, mono bool) ([]glyphImage, error) {
	if err := r.checkAtlas(want, limit); err != nil {
		return nil, err
	}
	var images []glyphImage
	dot := fixed.P(0, r.ascent)
	for _, c := range want {
		gi, err := r.font.GlyphIndex(&r.buf, c)
		if err != nil {
			return nil, fmt.Errorf("graphics: new sprite font: glyph of %U: %w", c, err)
		}
		if gi == 0 {
			continue // not in the font
		}
		adv, err := r.font.GlyphAdvance(&r.buf, gi, r.ppem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("graphics: new sprite font: advance of %U: %w", c, err)
		}
		dr, mask, mp, _, ok := r.face.Glyph(dot, c)
		var img glyphImage
		if ok && !dr.Empty() {
			img = glyphImage{w: dr.Dx(), h: dr.Dy(), pix: make([]byte, dr.Dx()*dr.Dy())}
			alpha, isAlpha := mask.(*image.Alpha)
			for y := range img.h {
				if isAlpha { // the rasterizer's mask: a row at a time
					row := img.pix[y*img.w : (y+1)*img.w]
					copy(row, alpha.Pix[alpha.PixOffset(mp.X, mp.Y+y):])
					if mono {
						for x, a := range row {
							row[x] = coverage(uint32(a)*0x101, true)
						}
					}
					continue
				}
				for x := range img.w {
					_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
					img.pix[y*img.w+x] = coverage(a, mono)
				}
			}
		}
		slot := int32(len(f.runes))
		f.runes = append(f.runes, c)
		f.glyphs = append(f.glyphs, fontGlyph{offX: float32(dr.Min.X), offY: float32(dr.Min.Y), advance: pixels(adv)})
		r.index = append(r.index, gi)
		images = append(images, img)
		if c < 256 {
			f.latin[c] = int16(slot + 1)
		} else {
			if f.other == nil {
				f.other = map[rune]int32{}
			}
			f.other[c] = slot
		}
	}
	if len(f.runes) == 0 {
		return nil, fmt.Errorf("graphics: new sprite font: the font has none of the requested characters: %w", ErrInvalid)
	}
	space := float32(0)
	if gi, err := r.font.GlyphIndex(&r.buf, ' '); err == nil && gi != 0 {
		if adv, err := r.font.GlyphAdvance(&r.buf, gi, r.ppem, font.HintingNone); err == nil {
			space = pixels(adv)
		}
	}
	f.tab = 4 * space
	return images, nil
}

// pixels converts a 26.6 fixed-point length to pixels, unrounded.
func pixels(v fixed.Int26_6) float32 { return float32(v) / 64 }

// coverage is a mask's 16-bit alpha as a byte; monochrome rounds it to
// empty or full.
func coverage(a uint32, mono bool) byte {
	if !mono {
		return byte(a >> 8)
	}
	if a >= 0x8000 {
		return 0xff
	}
	return 0
}

// checkAtlas lays the atlas out from the glyphs' bounds, which cost no
// rasterizing, and refuses one above limit before any glyph is drawn
// (rule G6). The bounds cover at least what the rasterizer then draws.
func (r *rasterizer) checkAtlas(want []rune, limit int) error {
	sizes := make([]glyphImage, 0, len(want))
	runes := make([]rune, 0, len(want))
	for _, c := range want {
		b, _, ok := r.face.GlyphBounds(c)
		if !ok {
			continue
		}
		w, h := (b.Max.X.Ceil() - b.Min.X.Floor()), (b.Max.Y.Ceil() - b.Min.Y.Floor())
		if w <= 0 || h <= 0 {
			continue
		}
		sizes, runes = append(sizes, glyphImage{w: w, h: h}), append(runes, c)
	}
	_, _, err := layoutAtlas(sizes, runes, limit, func(int, Rectangle) {})
	return err
}

// kerning returns the font's non-zero kerning pairs among f's characters,
// in pixels, unrounded. Fonts without kerning cost one lookup.
func (r *rasterizer) kerning(f *SpriteFont) (map[uint32]float32, error) {
	n := len(r.index)
	if n > 2048 {
		n = 2048 // kerning pairs only among the first 2048 characters: n*n lookups
	}
	var out map[uint32]float32
	for a := range n {
		for b := range n {
			k, err := r.font.Kern(&r.buf, r.index[a], r.index[b], r.ppem, font.HintingNone)
			if errors.Is(err, sfnt.ErrNotFound) || (err == nil && k == 0) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("graphics: new sprite font: kerning of %U %U: %w", f.runes[a], f.runes[b], err)
			}
			if out == nil {
				out = map[uint32]float32{}
			}
			out[uint32(a)<<16|uint32(b)] = pixels(k)
		}
	}
	return out, nil
}

// buildAtlas packs the glyph images into rows of one texture (one texel
// of transparent padding around each, so linear sampling never bleeds),
// uploads it as premultiplied white, and sets each glyph's source.
func buildAtlas(dev *Device, f *SpriteFont, images []glyphImage) (*Texture2D, error) {
	w, h, err := layoutAtlas(images, f.runes, dev.limits.MaxTextureSize, func(i int, r Rectangle) { f.glyphs[i].src = r })
	if err != nil {
		return nil, err
	}
	pix := make([]byte, 4*w*h)
	for i, im := range images {
		s := f.glyphs[i].src
		for row := range im.h {
			for col := range im.w {
				a := im.pix[row*im.w+col]
				o := 4 * ((s.Y+row)*w + s.X + col)
				pix[o], pix[o+1], pix[o+2], pix[o+3] = a, a, a, a
			}
		}
	}
	tex, err := NewTexture2D(dev, w, h)
	if err != nil {
		return nil, fmt.Errorf("graphics: new sprite font: atlas: %w", err)
	}
	if err := tex.SetData(pix); err != nil {
		tex.Dispose()
		return nil, fmt.Errorf("graphics: new sprite font: atlas: %w", err)
	}
	return tex, nil
}

// layoutAtlas packs glyphs of the sizes of images (pixels unused) into
// rows of a texture no wider or taller than limit, calls place with each
// glyph's rectangle, and returns the texture's size; an atlas above the
// limit is an ErrTooLarge error. NewSpriteFont runs it on the glyphs'
// bounds before rasterizing any (rule G6) and again on the images.
func layoutAtlas(images []glyphImage, runes []rune, limit int, place func(int, Rectangle)) (w, h int, err error) {
	order := make([]int, len(images))
	area := 0
	for i := range order {
		order[i] = i
		area += (images[i].w + 1) * (images[i].h + 1)
	}
	slices.SortStableFunc(order, func(a, b int) int { return images[b].h - images[a].h })
	w = 64
	for w*w < area*5/4 && w < limit {
		w *= 2
	}
	w = min(w, limit)
	x, y, rowH := 1, 1, 0
	for _, i := range order {
		im := images[i]
		if im.w == 0 {
			continue
		}
		if im.w+2 > w || im.h+2 > limit {
			return 0, 0, fmt.Errorf("graphics: new sprite font: glyph %U is %dx%d pixels, above the device's texture limit %d: use a smaller size: %w",
				runes[i], im.w, im.h, limit, ErrTooLarge)
		}
		if x+im.w+1 > w {
			x, y, rowH = 1, y+rowH+1, 0
		}
		place(i, Rectangle{x, y, im.w, im.h})
		x += im.w + 1
		rowH = max(rowH, im.h)
	}
	h = max(y+rowH+1, 1)
	if h > limit {
		return 0, 0, fmt.Errorf("graphics: new sprite font: the glyph atlas needs %dx%d texels, above the device limit %d: use a smaller size or fewer characters: %w",
			w, h, limit, ErrTooLarge)
	}
	return w, h, nil
}

// Texture returns the glyph atlas: premultiplied white glyphs on
// transparent black.
func (f *SpriteFont) Texture() *Texture2D { return f.tex }

// Dispose releases the atlas texture; drawing with the font is then an
// error.
func (f *SpriteFont) Dispose() { f.tex.Dispose() }

// Characters returns a copy of the font's character set, ascending.
func (f *SpriteFont) Characters() []rune { return slices.Clone(f.runes) }

// LineSpacing returns the distance between the tops of two lines in
// pixels (the font's ascent + descent + line gap, rounded up, unless set).
func (f *SpriteFont) LineSpacing() int { return f.lineSpacing }

// MaxLineSpacing bounds SetLineSpacing: a distance between lines of at
// most this many pixels either way.
const MaxLineSpacing = 1 << 16

// SetLineSpacing sets the distance between lines in pixels; a value
// beyond ±MaxLineSpacing is an ErrInvalid error, which the next draw
// returns (rule G20), and changes nothing.
func (f *SpriteFont) SetLineSpacing(pixels int) {
	if pixels < -MaxLineSpacing || pixels > MaxLineSpacing {
		f.fail(fmt.Errorf("graphics: sprite font: SetLineSpacing %d, want -%d..%d pixels: %w", pixels, MaxLineSpacing, MaxLineSpacing, ErrInvalid))
		return
	}
	f.lineSpacing = pixels
}

// Spacing returns the extra space between characters in pixels.
func (f *SpriteFont) Spacing() float32 { return f.spacing }

// SetSpacing sets the extra space between characters in pixels; NaN or
// an infinity is an ErrInvalid error, which the next draw returns (rule
// G20), and changes nothing.
func (f *SpriteFont) SetSpacing(pixels float32) {
	if pixels != pixels || pixels > math.MaxFloat32 || pixels < -math.MaxFloat32 {
		f.fail(fmt.Errorf("graphics: sprite font: SetSpacing %v, want a finite number of pixels: %w", pixels, ErrInvalid))
		return
	}
	f.spacing = pixels
}

// DefaultCharacter returns the rune used for runes outside the set, and
// false when there is none.
func (f *SpriteFont) DefaultCharacter() (rune, bool) {
	if f.defaultSlot < 0 {
		return 0, false
	}
	return f.runes[f.defaultSlot], true
}

// SetDefaultCharacter sets the rune used for runes outside the set; 0
// clears it. A rune outside the set is an ErrInvalid error, which the
// next draw returns (rule G20), and changes nothing.
func (f *SpriteFont) SetDefaultCharacter(r rune) {
	if err := f.setDefaultCharacter(r); err != nil {
		f.fail(err)
	}
}

// setDefaultCharacter is SetDefaultCharacter returning its error (the
// constructors return it).
func (f *SpriteFont) setDefaultCharacter(r rune) error {
	if r == 0 {
		f.defaultSlot = -1
		return nil
	}
	s := f.slot(r)
	if s < 0 {
		return fmt.Errorf("graphics: sprite font: SetDefaultCharacter %U: not in the font's character set: %w", r, ErrInvalid)
	}
	f.defaultSlot = s
	return nil
}

// fail records err on the Device of the font's atlas for its next draw or
// frame end to return (rule G20).
func (f *SpriteFont) fail(err error) {
	if f.tex != nil && f.tex.dev != nil {
		f.tex.dev.fail(err)
		return
	}
	orphanErr.CompareAndSwap(nil, &err)
}

// Kerning returns the kerning of the pair a, b in pixels (negative draws
// b closer to a); 0 for pairs without kerning or outside the set.
func (f *SpriteFont) Kerning(a, b rune) float32 {
	sa, sb := f.slot(a), f.slot(b)
	if sa < 0 || sb < 0 {
		return 0
	}
	return f.kerning(sa, sb)
}

// kerning returns the kerning of two slots.
func (f *SpriteFont) kerning(a, b int32) float32 {
	if f.kern == nil {
		return 0
	}
	return f.kern[uint32(a)<<16|uint32(b)]
}

// slot returns r's slot, -1 when r is not in the set.
func (f *SpriteFont) slot(r rune) int32 {
	if r >= 0 && r < 256 {
		return int32(f.latin[r]) - 1
	}
	if s, ok := f.other[r]; ok {
		return s
	}
	return -1
}

// MeasureString returns the size of text drawn with DrawString at scale 1:
// the widest line's advance (Spacing between characters and kerning
// included) and the number of lines times LineSpacing. Newlines start a
// line, carriage returns are skipped, a tab advances four spaces. Runes
// outside the set measure as DefaultCharacter, or as nothing without one.
// It allocates nothing.
func (f *SpriteFont) MeasureString(text string) mgl32.Vec2 {
	if len(text) == 0 {
		return mgl32.Vec2{}
	}
	l := textLayout{f: f, s: text, prev: -1}
	for {
		if _, ok := l.next(); !ok {
			break
		}
	}
	return mgl32.Vec2{l.width, float32(l.lines * f.lineSpacing)}
}

// MeasureBytes is MeasureString of UTF-8 bytes; it allocates nothing.
func (f *SpriteFont) MeasureBytes(text []byte) mgl32.Vec2 { return f.MeasureString(bytesString(text)) }

// bytesString views b as a string without copying; the string must not
// outlive the call that b is lent to.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
