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

// PackedValue returns the colour as XNA packs it: R in the low byte, then
// G, B and A (XNA's Color.PackedValue).
func (c Color) PackedValue() uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
}

// Vec3 returns the colour's r, g, b as floats in 0..1.
func (c Color) Vec3() mgl32.Vec3 { return c.Vec4().Vec3() }

// Scale returns c with every channel (alpha too) multiplied by s (XNA's
// Color * float): how a premultiplied colour fades; clamped to 0..255.
func (c Color) Scale(s float32) Color {
	return Color{unit(float32(c.R) / 255 * s), unit(float32(c.G) / 255 * s), unit(float32(c.B) / 255 * s), unit(float32(c.A) / 255 * s)}
}

// Named colours: all 141 of XNA 4.0's Color properties, with XNA's values,
// plus TransparentBlack (XNA 3.1's name for Transparent). All are opaque
// but Transparent and TransparentBlack.
var (
	AliceBlue            = Color{240, 248, 255, 255}
	AntiqueWhite         = Color{250, 235, 215, 255}
	Aqua                 = Color{0, 255, 255, 255}
	Aquamarine           = Color{127, 255, 212, 255}
	Azure                = Color{240, 255, 255, 255}
	Beige                = Color{245, 245, 220, 255}
	Bisque               = Color{255, 228, 196, 255}
	Black                = Color{0, 0, 0, 255}
	BlanchedAlmond       = Color{255, 235, 205, 255}
	Blue                 = Color{0, 0, 255, 255}
	BlueViolet           = Color{138, 43, 226, 255}
	Brown                = Color{165, 42, 42, 255}
	BurlyWood            = Color{222, 184, 135, 255}
	CadetBlue            = Color{95, 158, 160, 255}
	Chartreuse           = Color{127, 255, 0, 255}
	Chocolate            = Color{210, 105, 30, 255}
	Coral                = Color{255, 127, 80, 255}
	CornflowerBlue       = Color{100, 149, 237, 255}
	Cornsilk             = Color{255, 248, 220, 255}
	Crimson              = Color{220, 20, 60, 255}
	Cyan                 = Color{0, 255, 255, 255}
	DarkBlue             = Color{0, 0, 139, 255}
	DarkCyan             = Color{0, 139, 139, 255}
	DarkGoldenrod        = Color{184, 134, 11, 255}
	DarkGray             = Color{169, 169, 169, 255}
	DarkGreen            = Color{0, 100, 0, 255}
	DarkKhaki            = Color{189, 183, 107, 255}
	DarkMagenta          = Color{139, 0, 139, 255}
	DarkOliveGreen       = Color{85, 107, 47, 255}
	DarkOrange           = Color{255, 140, 0, 255}
	DarkOrchid           = Color{153, 50, 204, 255}
	DarkRed              = Color{139, 0, 0, 255}
	DarkSalmon           = Color{233, 150, 122, 255}
	DarkSeaGreen         = Color{143, 188, 139, 255}
	DarkSlateBlue        = Color{72, 61, 139, 255}
	DarkSlateGray        = Color{47, 79, 79, 255}
	DarkTurquoise        = Color{0, 206, 209, 255}
	DarkViolet           = Color{148, 0, 211, 255}
	DeepPink             = Color{255, 20, 147, 255}
	DeepSkyBlue          = Color{0, 191, 255, 255}
	DimGray              = Color{105, 105, 105, 255}
	DodgerBlue           = Color{30, 144, 255, 255}
	Firebrick            = Color{178, 34, 34, 255}
	FloralWhite          = Color{255, 250, 240, 255}
	ForestGreen          = Color{34, 139, 34, 255}
	Fuchsia              = Color{255, 0, 255, 255}
	Gainsboro            = Color{220, 220, 220, 255}
	GhostWhite           = Color{248, 248, 255, 255}
	Gold                 = Color{255, 215, 0, 255}
	Goldenrod            = Color{218, 165, 32, 255}
	Gray                 = Color{128, 128, 128, 255}
	Green                = Color{0, 128, 0, 255}
	GreenYellow          = Color{173, 255, 47, 255}
	Honeydew             = Color{240, 255, 240, 255}
	HotPink              = Color{255, 105, 180, 255}
	IndianRed            = Color{205, 92, 92, 255}
	Indigo               = Color{75, 0, 130, 255}
	Ivory                = Color{255, 255, 240, 255}
	Khaki                = Color{240, 230, 140, 255}
	Lavender             = Color{230, 230, 250, 255}
	LavenderBlush        = Color{255, 240, 245, 255}
	LawnGreen            = Color{124, 252, 0, 255}
	LemonChiffon         = Color{255, 250, 205, 255}
	LightBlue            = Color{173, 216, 230, 255}
	LightCoral           = Color{240, 128, 128, 255}
	LightCyan            = Color{224, 255, 255, 255}
	LightGoldenrodYellow = Color{250, 250, 210, 255}
	LightGray            = Color{211, 211, 211, 255}
	LightGreen           = Color{144, 238, 144, 255}
	LightPink            = Color{255, 182, 193, 255}
	LightSalmon          = Color{255, 160, 122, 255}
	LightSeaGreen        = Color{32, 178, 170, 255}
	LightSkyBlue         = Color{135, 206, 250, 255}
	LightSlateGray       = Color{119, 136, 153, 255}
	LightSteelBlue       = Color{176, 196, 222, 255}
	LightYellow          = Color{255, 255, 224, 255}
	Lime                 = Color{0, 255, 0, 255}
	LimeGreen            = Color{50, 205, 50, 255}
	Linen                = Color{250, 240, 230, 255}
	Magenta              = Color{255, 0, 255, 255}
	Maroon               = Color{128, 0, 0, 255}
	MediumAquamarine     = Color{102, 205, 170, 255}
	MediumBlue           = Color{0, 0, 205, 255}
	MediumOrchid         = Color{186, 85, 211, 255}
	MediumPurple         = Color{147, 112, 219, 255}
	MediumSeaGreen       = Color{60, 179, 113, 255}
	MediumSlateBlue      = Color{123, 104, 238, 255}
	MediumSpringGreen    = Color{0, 250, 154, 255}
	MediumTurquoise      = Color{72, 209, 204, 255}
	MediumVioletRed      = Color{199, 21, 133, 255}
	MidnightBlue         = Color{25, 25, 112, 255}
	MintCream            = Color{245, 255, 250, 255}
	MistyRose            = Color{255, 228, 225, 255}
	Moccasin             = Color{255, 228, 181, 255}
	NavajoWhite          = Color{255, 222, 173, 255}
	Navy                 = Color{0, 0, 128, 255}
	OldLace              = Color{253, 245, 230, 255}
	Olive                = Color{128, 128, 0, 255}
	OliveDrab            = Color{107, 142, 35, 255}
	Orange               = Color{255, 165, 0, 255}
	OrangeRed            = Color{255, 69, 0, 255}
	Orchid               = Color{218, 112, 214, 255}
	PaleGoldenrod        = Color{238, 232, 170, 255}
	PaleGreen            = Color{152, 251, 152, 255}
	PaleTurquoise        = Color{175, 238, 238, 255}
	PaleVioletRed        = Color{219, 112, 147, 255}
	PapayaWhip           = Color{255, 239, 213, 255}
	PeachPuff            = Color{255, 218, 185, 255}
	Peru                 = Color{205, 133, 63, 255}
	Pink                 = Color{255, 192, 203, 255}
	Plum                 = Color{221, 160, 221, 255}
	PowderBlue           = Color{176, 224, 230, 255}
	Purple               = Color{128, 0, 128, 255}
	Red                  = Color{255, 0, 0, 255}
	RosyBrown            = Color{188, 143, 143, 255}
	RoyalBlue            = Color{65, 105, 225, 255}
	SaddleBrown          = Color{139, 69, 19, 255}
	Salmon               = Color{250, 128, 114, 255}
	SandyBrown           = Color{244, 164, 96, 255}
	SeaGreen             = Color{46, 139, 87, 255}
	SeaShell             = Color{255, 245, 238, 255}
	Sienna               = Color{160, 82, 45, 255}
	Silver               = Color{192, 192, 192, 255}
	SkyBlue              = Color{135, 206, 235, 255}
	SlateBlue            = Color{106, 90, 205, 255}
	SlateGray            = Color{112, 128, 144, 255}
	Snow                 = Color{255, 250, 250, 255}
	SpringGreen          = Color{0, 255, 127, 255}
	SteelBlue            = Color{70, 130, 180, 255}
	Tan                  = Color{210, 180, 140, 255}
	Teal                 = Color{0, 128, 128, 255}
	Thistle              = Color{216, 191, 216, 255}
	Tomato               = Color{255, 99, 71, 255}
	Transparent          = Color{0, 0, 0, 0}
	TransparentBlack     = Color{0, 0, 0, 0}
	Turquoise            = Color{64, 224, 208, 255}
	Violet               = Color{238, 130, 238, 255}
	Wheat                = Color{245, 222, 179, 255}
	White                = Color{255, 255, 255, 255}
	WhiteSmoke           = Color{245, 245, 245, 255}
	Yellow               = Color{255, 255, 0, 255}
	YellowGreen          = Color{154, 205, 50, 255}
)
