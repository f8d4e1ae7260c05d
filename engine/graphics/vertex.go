package graphics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// VertexElementFormat is the type of one vertex element (XNA's
// VertexElementFormat). The values are this package's, not XNA's numbers.
// A custom Effect's float inputs read every format (integers as their
// values, normalized ones as -1..1 or 0..1, halves as floats).
type VertexElementFormat uint8

// The vertex element formats, each its own declaration so that go doc
// lists them all.

// FormatSingle is 1 x float32.
const FormatSingle VertexElementFormat = 1

// FormatVector2 is 2 x float32.
const FormatVector2 VertexElementFormat = 2

// FormatVector3 is 3 x float32.
const FormatVector3 VertexElementFormat = 3

// FormatVector4 is 4 x float32.
const FormatVector4 VertexElementFormat = 4

// FormatColor is 4 x uint8, unsigned normalized (R, G, B, A).
const FormatColor VertexElementFormat = 5

// FormatByte4 is 4 x uint8 read as unsigned integers: glTF's
// UNSIGNED_BYTE joints (BlendIndices).
const FormatByte4 VertexElementFormat = 6

// FormatShort4 is 4 x int16 read as signed integers: glTF's
// UNSIGNED_SHORT joints below 32768 (BlendIndices).
const FormatShort4 VertexElementFormat = 7

// FormatNormalizedShort4 is 4 x int16, signed normalized (-1..1): blend
// weights in 16 bits.
const FormatNormalizedShort4 VertexElementFormat = 8

// FormatShort2 is 2 x int16 read as signed integers.
const FormatShort2 VertexElementFormat = 9

// FormatNormalizedShort2 is 2 x int16, signed normalized (-1..1).
const FormatNormalizedShort2 VertexElementFormat = 10

// FormatHalfVector2 is 2 x float16 (IEEE half precision).
const FormatHalfVector2 VertexElementFormat = 11

// FormatHalfVector4 is 4 x float16 (IEEE half precision).
const FormatHalfVector4 VertexElementFormat = 12

// Size returns the element's size in bytes.
func (f VertexElementFormat) Size() int {
	switch f {
	case FormatSingle:
		return 4
	case FormatVector2:
		return 8
	case FormatVector3:
		return 12
	case FormatVector4:
		return 16
	case FormatColor, FormatByte4, FormatShort2, FormatNormalizedShort2, FormatHalfVector2:
		return 4
	case FormatShort4, FormatNormalizedShort4, FormatHalfVector4:
		return 8
	}
	return 0
}

// VertexElementUsage says what an element means to the shader (XNA's
// VertexElementUsage). BasicEffect binds each of the first four to the
// shader input location given by its value minus one: Position 0, Color
// 1, TextureCoordinate 2, Normal 3, and ignores the others. A custom
// Effect's inputs take their usage from their names (NewEffect).
type VertexElementUsage uint8

// The vertex element usages, each its own declaration so that go doc
// lists them all.

// UsagePosition is shader location 0: Vector3 (or Vector2/Vector4).
const UsagePosition VertexElementUsage = 1

// UsageColor is location 1: Color or Vector4.
const UsageColor VertexElementUsage = 2

// UsageTextureCoordinate is location 2: Vector2.
const UsageTextureCoordinate VertexElementUsage = 3

// UsageNormal is location 3: Vector3.
const UsageNormal VertexElementUsage = 4

// UsageBlendIndices is location 4: Byte4 or Short4, a vertex's four
// joints.
const UsageBlendIndices VertexElementUsage = 5

// UsageBlendWeight is location 5: Vector4, Color or NormalizedShort4,
// their weights.
const UsageBlendWeight VertexElementUsage = 6

// The usages custom Effects read (BasicEffect ignores them).

// UsageBinormal is a binormal (bitangent), as for normal mapping.
const UsageBinormal VertexElementUsage = 7

// UsageTangent is a tangent, as for normal mapping.
const UsageTangent VertexElementUsage = 8

// UsagePointSize is a point sprite's size.
const UsagePointSize VertexElementUsage = 9

// UsageDepth is a depth value.
const UsageDepth VertexElementUsage = 10

// UsageFog is a fog value.
const UsageFog VertexElementUsage = 11

// UsageSample is a sampler data value.
const UsageSample VertexElementUsage = 12

// UsageTessellateFactor is a tessellation factor.
const UsageTessellateFactor VertexElementUsage = 13

// Location returns the shader input location the usage binds to.
func (u VertexElementUsage) Location() int { return int(u) - 1 }

// VertexElement is one attribute of a vertex: its byte offset in the
// vertex, its format and its usage.
type VertexElement struct {
	Offset int
	Format VertexElementFormat
	Usage  VertexElementUsage
	// UsageIndex tells elements of one usage apart (XNA's UsageIndex):
	// TextureCoordinate 1 feeds an Effect's TexCoord1 input. BasicEffect
	// reads index 0 only.
	UsageIndex int
}

// MaxVertexElements is how many elements a VertexDeclaration holds.
const MaxVertexElements = 8

// VertexDeclaration lays out one vertex (XNA's VertexDeclaration): its
// stride in bytes and its elements. A comparable value (a fixed array), so
// a backend keys pipelines on it; build one with NewVertexDeclaration.
type VertexDeclaration struct {
	// Stride is the size of one vertex in bytes.
	Stride int
	// Count is how many of Elements are used.
	Count    int
	Elements [MaxVertexElements]VertexElement
}

// NewVertexDeclaration returns a declaration of the elements with the
// given stride. Elements must not overlap, must fit in the stride, and a
// usage may appear once; otherwise it returns an error saying which
// element is wrong.
func NewVertexDeclaration(stride int, elements ...VertexElement) (VertexDeclaration, error) {
	var d VertexDeclaration
	if len(elements) == 0 || len(elements) > MaxVertexElements {
		return d, fmt.Errorf("vertex declaration: %d elements, want 1..%d", len(elements), MaxVertexElements)
	}
	if stride <= 0 {
		return d, fmt.Errorf("vertex declaration: stride %d, want a positive size in bytes", stride)
	}
	for i, e := range elements {
		size := e.Format.Size()
		if size == 0 {
			return d, fmt.Errorf("vertex declaration: element %d has unknown format %d", i, e.Format)
		}
		if e.Usage < UsagePosition || e.Usage > UsageTessellateFactor {
			return d, fmt.Errorf("vertex declaration: element %d has unknown usage %d", i, e.Usage)
		}
		if e.UsageIndex < 0 || e.UsageIndex > 15 {
			return d, fmt.Errorf("vertex declaration: element %d has usage index %d, want 0..15", i, e.UsageIndex)
		}
		if e.Offset < 0 || e.Offset+size > stride {
			return d, fmt.Errorf("vertex declaration: element %d (offset %d, %d bytes) does not fit in stride %d", i, e.Offset, size, stride)
		}
		for j, o := range elements[:i] {
			if o.Usage == e.Usage && o.UsageIndex == e.UsageIndex {
				return d, fmt.Errorf("vertex declaration: elements %d and %d have the same usage and usage index", j, i)
			}
			if e.Offset < o.Offset+o.Format.Size() && o.Offset < e.Offset+size {
				return d, fmt.Errorf("vertex declaration: elements %d and %d overlap", j, i)
			}
		}
		d.Elements[i] = e
	}
	d.Stride, d.Count = stride, len(elements)
	return d, nil
}

// mustDeclaration is NewVertexDeclaration for this package's fixed
// declarations, whose correctness a test pins.
func mustDeclaration(stride int, elements ...VertexElement) VertexDeclaration {
	d, err := NewVertexDeclaration(stride, elements...)
	if err != nil {
		panic(err) // a bug in this package's vertex types
	}
	return d
}

// Has reports whether the declaration has an element of usage u and
// usage index 0.
func (d VertexDeclaration) Has(u VertexElementUsage) bool { return d.HasIndex(u, 0) }

// HasIndex reports whether the declaration has an element of usage u and
// usage index i.
func (d VertexDeclaration) HasIndex(u VertexElementUsage, i int) bool {
	for _, e := range d.Elements[:d.Count] {
		if e.Usage == u && e.UsageIndex == i {
			return true
		}
	}
	return false
}

var usageNames = [...]string{"", "Position", "Color", "TextureCoordinate", "Normal", "BlendIndices", "BlendWeight",
	"Binormal", "Tangent", "PointSize", "Depth", "Fog", "Sample", "TessellateFactor"}

// String returns the usage's XNA name, as in "TextureCoordinate".
func (u VertexElementUsage) String() string {
	if int(u) < len(usageNames) && u != 0 {
		return usageNames[u]
	}
	return fmt.Sprintf("VertexElementUsage(%d)", uint8(u))
}

// Vertex is a vertex type: a plain struct whose memory layout is its
// declaration (no pointers, no padding the declaration does not count).
// SetVertexData and DrawUserPrimitives copy its bytes as they are.
type Vertex interface {
	VertexDeclaration() VertexDeclaration
}

// VertexPositionColor is a position and a colour (XNA's type): 16 bytes.
type VertexPositionColor struct {
	Position mgl32.Vec3
	Color    Color
}

// VertexPositionTexture is a position and a texture coordinate: 20 bytes.
type VertexPositionTexture struct {
	Position          mgl32.Vec3
	TextureCoordinate mgl32.Vec2
}

// VertexPositionNormalTexture is a position, a normal and a texture
// coordinate: 32 bytes.
type VertexPositionNormalTexture struct {
	Position          mgl32.Vec3
	Normal            mgl32.Vec3
	TextureCoordinate mgl32.Vec2
}

// VertexPositionColorTexture is a position, a colour and a texture
// coordinate: 24 bytes.
type VertexPositionColorTexture struct {
	Position          mgl32.Vec3
	Color             Color
	TextureCoordinate mgl32.Vec2
}

var (
	declPositionColor = mustDeclaration(16,
		VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition}, VertexElement{Offset: 12, Format: FormatColor, Usage: UsageColor})
	declPositionTexture = mustDeclaration(20,
		VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition}, VertexElement{Offset: 12, Format: FormatVector2, Usage: UsageTextureCoordinate})
	declPositionNormalTexture = mustDeclaration(32,
		VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition}, VertexElement{Offset: 12, Format: FormatVector3, Usage: UsageNormal},
		VertexElement{Offset: 24, Format: FormatVector2, Usage: UsageTextureCoordinate})
	declPositionColorTexture = mustDeclaration(24,
		VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition}, VertexElement{Offset: 12, Format: FormatColor, Usage: UsageColor},
		VertexElement{Offset: 16, Format: FormatVector2, Usage: UsageTextureCoordinate})
)

// VertexDeclaration returns the type's layout.
func (VertexPositionColor) VertexDeclaration() VertexDeclaration { return declPositionColor }

// VertexDeclaration returns the type's layout.
func (VertexPositionTexture) VertexDeclaration() VertexDeclaration { return declPositionTexture }

// VertexDeclaration returns the type's layout.
func (VertexPositionNormalTexture) VertexDeclaration() VertexDeclaration {
	return declPositionNormalTexture
}

// VertexDeclaration returns the type's layout.
func (VertexPositionColorTexture) VertexDeclaration() VertexDeclaration {
	return declPositionColorTexture
}
