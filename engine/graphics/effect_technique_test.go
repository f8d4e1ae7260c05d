package graphics_test

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/half.frag.spv testdata/effects/half.frag

// TestG18_StockEffectsImplementTheXNAInterfaces drives BasicEffect and
// AlphaTestEffect through IEffectMatrices, IEffectLights and IEffectFog
// alone, as XNA code does with any effect, and checks that the fields
// changed.
func TestG18_StockEffectsImplementTheXNAInterfaces(t *testing.T) {
	r := newRig(t)
	at, err := graphics.NewAlphaTestEffect(r.dev)
	must(t, err)
	world := mgl32.Translate3D(1, 2, 3)
	view := graphics.CreateLookAt(mgl32.Vec3{0, 0, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err := graphics.CreatePerspectiveFieldOfView(1, 1, 0.1, 10)
	must(t, err)
	for _, fx := range []any{r.fx, at} {
		m, ok := fx.(graphics.IEffectMatrices)
		if !ok {
			t.Fatalf("%T is no IEffectMatrices", fx)
		}
		m.SetWorld(world)
		m.SetView(view)
		m.SetProjection(proj)
		if m.GetWorld() != world || m.GetView() != view || m.GetProjection() != proj {
			t.Errorf("%T: matrices not kept", fx)
		}
		f, ok := fx.(graphics.IEffectFog)
		if !ok {
			t.Fatalf("%T is no IEffectFog", fx)
		}
		f.SetFogEnabled(true)
		f.SetFogStart(2)
		f.SetFogEnd(9)
		f.SetFogColor(mgl32.Vec3{0.5, 0.25, 1})
		if !f.GetFogEnabled() || f.GetFogStart() != 2 || f.GetFogEnd() != 9 || f.GetFogColor() != (mgl32.Vec3{0.5, 0.25, 1}) {
			t.Errorf("%T: fog not kept", fx)
		}
	}
	if r.fx.World != world || at.View != view || at.FogEnd != 9 || r.fx.FogColor != (mgl32.Vec3{0.5, 0.25, 1}) {
		t.Error("the interfaces did not set the fields")
	}
	if _, ok := any(at).(graphics.IEffectLights); ok {
		t.Error("AlphaTestEffect is unlit in XNA: it must not be an IEffectLights")
	}
	var l graphics.IEffectLights = r.fx
	l.SetLightingEnabled(false)
	l.SetAmbientLightColor(mgl32.Vec3{0.1, 0.2, 0.3})
	l.DirectionalLights()[2].Enabled = true
	l.DirectionalLights()[1].DiffuseColor = mgl32.Vec3{0, 1, 0}
	if r.fx.LightingEnabled || r.fx.AmbientLightColor != (mgl32.Vec3{0.1, 0.2, 0.3}) || !r.fx.DirectionalLight2.Enabled ||
		r.fx.DirectionalLight1.DiffuseColor != (mgl32.Vec3{0, 1, 0}) {
		t.Error("IEffectLights did not reach the fields")
	}
	l.EnableDefaultLighting()
	if !l.GetLightingEnabled() || l.GetAmbientLightColor() == (mgl32.Vec3{0.1, 0.2, 0.3}) {
		t.Error("EnableDefaultLighting through the interface changed nothing")
	}
}

// TestG18_TechniquePassesApplyTheirShadersAndStates: an Effect starts
// with one technique of one pass (Apply is that pass's); a two-pass
// technique records one draw per pass, the second with its own shaders
// (fed the owner's parameters) and its own blend state; Clone copies the
// values and the techniques, and the shaders go only with the last of
// the effects sharing them.
func TestG18_TechniquePassesApplyTheirShadersAndStates(t *testing.T) {
	r := newRig(t)
	e := waveEffect(t, r)
	if len(e.Techniques) != 1 || e.CurrentTechnique != e.Techniques[0] || e.CurrentTechnique.Name != graphics.DefaultTechniqueName ||
		len(e.CurrentTechnique.Passes) != 1 || e.CurrentTechnique.Passes[0].Name != "P0" || len(e.CurrentTechnique.Annotations) != 0 {
		t.Fatalf("default technique %+v", e.CurrentTechnique)
	}
	half, err := graphics.NewEffect(r.dev, spv(t, "wave.vert"), spv(t, "half.frag"))
	must(t, err)
	add := graphics.Additive
	tech, err := e.AddTechnique("Glow", graphics.EffectAnnotationCollection{{Name: "Author", Value: "test"}},
		graphics.EffectPassDesc{},
		graphics.EffectPassDesc{Name: "Glow", Shaders: half, Blend: &add})
	must(t, err)
	if tech.Passes[0].Name != "P0" || tech.Passes.Get("Glow") != tech.Passes[1] || e.Techniques.Get("Glow") != tech ||
		tech.Annotations.Get("Author").Value != "test" {
		t.Errorf("technique %+v", tech)
	}
	wvp := mgl32.Translate3D(0.5, 0, 0)
	e.Parameters["WorldViewProjection"].SetMatrix(wvp)
	e.Parameters["Tint"].SetVector4(mgl32.Vec4{1, 0.5, 0.25, 1})
	e.CurrentTechnique = tech
	verts := dynQuad(graphics.Red, 0)
	must(t, r.dev.BeginFrame(8, 8))
	r.dev.SetBlendState(graphics.Opaque)
	for _, p := range e.CurrentTechnique.Passes {
		p.Apply()
		must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 2))
	}
	f := r.present()
	if len(f.Draws) != 2 {
		t.Fatalf("%d draws, want one per pass", len(f.Draws))
	}
	d0, d1 := f.Draws[0], f.Draws[1]
	if d0.Pipeline.Effect != e.ID() || d1.Pipeline.Effect != half.ID() {
		t.Errorf("passes ran effects %d and %d, want %d and %d", d0.Pipeline.Effect, d1.Pipeline.Effect, e.ID(), half.ID())
	}
	if d0.Pipeline.Blend != graphics.Opaque || d1.Pipeline.Blend != graphics.Additive {
		t.Errorf("pass blends %+v, %+v", d0.Pipeline.Blend, d1.Pipeline.Blend)
	}
	b0 := f.EffectData[d0.EffectBlock : d0.EffectBlock+64]
	b1 := f.EffectData[d1.EffectBlock : d1.EffectBlock+64]
	if string(b0) != string(b1) || b1[48] == 0 && b1[49] == 0 && b1[50] == 0 && b1[51] == 0 {
		t.Error("the second pass's WorldViewProjection is not the owner's")
	}

	// Errors name what to change.
	if _, err := e.AddTechnique("Glow", nil, graphics.EffectPassDesc{}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("a second Glow: %v", err)
	}
	if _, err := e.AddTechnique("None", nil); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("no passes: %v", err)
	}
	bad := graphics.BlendState{ColorBlendFunction: 99}
	if _, err := e.AddTechnique("Bad", nil, graphics.EffectPassDesc{Blend: &bad}); err == nil {
		t.Error("a bad blend state was accepted")
	}

	// Clone: independent values, same techniques, shared shaders.
	c, err := e.Clone()
	must(t, err)
	c.Parameters["Time"].SetFloat(7)
	if e.Parameters["Time"].GetValueFloat() == 7 || c.Parameters["Time"].GetValueFloat() != 7 {
		t.Error("the clone's parameters are not its own")
	}
	if c.ID() != e.ID() || c.CurrentTechnique.Name != "Glow" || c.CurrentTechnique == tech || len(c.Techniques) != 2 {
		t.Errorf("clone: id %d, technique %q, %d techniques", c.ID(), c.CurrentTechnique.Name, len(c.Techniques))
	}
	must(t, r.dev.BeginFrame(8, 8))
	e.Dispose()
	if f := r.present(); len(f.Releases) != 0 {
		t.Errorf("disposing one of two sharing effects released %+v", f.Releases)
	}
	must(t, r.dev.BeginFrame(8, 8))
	c.CurrentTechnique.Passes[0].Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 2))
	c.Dispose()
	if f := r.present(); len(f.Releases) != 1 || f.Releases[0].Effect != c.ID() {
		t.Errorf("disposing the last released %+v", f.Releases)
	}
}
