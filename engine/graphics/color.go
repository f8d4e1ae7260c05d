package graphics

import "github.com/go-gl/mathgl/mgl32"

// Color is an RGBA colour, 8 bits per channel (XNA's Color). As in XNA 4.0
// colours are premultiplied: R, G and B are already multiplied by A, so
// half-transparent white is {128, 128, 128, 128}, and AlphaBlend expects
// that. Use FromNonPremultiplied for straight-alpha values. The zero value
// is TransparentBlack.
type Color struct{ R, G, B, A uint8 }

// NewColor returns a colour from premultiplied components in 0..1, clamped
// and rounded to 8 bits.
func NewColor(r, g, b, a float32) Color {
	return Color{unit(r), unit(g), unit(b), unit(a)}
}

// FromNonPremultiplied returns the premultiplied colour of a straight-alpha
// one (XNA's Color.FromNonPremultiplied): each of r, g, b is multiplied by
// a/255, rounded.
func FromNonPremultiplied(r, g, b, a uint8) Color {
	return Color{premul(r, a), premul(g, a), premul(b, a), a}
}

// premul returns c*a/255 rounded to nearest.
func premul(c, a uint8) uint8 {
	return uint8((uint32(c)*uint32(a) + 127) / 255)
}

// unit converts a 0..1 float to 0..255, clamped and rounded.
func unit(f float32) uint8 {
	switch {
	case !(f > 0): // also NaN
		return 0
	case f >= 1:
		return 255
	}
	return uint8(f*255 + 0.5)
}

// Vec4 returns the colour as floats in 0..1: (r, g, b, a).
func (c Color) Vec4() mgl32.Vec4 {
	return mgl32.Vec4{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}

// Vec3 returns the colour's r, g, b as floats in 0..1.
func (c Color) Vec3() mgl32.Vec3 { return c.Vec4().Vec3() }

// Scale returns c with every channel (alpha too) multiplied by s (XNA's
// Color * float): how a premultiplied colour fades; clamped to 0..255.
func (c Color) Scale(s float32) Color {
	return Color{unit(float32(c.R) / 255 * s), unit(float32(c.G) / 255 * s), unit(float32(c.B) / 255 * s), unit(float32(c.A) / 255 * s)}
}

// Named colours (XNA's Color properties, the ones a game uses most).
var (
	TransparentBlack = Color{0, 0, 0, 0}
	Transparent      = Color{0, 0, 0, 0}
	Black            = Color{0, 0, 0, 255}
	White            = Color{255, 255, 255, 255}
	Red              = Color{255, 0, 0, 255}
	Green            = Color{0, 128, 0, 255}
	Lime             = Color{0, 255, 0, 255}
	Blue             = Color{0, 0, 255, 255}
	Yellow           = Color{255, 255, 0, 255}
	Cyan             = Color{0, 255, 255, 255}
	Magenta          = Color{255, 0, 255, 255}
	Orange           = Color{255, 165, 0, 255}
	Purple           = Color{128, 0, 128, 255}
	Gray             = Color{128, 128, 128, 255}
	DarkGray         = Color{169, 169, 169, 255}
	LightGray        = Color{211, 211, 211, 255}
	Brown            = Color{165, 42, 42, 255}
	Pink             = Color{255, 192, 203, 255}
	Gold             = Color{255, 215, 0, 255}
	Navy             = Color{0, 0, 128, 255}
	CornflowerBlue   = Color{100, 149, 237, 255}
)
