package graphics_test

import (
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// spriteScene is a frame of sprites and text on the fake backend: n 16x16
// sprites over four textures, and about 1,000 glyphs of text rebuilt each
// frame in a reused buffer (a HUD's way).
type spriteScene struct {
	r     *spriteRig
	font  *graphics.SpriteFont
	text  []byte
	frame int
}

func newSpriteScene(t testing.TB) *spriteScene {
	r := newSpriteRig(t, [2]int{16, 16}, [2]int{16, 16}, [2]int{16, 16}, [2]int{16, 16})
	r.end()
	font, err := graphics.NewDefaultSpriteFont(r.dev, 12)
	must(t, err)
	return &spriteScene{r: r, font: font, text: make([]byte, 0, 2048)}
}

// draw records and executes one frame: n sprites in mode, each quarter of
// them with one texture, rotation on every other one, layer depths
// cycling through 100 values; and 20 lines of 50 glyphs from a reused
// []byte plus a right-aligned string (MeasureString, DrawStringEx). With
// textureChanges every sprite changes texture (the worst case: a draw per
// sprite).
func (s *spriteScene) draw(t testing.TB, mode graphics.SpriteSortMode, n int, glyphs bool) {
	s.drawTextures(t, mode, n, glyphs, false)
}

func (s *spriteScene) drawTextures(t testing.TB, mode graphics.SpriteSortMode, n int, glyphs, textureChanges bool) {
	r := s.r
	s.frame++
	if err := r.dev.BeginFrame(640, 480); err != nil {
		t.Fatal(err)
	}
	if err := r.dev.Clear(graphics.Black); err != nil {
		t.Fatal(err)
	}
	if err := r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: mode}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		p := mgl32.Vec2{float32((i*7 + s.frame) % 624), float32((i * 13) % 464)}
		tex := r.texs[4*i/n]
		if textureChanges {
			tex = r.texs[i%4]
		}
		if i%2 == 0 {
			r.sb.Draw(tex, p, graphics.White)
		} else {
			r.sb.DrawEx(tex, p, nil, graphics.White, float32(i)*0.01, mgl32.Vec2{8, 8}, mgl32.Vec2{1, 1}, 0, float32(i%100)/100)
		}
	}
	if glyphs {
		for line := range 20 {
			s.text = s.text[:0]
			for len(s.text) < 50 {
				s.text = strconv.AppendInt(s.text, int64(s.frame*line+len(s.text)), 10)
				s.text = append(s.text, 'x')
			}
			r.sb.DrawBytes(s.font, s.text[:50], mgl32.Vec2{4, float32(4 + 20*line)}, graphics.Yellow)
		}
		size := s.font.MeasureString("FPS 60 (fallback)")
		r.sb.DrawStringEx(s.font, "FPS 60 (fallback)", mgl32.Vec2{600, 8}, graphics.White, 0, mgl32.Vec2{size[0], 0}, mgl32.Vec2{1, 1}, 0, 0)
	}
	if err := r.sb.End(); err != nil {
		t.Fatal(err)
	}
	f, err := r.dev.EndFrame()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.fb.Execute(f); err != nil {
		t.Fatal(err)
	}
}

// TestG9_SpriteFrameAllocatesNothing pins rule G9 for 2D: a steady frame of
// 10,000 sprites and 1,000 glyphs allocates nothing, in every sort mode.
func TestG9_SpriteFrameAllocatesNothing(t *testing.T) {
	for _, mode := range []graphics.SpriteSortMode{graphics.SortDeferred, graphics.SortImmediate,
		graphics.SortTexture, graphics.SortBackToFront, graphics.SortFrontToBack} {
		s := newSpriteScene(t)
		s.draw(t, mode, 10000, true) // warm: slices grow to the frame's size
		s.draw(t, mode, 10000, true)
		if a := testing.AllocsPerRun(5, func() { s.draw(t, mode, 10000, true) }); a != 0 {
			t.Errorf("%v: %v allocations per frame, want 0", mode, a)
		}
	}
}

// benchmarkSprites measures a frame of 10,000 sprites (Draw+End, the
// device's recording and the fake's checks) and reports the cost per
// sprite.
func benchmarkSprites(b *testing.B, mode graphics.SpriteSortMode, textureChanges bool) {
	s := newSpriteScene(b)
	s.drawTextures(b, mode, 10000, false, textureChanges)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.drawTextures(b, mode, 10000, false, textureChanges)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/sprite")
}

func BenchmarkSpriteBatchDeferred(b *testing.B) { benchmarkSprites(b, graphics.SortDeferred, false) }
func BenchmarkSpriteBatchBackToFront(b *testing.B) {
	benchmarkSprites(b, graphics.SortBackToFront, false)
}
func BenchmarkSpriteBatchImmediate(b *testing.B) { benchmarkSprites(b, graphics.SortImmediate, false) }
func BenchmarkSpriteBatchTexture(b *testing.B)   { benchmarkSprites(b, graphics.SortTexture, false) }

// BenchmarkSpriteBatchDeferredTextureChanges is the worst case: every
// sprite changes texture, so every sprite is a draw.
func BenchmarkSpriteBatchDeferredTextureChanges(b *testing.B) {
	benchmarkSprites(b, graphics.SortDeferred, true)
}

// BenchmarkSpriteBatchText measures 1,000 glyphs drawn with DrawBytes.
func BenchmarkSpriteBatchText(b *testing.B) {
	s := newSpriteScene(b)
	s.draw(b, graphics.SortDeferred, 0, true)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.draw(b, graphics.SortDeferred, 0, true)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/glyph")
}
