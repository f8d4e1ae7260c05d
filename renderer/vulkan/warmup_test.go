package vulkan

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestW11_WarmupFitsEachCommonPipelinesVertices: the start's warm-up
// finds a float position in each common pipeline's vertex declaration and
// its six vertices fit the room it gives each pipeline; a declaration
// without a float position is refused, not drawn with garbage.
func TestW11_WarmupFitsEachCommonPipelinesVertices(t *testing.T) {
	for _, k := range graphics.CommonPipelines() {
		if _, ok := positionOffset(k.Vertex); !ok {
			t.Errorf("no float position in %+v", k.Vertex)
		}
		if 6*k.Vertex.Stride > warmupStride {
			t.Errorf("stride %d: six vertices exceed the %d bytes each pipeline gets", k.Vertex.Stride, warmupStride)
		}
	}
	for _, decl := range []graphics.VertexDeclaration{
		{Stride: 4, Count: 1, Elements: [graphics.MaxVertexElements]graphics.VertexElement{{Format: graphics.FormatColor, Usage: graphics.UsagePosition}}},
		{Stride: 4, Count: 1, Elements: [graphics.MaxVertexElements]graphics.VertexElement{{Format: graphics.FormatColor, Usage: graphics.UsageColor}}},
		{Stride: 12, Count: 0, Elements: [graphics.MaxVertexElements]graphics.VertexElement{{Format: graphics.FormatVector3, Usage: graphics.UsagePosition}}},
	} {
		if off, ok := positionOffset(decl); ok {
			t.Errorf("%+v: position at %d, want none", decl, off)
		}
	}
}
