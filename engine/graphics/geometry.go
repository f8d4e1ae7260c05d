package graphics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// Rectangle is an integer rectangle (XNA's Rectangle): X, Y is its top-left
// corner, Width and Height its size, in pixels or texels.
type Rectangle struct{ X, Y, Width, Height int }

// Empty reports whether r covers no pixel.
func (r Rectangle) Empty() bool { return r.Width <= 0 || r.Height <= 0 }

// Contains reports whether the point x, y is inside r.
func (r Rectangle) Contains(x, y int) bool {
	return x >= r.X && x < addSat(r.X, r.Width) && y >= r.Y && y < addSat(r.Y, r.Height)
}

// Within reports whether r is non-empty and lies inside 0, 0, w, h. It
// compares in a form that cannot overflow, whatever r holds (rule G2).
func (r Rectangle) Within(w, h int) bool {
	return !r.Empty() && r.X >= 0 && r.Y >= 0 && r.X <= w && r.Y <= h && r.Width <= w-r.X && r.Height <= h-r.Y
}

// addSat returns a+b, clamped to the int range instead of wrapping.
func addSat(a, b int) int {
	s := a + b
	switch {
	case b > 0 && s < a:
		return math.MaxInt
	case b < 0 && s > a:
		return math.MinInt
	}
	return s
}

// Intersect returns the part of r inside s; the zero Rectangle when they do
// not overlap. Ends past the int range are clamped, not wrapped.
func (r Rectangle) Intersect(s Rectangle) Rectangle {
	x0, y0 := max(r.X, s.X), max(r.Y, s.Y)
	x1, y1 := min(addSat(r.X, r.Width), addSat(s.X, s.Width)), min(addSat(r.Y, r.Height), addSat(s.Y, s.Height))
	if x1 <= x0 || y1 <= y0 {
		return Rectangle{}
	}
	return Rectangle{x0, y0, x1 - x0, y1 - y0}
}

// Point is an integer point or size (XNA's Point); the type lives in
// engine/geom.
type Point = geom.Point

// Left returns X, the rectangle's left edge (XNA's Rectangle.Left).
func (r Rectangle) Left() int { return r.X }

// Right returns X+Width, the first column past the rectangle (XNA's
// Rectangle.Right), clamped to the int range.
func (r Rectangle) Right() int { return addSat(r.X, r.Width) }

// Top returns Y, the rectangle's top edge (XNA's Rectangle.Top).
func (r Rectangle) Top() int { return r.Y }

// Bottom returns Y+Height, the first row below the rectangle (XNA's
// Rectangle.Bottom), clamped to the int range.
func (r Rectangle) Bottom() int { return addSat(r.Y, r.Height) }

// Location returns the top-left corner X, Y (XNA's Rectangle.Location).
func (r Rectangle) Location() Point { return Point{X: r.X, Y: r.Y} }

// Size returns Width, Height as a Point.
func (r Rectangle) Size() Point { return Point{X: r.Width, Y: r.Height} }

// Center returns X + Width/2, Y + Height/2, halves rounded towards zero
// (XNA's Rectangle.Center).
func (r Rectangle) Center() Point {
	return Point{X: addSat(r.X, r.Width/2), Y: addSat(r.Y, r.Height/2)}
}

// Offset returns r moved by dx, dy (XNA's Rectangle.Offset, which moves r
// in place).
func (r Rectangle) Offset(dx, dy int) Rectangle {
	r.X, r.Y = addSat(r.X, dx), addSat(r.Y, dy)
	return r
}

// Inflate returns r grown by h on the left and right and v on the top and
// bottom, or shrunk by negative amounts (XNA's Rectangle.Inflate, which
// changes r in place).
func (r Rectangle) Inflate(h, v int) Rectangle {
	return Rectangle{addSat(r.X, -h), addSat(r.Y, -v), addSat(r.Width, addSat(h, h)), addSat(r.Height, addSat(v, v))}
}

// Intersects reports whether r and s overlap by more than an edge (XNA's
// Rectangle.Intersects): rectangles that only touch do not intersect,
// unlike geom's volumes.
func (r Rectangle) Intersects(s Rectangle) bool {
	return s.Left() < r.Right() && r.Left() < s.Right() && s.Top() < r.Bottom() && r.Top() < s.Bottom()
}

// Union returns the smallest rectangle holding r and s (XNA's
// Rectangle.Union; an empty one still counts by its corner).
func (r Rectangle) Union(s Rectangle) Rectangle {
	x, y := min(r.X, s.X), min(r.Y, s.Y)
	return Rectangle{x, y, subSat(max(r.Right(), s.Right()), x), subSat(max(r.Bottom(), s.Bottom()), y)}
}

// ContainsPoint reports whether p is inside r (XNA's
// Rectangle.Contains(Point)): the left and top edges are in, the right and
// bottom ones out.
func (r Rectangle) ContainsPoint(p Point) bool { return r.Contains(p.X, p.Y) }

// ContainsRect reports whether s lies inside r, edges included (XNA's
// Rectangle.Contains(Rectangle)).
func (r Rectangle) ContainsRect(s Rectangle) bool {
	return r.X <= s.X && s.Right() <= r.Right() && r.Y <= s.Y && s.Bottom() <= r.Bottom()
}

// subSat returns a-b clamped to the int range.
func subSat(a, b int) int {
	if b == math.MinInt {
		if a >= 0 {
			return math.MaxInt
		}
		return a - b
	}
	return addSat(a, -b)
}

// Viewport maps clip space to a rectangle of the target (XNA's Viewport).
// X, Y is its top-left corner in pixels, Width and Height its size, and
// MinDepth..MaxDepth the depth range (0..1 by default).
type Viewport struct {
	X, Y, Width, Height int
	MinDepth, MaxDepth  float32
}

// NewViewport returns a viewport of the rectangle with depth range 0..1.
func NewViewport(x, y, width, height int) Viewport {
	return Viewport{X: x, Y: y, Width: width, Height: height, MaxDepth: 1}
}

// Bounds returns the viewport's rectangle.
func (v Viewport) Bounds() Rectangle { return Rectangle{v.X, v.Y, v.Width, v.Height} }

// AspectRatio returns Width/Height, 0 for an empty viewport.
func (v Viewport) AspectRatio() float32 {
	if v.Width <= 0 || v.Height <= 0 {
		return 0
	}
	return float32(v.Width) / float32(v.Height)
}

// Project maps a point in object space through world, view and projection
// to the viewport: x, y in pixels from the target's top-left, z in
// MinDepth..MaxDepth (XNA's Viewport.Project). The projection helpers of
// this package flip Y (rule G8), so clip-space y grows downwards here, as
// pixels do.
func (v Viewport) Project(source mgl32.Vec3, projection, view, world mgl32.Mat4) mgl32.Vec3 {
	m := projection.Mul4(view).Mul4(world)
	p := m.Mul4x1(source.Vec4(1))
	w := p[3]
	if w != 0 && !withinEpsilon(w, 1) {
		p = p.Mul(1 / w)
	}
	return mgl32.Vec3{
		(p[0]+1)*0.5*float32(v.Width) + float32(v.X),
		(p[1]+1)*0.5*float32(v.Height) + float32(v.Y),
		p[2]*(v.MaxDepth-v.MinDepth) + v.MinDepth,
	}
}

// Unproject maps a point on the viewport (pixels, depth in
// MinDepth..MaxDepth) back to object space: the inverse of Project (XNA's
// Viewport.Unproject). A picking ray runs from Unproject(x, y, MinDepth) to
// Unproject(x, y, MaxDepth).
func (v Viewport) Unproject(source mgl32.Vec3, projection, view, world mgl32.Mat4) mgl32.Vec3 {
	inv := projection.Mul4(view).Mul4(world).Inv()
	p := mgl32.Vec4{
		(source[0]-float32(v.X))/float32(v.Width)*2 - 1,
		(source[1]-float32(v.Y))/float32(v.Height)*2 - 1,
		(source[2] - v.MinDepth) / (v.MaxDepth - v.MinDepth),
		1,
	}
	q := inv.Mul4x1(p)
	if q[3] != 0 && !withinEpsilon(q[3], 1) {
		q = q.Mul(1 / q[3])
	}
	return q.Vec3()
}

// withinEpsilon reports whether a and b are equal to within float32 noise.
func withinEpsilon(a, b float32) bool {
	return math.Abs(float64(a-b)) <= 1e-7
}
