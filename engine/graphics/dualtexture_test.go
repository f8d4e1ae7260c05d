package graphics_test

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// dualQuad is a quad of VertexPositionDualTexture.
var dualQuad = []graphics.VertexPositionDualTexture{
	{Position: mgl32.Vec3{-1, -1, 0}, TextureCoordinate2: mgl32.Vec2{0, 1}}, {Position: mgl32.Vec3{1, -1, 0}, TextureCoordinate: mgl32.Vec2{2, 0}},
	{Position: mgl32.Vec3{1, 1, 0}, TextureCoordinate: mgl32.Vec2{2, 2}, TextureCoordinate2: mgl32.Vec2{1, 1}},
}

// TestG18_DualTextureEffectAsXNAs: XNA's defaults, a vertex type with
// TextureCoordinate usage indices 0 and 1, the draw sampling Texture in
// slot 0 and Texture2 in slot 1, errors for a missing texture or a
// declaration without the second coordinate, no allocation per draw.
func TestG18_DualTextureEffectAsXNAs(t *testing.T) {
	r := newRig(t)
	fx, err := graphics.NewDualTextureEffect(r.dev)
	must(t, err)
	if fx.DiffuseColor != (mgl32.Vec3{1, 1, 1}) || fx.Alpha != 1 || fx.VertexColorEnabled || fx.FogEnabled {
		t.Errorf("defaults %+v", fx)
	}
	var (
		_ graphics.IEffectMatrices = fx
		_ graphics.IEffectFog      = fx
	)
	decl := graphics.VertexPositionDualTexture{}.VertexDeclaration()
	if decl.Stride != 28 || !decl.HasIndex(graphics.UsageTextureCoordinate, 0) || !decl.HasIndex(graphics.UsageTextureCoordinate, 1) {
		t.Fatalf("declaration %+v", decl)
	}
	light, err := graphics.NewTexture2D(r.dev, 2, 2)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	fx.Texture = r.tex
	fx.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, dualQuad, 0, 1); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without Texture2: %v", err)
	}
	fx.Texture2 = light
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, dualQuad, 0, 1))
	// One coordinate only: the effect's TexCoord1 input has no element.
	one := []graphics.VertexPositionTexture{{}, {}, {}}
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, one, 0, 1); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without TextureCoordinate 1: %v", err)
	}
	fx.VertexColorEnabled = true
	fx.Apply()
	if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, dualQuad, 0, 1); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("VertexColorEnabled without colours: %v", err)
	}
	fx.VertexColorEnabled = false
	f := r.present()
	d := f.Draws[len(f.Draws)-1]
	if d.Texture != r.tex.ID() || d.Texture2 != light.ID() || d.Sampler2 != graphics.LinearWrap {
		t.Errorf("the draw samples %d and %d with %+v, want %d and %d with LinearWrap", d.Texture, d.Texture2, d.Sampler2, r.tex.ID(), light.ID())
	}
	must(t, r.dev.BeginFrame(64, 64))
	allocs := testing.AllocsPerRun(100, func() {
		fx.Apply()
		if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, dualQuad, 0, 1); err != nil {
			t.Fatal(err)
		}
	})
	r.present()
	if allocs != 0 {
		t.Errorf("Apply and draw allocate %.1f times", allocs)
	}
}
