package graphics_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// skinVertex is a vertex of a skinned mesh as glTF stores it: a
// position, four joints as bytes and four float weights.
type skinVertex struct {
	Position mgl32.Vec3
	Joints   [4]uint8
	Weights  mgl32.Vec4
}

var declSkin, _ = graphics.NewVertexDeclaration(32,
	graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
	graphics.VertexElement{Offset: 12, Format: graphics.FormatByte4, Usage: graphics.UsageBlendIndices},
	graphics.VertexElement{Offset: 16, Format: graphics.FormatVector4, Usage: graphics.UsageBlendWeight})

func (skinVertex) VertexDeclaration() graphics.VertexDeclaration { return declSkin }

// TestK4_BlendIndicesAndWeightsDeclare: BlendIndices (Byte4, Short4) and
// BlendWeight (Vector4, Color, NormalizedShort4) elements declare, name
// themselves, and draw with BasicEffect, which ignores them.
func TestK4_BlendIndicesAndWeightsDeclare(t *testing.T) {
	for _, c := range []struct {
		joints, weights graphics.VertexElementFormat
		stride          int
	}{
		{graphics.FormatByte4, graphics.FormatVector4, 32},
		{graphics.FormatShort4, graphics.FormatColor, 24},
		{graphics.FormatShort4, graphics.FormatNormalizedShort4, 28},
	} {
		_, err := graphics.NewVertexDeclaration(c.stride,
			graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
			graphics.VertexElement{Offset: 12, Format: c.joints, Usage: graphics.UsageBlendIndices},
			graphics.VertexElement{Offset: 12 + c.joints.Size(), Format: c.weights, Usage: graphics.UsageBlendWeight})
		if err != nil {
			t.Errorf("joints %d weights %d: %v", c.joints, c.weights, err)
		}
	}
	if graphics.FormatByte4.Size() != 4 || graphics.FormatShort4.Size() != 8 || graphics.FormatNormalizedShort4.Size() != 8 {
		t.Error("sizes of Byte4, Short4, NormalizedShort4: want 4, 8, 8")
	}
	if graphics.UsageBlendIndices.String() != "BlendIndices" || graphics.UsageBlendWeight.String() != "BlendWeight" ||
		graphics.UsageBlendIndices.Location() != 4 || graphics.UsageBlendWeight.Location() != 5 {
		t.Error("BlendIndices and BlendWeight: want their XNA names at locations 4 and 5")
	}
	r := newRig(t)
	must(t, r.dev.BeginFrame(8, 8))
	fx := graphics.NewBasicEffect(r.dev)
	fx.Apply()
	v := []skinVertex{{Position: mgl32.Vec3{-1, -1, 0}}, {Position: mgl32.Vec3{0, 1, 0}}, {Position: mgl32.Vec3{1, -1, 0}}}
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, v, 0, 1))
	f := r.present()
	if len(f.Draws) != 1 || f.Draws[0].Pipeline.Vertex != declSkin {
		t.Errorf("draws %+v: want one of the skinned layout", f.Draws)
	}
}
