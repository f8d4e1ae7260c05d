package graphics

// Blend is a blend factor (XNA's Blend).
type Blend uint8

// Blend factors. The zero value is One.
const (
	BlendOne Blend = iota
	BlendZero
	BlendSourceColor
	BlendInverseSourceColor
	BlendSourceAlpha
	BlendInverseSourceAlpha
	BlendDestinationColor
	BlendInverseDestinationColor
	BlendDestinationAlpha
	BlendInverseDestinationAlpha
	BlendFactor
	BlendInverseBlendFactor
	BlendSourceAlphaSaturation
)

// BlendFunction combines the weighted source and destination (XNA's
// BlendFunction). The zero value is Add.
type BlendFunction uint8

// Blend functions.
const (
	BlendAdd             BlendFunction = iota // src*srcBlend + dst*dstBlend
	BlendSubtract                             // src*srcBlend - dst*dstBlend
	BlendReverseSubtract                      // dst*dstBlend - src*srcBlend
	BlendMin                                  // min(src, dst)
	BlendMax                                  // max(src, dst)
)

// ColorWriteChannels masks the channels a draw writes. The zero value
// writes all four (XNA's default ColorWriteChannels.All).
type ColorWriteChannels uint8

// Channel masks; ColorWriteAll is the zero value's meaning.
const (
	ColorWriteRed ColorWriteChannels = 1 << iota
	ColorWriteGreen
	ColorWriteBlue
	ColorWriteAlpha
	ColorWriteNone ColorWriteChannels = 1 << 7 // writes nothing
	ColorWriteAll  ColorWriteChannels = 0
)

// BlendState says how a draw's colours combine with the target's (XNA's
// BlendState). A comparable value: use the predefined ones or build your
// own; the zero value is Opaque.
type BlendState struct {
	ColorSourceBlend      Blend
	ColorDestinationBlend Blend
	ColorBlendFunction    BlendFunction
	AlphaSourceBlend      Blend
	AlphaDestinationBlend Blend
	AlphaBlendFunction    BlendFunction
	// ColorWriteChannels masks the written channels; zero writes all.
	ColorWriteChannels ColorWriteChannels
	// ColorWriteChannels1, 2 and 3 mask the channels written to the
	// second, third and fourth render target of a draw into several
	// targets at once (zero writes all); a draw into one target uses
	// ColorWriteChannels only.
	ColorWriteChannels1, ColorWriteChannels2, ColorWriteChannels3 ColorWriteChannels
	// BlendFactor is the constant colour of BlendFactor and
	// BlendInverseBlendFactor (XNA's default is White). It is baked into
	// the draw's pipeline: each distinct factor is one more pipeline.
	BlendFactor Color
	// MultiSampleMask selects the samples a draw writes, bit i for sample
	// i (on a target with one sample, bit 0 says whether the draw writes
	// at all). XNA's default writes every sample, and so does the zero
	// value: 0 means 0xFFFFFFFF. To write nothing use ColorWriteNone.
	MultiSampleMask uint32
}

// XNA's predefined blend states. AlphaBlend expects premultiplied colours
// (XNA 4.0's default; textures are premultiplied on load, rule G3).
var (
	// Opaque overwrites the target.
	Opaque = BlendState{ColorSourceBlend: BlendOne, ColorDestinationBlend: BlendZero,
		AlphaSourceBlend: BlendOne, AlphaDestinationBlend: BlendZero, BlendFactor: White}
	// AlphaBlend: src + dst*(1-srcAlpha), for premultiplied colours.
	AlphaBlend = BlendState{ColorSourceBlend: BlendOne, ColorDestinationBlend: BlendInverseSourceAlpha,
		AlphaSourceBlend: BlendOne, AlphaDestinationBlend: BlendInverseSourceAlpha, BlendFactor: White}
	// Additive: src*srcAlpha + dst.
	Additive = BlendState{ColorSourceBlend: BlendSourceAlpha, ColorDestinationBlend: BlendOne,
		AlphaSourceBlend: BlendSourceAlpha, AlphaDestinationBlend: BlendOne, BlendFactor: White}
	// NonPremultiplied: src*srcAlpha + dst*(1-srcAlpha), for straight alpha.
	NonPremultiplied = BlendState{ColorSourceBlend: BlendSourceAlpha, ColorDestinationBlend: BlendInverseSourceAlpha,
		AlphaSourceBlend: BlendSourceAlpha, AlphaDestinationBlend: BlendInverseSourceAlpha, BlendFactor: White}
)

// TextureFilter is how a sampler filters (XNA's TextureFilter): for
// minification (the texture drawn smaller than its texels), magnification
// (drawn larger) and between mipmap levels. "Linear" between levels is
// trilinear filtering; a texture without mipmaps has one level, so only
// the minification and magnification filters apply to it.
type TextureFilter uint8

// Texture filters, in XNA's order. The zero value is Linear.
const (
	// FilterLinear filters linearly within and between levels (trilinear).
	FilterLinear TextureFilter = iota
	// FilterPoint takes the nearest texel of the nearest level.
	FilterPoint
	// FilterAnisotropic filters linearly and takes up to the sampler's
	// MaxAnisotropy samples along the direction a surface recedes in
	// (Device.Limits().MaxAnisotropy says how many the device can take;
	// where it has no anisotropic filtering, this is FilterLinear and
	// Device.SamplerFallback says so).
	FilterAnisotropic
	// FilterLinearMipPoint filters linearly within the nearest level.
	FilterLinearMipPoint
	// FilterPointMipLinear takes the nearest texel of the two nearest
	// levels and blends between them.
	FilterPointMipLinear
	// FilterMinLinearMagPointMipLinear: linear when minifying, nearest
	// when magnifying, linear between levels.
	FilterMinLinearMagPointMipLinear
	// FilterMinLinearMagPointMipPoint: linear when minifying, nearest
	// when magnifying, the nearest level.
	FilterMinLinearMagPointMipPoint
	// FilterMinPointMagLinearMipLinear: nearest when minifying, linear
	// when magnifying, linear between levels.
	FilterMinPointMagLinearMipLinear
	// FilterMinPointMagLinearMipPoint: nearest when minifying, linear
	// when magnifying, the nearest level.
	FilterMinPointMagLinearMipPoint
)

// TextureAddressMode is what a sampler reads outside 0..1 (XNA's
// TextureAddressMode). The zero value is Wrap.
type TextureAddressMode uint8

// Address modes.
const (
	AddressWrap TextureAddressMode = iota
	AddressClamp
	AddressMirror
)

// SamplerState says how a texture is read (XNA's SamplerState): comparable.
type SamplerState struct {
	Filter                       TextureFilter
	AddressU, AddressV, AddressW TextureAddressMode
	// MaxAnisotropy is the most samples FilterAnisotropic takes, 1 to
	// 16; 0 means 4 (XNA's default). The device's limit
	// (Limits.MaxAnisotropy) caps it. Other filters ignore it.
	MaxAnisotropy int
	// MaxMipLevel is the index of the largest (most detailed) mipmap
	// level the sampler uses, 0 to 31 (XNA's MaxMipLevel): 0 allows every
	// level, 2 starts at the quarter-size level. A texture with fewer
	// levels uses its smallest.
	MaxMipLevel int
	// MipMapLevelOfDetailBias is added to the level the sampler picks
	// (XNA's MipMapLevelOfDetailBias): positive is blurrier, negative
	// sharper. Finite; a backend clamps it to its device's limit (Vulkan
	// guarantees at least ±2).
	MipMapLevelOfDetailBias float32
}

// XNA's predefined sampler states. The anisotropic ones take up to 4
// samples (XNA's default MaxAnisotropy).
//
// Anisotropic sampling is dear on a software rasterizer: on lavapipe a
// textured floor receding to the horizon (a 1024x1024 texture, 960x540)
// draws at 68 frames/s with LinearWrap and 4 with AnisotropicWrap when
// the texture has mipmaps, 125 and 1.3 without them (the driver then
// filters the full-size level across the whole footprint):
// BenchmarkM1_AnisotropicVersusLinearMipmapped in renderer/vulkan. Give
// textures sampled anisotropically a mip chain (GenerateMipMaps; model
// textures get one when their sampler reads mipmaps), and prefer
// LinearWrap where the device is a software one.
var (
	PointClamp       = SamplerState{Filter: FilterPoint, AddressU: AddressClamp, AddressV: AddressClamp, AddressW: AddressClamp}
	PointWrap        = SamplerState{Filter: FilterPoint}
	LinearClamp      = SamplerState{Filter: FilterLinear, AddressU: AddressClamp, AddressV: AddressClamp, AddressW: AddressClamp}
	LinearWrap       = SamplerState{Filter: FilterLinear}
	AnisotropicClamp = SamplerState{Filter: FilterAnisotropic, AddressU: AddressClamp, AddressV: AddressClamp, AddressW: AddressClamp, MaxAnisotropy: 4}
	AnisotropicWrap  = SamplerState{Filter: FilterAnisotropic, MaxAnisotropy: 4}
)

// CompareFunction compares a new value with a stored one (XNA's
// CompareFunction). The zero value is LessEqual (XNA's depth default).
type CompareFunction uint8

// Compare functions.
const (
	CompareLessEqual CompareFunction = iota
	CompareLess
	CompareEqual
	CompareGreaterEqual
	CompareGreater
	CompareNotEqual
	CompareAlways
	CompareNever
)

// StencilOperation is what a stencil test does to the stored value. The
// zero value is Keep.
type StencilOperation uint8

// Stencil operations.
const (
	StencilKeep StencilOperation = iota
	StencilZero
	StencilReplace
	StencilIncrement
	StencilDecrement
	StencilIncrementSaturation
	StencilDecrementSaturation
	StencilInvert
)

// DepthStencilState configures the depth and stencil tests (XNA's
// DepthStencilState): comparable. The zero value tests and writes nothing
// (None).
type DepthStencilState struct {
	DepthBufferEnable      bool
	DepthBufferWriteEnable bool
	DepthBufferFunction    CompareFunction
	StencilEnable          bool
	StencilFunction        CompareFunction
	StencilPass            StencilOperation
	StencilFail            StencilOperation
	StencilDepthBufferFail StencilOperation
	ReferenceStencil       int32
	// StencilMask and StencilWriteMask are the read and write masks; the
	// predefined states set both to 0xFF.
	StencilMask, StencilWriteMask uint8
	// TwoSidedStencilMode tests counter-clockwise faces (as seen on
	// screen: back faces, rule G8) with the CounterClockwise fields below
	// and clockwise ones with the Stencil fields; false tests every face
	// with the Stencil fields. Lines and points count as clockwise.
	TwoSidedStencilMode bool
	// CounterClockwiseStencilFunction, ...Pass, ...Fail and
	// ...DepthBufferFail are StencilFunction, StencilPass, StencilFail and
	// StencilDepthBufferFail for counter-clockwise faces when
	// TwoSidedStencilMode is true (the predefined states: Always, Keep).
	CounterClockwiseStencilFunction        CompareFunction
	CounterClockwiseStencilPass            StencilOperation
	CounterClockwiseStencilFail            StencilOperation
	CounterClockwiseStencilDepthBufferFail StencilOperation
}

// XNA's predefined depth/stencil states.
var (
	// DepthNone neither tests nor writes depth (SpriteBatch's default).
	DepthNone = DepthStencilState{DepthBufferFunction: CompareLessEqual, StencilFunction: CompareAlways, StencilMask: 0xFF, StencilWriteMask: 0xFF,
		CounterClockwiseStencilFunction: CompareAlways}
	// DepthDefault tests (LessEqual) and writes depth (XNA's Default).
	DepthDefault = DepthStencilState{DepthBufferEnable: true, DepthBufferWriteEnable: true,
		DepthBufferFunction: CompareLessEqual, StencilFunction: CompareAlways, StencilMask: 0xFF, StencilWriteMask: 0xFF,
		CounterClockwiseStencilFunction: CompareAlways}
	// DepthRead tests depth but does not write it.
	DepthRead = DepthStencilState{DepthBufferEnable: true,
		DepthBufferFunction: CompareLessEqual, StencilFunction: CompareAlways, StencilMask: 0xFF, StencilWriteMask: 0xFF,
		CounterClockwiseStencilFunction: CompareAlways}
)

// CullMode says which faces a draw skips, by their winding as seen on
// screen (XNA's CullMode). The zero value is CullCounterClockwiseFace,
// XNA's default: clockwise faces are front faces (rule G8).
type CullMode uint8

// Cull modes.
const (
	CullCounterClockwiseFace CullMode = iota // skip counter-clockwise faces (default)
	CullClockwiseFace                        // skip clockwise faces
	CullNoneFace                             // draw both
)

// FillMode says whether triangles are filled or outlined.
type FillMode uint8

// Fill modes. The zero value is Solid.
const (
	FillSolid FillMode = iota
	FillWireFrame
)

// RasterizerState configures rasterization (XNA's RasterizerState):
// comparable. The zero value culls as CullCounterClockwise does, with
// MultiSampleAntiAlias false.
type RasterizerState struct {
	CullMode CullMode
	FillMode FillMode
	// ScissorTestEnable limits draws to Device.ScissorRectangle.
	ScissorTestEnable bool
	// DepthBias is added to each pixel's depth, in units of the depth
	// range 0..1 (XNA's: -0.0001 pulls a decal towards the camera by
	// about 1677 steps of a 24-bit depth buffer); SlopeScaleDepthBias is
	// multiplied by the triangle's depth slope and added too. Both are
	// baked into the draw's pipeline.
	DepthBias, SlopeScaleDepthBias float32
	// MultiSampleAntiAlias is XNA's switch for antialiasing on a target
	// with several samples per pixel (the predefined states: true). It has
	// no effect on a target with one sample.
	MultiSampleAntiAlias bool
}

// XNA's predefined rasterizer states.
var (
	CullNone             = RasterizerState{CullMode: CullNoneFace, MultiSampleAntiAlias: true}
	CullClockwise        = RasterizerState{CullMode: CullClockwiseFace, MultiSampleAntiAlias: true}
	CullCounterClockwise = RasterizerState{CullMode: CullCounterClockwiseFace, MultiSampleAntiAlias: true}
)

// PrimitiveType is how vertices form primitives (XNA's PrimitiveType).
type PrimitiveType uint8

// Primitive types. The zero value is TriangleList.
const (
	TriangleList PrimitiveType = iota
	TriangleStrip
	LineList
	LineStrip
)

var primitiveNames = [...]string{"TriangleList", "TriangleStrip", "LineList", "LineStrip"}

// String returns the type's name, as in "TriangleList".
func (p PrimitiveType) String() string {
	if int(p) < len(primitiveNames) {
		return primitiveNames[p]
	}
	return "PrimitiveType(?)"
}

// VertexCount returns how many vertices (or indices) n primitives read.
func (p PrimitiveType) VertexCount(n int) int {
	switch p {
	case TriangleList:
		return 3 * n
	case TriangleStrip:
		return n + 2
	case LineList:
		return 2 * n
	case LineStrip:
		return n + 1
	}
	return 0
}

// IndexElementSize is the width of an index (XNA's IndexElementSize).
type IndexElementSize uint8

// Index sizes. The zero value is 16 bits.
const (
	SixteenBits IndexElementSize = iota
	ThirtyTwoBits
)

// Bytes returns the size of one index in bytes: 2 or 4.
func (s IndexElementSize) Bytes() int {
	if s == ThirtyTwoBits {
		return 4
	}
	return 2
}

// SurfaceFormat is a texel format (XNA's SurfaceFormat), numbered as XNA
// 4.0 numbers them. Every one can be created as a texture
// (NewTexture2DWithFormat) where the device samples it; SetData and
// GetData take its bytes in XNA's layout (DataSize of them: a packed
// 16-bit value little-endian with B in the low bits and A in the high
// bits where there is one, floats little-endian, DXT blocks as stored).
// Color, HalfVector4, Vector4 and HdrBlendable can also be render targets.
type SurfaceFormat uint8

// Surface formats. The zero value is Color.
const (
	// SurfaceFormatColor is RGBA, 8 bits per channel, unsigned normalized,
	// no sRGB conversion (XNA's SurfaceFormat.Color).
	SurfaceFormatColor SurfaceFormat = iota
)

// DepthFormat is a depth/stencil buffer's format (XNA's DepthFormat).
type DepthFormat uint8

// Depth formats. The zero value is None.
const (
	DepthFormatNone DepthFormat = iota
	Depth16
	Depth24
	Depth24Stencil8
)

// RenderTargetUsage says what happens to a render target's contents when
// it is set again (XNA's RenderTargetUsage). The zero value is
// DiscardContents.
type RenderTargetUsage uint8

// Render target usages.
const (
	// DiscardContents: contents are undefined after SetRenderTarget until
	// drawn or cleared (rule G4).
	DiscardContents RenderTargetUsage = iota
	// PreserveContents keeps the contents across SetRenderTarget.
	PreserveContents
	// PlatformContents is what the platform does best (XNA's meaning on
	// Windows): PreserveContents for a target without multisampling,
	// DiscardContents for a multisampled one (rule G4).
	PlatformContents
)
