package graphics

import "testing"

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
