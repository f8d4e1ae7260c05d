package graphics

import (
	"testing"
	"unsafe"
)

// TestG8_EffectUniformsStd140Offsets pins the uniform block's layout that
// the shader mirrors.
func TestG8_EffectUniformsStd140Offsets(t *testing.T) {
	var u EffectUniforms
	for _, c := range []struct {
		name string
		got  uintptr
		want uintptr
	}{
		{"World", unsafe.Offsetof(u.World), 0},
		{"WorldViewProjection", unsafe.Offsetof(u.WorldViewProjection), 64},
		{"WorldInverseTranspose", unsafe.Offsetof(u.WorldInverseTranspose), 128},
		{"DiffuseColor", unsafe.Offsetof(u.DiffuseColor), 192},
		{"EmissiveColor", unsafe.Offsetof(u.EmissiveColor), 208},
		{"SpecularColor", unsafe.Offsetof(u.SpecularColor), 224},
		{"EyePosition", unsafe.Offsetof(u.EyePosition), 240},
		{"LightDirection", unsafe.Offsetof(u.LightDirection), 256},
		{"LightDiffuse", unsafe.Offsetof(u.LightDiffuse), 304},
		{"LightSpecular", unsafe.Offsetof(u.LightSpecular), 352},
		{"Flags", unsafe.Offsetof(u.Flags), 400},
		{"size", unsafe.Sizeof(u), EffectUniformsSize},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d, want %d", c.name, c.got, c.want)
		}
	}
}

// TestG2_VertexTypesMatchTheirDeclarations pins that each vertex type's Go
// layout is the declaration its bytes are read with.
func TestG2_VertexTypesMatchTheirDeclarations(t *testing.T) {
	for _, c := range []struct {
		name string
		size uintptr
		v    Vertex
	}{
		{"VertexPositionColor", unsafe.Sizeof(VertexPositionColor{}), VertexPositionColor{}},
		{"VertexPositionTexture", unsafe.Sizeof(VertexPositionTexture{}), VertexPositionTexture{}},
		{"VertexPositionNormalTexture", unsafe.Sizeof(VertexPositionNormalTexture{}), VertexPositionNormalTexture{}},
		{"VertexPositionColorTexture", unsafe.Sizeof(VertexPositionColorTexture{}), VertexPositionColorTexture{}},
	} {
		if d := c.v.VertexDeclaration(); uintptr(d.Stride) != c.size {
			t.Errorf("%s: Go size %d, declaration stride %d", c.name, c.size, d.Stride)
		}
	}
	var v VertexPositionColorTexture
	if unsafe.Offsetof(v.Color) != 12 || unsafe.Offsetof(v.TextureCoordinate) != 16 {
		t.Errorf("VertexPositionColorTexture offsets %d, %d; want 12, 16", unsafe.Offsetof(v.Color), unsafe.Offsetof(v.TextureCoordinate))
	}
	var n VertexPositionNormalTexture
	if unsafe.Offsetof(n.Normal) != 12 || unsafe.Offsetof(n.TextureCoordinate) != 24 {
		t.Errorf("VertexPositionNormalTexture offsets %d, %d; want 12, 24", unsafe.Offsetof(n.Normal), unsafe.Offsetof(n.TextureCoordinate))
	}
}

// TestG8_UniformBytesAreTheBlock pins that UniformBytes views the block's
// memory in std140 order, little endian.
func TestG8_UniformBytesAreTheBlock(t *testing.T) {
	f := &Frame{Uniforms: make([]EffectUniforms, 2)}
	f.Uniforms[1].DiffuseColor[0] = 1 // float32 1.0 = 0x3f800000
	f.Uniforms[1].Flags[0] = 5
	b := f.UniformBytes(1)
	if len(b) != EffectUniformsSize {
		t.Fatalf("%d bytes", len(b))
	}
	if b[192] != 0 || b[193] != 0 || b[194] != 0x80 || b[195] != 0x3f || b[400] != 5 {
		t.Errorf("diffuse bytes %v, flags byte %d", b[192:196], b[400])
	}
	b[0] = 0xff // a view, not a copy
	if f.Uniforms[1].World[0] == 0 {
		t.Error("UniformBytes copied")
	}
}
