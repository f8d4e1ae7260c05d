package graphics_test

import (
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// spriteDrawCorners returns the top-left corner of every sprite the
// record's sprite draws read, in draw order (other draws are skipped).
func spriteDrawCorners(t *testing.T, f *graphics.Frame) []mgl32.Vec2 {
	t.Helper()
	var out []mgl32.Vec2
	for _, d := range f.Draws {
		if !d.Indexed || d.VertexBuffer != 0 {
			// userTriangle's: its vertices must be intact too.
			v := unsafe.Slice((*graphics.VertexPositionColor)(unsafe.Pointer(&f.Vertices[d.VertexOffset])), 3)
			for i := range v {
				if want := (mgl32.Vec3{1, 2, float32(i)}); v[i].Position != want {
					t.Errorf("user primitive vertex %d: %v, want %v", i, v[i].Position, want)
				}
			}
			continue
		}
		v := spriteVerts(t, f, d)
		for i := 0; i < len(v); i += 4 {
			out = append(out, mgl32.Vec2{v[i].Position[0], v[i].Position[1]})
			if v[i+3].Position[0] != v[i].Position[0]+16 || v[i+3].Position[1] != v[i].Position[1]+16 {
				t.Errorf("sprite at %v: bottom-right corner %v, want 16 px right and down", v[i].Position, v[i+3].Position)
			}
		}
	}
	return out
}

// TestG5_DeferredSpritesKeepTheirVerticesAroundOtherRecording pins that a
// Deferred batch, which writes its sprites straight into the frame's vertex
// arena, draws the same sprites however other recording falls between its
// Draw calls: user primitives, another Deferred batch, the frame's end (a
// Draw then must leave the handed-out record as it is) and the next frame.
func TestG5_DeferredSpritesKeepTheirVerticesAroundOtherRecording(t *testing.T) {
	at := func(i int) mgl32.Vec2 { return mgl32.Vec2{float32(10 * i), float32(20 + i)} }
	check := func(t *testing.T, f *graphics.Frame, want ...int) {
		t.Helper()
		got := spriteDrawCorners(t, f)
		if len(got) != len(want) {
			t.Fatalf("%d sprites drawn, want %d: %v", len(got), len(want), got)
		}
		for i, w := range want {
			if got[i] != at(w) {
				t.Errorf("sprite %d at %v, want %v", i, got[i], at(w))
			}
		}
	}
	userTriangle := func(r *spriteRig) {
		fx := graphics.NewBasicEffect(r.dev)
		fx.VertexColorEnabled = true
		fx.Apply()
		v := []graphics.VertexPositionColor{{Position: mgl32.Vec3{1, 2, 0}}, {Position: mgl32.Vec3{1, 2, 1}}, {Position: mgl32.Vec3{1, 2, 2}}}
		must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, v, 0, 1))
	}

	t.Run("user primitives between draws", func(t *testing.T) {
		r := newSpriteRig(t, [2]int{16, 16})
		must(t, r.sb.Begin())
		r.sb.Draw(r.texs[0], at(0), graphics.White)
		r.sb.Draw(r.texs[0], at(1), graphics.White)
		userTriangle(r)
		r.sb.Draw(r.texs[0], at(2), graphics.White)
		userTriangle(r)
		must(t, r.sb.End())
		check(t, r.end(), 0, 1, 2)
	})
	t.Run("two batches interleaved", func(t *testing.T) {
		r := newSpriteRig(t, [2]int{16, 16})
		other, err := graphics.NewSpriteBatch(r.dev)
		must(t, err)
		must(t, r.sb.Begin())
		must(t, other.Begin())
		r.sb.Draw(r.texs[0], at(0), graphics.White)
		other.Draw(r.texs[0], at(1), graphics.White)
		r.sb.Draw(r.texs[0], at(2), graphics.White)
		other.Draw(r.texs[0], at(3), graphics.White)
		must(t, other.End())
		r.sb.Draw(r.texs[0], at(4), graphics.White)
		must(t, r.sb.End())
		check(t, r.end(), 1, 3, 0, 2, 4)
	})
	t.Run("across frames", func(t *testing.T) {
		r := newSpriteRig(t, [2]int{16, 16})
		must(t, r.sb.Begin())
		r.sb.Draw(r.texs[0], at(0), graphics.White)
		first := r.end()
		draws, verts := len(first.Draws), len(first.Vertices)
		r.sb.Draw(r.texs[0], at(1), graphics.White) // the record is handed out
		if len(first.Draws) != draws || len(first.Vertices) != verts {
			t.Errorf("a Draw after EndFrame changed the record: %d draws, %d vertex bytes; want %d, %d",
				len(first.Draws), len(first.Vertices), draws, verts)
		}
		must(t, r.dev.BeginFrame(640, 480))
		must(t, r.dev.Clear(graphics.Black))
		r.sb.Draw(r.texs[0], at(2), graphics.White)
		must(t, r.sb.End())
		check(t, r.end(), 0, 1, 2)
	})
	t.Run("the next frame's reset", func(t *testing.T) {
		r := newSpriteRig(t, [2]int{16, 16})
		r.end()
		must(t, r.dev.BeginFrame(640, 480))
		must(t, r.sb.Begin())
		r.sb.Draw(r.texs[0], at(0), graphics.White)
		r.sb.Draw(r.texs[0], at(1), graphics.White)
		r.end()
		must(t, r.dev.BeginFrame(640, 480))
		userTriangle(r) // the arena starts again from empty, over the sprites' bytes
		r.sb.Draw(r.texs[0], at(2), graphics.White)
		must(t, r.sb.End())
		check(t, r.end(), 0, 1, 2)
	})
}
