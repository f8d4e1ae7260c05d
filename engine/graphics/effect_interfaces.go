package graphics

import "github.com/go-gl/mathgl/mgl32"

// IEffectMatrices is an effect placed by World, View and Projection
// matrices (XNA's IEffectMatrices), so code can drive any such effect
// generically. The stock effects keep the matrices in fields of those
// names, so the interface's methods carry a Get or Set prefix.
type IEffectMatrices interface {
	GetWorld() mgl32.Mat4
	SetWorld(mgl32.Mat4)
	GetView() mgl32.Mat4
	SetView(mgl32.Mat4)
	GetProjection() mgl32.Mat4
	SetProjection(mgl32.Mat4)
}

// IEffectLights is an effect lit by XNA's three directional lights and an
// ambient colour (XNA's IEffectLights).
type IEffectLights interface {
	GetAmbientLightColor() mgl32.Vec3
	SetAmbientLightColor(mgl32.Vec3)
	GetLightingEnabled() bool
	SetLightingEnabled(bool)
	// DirectionalLights returns the three lights, to change in place
	// (XNA's DirectionalLight0..2).
	DirectionalLights() [3]*DirectionalLight
	// EnableDefaultLighting turns lighting on with XNA's three-light rig.
	EnableDefaultLighting()
}

// IEffectFog is an effect with XNA's linear fog (XNA's IEffectFog).
type IEffectFog interface {
	GetFogEnabled() bool
	SetFogEnabled(bool)
	GetFogStart() float32
	SetFogStart(float32)
	GetFogEnd() float32
	SetFogEnd(float32)
	GetFogColor() mgl32.Vec3
	SetFogColor(mgl32.Vec3)
}

// The stock effects implement the interfaces XNA's do.
var (
	_ IEffectMatrices = (*BasicEffect)(nil)
	_ IEffectLights   = (*BasicEffect)(nil)
	_ IEffectFog      = (*BasicEffect)(nil)
	_ IEffectMatrices = (*AlphaTestEffect)(nil)
	_ IEffectFog      = (*AlphaTestEffect)(nil)
)

// GetWorld returns the World matrix.
func (e *BasicEffect) GetWorld() mgl32.Mat4 { return e.World }

// SetWorld sets the World matrix.
func (e *BasicEffect) SetWorld(v mgl32.Mat4) { e.World = v }

// GetView returns the View matrix.
func (e *BasicEffect) GetView() mgl32.Mat4 { return e.View }

// SetView sets the View matrix.
func (e *BasicEffect) SetView(v mgl32.Mat4) { e.View = v }

// GetProjection returns the Projection matrix.
func (e *BasicEffect) GetProjection() mgl32.Mat4 { return e.Projection }

// SetProjection sets the Projection matrix.
func (e *BasicEffect) SetProjection(v mgl32.Mat4) { e.Projection = v }

// GetFogEnabled returns FogEnabled.
func (e *BasicEffect) GetFogEnabled() bool { return e.FogEnabled }

// SetFogEnabled sets FogEnabled.
func (e *BasicEffect) SetFogEnabled(v bool) { e.FogEnabled = v }

// GetFogStart returns FogStart.
func (e *BasicEffect) GetFogStart() float32 { return e.FogStart }

// SetFogStart sets FogStart.
func (e *BasicEffect) SetFogStart(v float32) { e.FogStart = v }

// GetFogEnd returns FogEnd.
func (e *BasicEffect) GetFogEnd() float32 { return e.FogEnd }

// SetFogEnd sets FogEnd.
func (e *BasicEffect) SetFogEnd(v float32) { e.FogEnd = v }

// GetFogColor returns FogColor.
func (e *BasicEffect) GetFogColor() mgl32.Vec3 { return e.FogColor }

// SetFogColor sets FogColor.
func (e *BasicEffect) SetFogColor(v mgl32.Vec3) { e.FogColor = v }

// GetWorld returns the World matrix.
func (e *AlphaTestEffect) GetWorld() mgl32.Mat4 { return e.World }

// SetWorld sets the World matrix.
func (e *AlphaTestEffect) SetWorld(v mgl32.Mat4) { e.World = v }

// GetView returns the View matrix.
func (e *AlphaTestEffect) GetView() mgl32.Mat4 { return e.View }

// SetView sets the View matrix.
func (e *AlphaTestEffect) SetView(v mgl32.Mat4) { e.View = v }

// GetProjection returns the Projection matrix.
func (e *AlphaTestEffect) GetProjection() mgl32.Mat4 { return e.Projection }

// SetProjection sets the Projection matrix.
func (e *AlphaTestEffect) SetProjection(v mgl32.Mat4) { e.Projection = v }

// GetFogEnabled returns FogEnabled.
func (e *AlphaTestEffect) GetFogEnabled() bool { return e.FogEnabled }

// SetFogEnabled sets FogEnabled.
func (e *AlphaTestEffect) SetFogEnabled(v bool) { e.FogEnabled = v }

// GetFogStart returns FogStart.
func (e *AlphaTestEffect) GetFogStart() float32 { return e.FogStart }

// SetFogStart sets FogStart.
func (e *AlphaTestEffect) SetFogStart(v float32) { e.FogStart = v }

// GetFogEnd returns FogEnd.
func (e *AlphaTestEffect) GetFogEnd() float32 { return e.FogEnd }

// SetFogEnd sets FogEnd.
func (e *AlphaTestEffect) SetFogEnd(v float32) { e.FogEnd = v }

// GetFogColor returns FogColor.
func (e *AlphaTestEffect) GetFogColor() mgl32.Vec3 { return e.FogColor }

// SetFogColor sets FogColor.
func (e *AlphaTestEffect) SetFogColor(v mgl32.Vec3) { e.FogColor = v }

// GetAmbientLightColor returns AmbientLightColor.
func (e *BasicEffect) GetAmbientLightColor() mgl32.Vec3 { return e.AmbientLightColor }

// SetAmbientLightColor sets AmbientLightColor.
func (e *BasicEffect) SetAmbientLightColor(v mgl32.Vec3) { e.AmbientLightColor = v }

// GetLightingEnabled returns LightingEnabled.
func (e *BasicEffect) GetLightingEnabled() bool { return e.LightingEnabled }

// SetLightingEnabled sets LightingEnabled.
func (e *BasicEffect) SetLightingEnabled(v bool) { e.LightingEnabled = v }

// DirectionalLights returns pointers to DirectionalLight0..2.
func (e *BasicEffect) DirectionalLights() [3]*DirectionalLight {
	return [3]*DirectionalLight{&e.DirectionalLight0, &e.DirectionalLight1, &e.DirectionalLight2}
}
