package graphics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestE3_PerPixelLightingOnlyWithLighting: BasicEffect lights per vertex
// by default, per pixel with PreferPerPixelLighting, and an unlit effect
// ignores the preference (as XNA's does); the uniform flags carry the
// variant.
func TestE3_PerPixelLightingOnlyWithLighting(t *testing.T) {
	e := NewBasicEffect(nil)
	if e.PreferPerPixelLighting {
		t.Fatal("PreferPerPixelLighting is on at first; XNA's default is per-vertex lighting")
	}
	cases := []struct {
		lighting, perPixel bool
		want               ShaderVariant
	}{
		{false, false, 0},
		{false, true, 0},
		{true, false, ShaderLighting},
		{true, true, ShaderLighting | ShaderPerPixelLighting},
	}
	for _, c := range cases {
		e.LightingEnabled, e.PreferPerPixelLighting = c.lighting, c.perPixel
		var u EffectUniforms
		e.Uniforms(&u)
		if got := e.Variant(); got != c.want || u.Flags[0] != uint32(c.want) {
			t.Errorf("lighting %v, per pixel %v: variant %b, flags %b, want %b", c.lighting, c.perPixel, got, u.Flags[0], c.want)
		}
	}
}

// TestE3_LightDirectionsNeedNotBeUnitVectors: a light's Direction is
// normalized into the uniform block (the shaders take unit vectors), so a
// longer vector lights the same as its unit one; a zero one stays zero.
func TestE3_LightDirectionsNeedNotBeUnitVectors(t *testing.T) {
	e := NewBasicEffect(nil)
	e.LightingEnabled = true
	e.DirectionalLight0.Direction = mgl32.Vec3{0, -3, -4}
	e.DirectionalLight1 = DirectionalLight{Enabled: true}
	var u EffectUniforms
	e.Uniforms(&u)
	if got := u.LightDirection[0]; got.Sub(mgl32.Vec4{0, -0.6, -0.8, 1}).Len() > 1e-6 {
		t.Errorf("light 0: %v, want (0, -0.6, -0.8, 1)", got)
	}
	if got := u.LightDirection[1]; got != (mgl32.Vec4{0, 0, 0, 1}) {
		t.Errorf("zero light 1: %v, want (0, 0, 0, 1)", got)
	}
}
