package graphics_test

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG18_EnvironmentMapEffectAsXNAs: XNA's defaults, the interfaces,
// the draw sampling Texture in slot 0 and EnvironmentMap in slot 1 with
// SamplerStates[1], errors for a draw without either texture, and an
// Apply and draw that allocate nothing.
func TestG18_EnvironmentMapEffectAsXNAs(t *testing.T) {
	r := newRig(t)
	fx, err := graphics.NewEnvironmentMapEffect(r.dev)
	must(t, err)
	if fx.EnvironmentMapAmount != 1 || fx.FresnelFactor != 1 || fx.EnvironmentMapSpecular != (mgl32.Vec3{}) || fx.Alpha != 1 ||
		fx.DiffuseColor != (mgl32.Vec3{1, 1, 1}) || !fx.DirectionalLight0.Enabled || fx.DirectionalLight1.Enabled || !fx.GetLightingEnabled() {
		t.Errorf("defaults %+v", fx)
	}
	var (
		_ graphics.IEffectMatrices = fx
		_ graphics.IEffectLights   = fx
		_ graphics.IEffectFog      = fx
	)
	fx.EnableDefaultLighting()
	if !fx.DirectionalLight1.Enabled || fx.AmbientLightColor == (mgl32.Vec3{}) {
		t.Error("EnableDefaultLighting did not set the rig")
	}
	env, err := graphics.NewTextureCube(r.dev, 4, false, graphics.SurfaceFormatColor)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	r.dev.SetVertexBuffer(r.vb)
	r.dev.SetIndices(r.ib)
	fx.Texture = r.tex
	fx.Apply()
	if err := r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without EnvironmentMap: %v", err)
	}
	fx.Texture, fx.EnvironmentMap = nil, env
	fx.Apply()
	if err := r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("draw without Texture: %v", err)
	}
	fx.Texture = r.tex
	must(t, r.dev.SetSamplerStateAt(1, graphics.AnisotropicClamp))
	fx.Apply()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
	f := r.present()
	d := f.Draws[len(f.Draws)-1]
	if d.Texture != r.tex.ID() || d.Texture2 != env.ID() || d.Sampler2 != graphics.AnisotropicClamp {
		t.Errorf("the draw samples %d and %d with %+v, want %d and %d", d.Texture, d.Texture2, d.Sampler2, r.tex.ID(), env.ID())
	}
	must(t, r.dev.BeginFrame(64, 64))
	r.dev.SetVertexBuffer(r.vb)
	r.dev.SetIndices(r.ib)
	allocs := testing.AllocsPerRun(100, func() {
		fx.World = fx.World.Mul4(mgl32.HomogRotate3DY(0.01))
		fx.Apply()
		if err := r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
			t.Fatal(err)
		}
	})
	r.present()
	if allocs != 0 {
		t.Errorf("Apply and draw allocate %.1f times", allocs)
	}
}
