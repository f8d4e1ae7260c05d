package vulkan

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// blendVertex is a skinned vertex: position, four Short4 joints and
// four float weights (glTF's UNSIGNED_SHORT joints, FLOAT weights).
type blendVertex struct {
	Position mgl32.Vec3
	Joints   [4]int16
	Weights  mgl32.Vec4
}

var declBlend = func() graphics.VertexDeclaration {
	d, err := graphics.NewVertexDeclaration(36,
		graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
		graphics.VertexElement{Offset: 12, Format: graphics.FormatShort4, Usage: graphics.UsageBlendIndices},
		graphics.VertexElement{Offset: 20, Format: graphics.FormatVector4, Usage: graphics.UsageBlendWeight})
	if err != nil {
		panic(err)
	}
	return d
}()

func (blendVertex) VertexDeclaration() graphics.VertexDeclaration { return declBlend }

// TestK4_BlendElementsDrawWithBasicEffect: vertices with BlendIndices and
// BlendWeight elements draw with BasicEffect (which ignores them) on
// lavapipe with validation on: a white triangle on the background.
func TestK4_BlendElementsDrawWithBasicEffect(t *testing.T) {
	modelFrame(t, "k4_blend_elements.png", func(c *content) error {
		if err := c.dev.Clear(background); err != nil {
			return err
		}
		fx := graphics.NewBasicEffect(c.dev)
		fx.Apply()
		v := []blendVertex{
			{Position: mgl32.Vec3{-0.8, -0.8, 0.5}, Joints: [4]int16{1, 2, 3, 300}, Weights: mgl32.Vec4{0.5, 0.5, 0, 0}},
			{Position: mgl32.Vec3{0, 0.8, 0.5}},
			{Position: mgl32.Vec3{0.8, -0.8, 0.5}},
		}
		c.dev.SetRasterizerState(graphics.CullNone)
		return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, v, 0, 1)
	})
}
