package graphics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Shapes are sprites of a 1x1 white texel that the device creates on first
// use (rule G7): a game draws rectangles and lines with no texture of its
// own. They go through the batch like any sprite (sorting, states,
// transform) at layer depth 0; for another depth, draw WhiteTexture with
// DrawEx.

// WhiteTexture returns the device's 1x1 opaque white texture, which the
// shapes draw with, creating it on first use. A creation error is kept as
// the batch's error and returned as well.
func (sb *SpriteBatch) WhiteTexture() (*Texture2D, error) {
	t, err := sb.dev.whiteTexel()
	if err != nil {
		sb.fail(err)
		return nil, err
	}
	return t, nil
}

// white returns the white texel for a shape, or nil with the error kept.
func (sb *SpriteBatch) white(op string) *Texture2D {
	if !sb.begun {
		if sb.err == nil {
			sb.fail(fmt.Errorf("graphics: sprite batch %s outside Begin and End (kept for the next End): %w", op, ErrNotBegun))
		}
		return nil
	}
	t, err := sb.dev.whiteTexel()
	if err != nil {
		sb.fail(err)
		return nil
	}
	return t
}

// FillRectangle fills r (pixels) with c.
func (sb *SpriteBatch) FillRectangle(r Rectangle, c Color) {
	t := sb.white("fill rectangle")
	if t == nil {
		return
	}
	sb.add(t, float32(r.X), float32(r.Y), float32(r.Width), float32(r.Height), 0, 0, 1, 1, c, 0, 0, 0, 1, FlipNone, 0)
}

// DrawRectangle outlines r with c, thickness pixels wide inside r (four
// rectangles that do not overlap, so a translucent colour stays even). A
// thickness of half r's smaller side or more fills r; below 1 draws
// nothing.
func (sb *SpriteBatch) DrawRectangle(r Rectangle, c Color, thickness int) {
	t := sb.white("draw rectangle")
	if t == nil || thickness < 1 || r.Empty() {
		return
	}
	if 2*thickness >= r.Width || 2*thickness >= r.Height {
		sb.FillRectangle(r, c)
		return
	}
	k := thickness
	sb.FillRectangle(Rectangle{r.X, r.Y, r.Width, k}, c)                          // top
	sb.FillRectangle(Rectangle{r.X, r.Y + r.Height - k, r.Width, k}, c)           // bottom
	sb.FillRectangle(Rectangle{r.X, r.Y + k, k, r.Height - 2*k}, c)               // left
	sb.FillRectangle(Rectangle{r.X + r.Width - k, r.Y + k, k, r.Height - 2*k}, c) // right
}

// DrawLine draws a line from a to b (pixels) width pixels wide, centred
// on the segment, ending flat at a and b: a quad of the segment's
// length turned to its angle. A line of zero length or width draws
// nothing.
func (sb *SpriteBatch) DrawLine(a, b mgl32.Vec2, c Color, width float32) {
	t := sb.white("draw line")
	if t == nil || !(width > 0) {
		return
	}
	dx, dy := b[0]-a[0], b[1]-a[1]
	length := float32(math.Hypot(float64(dx), float64(dy)))
	if length == 0 {
		return
	}
	sin, cos := dy/length, dx/length
	sb.add(t, a[0], a[1], length, width, 0, 0, 1, 1, c, 0, width/2, sin, cos, FlipNone, 0)
}
