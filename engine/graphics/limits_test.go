package graphics_test

import (
	"errors"
	"math"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// nearLimits are values that make a naive start+length or start*stride
// wrap around.
var nearLimits = []int{math.MaxInt, math.MaxInt - 1, math.MaxInt / 2, math.MaxInt/4 + 1, 1 << 60, 1 << 62, math.MinInt, math.MinInt + 1, -1}

// TestG2_RegionsNearTheIntLimitsAreOutOfRange: every region, offset and
// count near the integer limits is an error wrapping ErrOutOfRange, with
// no panic and nothing written: the checks compare in a form that cannot
// overflow (Width > w-X, never X+Width > w).
func TestG2_RegionsNearTheIntLimitsAreOutOfRange(t *testing.T) {
	r := newRig(t)
	tex, err := graphics.NewTexture2D(r.dev, 4, 4)
	must(t, err)
	want := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, graphics.ErrOutOfRange) {
			t.Errorf("%s: %v, want ErrOutOfRange", what, err)
		}
	}
	// The case first reported: X+Width wraps negative and passed.
	want("SetDataRect X=MaxInt", tex.SetDataRect(graphics.Rectangle{X: math.MaxInt, Width: 2, Height: 1}, make([]byte, 8)))
	want("GetDataRect X=MaxInt", tex.GetDataRect(graphics.Rectangle{X: math.MaxInt, Width: 2, Height: 1}, make([]byte, 8)))
	for _, v := range nearLimits {
		for _, rc := range []graphics.Rectangle{
			{X: v, Width: 2, Height: 1}, {Y: v, Width: 1, Height: 2}, {X: 1, Width: v, Height: 1},
			{Y: 1, Width: 1, Height: v}, {X: v, Y: v, Width: v, Height: v}, {X: 2, Y: 2, Width: v, Height: v},
		} {
			want("SetDataRect", tex.SetDataRect(rc, make([]byte, 8)))
			want("GetDataRect", tex.GetDataRect(rc, make([]byte, 8)))
		}
	}

	// Vertex buffers: start*stride must not wrap onto vertex 0.
	vb, err := graphics.NewVertexBuffer(r.dev, graphics.VertexPositionColor{}.VertexDeclaration(), 3)
	must(t, err)
	orig := []graphics.VertexPositionColor{{Color: graphics.Red}, {Color: graphics.Green}, {Color: graphics.Blue}}
	must(t, graphics.SetVertexData(vb, 0, orig))
	before := make([]byte, 3*vb.VertexDeclaration().Stride)
	_, err = vb.GetData(0, before)
	must(t, err)
	one := []graphics.VertexPositionColor{{Color: graphics.White}}
	for _, v := range append(nearLimits, 3, 4) {
		want("SetVertexData", graphics.SetVertexData(vb, v, one))
	}
	for _, v := range nearLimits {
		want("VertexBuffer.SetData", vb.SetData(v, make([]byte, 4)))
		_, err := vb.GetData(v, make([]byte, 4))
		want("VertexBuffer.GetData", err)
	}
	after := make([]byte, len(before))
	_, err = vb.GetData(0, after)
	must(t, err)
	if string(after) != string(before) {
		t.Errorf("a refused SetVertexData changed the buffer:\n got %v\nwant %v", after, before)
	}

	// Index buffers.
	ib, err := graphics.NewIndexBuffer(r.dev, graphics.SixteenBits, 3)
	must(t, err)
	for _, v := range nearLimits {
		want("SetIndexData", graphics.SetIndexData(ib, v, []uint16{1}))
		_, err := graphics.GetIndexData(ib, v, make([]uint16, 1))
		want("GetIndexData", err)
	}

	// Draws.
	must(t, r.dev.BeginFrame(16, 16))
	r.bind()
	quad := []graphics.VertexPositionNormalTexture{{}, {}, {}}
	for _, v := range nearLimits {
		want("DrawPrimitives", r.dev.DrawPrimitives(graphics.TriangleList, v, 1))
		want("DrawIndexedPrimitives start", r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, v, 1))
		want("DrawIndexedPrimitives base", r.dev.DrawIndexedPrimitives(graphics.TriangleList, v, 0, 1))
		want("DrawUserPrimitives", graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, quad, v, 1))
		want("DrawUserIndexedPrimitives", graphics.DrawUserIndexedPrimitives(r.dev, graphics.TriangleList, quad, []uint16{0, 1, 2}, v, 1))
	}
	r.present()

	// Viewports: the corners must lie within the device's bounds (the
	// fake's 4096 limit gives -8192..8191).
	for _, v := range nearLimits[:len(nearLimits)-1] { // -1 is a legal corner
		for _, vp := range []graphics.Viewport{
			{X: v, Width: 10, Height: 10, MaxDepth: 1}, {Y: v, Width: 10, Height: 10, MaxDepth: 1},
			{X: 8192 - 10, Y: v, Width: 10, Height: 10, MaxDepth: 1},
		} {
			r.dev.SetViewport(vp)
			want("SetViewport", r.dev.Err())
		}
	}
	r.dev.SetViewport(graphics.Viewport{X: 8191 - 9, Width: 10, Height: 10, MaxDepth: 1})
	want("SetViewport past the bound", r.dev.Err())
	r.dev.SetViewport(graphics.Viewport{X: 8191 - 10, Y: -8192, Width: 10, Height: 10, MaxDepth: 1})

	// Rectangle helpers clamp instead of wrapping.
	big := graphics.Rectangle{X: math.MaxInt - 1, Y: 0, Width: 10, Height: 10}
	if !big.Contains(math.MaxInt-1, 0) || big.Contains(0, 0) {
		t.Errorf("Contains near MaxInt: wrong answer for %+v", big)
	}
	if got := big.Intersect(graphics.Rectangle{Width: 16, Height: 16}); !got.Empty() {
		t.Errorf("Intersect of %+v with 16x16 = %+v, want empty", big, got)
	}
	if got := (graphics.Rectangle{X: math.MinInt, Y: math.MinInt, Width: math.MaxInt, Height: math.MaxInt}).Intersect(graphics.Rectangle{Width: 4, Height: 4}); !got.Empty() {
		t.Errorf("Intersect of a rectangle ending at -1 with 4x4 = %+v, want empty", got)
	}
}
