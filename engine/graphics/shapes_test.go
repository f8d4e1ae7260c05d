package graphics_test

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG7_ShapesCornersAndWhiteTexel pins the shapes' quads against
// hand-computed corners, and that they sample one 1x1 opaque white
// texture, created once per device however many batches draw shapes.
func TestG7_ShapesCornersAndWhiteTexel(t *testing.T) {
	r := newSpriteRig(t)
	sb2, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	before := len(r.fb.Textures)
	c := graphics.Color{R: 50, G: 60, B: 70, A: 80}
	must(t, r.sb.Begin())
	r.sb.FillRectangle(graphics.Rectangle{X: 10, Y: 20, Width: 30, Height: 40}, c)
	r.sb.DrawLine(mgl32.Vec2{10, 10}, mgl32.Vec2{10, 30}, c, 4) // straight down
	r.sb.DrawLine(mgl32.Vec2{0, 0}, mgl32.Vec2{30, 40}, c, 2)   // 3-4-5, length 50
	must(t, r.sb.End())
	must(t, sb2.Begin())
	sb2.FillRectangle(graphics.Rectangle{Width: 1, Height: 1}, c)
	must(t, sb2.End())
	f := r.end()
	if n := len(r.fb.Textures) - before; n != 1 {
		t.Fatalf("%d textures created for shapes, want 1", n)
	}
	white := r.fb.Textures[f.Draws[0].Texture]
	if white == nil || white.Desc.Width != 1 || white.Desc.Height != 1 || string(white.Pixels) != "\xff\xff\xff\xff" {
		t.Fatalf("shape texture %+v, want 1x1 opaque white", white)
	}
	vs, ts := allSprites(t, f)
	for i := range ts {
		if ts[i] != f.Draws[0].Texture {
			t.Errorf("shape %d uses texture %d", i, ts[i])
		}
	}
	// Down the y axis, a quarter turn: the quad's "top" edge (its left
	// side along the line) is at x = 10 + 2, its bottom at x = 10 - 2.
	// The 3-4-5 line runs along (0.6, 0.8); half its width (1) along the
	// normal (0.8, -0.6) gives its top edge, the other way its bottom.
	s, k := float32(0.8), float32(0.6)
	want := [][]float32{
		{10, 20, 40, 20, 10, 60, 40, 60},
		{12, 10, 12, 30, 8, 10, 8, 30},
		{s, -k, 30 + s, 40 - k, -s, k, 30 - s, 40 + k},
		{0, 0, 1, 0, 0, 1, 1, 1},
	}
	for i, w := range want {
		if got := corners(vs[4*i:]); !nearAll(got, w) {
			t.Errorf("shape %d: corners %v, want %v", i, got, w)
		}
		if vs[4*i].Color != c {
			t.Errorf("shape %d: colour %v", i, vs[4*i].Color)
		}
	}
}

// TestG7_OutlinedRectangle pins DrawRectangle: four strips inside the
// rectangle that cover its border exactly once, and a fill when the
// thickness reaches the middle.
func TestG7_OutlinedRectangle(t *testing.T) {
	r := newSpriteRig(t)
	must(t, r.sb.Begin())
	r.sb.DrawRectangle(graphics.Rectangle{X: 10, Y: 10, Width: 20, Height: 12}, graphics.White, 3)
	must(t, r.sb.End())
	vs, _ := allSprites(t, r.end())
	if len(vs) != 16 {
		t.Fatalf("%d quads, want 4", len(vs)/4)
	}
	covered := map[[2]int]int{}
	for q := 0; q < len(vs); q += 4 {
		x0, y0 := int(vs[q].Position[0]), int(vs[q].Position[1])
		x1, y1 := int(vs[q+3].Position[0]), int(vs[q+3].Position[1])
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				covered[[2]int{x, y}]++
			}
		}
	}
	for y := 10; y < 22; y++ {
		for x := 10; x < 30; x++ {
			border := x < 13 || x >= 27 || y < 13 || y >= 19
			want := 0
			if border {
				want = 1
			}
			if covered[[2]int{x, y}] != want {
				t.Fatalf("pixel %d,%d covered %d times, want %d", x, y, covered[[2]int{x, y}], want)
			}
		}
	}
	if len(covered) != 20*12-14*6 {
		t.Errorf("%d pixels covered, want %d (nothing outside)", len(covered), 20*12-14*6)
	}
	must(t, r.dev.BeginFrame(64, 64))
	must(t, r.sb.Begin())
	r.sb.DrawRectangle(graphics.Rectangle{Width: 10, Height: 4}, graphics.White, 2)
	r.sb.DrawRectangle(graphics.Rectangle{Width: 10, Height: 4}, graphics.White, 0)
	must(t, r.sb.End())
	if vs, _ := allSprites(t, r.end()); len(vs) != 4 || !nearAll(corners(vs), []float32{0, 0, 10, 0, 0, 4, 10, 4}) {
		t.Errorf("thick outline: %d quads %v, want one fill", len(vs)/4, corners(vs))
	}
}

// TestG7_ShapesOutsideBegin pins that shapes outside Begin are kept as the
// batch's error like any Draw.
func TestG7_ShapesOutsideBegin(t *testing.T) {
	r := newSpriteRig(t)
	r.sb.FillRectangle(graphics.Rectangle{Width: 1, Height: 1}, graphics.White)
	r.sb.DrawLine(mgl32.Vec2{}, mgl32.Vec2{1, 1}, graphics.White, float32(math.Sqrt2))
	must(t, r.sb.Begin())
	if err := r.sb.End(); !errors.Is(err, graphics.ErrNotBegun) {
		t.Errorf("shape outside Begin: %v", err)
	}
}
