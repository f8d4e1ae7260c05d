package graphics

import (
	"fmt"
	"math"
	"slices"
)

// This file holds what a content manager needs beyond the constructors:
// replacing an asset's contents in place (hot reload keeps the game's
// pointers valid, rule C3) and building a SpriteFont from a finished
// atlas (XNA's compiled fonts, rule C2).

// ReplaceWith gives t the contents of src (its GPU texture, size and
// mipmap levels) and disposes t's old texture; src is disposed and must
// not be used again. The game's *Texture2D stays valid and draws the new
// image from the next frame on; ID changes. Both must be textures of one
// device; neither may be disposed.
func (t *Texture2D) ReplaceWith(src *Texture2D) error {
	if err := checkReplace("texture", t == nil || src == nil, t == src); err != nil {
		return err
	}
	if t.disposed || src.disposed || t.dev != src.dev {
		return fmt.Errorf("graphics: replace texture: both must be live textures of one device: %w", ErrInvalid)
	}
	*t, *src = *src, *t
	src.Dispose()
	return nil
}

// ReplaceWith gives f the glyphs, metrics and atlas of src and disposes
// f's old atlas; src must not be used again. The game's *SpriteFont stays
// valid.
func (f *SpriteFont) ReplaceWith(src *SpriteFont) error {
	if err := checkReplace("sprite font", f == nil || src == nil, f == src); err != nil {
		return err
	}
	if f.tex == nil || src.tex == nil || f.tex.disposed || src.tex.disposed {
		return fmt.Errorf("graphics: replace sprite font: both fonts must be live: %w", ErrInvalid)
	}
	*f, *src = *src, *f
	src.Dispose()
	return nil
}

// ReplaceWith gives e the shaders, parameters and inputs of src and
// disposes e's old shaders; src must not be used again. The game's
// *Effect stays valid; *EffectParameter values taken from the old
// Parameters keep writing to the old block: look them up again after a
// replace. Both must be effects of one device.
func (e *Effect) ReplaceWith(src *Effect) error {
	if err := checkReplace("effect", e == nil || src == nil, e == src); err != nil {
		return err
	}
	if e.disposed || src.disposed || e.dev != src.dev {
		return fmt.Errorf("graphics: replace effect: both must be live effects of one device: %w", ErrInvalid)
	}
	*e, *src = *src, *e
	for _, p := range e.Parameters {
		p.effect = e
	}
	for _, p := range src.Parameters {
		p.effect = src
	}
	src.Dispose()
	return nil
}

// ReplaceWith gives m the bones, meshes and buffers of src and disposes
// m's old buffers and textures; src must not be used again. The game's
// *Model stays valid; its Bones and Meshes are the new model's.
func (m *Model) ReplaceWith(src *Model) error {
	if err := checkReplace("model", m == nil || src == nil, m == src); err != nil {
		return err
	}
	*m, *src = *src, *m
	src.Dispose()
	return nil
}

func checkReplace(what string, isNil, same bool) error {
	if isNil {
		return fmt.Errorf("graphics: replace %s: nil %s: %w", what, what, ErrInvalid)
	}
	if same {
		return fmt.Errorf("graphics: replace %s: a %s cannot replace itself: %w", what, what, ErrInvalid)
	}
	return nil
}

// FontGlyph is one character of a SpriteFont built from a finished atlas
// (NewSpriteFontFromAtlas), in XNA's compiled SpriteFont terms.
type FontGlyph struct {
	// Rune is the character.
	Rune rune
	// Source is the glyph's rectangle in the atlas (may be empty).
	Source Rectangle
	// OffsetX and OffsetY place the glyph image relative to the pen
	// after the left bearing (XNA's cropping rectangle X and Y).
	OffsetX, OffsetY float32
	// LeftBearing, Width and RightBearing move the pen (XNA's kerning
	// Vector3 X, Y, Z): the image is drawn LeftBearing after the pen, and
	// the pen advances by their sum.
	LeftBearing, Width, RightBearing float32
}

// NewSpriteFontFromAtlas makes a SpriteFont over an atlas texture that
// already holds the glyphs (premultiplied), as XNA's compiled fonts carry
// it. The font owns tex: Dispose disposes it. Runes must be distinct and
// at most MaxFontCharacters; defaultChar 0 means none, otherwise it must
// be one of the glyphs. Sources must lie within the atlas.
func NewSpriteFontFromAtlas(tex *Texture2D, glyphs []FontGlyph, lineSpacing int, spacing float32, defaultChar rune) (*SpriteFont, error) {
	if tex == nil || tex.disposed {
		return nil, fmt.Errorf("graphics: sprite font from atlas: the atlas is nil or disposed: %w", ErrInvalid)
	}
	if len(glyphs) == 0 || len(glyphs) > MaxFontCharacters {
		return nil, fmt.Errorf("graphics: sprite font from atlas: %d glyphs, want 1..%d: %w", len(glyphs), MaxFontCharacters, ErrInvalid)
	}
	if lineSpacing < -MaxLineSpacing || lineSpacing > MaxLineSpacing || !finite(spacing) {
		return nil, fmt.Errorf("graphics: sprite font from atlas: line spacing %d or spacing %v out of range: %w", lineSpacing, spacing, ErrInvalid)
	}
	order := make([]int, len(glyphs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(glyphs[a].Rune) - int(glyphs[b].Rune) })
	f := &SpriteFont{tex: tex, lineSpacing: lineSpacing, spacing: spacing, defaultSlot: -1}
	for _, i := range order {
		g := glyphs[i]
		if g.Rune < 0 || (len(f.runes) > 0 && f.runes[len(f.runes)-1] == g.Rune) {
			return nil, fmt.Errorf("graphics: sprite font from atlas: character %U is negative or listed twice: %w", g.Rune, ErrInvalid)
		}
		if !g.Source.Empty() && !g.Source.Within(tex.width, tex.height) {
			return nil, fmt.Errorf("graphics: sprite font from atlas: glyph %U's source %+v lies outside the %dx%d atlas: %w", g.Rune, g.Source, tex.width, tex.height, ErrOutOfRange)
		}
		if !finite(g.OffsetX) || !finite(g.OffsetY) || !finite(g.LeftBearing) || !finite(g.Width) || !finite(g.RightBearing) {
			return nil, fmt.Errorf("graphics: sprite font from atlas: glyph %U has a non-finite metric: %w", g.Rune, ErrInvalid)
		}
		slot := int32(len(f.runes))
		f.runes = append(f.runes, g.Rune)
		f.glyphs = append(f.glyphs, fontGlyph{src: g.Source, offX: g.LeftBearing + g.OffsetX, offY: g.OffsetY,
			advance: g.LeftBearing + g.Width + g.RightBearing})
		if g.Rune < 256 {
			f.latin[g.Rune] = int16(slot + 1)
		} else {
			if f.other == nil {
				f.other = map[rune]int32{}
			}
			f.other[g.Rune] = slot
		}
	}
	if s := f.slot(' '); s >= 0 {
		f.tab = 4 * f.glyphs[s].advance
	}
	if defaultChar != 0 {
		if err := f.setDefaultCharacter(defaultChar); err != nil {
			return nil, fmt.Errorf("graphics: sprite font from atlas: %w", err)
		}
	}
	return f, nil
}

func finite(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
