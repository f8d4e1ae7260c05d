package graphics_test

import (
	"math"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestX3_RectangleMembers works XNA's Rectangle members by hand on
// r = (10, 20) 30x40: left 10, right 40, top 20, bottom 60.
func TestX3_RectangleMembers(t *testing.T) {
	r := graphics.Rectangle{X: 10, Y: 20, Width: 30, Height: 40}
	if r.Left() != 10 || r.Right() != 40 || r.Top() != 20 || r.Bottom() != 60 {
		t.Errorf("edges %d %d %d %d, want 10 40 20 60", r.Left(), r.Right(), r.Top(), r.Bottom())
	}
	if r.Location() != (graphics.Point{X: 10, Y: 20}) || r.Size() != (graphics.Point{X: 30, Y: 40}) {
		t.Errorf("Location %v Size %v", r.Location(), r.Size())
	}
	// 10 + 30/2 = 25, 20 + 40/2 = 40; odd sizes round down: 10 + 31/2 = 25.
	if r.Center() != (graphics.Point{X: 25, Y: 40}) || (graphics.Rectangle{X: 10, Y: 20, Width: 31, Height: 41}).Center() != (graphics.Point{X: 25, Y: 40}) {
		t.Errorf("Center %v", r.Center())
	}
	if o := r.Offset(-5, 7); o != (graphics.Rectangle{X: 5, Y: 27, Width: 30, Height: 40}) {
		t.Errorf("Offset = %v", o)
	}
	// Inflate by 2, 3: X 8, Y 17, W 30+4, H 40+6.
	if i := r.Inflate(2, 3); i != (graphics.Rectangle{X: 8, Y: 17, Width: 34, Height: 46}) {
		t.Errorf("Inflate = %v", i)
	}
	for _, c := range []struct {
		name string
		s    graphics.Rectangle
		want bool
	}{
		{"overlapping", graphics.Rectangle{X: 35, Y: 55, Width: 10, Height: 10}, true},
		{"inside", graphics.Rectangle{X: 15, Y: 25, Width: 1, Height: 1}, true},
		{"touching the right edge", graphics.Rectangle{X: 40, Y: 20, Width: 10, Height: 10}, false},
		{"touching the bottom edge", graphics.Rectangle{X: 10, Y: 60, Width: 10, Height: 10}, false},
		{"apart", graphics.Rectangle{X: 100, Y: 100, Width: 10, Height: 10}, false},
	} {
		if got := r.Intersects(c.s); got != c.want || c.s.Intersects(r) != c.want {
			t.Errorf("Intersects %s: %v, want %v", c.name, got, c.want)
		}
	}
	// Union with (0, 50) 5x30: x 0, y 20, right max(40, 5) = 40, bottom max(60, 80) = 80.
	if u := r.Union(graphics.Rectangle{X: 0, Y: 50, Width: 5, Height: 30}); u != (graphics.Rectangle{X: 0, Y: 20, Width: 40, Height: 60}) {
		t.Errorf("Union = %v", u)
	}
	if !r.ContainsPoint(graphics.Point{X: 10, Y: 20}) || r.ContainsPoint(graphics.Point{X: 40, Y: 30}) || r.ContainsPoint(graphics.Point{X: 20, Y: 60}) {
		t.Error("ContainsPoint: left/top edges are in, right/bottom out")
	}
	if !r.ContainsRect(r) || !r.ContainsRect(graphics.Rectangle{X: 30, Y: 50, Width: 10, Height: 10}) || r.ContainsRect(graphics.Rectangle{X: 31, Y: 50, Width: 10, Height: 10}) {
		t.Error("ContainsRect: edges included")
	}
	// No wrap at the int range's ends.
	big := graphics.Rectangle{X: math.MaxInt - 5, Y: 0, Width: 10, Height: 1}
	if big.Right() != math.MaxInt || big.Offset(10, 0).X != math.MaxInt || big.Inflate(math.MaxInt, 0).Width != math.MaxInt {
		t.Errorf("saturation: Right %d", big.Right())
	}
	if u := (graphics.Rectangle{X: math.MinInt, Width: 1, Height: 1}).Union(big); u.Width != math.MaxInt {
		t.Errorf("Union across the range: %v", u)
	}
}
