package vulkan

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/half"
)

// attrVertex has a HalfVector4 tangent, a NormalizedShort4 binormal and
// a Single fog value beside its position: 32 bytes.
type attrVertex struct {
	Position mgl32.Vec3
	Tangent  [4]uint16 // float16
	Binormal [4]int16  // normalized
	Fog      float32
}

var attrDecl, attrDeclErr = graphics.NewVertexDeclaration(32,
	graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
	graphics.VertexElement{Offset: 12, Format: graphics.FormatHalfVector4, Usage: graphics.UsageTangent},
	graphics.VertexElement{Offset: 20, Format: graphics.FormatNormalizedShort4, Usage: graphics.UsageBinormal},
	graphics.VertexElement{Offset: 28, Format: graphics.FormatSingle, Usage: graphics.UsageFog})

// VertexDeclaration returns attrDecl.
func (attrVertex) VertexDeclaration() graphics.VertexDeclaration { return attrDecl }

// attrQuad is two triangles over clip-space x x0..x0+1 (the full height)
// of vertices carrying the same attributes.
func attrQuad(x0 float32, tangent [4]float32, binormal [4]int16, fog float32) []attrVertex {
	var tan [4]uint16
	for i, v := range tangent {
		tan[i] = half.FromFloat32(v)
	}
	v := func(x, y float32) attrVertex {
		return attrVertex{Position: mgl32.Vec3{x, y, 0}, Tangent: tan, Binormal: binormal, Fog: fog}
	}
	return []attrVertex{v(x0, -1), v(x0+1, -1), v(x0+1, 1), v(x0, -1), v(x0+1, 1), v(x0, 1)}
}

// TestG17_EffectReadsHalfAndNormalizedShortAttributes: a custom effect
// reading a HalfVector4 Tangent, a NormalizedShort4 Binormal and a
// Single Fog (inputs named inTangent, inBinormal, inFog) writes them into
// a Vector4 target: the left half shows the tangent (w plus the fog), the
// right half the binormal scaled to -1..1, read back as floats. A
// BasicEffect draws the same vertices, ignoring those elements. On
// lavapipe with validation.
func TestG17_EffectReadsHalfAndNormalizedShortAttributes(t *testing.T) {
	if attrDeclErr != nil {
		t.Fatal(attrDeclErr)
	}
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	tangent := [4]float32{1.5, -2, 0.125, 100}
	binormal := [4]int16{32767, -32767, 16384, 0}
	var px [16][4]float32
	onContent(t, g, func(c *content) error {
		e, err := graphics.NewEffect(c.dev, effectSPIRV(t, "attrs.vert"), effectSPIRV(t, "attrs.frag"))
		if err != nil {
			return err
		}
		rt, err := graphics.NewRenderTarget2D(c.dev, 4, 4, graphics.RenderTargetOptions{Format: graphics.SurfaceFormatVector4})
		if err != nil {
			return err
		}
		if _, err := c.frame(g, false, func() error {
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			c.dev.SetRasterizerState(graphics.CullNone)
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetBlendState(graphics.Opaque)
			for i, sel := range []float32{0, 1} {
				e.Parameters["Select"].SetValue(sel)
				e.Apply()
				if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, attrQuad(float32(i)-1, tangent, binormal, 0.5), 0, 2); err != nil {
					return fmt.Errorf("effect draw %d: %w", i, err)
				}
			}
			c.dev.SetRenderTarget(nil)
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.flat.World, c.flat.View, c.flat.Projection = mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()
			c.flat.TextureEnabled, c.flat.Texture, c.flat.VertexColorEnabled = false, nil, false
			c.flat.Apply()
			return graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, attrQuad(-1, tangent, binormal, 0.5), 0, 2)
		}); err != nil {
			return err
		}
		px, err = readTexels(rt)
		return err
	})
	wantLeft := [4]float32{1.5, -2, 0.125, 100.5}
	wantRight := [4]float32{1, -1, 16384.0 / 32767, 0}
	for i, p := range px {
		want := wantLeft
		if i%4 >= 2 {
			want = wantRight
		}
		for ch := range 4 {
			if math.Abs(float64(p[ch]-want[ch])) > 1e-5 {
				t.Errorf("texel %d,%d: %v, want %v", i%4, i/4, p, want)
				break
			}
		}
	}
}
