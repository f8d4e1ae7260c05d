package graphics_test

import (
	"math"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationsansregular"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// smallText is the line a game's title screen shows at 10 px.
const smallText = "Space / click / pad A to play"

// TestG13_SmallTextFollowsUnroundedAdvances: Liberation Sans at 10 px
// places every glyph of smallText within 0.5 px of the pen the font's own
// unrounded advances and kerning give (the pen accumulates in fractional
// pixels; each glyph lands on its pen rounded), MeasureString is that pen
// at the end of the line, and the monochrome option draws the same
// positions with coverage 0 or 255 only.
func TestG13_SmallTextFollowsUnroundedAdvances(t *testing.T) {
	r := newSpriteRig(t)
	m := newMetrics(t, liberationsansregular.TTF, 10)
	for _, mono := range []bool{false, true} {
		f, err := graphics.NewSpriteFont(r.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 10, Monochrome: mono})
		must(t, err)
		pen, prev, worst, glyph := float32(0), rune(0), 0.0, 0
		for _, c := range smallText {
			if prev != 0 {
				pen += m.kern(prev, c)
			}
			if c != ' ' {
				x := spriteOfRune(t, r, f, smallText, glyph) - glyphLeft(t, r, f, c)
				d := math.Abs(float64(x - pen))
				worst = max(worst, d)
				if d > 0.5 {
					t.Errorf("mono %v: %q (glyph %d) drawn at pen %v, the font's pen is %v", mono, c, glyph, x, pen)
				}
				glyph++
			}
			pen += m.advance(c)
			prev = c
		}
		if got := f.MeasureString(smallText)[0]; math.Abs(float64(got-pen)) > 1e-3 {
			t.Errorf("mono %v: MeasureString width %v, the font's pen ends at %v", mono, got, pen)
		}
		t.Logf("mono %v: %d glyphs, worst distance from the font's pen %.3f px, width %.3f px", mono, glyph, worst, pen)
		if mono {
			pix := r.fb.Textures[f.Texture().ID()].Pixels
			for i := 3; i < len(pix); i += 4 {
				if pix[i] != 0 && pix[i] != 255 {
					t.Fatalf("monochrome atlas has coverage %d", pix[i])
				}
			}
		}
	}
}
