package graphics

import (
	"fmt"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl32"
)

// textLayout walks a string glyph by glyph: the pen starts at the top-left
// of the first line; Spacing and kerning go between two characters of a
// line; '\n' starts a line, '\r' is skipped, '\t' advances four spaces.
type textLayout struct {
	f     *SpriteFont
	s     string
	i     int
	x, y  float32
	prev  int32 // slot of the previous character of the line, -1 none
	first bool  // no character on the line yet
	width float32
	lines int
}

// textGlyph is one placed glyph: its slot (-1 for a rune outside the set
// with no DefaultCharacter, then r says which) and the pen position.
type textGlyph struct {
	slot int32
	r    rune
	x, y float32
}

// next returns the next glyph to draw, false at the end of the text.
func (l *textLayout) next() (textGlyph, bool) {
	f := l.f
	if l.lines == 0 && len(l.s) > 0 {
		l.lines, l.first = 1, true
	}
	for l.i < len(l.s) {
		r, n := rune(l.s[l.i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(l.s[l.i:])
		}
		l.i += n
		switch r {
		case '\r':
			continue
		case '\n':
			l.x, l.y, l.prev, l.first = 0, l.y+float32(f.lineSpacing), -1, true
			l.lines++
			continue
		case '\t':
			if !l.first {
				l.x += f.spacing
			}
			l.x += f.tab
			l.prev, l.first = -1, false
			l.width = max(l.width, l.x)
			continue
		}
		s := f.slot(r)
		if s < 0 {
			s = f.defaultSlot
		}
		if s < 0 {
			return textGlyph{slot: -1, r: r}, true
		}
		if !l.first {
			l.x += f.spacing
			if l.prev >= 0 {
				l.x += f.kerning(l.prev, s)
			}
		}
		g := textGlyph{slot: s, r: r, x: l.x, y: l.y}
		l.x += f.glyphs[s].advance
		l.prev, l.first = s, false
		l.width = max(l.width, l.x)
		return g, true
	}
	return textGlyph{}, false
}

// DrawString draws text with font, the top-left of its first line at
// position, tinted (rule G6). It allocates nothing; a rune outside the
// font's set without a DefaultCharacter is skipped and kept as the batch's
// error.
func (sb *SpriteBatch) DrawString(font *SpriteFont, text string, position mgl32.Vec2, tint Color) {
	sb.drawString(font, text, position, tint, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, FlipNone, 0)
}

// DrawBytes is DrawString of UTF-8 bytes, for text built in a reused
// buffer (strconv.AppendInt and friends); it allocates nothing.
func (sb *SpriteBatch) DrawBytes(font *SpriteFont, text []byte, position mgl32.Vec2, tint Color) {
	sb.drawString(font, bytesString(text), position, tint, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, FlipNone, 0)
}

// DrawStringEx is XNA's full DrawString: the text turns by rotation
// radians around origin (a point of the text in unscaled pixels from its
// top-left) which lands on position; scale multiplies its size per axis;
// effects mirror the whole text within its measured box; layerDepth as in
// DrawEx.
func (sb *SpriteBatch) DrawStringEx(font *SpriteFont, text string, position mgl32.Vec2, tint Color,
	rotation float32, origin, scale mgl32.Vec2, effects SpriteEffects, layerDepth float32) {
	sb.drawString(font, text, position, tint, rotation, origin, scale, effects, layerDepth)
}

// DrawBytesEx is DrawStringEx of UTF-8 bytes.
func (sb *SpriteBatch) DrawBytesEx(font *SpriteFont, text []byte, position mgl32.Vec2, tint Color,
	rotation float32, origin, scale mgl32.Vec2, effects SpriteEffects, layerDepth float32) {
	sb.drawString(font, bytesString(text), position, tint, rotation, origin, scale, effects, layerDepth)
}

// drawString lays text out and adds a sprite per glyph with ink: a glyph
// whose image is at g (text pixels) is a sprite at position whose origin
// is origin - g, so rotation and scale act on the text as a whole.
func (sb *SpriteBatch) drawString(font *SpriteFont, text string, position mgl32.Vec2, tint Color,
	rotation float32, origin, scale mgl32.Vec2, effects SpriteEffects, depth float32) {
	if font == nil {
		if sb.err == nil {
			sb.fail(fmt.Errorf("graphics: sprite batch draw string: the font is nil: %w", ErrInvalid))
		}
		return
	}
	tex := font.tex
	if !sb.checkOp("draw string", tex) {
		return
	}
	var size mgl32.Vec2
	if effects&(FlipHorizontally|FlipVertically) != 0 {
		size = font.MeasureString(text)
	}
	sin, cos := sb.sincos(rotation)
	l := textLayout{f: font, s: text, prev: -1}
	for {
		g, ok := l.next()
		if !ok {
			return
		}
		if g.slot < 0 {
			if sb.err == nil {
				sb.fail(fmt.Errorf("graphics: sprite batch draw string: %U is not in the font and the font has no DefaultCharacter: %w", g.r, ErrInvalid))
			}
			continue
		}
		gl := &font.glyphs[g.slot]
		s := gl.src
		if s.Width == 0 {
			continue
		}
		w, h := float32(s.Width), float32(s.Height)
		gx, gy := roundPen(g.x)+gl.offX, roundPen(g.y)+gl.offY // whole pixels (G13)
		if effects&FlipHorizontally != 0 {
			gx = size[0] - gx - w
		}
		if effects&FlipVertically != 0 {
			gy = size[1] - gy - h
		}
		q := sb.next(tex, depth) // next, quad, drawn: see next
		if q == nil {
			continue
		}
		u0, v0, u1, v1 := texCoords(tex, float32(s.X), float32(s.Y), w, h)
		quad(q, position[0], position[1], w*scale[0], h*scale[1], u0, v0, u1, v1, tint,
			(origin[0]-gx)*scale[0], (origin[1]-gy)*scale[1], sin, cos, effects, depth)
		sb.drawn(tex)
	}
}

// roundPen rounds a pen coordinate to the nearest whole pixel, halves
// away from zero.
func roundPen(v float32) float32 {
	if v < 0 {
		return -float32(int32(-v + 0.5))
	}
	return float32(int32(v + 0.5))
}
