package graphics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/shaders"
)

// EnvironmentMapEffect is XNA's EnvironmentMapEffect: a textured mesh lit
// by up to three directional lights (per vertex, diffuse only) that
// reflects a cube map, the environment, more strongly at grazing angles
// (the Fresnel term). Set its fields, then Apply: the draws that follow
// use the values as they were at Apply. The vertices need a Position, a
// Normal and a TextureCoordinate (VertexPositionNormalTexture). Texture
// is sampled with SamplerStateAt(0), EnvironmentMap with
// SamplerStateAt(1); a draw without either is an error.
//
// Per pixel, as XNA's: colour = Texture * lit diffuse; the map's texel
// (times that colour's alpha) replaces the colour by the amount
// EnvironmentMapAmount * (1 - |eye . normal|)^FresnelFactor (without the
// Fresnel factor when FresnelFactor is 0), sampled along the eye vector
// reflected about the normal; EnvironmentMapSpecular times the texel's
// alpha is added; then the fog.
type EnvironmentMapEffect struct {
	dev *Device
	fx  *Effect
	p   envMapParams

	// World, View and Projection place the mesh (identity at first).
	World, View, Projection mgl32.Mat4
	// DiffuseColor is the material's colour (white at first), Alpha its
	// opacity (1), EmissiveColor the light it gives off (black).
	DiffuseColor  mgl32.Vec3
	Alpha         float32
	EmissiveColor mgl32.Vec3
	// AmbientLightColor lights every face equally (black at first).
	AmbientLightColor mgl32.Vec3
	// DirectionalLight0..2 are the lights (their specular colours are
	// unused). At first light 0 is on, pointing down -Z, white; 1 and 2
	// are off. Lighting cannot be turned off (XNA's neither).
	DirectionalLight0, DirectionalLight1, DirectionalLight2 DirectionalLight
	// Texture is the mesh's texture.
	Texture *Texture2D
	// EnvironmentMap is the environment reflected.
	EnvironmentMap *TextureCube
	// EnvironmentMapAmount is how much the environment replaces the
	// texture's colour, 0..1 (1 at first).
	EnvironmentMapAmount float32
	// EnvironmentMapSpecular is added times the environment map's alpha
	// (black at first): a cheap highlight stored in the map's alpha.
	EnvironmentMapSpecular mgl32.Vec3
	// FresnelFactor is the power of the Fresnel term (1 at first); 0
	// turns the term off, the amount then the same at every angle.
	FresnelFactor float32
	// FogEnabled turns on XNA's linear fog: from view distance FogStart
	// (0 at first) to FogEnd (1 at first) the colour goes to FogColor.
	FogEnabled       bool
	FogStart, FogEnd float32
	FogColor         mgl32.Vec3
}

// envMapParams are the effect's parameters, looked up once.
type envMapParams struct {
	world, wvp, wit, diffuse, emissive, eye, lightDir, lightDiffuse, specular, env, fogVector, fogColor *EffectParameter
}

// NewEnvironmentMapEffect returns an EnvironmentMapEffect with XNA's
// defaults for dev; an error when the backend cannot run effects.
func NewEnvironmentMapEffect(dev *Device) (*EnvironmentMapEffect, error) {
	fx, err := newEffect(dev, shaders.EnvironmentMapVertex(), shaders.EnvironmentMapFragment(), false)
	if err != nil {
		return nil, fmt.Errorf("graphics: environment map effect: %w", err)
	}
	p := fx.Parameters
	id := mgl32.Ident4()
	light := DirectionalLight{Direction: mgl32.Vec3{0, 0, -1}, DiffuseColor: mgl32.Vec3{1, 1, 1}}
	e := &EnvironmentMapEffect{dev: dev, fx: fx, World: id, View: id, Projection: id,
		DiffuseColor: mgl32.Vec3{1, 1, 1}, Alpha: 1, DirectionalLight0: light, DirectionalLight1: light, DirectionalLight2: light,
		EnvironmentMapAmount: 1, FresnelFactor: 1, FogEnd: 1,
		p: envMapParams{world: p["World"], wvp: p["WorldViewProjection"], wit: p["WorldInverseTranspose"],
			diffuse: p["DiffuseColor"], emissive: p["EmissiveColor"], eye: p["EyePosition"],
			lightDir: p["LightDirection"], lightDiffuse: p["LightDiffuse"], specular: p["EnvironmentMapSpecular"],
			env: p["EnvParams"], fogVector: p["FogVector"], fogColor: p["FogColor"]}}
	e.DirectionalLight0.Enabled = true
	return e, nil
}

// EnableDefaultLighting sets XNA's standard three-light rig (key, fill and
// back light) and its ambient colour.
func (e *EnvironmentMapEffect) EnableDefaultLighting() {
	var b BasicEffect
	b.EnableDefaultLighting()
	e.AmbientLightColor = b.AmbientLightColor
	e.DirectionalLight0, e.DirectionalLight1, e.DirectionalLight2 = b.DirectionalLight0, b.DirectionalLight1, b.DirectionalLight2
}

// effect fills the Effect's block from the fields and returns it.
func (e *EnvironmentMapEffect) effect() *Effect {
	p := &e.p
	wv := e.View.Mul4(e.World)
	p.world.SetMatrix(e.World)
	p.wvp.SetMatrix(e.Projection.Mul4(wv))
	p.wit.SetMatrix(e.World.Inv().Transpose())
	a := e.Alpha
	p.diffuse.SetVector4(e.DiffuseColor.Mul(a).Vec4(a))
	p.emissive.SetVector4(e.EmissiveColor.Add(mulVec3(e.AmbientLightColor, e.DiffuseColor)).Mul(a).Vec4(0))
	inv := e.View.Inv()
	p.eye.SetVector4(mgl32.Vec4{inv[12], inv[13], inv[14], 1})
	var dirs, diffs [3]mgl32.Vec4
	for i, l := range [3]*DirectionalLight{&e.DirectionalLight0, &e.DirectionalLight1, &e.DirectionalLight2} {
		if l.Enabled {
			dirs[i], diffs[i] = unitVec3(l.Direction).Vec4(1), l.DiffuseColor.Vec4(0)
		}
	}
	p.lightDir.SetVector4Array(dirs[:])
	p.lightDiffuse.SetVector4Array(diffs[:])
	p.specular.SetVector4(e.EnvironmentMapSpecular.Vec4(0))
	var fresnel float32
	if e.FresnelFactor != 0 {
		fresnel = 1
	}
	p.env.SetVector4(mgl32.Vec4{e.EnvironmentMapAmount, e.FresnelFactor, fresnel, 0})
	var fv mgl32.Vec4
	if e.FogEnabled {
		fv = fogVector(wv, e.FogStart, e.FogEnd)
	}
	p.fogVector.SetVector4(fv)
	p.fogColor.SetVector4(e.FogColor.Vec4(1))
	e.fx.texture = e.Texture
	e.fx.more.cubes[1] = e.EnvironmentMap
	return e.fx
}

// Apply makes the effect, as it is now, the one the following draws use.
// It allocates nothing.
func (e *EnvironmentMapEffect) Apply() {
	if e.dev == nil {
		return
	}
	e.effect().Apply()
}

// Dispose releases the effect's shaders once the frames that use them
// have run.
func (e *EnvironmentMapEffect) Dispose() { e.fx.Dispose() }

// The interfaces XNA's EnvironmentMapEffect implements.
var (
	_ IEffectMatrices = (*EnvironmentMapEffect)(nil)
	_ IEffectLights   = (*EnvironmentMapEffect)(nil)
	_ IEffectFog      = (*EnvironmentMapEffect)(nil)
)

// GetWorld returns the World matrix.
func (e *EnvironmentMapEffect) GetWorld() mgl32.Mat4 { return e.World }

// SetWorld sets the World matrix.
func (e *EnvironmentMapEffect) SetWorld(v mgl32.Mat4) { e.World = v }

// GetView returns the View matrix.
func (e *EnvironmentMapEffect) GetView() mgl32.Mat4 { return e.View }

// SetView sets the View matrix.
func (e *EnvironmentMapEffect) SetView(v mgl32.Mat4) { e.View = v }

// GetProjection returns the Projection matrix.
func (e *EnvironmentMapEffect) GetProjection() mgl32.Mat4 { return e.Projection }

// SetProjection sets the Projection matrix.
func (e *EnvironmentMapEffect) SetProjection(v mgl32.Mat4) { e.Projection = v }

// GetAmbientLightColor returns AmbientLightColor.
func (e *EnvironmentMapEffect) GetAmbientLightColor() mgl32.Vec3 { return e.AmbientLightColor }

// SetAmbientLightColor sets AmbientLightColor.
func (e *EnvironmentMapEffect) SetAmbientLightColor(v mgl32.Vec3) { e.AmbientLightColor = v }

// GetLightingEnabled is true: the effect is always lit.
func (e *EnvironmentMapEffect) GetLightingEnabled() bool { return true }

// SetLightingEnabled does nothing: the effect is always lit (XNA's throws
// for false).
func (e *EnvironmentMapEffect) SetLightingEnabled(bool) {}

// DirectionalLights returns the three lights, to change in place.
func (e *EnvironmentMapEffect) DirectionalLights() [3]*DirectionalLight {
	return [3]*DirectionalLight{&e.DirectionalLight0, &e.DirectionalLight1, &e.DirectionalLight2}
}

// GetFogEnabled returns FogEnabled.
func (e *EnvironmentMapEffect) GetFogEnabled() bool { return e.FogEnabled }

// SetFogEnabled sets FogEnabled.
func (e *EnvironmentMapEffect) SetFogEnabled(v bool) { e.FogEnabled = v }

// GetFogStart returns FogStart.
func (e *EnvironmentMapEffect) GetFogStart() float32 { return e.FogStart }

// SetFogStart sets FogStart.
func (e *EnvironmentMapEffect) SetFogStart(v float32) { e.FogStart = v }

// GetFogEnd returns FogEnd.
func (e *EnvironmentMapEffect) GetFogEnd() float32 { return e.FogEnd }

// SetFogEnd sets FogEnd.
func (e *EnvironmentMapEffect) SetFogEnd(v float32) { e.FogEnd = v }

// GetFogColor returns FogColor.
func (e *EnvironmentMapEffect) GetFogColor() mgl32.Vec3 { return e.FogColor }

// SetFogColor sets FogColor.
func (e *EnvironmentMapEffect) SetFogColor(v mgl32.Vec3) { e.FogColor = v }
