package vulkan

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The dynamic grid: 49 x 34 quads of 4 x 4 pixels, 6 vertices each:
// 9,996 of the buffer's 10,000 vertices.
const (
	dynCols, dynRows = 49, 34
	dynCell          = 4
	dynQuads         = dynCols * dynRows
	dynVertices      = 10000
	dynHalf          = dynQuads / 2 // quads drawn before the Discard
)

// dynColor is quad q's colour in frame n; magenta marks what must never
// be drawn.
func dynColor(q, n int) graphics.Color {
	return graphics.Color{R: byte(q*5 + n), G: byte(q * 3), B: byte(n*11 + 1), A: 255}
}

var dynNever = graphics.Color{R: 255, B: 255, A: 255}

// dynScene rewrites a 10,000-vertex DynamicVertexBuffer twice a frame
// with Discard: all quads coloured for the frame, the first half drawn;
// then the first half magenta and the second coloured, the second half
// drawn. Magenta on screen means a draw read memory rewritten after it.
type dynScene struct {
	*content
	vb    *graphics.DynamicVertexBuffer
	verts []graphics.VertexPositionColor
	n     int
}

func (s *dynScene) fill(firstHalf func(q int) graphics.Color, secondHalf func(q int) graphics.Color) {
	for q := range dynQuads {
		col := firstHalf(q)
		if q >= dynHalf {
			col = secondHalf(q)
		}
		x, y := float32(q%dynCols*dynCell), float32(q/dynCols*dynCell)
		v := func(px, py float32) graphics.VertexPositionColor {
			return graphics.VertexPositionColor{Position: mgl32.Vec3{px, py, 0}, Color: col}
		}
		const c = dynCell
		s.verts[6*q+0], s.verts[6*q+1], s.verts[6*q+2] = v(x, y), v(x+c, y), v(x+c, y+c)
		s.verts[6*q+3], s.verts[6*q+4], s.verts[6*q+5] = v(x, y), v(x+c, y+c), v(x, y+c)
	}
}

func (s *dynScene) draw() error {
	s.n++
	n := s.n
	if err := s.dev.Clear(background); err != nil {
		return err
	}
	vp := s.dev.Viewport()
	proj, err := graphics.CreateOrthographicOffCenter(0, float32(vp.Width), float32(vp.Height), 0, 0, 1)
	if err != nil {
		return err
	}
	s.flat.World, s.flat.View, s.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), proj
	s.flat.TextureEnabled, s.flat.Texture = false, nil
	s.flat.Apply()
	s.dev.SetDepthStencilState(graphics.DepthNone)
	s.dev.SetRasterizerState(graphics.CullNone)
	s.dev.SetBlendState(graphics.Opaque)
	s.dev.SetVertexBuffer(s.vb.VertexBuffer)
	color := func(q int) graphics.Color { return dynColor(q, n) }
	never := func(int) graphics.Color { return dynNever }
	s.fill(color, color)
	if err := graphics.SetDynamicVertexData(s.vb, 0, s.verts, graphics.SetDataDiscard); err != nil {
		return err
	}
	if err := s.dev.DrawPrimitives(graphics.TriangleList, 0, 2*dynHalf); err != nil {
		return err
	}
	s.fill(never, color)
	if err := graphics.SetDynamicVertexData(s.vb, 0, s.verts, graphics.SetDataDiscard); err != nil {
		return err
	}
	return s.dev.DrawPrimitives(graphics.TriangleList, 6*dynHalf, 2*(dynQuads-dynHalf))
}

// TestG19_DynamicBufferRewrittenEveryFrameNeverWaits: on lavapipe with
// validation on, a 10,000-vertex DynamicVertexBuffer rewritten with
// Discard twice a frame for 600 frames allocates nothing per frame and
// makes the CPU wait on no fence but the frame loop's own pacing wait
// (one per frame, which every frame has); the last frame shows every quad
// in its colour for that frame (the draw before the second Discard kept
// the memory it was recorded with).
func TestG19_DynamicBufferRewrittenEveryFrameNeverWaits(t *testing.T) {
	g := openGPU(t, dynCols*dynCell, dynRows*dynCell, Options{SwapInterval: 0})
	onMain(t, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		s := &dynScene{content: c, verts: make([]graphics.VertexPositionColor, dynVertices)}
		if s.vb, err = graphics.NewDynamicVertexBuffer(c.dev, graphics.VertexPositionColor{}.VertexDeclaration(), dynVertices, graphics.BufferUsageWriteOnly); err != nil {
			return err
		}
		for range 10 {
			if _, err := c.frame(g, false, s.draw); err != nil {
				return err
			}
		}
		before, frames0 := g.r.fenceWaitCounts(), s.n
		var ferr error
		allocs := testing.AllocsPerRun(600, func() {
			if _, e := c.frame(g, false, s.draw); e != nil && ferr == nil {
				ferr = e
			}
		})
		if ferr != nil {
			return ferr
		}
		after, frames := g.r.fenceWaitCounts(), s.n-frames0
		t.Logf("%d frames: %.2f allocations per frame; fence waits: %d paced, %d stalls", frames, allocs, after.paced-before.paced, after.stalls-before.stalls)
		if allocs != 0 {
			t.Errorf("%.2f Go allocations per frame, want 0", allocs)
		}
		if d := after.stalls - before.stalls; d != 0 {
			t.Errorf("%d waits for the GPU to drain in %d frames, want 0", d, frames)
		}
		if d := after.paced - before.paced; d != frames {
			t.Errorf("%d frame-pacing waits in %d frames, want one a frame", d, frames)
		}
		img, err := c.frame(g, true, s.draw)
		if err != nil {
			return err
		}
		n := s.n
		for q := range dynQuads {
			x, y := q%dynCols*dynCell+dynCell/2, q/dynCols*dynCell+dynCell/2
			want := dynColor(q, n)
			got := img.RGBAAt(x, y)
			if got.R != want.R || got.G != want.G || got.B != want.B {
				return fmt.Errorf("quad %d at (%d, %d) is %v, want %v (frame %d; magenta: a draw read memory rewritten after it)", q, x, y, got, want, n)
			}
		}
		return nil
	})
}
