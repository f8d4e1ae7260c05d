package vulkan

import (
	"image"
	"image/color"
	"math"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The 2D goldens (G5-G7, G10): SpriteBatch, SpriteFont and shapes drawn
// through engine/graphics on lavapipe with validation on, read back as
// presented and compared with testdata. Scenes are 160x120.

// sprites is the 2D content of a golden scene, made once per test.
type sprites struct {
	*content
	sb *graphics.SpriteBatch
	// red, green and blue are 1x1 opaque textures made in that order, so
	// their creation ids order SortTexture.
	red, green, blue *graphics.Texture2D
	// arrow is an 8x8 asymmetric picture: a yellow bar on top, a red
	// column on the left, a white corner bottom right; every flip and
	// turn shows.
	arrow *graphics.Texture2D
}

func newSprites(g *gpu) (*sprites, error) {
	c, err := newContent(g)
	if err != nil {
		return nil, err
	}
	s := &sprites{content: c}
	if s.sb, err = graphics.NewSpriteBatch(c.dev); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		t   **graphics.Texture2D
		col graphics.Color
	}{{&s.red, graphics.Color{R: 220, G: 40, B: 40, A: 255}}, {&s.green, graphics.Color{R: 40, G: 200, B: 60, A: 255}},
		{&s.blue, graphics.Color{R: 50, G: 80, B: 230, A: 255}}} {
		if *p.t, err = solid(c.dev, p.col); err != nil {
			return nil, err
		}
	}
	s.arrow, err = graphics.NewTextureFromImage(c.dev, arrowImage())
	return s, err
}

func solid(dev *graphics.Device, col graphics.Color) (*graphics.Texture2D, error) {
	t, err := graphics.NewTexture2D(dev, 1, 1)
	if err != nil {
		return nil, err
	}
	return t, t.SetColors([]graphics.Color{col})
}

func arrowImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			c := color.NRGBA{R: 30, G: 30, B: 30, A: 255}
			switch {
			case y < 2:
				c = color.NRGBA{R: 250, G: 210, B: 30, A: 255}
			case x < 2:
				c = color.NRGBA{R: 230, G: 30, B: 30, A: 255}
			case x >= 5 && y >= 5:
				c = color.NRGBA{R: 255, G: 255, B: 255, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// spriteGolden draws one frame with draw at 160x120 and compares it with
// testdata/name.
func spriteGolden(t *testing.T, name string, draw func(s *sprites) error) *image.RGBA {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onMain(t, func() error {
		s, err := newSprites(g)
		if err != nil {
			return err
		}
		img, err = s.frame(g, true, func() error { return draw(s) })
		return err
	})
	checkGolden(t, name, img)
	return img
}

func ptr[T any](v T) *T { return &v }

// TestG10_GoldenSpriteSortModes: one column per sort mode (Deferred,
// Immediate, Texture, BackToFront, FrontToBack), each drawing the same
// three overlapping squares in the same call order: blue (layer depth
// 0.5), red (0.2), green (0.8). Deferred and Immediate draw in call order
// (green on top), Texture by creation id red, green, blue (blue on top),
// BackToFront from 0.8 to 0.2 (red on top), FrontToBack from 0.2 to 0.8
// (green on top, blue under it). A sixth column draws two sprites with
// equal depth in BackToFront: call order stays (stable).
func TestG10_GoldenSpriteSortModes(t *testing.T) {
	img := spriteGolden(t, "g10_sprite_sort_modes.png", func(s *sprites) error {
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		modes := []graphics.SpriteSortMode{graphics.SortDeferred, graphics.SortImmediate, graphics.SortTexture,
			graphics.SortBackToFront, graphics.SortFrontToBack}
		for i, m := range modes {
			if err := s.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: m}); err != nil {
				return err
			}
			x := float32(4 + i*26)
			for j, sp := range []struct {
				tex   *graphics.Texture2D
				depth float32
			}{{s.blue, 0.5}, {s.red, 0.2}, {s.green, 0.8}} {
				p := mgl32.Vec2{x + float32(j*4), float32(30 + j*10)}
				s.sb.DrawEx(sp.tex, p, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{14, 24}, graphics.FlipNone, sp.depth)
			}
			if err := s.sb.End(); err != nil {
				return err
			}
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortBackToFront}); err != nil {
			return err
		}
		s.sb.DrawEx(s.red, mgl32.Vec2{134, 30}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{16, 30}, graphics.FlipNone, 0.4)
		s.sb.DrawEx(s.blue, mgl32.Vec2{140, 44}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{16, 30}, graphics.FlipNone, 0.4)
		return s.sb.End()
	})
	// The square on top in each column's middle overlap (where all
	// three cover), besides the golden: the order is the rule's.
	want := []string{"green", "green", "blue", "red", "green", "blue"}
	at := [][2]int{{13, 52}, {39, 52}, {65, 52}, {91, 52}, {117, 52}, {146, 52}}
	for i, p := range at {
		if got := dominant(img.RGBAAt(p[0], p[1])); got != want[i] {
			t.Errorf("column %d: %s on top at %v, want %s", i, got, p, want[i])
		}
	}
}

// dominant names the strongest channel of c.
func dominant(c color.RGBA) string {
	switch {
	case c.R > c.G && c.R > c.B:
		return "red"
	case c.G > c.R && c.G > c.B:
		return "green"
	case c.B > c.R && c.B > c.G:
		return "blue"
	}
	return "none"
}

// gradient is a 16x16 orange whose straight alpha rises from 0 (left) to
// 255 (right).
func gradient() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			img.SetNRGBA(x, y, color.NRGBA{R: 255, G: 140, B: 0, A: uint8(x * 17)})
		}
	}
	return img
}

// TestG10_GoldenSpriteBlendStates: an orange alpha gradient over a
// background of teal, white and black bands, one column per blend state:
// Opaque, AlphaBlend with the texture premultiplied on load (the
// default), NonPremultiplied with the texture loaded StraightAlpha, and
// Additive; the fifth column is the mismatch (AlphaBlend over straight
// alpha: too bright where transparent). Drawn 1:1 across, so point
// sampling never lands on a texel edge. The second and third columns must
// look alike, which the test checks besides the golden.
func TestG10_GoldenSpriteBlendStates(t *testing.T) {
	img := spriteGolden(t, "g10_sprite_blend_states.png", func(s *sprites) error {
		premul, err := graphics.NewTextureFromImage(s.dev, gradient())
		if err != nil {
			return err
		}
		straight, err := graphics.NewTextureFromImage(s.dev, gradient(), graphics.StraightAlpha())
		if err != nil {
			return err
		}
		if err := s.dev.Clear(graphics.Color{R: 0, G: 110, B: 120, A: 255}); err != nil {
			return err
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Blend: ptr(graphics.Opaque)}); err != nil {
			return err
		}
		s.sb.FillRectangle(graphics.Rectangle{X: 0, Y: 40, Width: 160, Height: 24}, graphics.White)
		s.sb.FillRectangle(graphics.Rectangle{X: 0, Y: 64, Width: 160, Height: 24}, graphics.Black)
		if err := s.sb.End(); err != nil {
			return err
		}
		cols := []struct {
			blend graphics.BlendState
			tex   *graphics.Texture2D
		}{{graphics.Opaque, premul}, {graphics.AlphaBlend, premul}, {graphics.NonPremultiplied, straight},
			{graphics.Additive, premul}, {graphics.AlphaBlend, straight}}
		for i, c := range cols {
			if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Blend: ptr(c.blend), Sampler: ptr(graphics.PointClamp)}); err != nil {
				return err
			}
			s.sb.DrawRect(c.tex, graphics.Rectangle{X: 8 + i*32, Y: 16, Width: 16, Height: 96}, graphics.White)
			if err := s.sb.End(); err != nil {
				return err
			}
		}
		return nil
	})
	bad := 0
	for y := 16; y < 112; y++ {
		for x := range 16 {
			if !near(img.RGBAAt(40+x, y), img.RGBAAt(72+x, y), 2) {
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("AlphaBlend over premultiplied and NonPremultiplied over straight alpha differ at %d pixels", bad)
	}
	if a, b := img.RGBAAt(41, 20), img.RGBAAt(137, 20); near(a, b, 16) {
		t.Errorf("AlphaBlend over straight alpha (%v) looks like the correct pairing (%v)", b, a)
	}
}

// TestG10_GoldenSpriteRotationOriginFlip: the 8x8 arrow picture drawn 3x
// with point sampling: as is; turned 30 degrees about its centre (origin
// 4,4); turned 90 degrees about its top-left; flipped horizontally,
// vertically and both (the geometry stays, the texture mirrors); from a
// source rectangle (its top-left 4x4) scaled 2x by 3x; and per-axis scale
// with a rotation about an origin in the corner.
func TestG10_GoldenSpriteRotationOriginFlip(t *testing.T) {
	spriteGolden(t, "g10_sprite_rotation_origin_flip.png", func(s *sprites) error {
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: ptr(graphics.PointClamp)}); err != nil {
			return err
		}
		three := mgl32.Vec2{3, 3}
		s.sb.DrawEx(s.arrow, mgl32.Vec2{6, 6}, nil, graphics.White, 0, mgl32.Vec2{}, three, graphics.FlipNone, 0)
		s.sb.DrawEx(s.arrow, mgl32.Vec2{58, 18}, nil, graphics.White, math.Pi/6, mgl32.Vec2{4, 4}, three, graphics.FlipNone, 0)
		s.sb.DrawEx(s.arrow, mgl32.Vec2{110, 6}, nil, graphics.White, math.Pi/2, mgl32.Vec2{}, three, graphics.FlipNone, 0)
		for i, e := range []graphics.SpriteEffects{graphics.FlipHorizontally, graphics.FlipVertically,
			graphics.FlipHorizontally | graphics.FlipVertically} {
			s.sb.DrawEx(s.arrow, mgl32.Vec2{float32(6 + i*30), 40}, nil, graphics.White, 0, mgl32.Vec2{}, three, e, 0)
		}
		src := graphics.Rectangle{Width: 4, Height: 4}
		s.sb.DrawEx(s.arrow, mgl32.Vec2{100, 40}, &src, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{2 * 3, 3 * 3}, graphics.FlipNone, 0)
		s.sb.DrawEx(s.arrow, mgl32.Vec2{60, 80}, nil, graphics.White, -math.Pi/4, mgl32.Vec2{8, 8}, mgl32.Vec2{4, 2}, graphics.FlipNone, 0)
		return s.sb.End()
	})
}

// pixelArt is a 6x6 picture: a green frame, a red centre and a blue
// pixel in its top-left corner.
func pixelArt() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 6, 6))
	for y := range 6 {
		for x := range 6 {
			c := color.NRGBA{R: 220, G: 30, B: 30, A: 255}
			if x == 0 || y == 0 || x == 5 || y == 5 {
				c = color.NRGBA{R: 30, G: 190, B: 60, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	img.SetNRGBA(1, 1, color.NRGBA{R: 40, G: 60, B: 240, A: 255})
	return img
}

// TestG10_GoldenSpritePointLinearThroughRenderTarget: the pixel-art
// picture drawn 1:1 into a 16x16 render target (cleared grey), which is
// then drawn 4x larger with PointClamp (left: sharp texels) and
// LinearClamp (right: blended).
func TestG10_GoldenSpritePointLinearThroughRenderTarget(t *testing.T) {
	img := spriteGolden(t, "g10_sprite_point_linear_rt.png", func(s *sprites) error {
		art, err := graphics.NewTextureFromImage(s.dev, pixelArt())
		if err != nil {
			return err
		}
		rt, err := graphics.NewRenderTarget2D(s.dev, 16, 16, graphics.RenderTargetOptions{})
		if err != nil {
			return err
		}
		s.dev.SetRenderTarget(rt)
		if err := s.dev.Clear(graphics.Color{R: 90, G: 90, B: 90, A: 255}); err != nil {
			return err
		}
		if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: ptr(graphics.PointClamp)}); err != nil {
			return err
		}
		s.sb.Draw(art, mgl32.Vec2{5, 5}, graphics.White)
		if err := s.sb.End(); err != nil {
			return err
		}
		s.dev.SetRenderTarget(nil)
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		for i, sm := range []graphics.SamplerState{graphics.PointClamp, graphics.LinearClamp} {
			if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: ptr(sm)}); err != nil {
				return err
			}
			s.sb.DrawRect(rt.Texture2D, graphics.Rectangle{X: 8 + i*80, Y: 28, Width: 64, Height: 64}, graphics.White)
			if err := s.sb.End(); err != nil {
				return err
			}
		}
		return nil
	})
	// Point sampling keeps the blue texel a sharp 4x4 block: texel (6,6)
	// of the target covers pixels 32..35 of the left copy.
	for _, p := range [][2]int{{8 + 24, 28 + 24}, {8 + 27, 28 + 27}} {
		if got := dominant(img.RGBAAt(p[0], p[1])); got != "blue" {
			t.Errorf("point-sampled blue texel: pixel %v is %v", p, img.RGBAAt(p[0], p[1]))
		}
	}
	// Linear sampling blends it with its neighbours at the block's edge.
	if c := img.RGBAAt(88+24, 28+24); c.B > 200 && c.R < 60 {
		t.Errorf("linear-sampled edge pixel %v is the pure texel colour", c)
	}
}

// TestG10_GoldenSpriteTextKerning: Liberation Sans (which has kerning
// pairs) at 24 and 12 pixels, in two tints, with kerned pairs (AV, To,
// Yo, LT) and a second line after a newline.
func TestG10_GoldenSpriteTextKerning(t *testing.T) {
	spriteGolden(t, "g10_sprite_text_kerning.png", func(s *sprites) error {
		big, err := graphics.NewSpriteFont(s.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 24})
		if err != nil {
			return err
		}
		small, err := graphics.NewSpriteFont(s.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 12})
		if err != nil {
			return err
		}
		if err := s.dev.Clear(graphics.Color{R: 20, G: 24, B: 40, A: 255}); err != nil {
			return err
		}
		if err := s.sb.Begin(); err != nil {
			return err
		}
		s.sb.DrawString(big, "AVA To Yo", mgl32.Vec2{4, 4}, graphics.White)
		s.sb.DrawString(big, "LTAV", mgl32.Vec2{4, 34}, graphics.Color{R: 250, G: 200, B: 60, A: 255})
		s.sb.DrawString(small, "WAVE Toyota AV\nkerned at 12 px", mgl32.Vec2{4, 72}, graphics.Color{R: 120, G: 220, B: 255, A: 255})
		return s.sb.End()
	})
}

// TestG13_GoldenSmallText: Liberation Sans at 10 px, antialiased and
// monochrome, a title screen's line; the pen moves in fractional pixels,
// so words and letters are spaced as the font's own advances say (the
// glyph positions are checked against them by engine/graphics's
// TestG13_SmallTextFollowsUnroundedAdvances).
func TestG13_GoldenSmallText(t *testing.T) {
	spriteGolden(t, "g13_small_text.png", func(s *sprites) error {
		aa, err := graphics.NewSpriteFont(s.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 10})
		if err != nil {
			return err
		}
		mono, err := graphics.NewSpriteFont(s.dev, liberationsansregular.TTF, graphics.FontOptions{Size: 10, Monochrome: true})
		if err != nil {
			return err
		}
		if err := s.dev.Clear(graphics.Color{R: 20, G: 24, B: 40, A: 255}); err != nil {
			return err
		}
		if err := s.sb.Begin(); err != nil {
			return err
		}
		s.sb.DrawString(aa, "Space / click / pad A to play", mgl32.Vec2{4, 8}, graphics.White)
		s.sb.DrawString(mono, "Space / click / pad A to play", mgl32.Vec2{4, 28}, graphics.White)
		s.sb.DrawString(aa, "Spac e? no: Space. to, pad A", mgl32.Vec2{4, 48}, graphics.Color{R: 250, G: 200, B: 60, A: 255})
		return s.sb.End()
	})
}

// TestG10_GoldenSpriteShapes: filled rectangles (opaque and translucent,
// overlapping), outlines 1 and 3 pixels thick, and lines of several
// angles (0, 30, 45, 90, 135 and 200 degrees) and widths (1, 2, 4).
func TestG10_GoldenSpriteShapes(t *testing.T) {
	spriteGolden(t, "g10_sprite_shapes.png", func(s *sprites) error {
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		if err := s.sb.Begin(); err != nil {
			return err
		}
		s.sb.FillRectangle(graphics.Rectangle{X: 6, Y: 6, Width: 40, Height: 24}, graphics.Color{R: 230, G: 90, B: 40, A: 255})
		s.sb.FillRectangle(graphics.Rectangle{X: 26, Y: 18, Width: 30, Height: 24}, graphics.Color{R: 0, G: 100, B: 0, A: 128})
		s.sb.DrawRectangle(graphics.Rectangle{X: 66, Y: 6, Width: 36, Height: 30}, graphics.White, 1)
		s.sb.DrawRectangle(graphics.Rectangle{X: 110, Y: 6, Width: 40, Height: 30}, graphics.Color{R: 250, G: 220, B: 40, A: 255}, 3)
		centre := mgl32.Vec2{40, 84}
		for i, deg := range []float64{0, 30, 45, 90, 135, 200} {
			a := deg * math.Pi / 180
			end := centre.Add(mgl32.Vec2{float32(34 * math.Cos(a)), float32(34 * math.Sin(a))})
			s.sb.DrawLine(centre, end, graphics.Color{R: uint8(80 + i*30), G: 230, B: uint8(250 - i*30), A: 255}, 2)
		}
		for i, w := range []float32{1, 2, 4} {
			y := float32(60 + i*20)
			s.sb.DrawLine(mgl32.Vec2{90, y}, mgl32.Vec2{154, y + 10}, graphics.White, w)
		}
		return s.sb.End()
	})
}

// TestG10_GoldenMirroredSpriteAndXNAWinding: a sprite mirrored by a
// negative scale reverses its winding, so under the batch's default
// CullCounterClockwise it is culled (left, as in XNA) and under CullNone
// it is drawn mirrored (middle); on the right, two quads drawn with
// DrawUserPrimitives under CullCounterClockwise: the one wound clockwise
// on screen (XNA's front faces) is drawn, the counter-clockwise one is
// culled.
func TestG10_GoldenMirroredSpriteAndXNAWinding(t *testing.T) {
	img := spriteGolden(t, "g10_sprite_mirror_winding.png", func(s *sprites) error {
		if err := s.dev.Clear(background); err != nil {
			return err
		}
		neg := mgl32.Vec2{-4, 4}
		for i, r := range []graphics.RasterizerState{graphics.CullCounterClockwise, graphics.CullNone} {
			if err := s.sb.BeginWith(graphics.SpriteBatchSettings{Sampler: ptr(graphics.PointClamp), Rasterizer: ptr(r)}); err != nil {
				return err
			}
			// Mirrored about its position: it covers x-32..x.
			s.sb.DrawEx(s.arrow, mgl32.Vec2{float32(40 + i*50), 20}, nil, graphics.White, 0, mgl32.Vec2{}, neg, graphics.FlipNone, 0)
			// The unmirrored sprite under it, for comparison.
			s.sb.DrawEx(s.arrow, mgl32.Vec2{float32(8 + i*50), 64}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{4, 4}, graphics.FlipNone, 0)
			if err := s.sb.End(); err != nil {
				return err
			}
		}
		return s.woundQuads()
	})
	if c := img.RGBAAt(24, 36); !near(c, color.RGBA(background), 0) {
		t.Errorf("the mirrored sprite under CullCounterClockwise was drawn: pixel %v", c)
	}
	// Mirrored: the red column (texture's left) lands on the right.
	if got := dominant(img.RGBAAt(88, 36)); got != "red" {
		t.Errorf("mirrored sprite: pixel (88,36) is %v, want the red column", img.RGBAAt(88, 36))
	}
	if got := img.RGBAAt(125, 40); got.G < 200 {
		t.Errorf("clockwise quad not drawn: %v", got)
	}
	if got := img.RGBAAt(125, 90); !near(got, color.RGBA(background), 0) {
		t.Errorf("counter-clockwise quad drawn: %v", got)
	}
}

// woundQuads draws a green quad wound clockwise on screen (top) and a
// magenta one wound counter-clockwise (bottom) under
// CullCounterClockwise, in pixels.
func (s *sprites) woundQuads() error {
	proj, err := graphics.CreateOrthographicOffCenter(0, 160, 120, 0, 0, 1)
	if err != nil {
		return err
	}
	s.flat.World, s.flat.View, s.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
	s.flat.TextureEnabled, s.flat.Texture = false, nil
	s.flat.Apply()
	s.dev.SetBlendState(graphics.Opaque)
	s.dev.SetDepthStencilState(graphics.DepthNone)
	s.dev.SetRasterizerState(graphics.CullCounterClockwise)
	v := func(x, y float32, c graphics.Color) graphics.VertexPositionColor {
		return graphics.VertexPositionColor{Position: mgl32.Vec3{x, y, 0}, Color: c}
	}
	g, m := graphics.Color{G: 230, B: 90, A: 255}, graphics.Color{R: 230, B: 230, A: 255}
	quads := [12]graphics.VertexPositionColor{
		// Clockwise on screen (y down): top-left, top-right, bottom-right.
		v(110, 20, g), v(140, 20, g), v(140, 60, g), v(110, 20, g), v(140, 60, g), v(110, 60, g),
		// Counter-clockwise: top-left, bottom-left, bottom-right.
		v(110, 70, m), v(110, 110, m), v(140, 110, m), v(110, 70, m), v(140, 110, m), v(140, 70, m),
	}
	return graphics.DrawUserPrimitives(s.dev, graphics.TriangleList, quads[:], 0, 4)
}
