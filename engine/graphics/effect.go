package graphics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// DirectionalLight is one of a BasicEffect's three lights (XNA's
// DirectionalLight).
type DirectionalLight struct {
	// Enabled turns the light on.
	Enabled bool
	// Direction is the direction the light travels, in world space (it
	// need not be normalized).
	Direction mgl32.Vec3
	// DiffuseColor and SpecularColor are the light's colours, 0..1 per
	// channel.
	DiffuseColor, SpecularColor mgl32.Vec3
}

// BasicEffect is XNA's BasicEffect: a fixed-function style shader with up
// to three directional lights, vertex colours and one texture. Set its
// fields, then call Apply: the draws that follow use the values as they
// were at Apply (XNA's effect.CurrentTechnique.Passes[0].Apply()); change
// a field and Apply again for the next draw.
type BasicEffect struct {
	dev *Device

	eyeView  mgl32.Mat4 // the View eye and viewProj were computed from
	eyeProj  mgl32.Mat4 // the Projection viewProj was computed from
	eye      mgl32.Vec4 // camera position of eyeView (w 1 once computed)
	viewProj mgl32.Mat4

	// World, View and Projection place the mesh, the camera and the lens
	// (see CreateLookAt and CreatePerspectiveFieldOfView). Identity at
	// first.
	World, View, Projection mgl32.Mat4
	// DiffuseColor is the material's colour (white at first) and Alpha its
	// opacity (1 at first).
	DiffuseColor mgl32.Vec3
	Alpha        float32
	// EmissiveColor is light the material gives off (black at first).
	EmissiveColor mgl32.Vec3
	// SpecularColor and SpecularPower shape highlights (white, 16 at first).
	SpecularColor mgl32.Vec3
	SpecularPower float32
	// AmbientLightColor lights every face equally (black at first).
	AmbientLightColor mgl32.Vec3
	// LightingEnabled turns the lights on; the vertices then need normals.
	LightingEnabled bool
	// PreferPerPixelLighting lights each pixel (the normal interpolated
	// across the triangle) instead of each vertex, as XNA's BasicEffect
	// does when it is set: highlights and light edges then fall inside
	// large triangles too, at a higher cost per pixel. False at first
	// (per-vertex lighting); it matters only with LightingEnabled.
	PreferPerPixelLighting bool
	// DirectionalLight0..2 are the lights. At first light 0 is enabled,
	// pointing down -Z, white, without specular; 1 and 2 are off.
	DirectionalLight0, DirectionalLight1, DirectionalLight2 DirectionalLight
	// VertexColorEnabled multiplies by the vertex colours; the vertices
	// then need a Color element.
	VertexColorEnabled bool
	// TextureEnabled multiplies by Texture, sampled with the device's
	// SamplerState at the vertices' texture coordinates.
	TextureEnabled bool
	Texture        *Texture2D
	// FogEnabled turns on XNA's linear fog: from view distance FogStart
	// (0 at first) to FogEnd (1 at first) the colour goes to FogColor
	// (black at first), times the pixel's alpha.
	FogEnabled       bool
	FogStart, FogEnd float32
	FogColor         mgl32.Vec3
}

// NewBasicEffect returns an effect with XNA's defaults for dev.
func NewBasicEffect(dev *Device) *BasicEffect {
	id := mgl32.Ident4()
	return &BasicEffect{
		dev: dev, World: id, View: id, Projection: id,
		DiffuseColor: mgl32.Vec3{1, 1, 1}, Alpha: 1,
		SpecularColor: mgl32.Vec3{1, 1, 1}, SpecularPower: 16, FogEnd: 1,
		DirectionalLight0: DirectionalLight{Enabled: true, Direction: mgl32.Vec3{0, 0, -1}, DiffuseColor: mgl32.Vec3{1, 1, 1}},
		DirectionalLight1: DirectionalLight{Direction: mgl32.Vec3{0, 0, -1}, DiffuseColor: mgl32.Vec3{1, 1, 1}},
		DirectionalLight2: DirectionalLight{Direction: mgl32.Vec3{0, 0, -1}, DiffuseColor: mgl32.Vec3{1, 1, 1}},
	}
}

// EnableDefaultLighting turns lighting on with XNA's standard three-light
// rig (key, fill and back light) and its ambient colour.
func (e *BasicEffect) EnableDefaultLighting() {
	e.LightingEnabled = true
	e.AmbientLightColor = mgl32.Vec3{0.05333332, 0.09882354, 0.1819608}
	e.DirectionalLight0 = DirectionalLight{Enabled: true,
		Direction:     mgl32.Vec3{-0.5265408, -0.5735765, -0.6275069},
		DiffuseColor:  mgl32.Vec3{1, 0.9607844, 0.8078432},
		SpecularColor: mgl32.Vec3{1, 0.9607844, 0.8078432}}
	e.DirectionalLight1 = DirectionalLight{Enabled: true,
		Direction:    mgl32.Vec3{0.7198464, 0.3420201, 0.6040227},
		DiffuseColor: mgl32.Vec3{0.9647059, 0.7607844, 0.4078432}}
	e.DirectionalLight2 = DirectionalLight{Enabled: true,
		Direction:     mgl32.Vec3{0.4545195, -0.7660444, 0.4545195},
		DiffuseColor:  mgl32.Vec3{0.3231373, 0.3607844, 0.3937255},
		SpecularColor: mgl32.Vec3{0.3231373, 0.3607844, 0.3937255}}
}

// Apply makes the effect, as it is now, the one the following draws use:
// it snapshots the uniform block, the shader variant and the texture into
// the device. Problems (no texture with TextureEnabled, a disposed
// texture) are reported by the draws, which know the vertex layout too.
func (e *BasicEffect) Apply() {
	d := e.dev
	if d == nil {
		return
	}
	e.Uniforms(&d.uniforms)
	d.effect = nil
	d.variant = e.Variant()
	d.texture = nil
	if e.TextureEnabled {
		d.texture = e.Texture
	}
	d.effectSet = true
	d.uniformsIdx = -1
}

// Variant returns the shader variant the effect's switches select.
func (e *BasicEffect) Variant() ShaderVariant {
	var v ShaderVariant
	if e.LightingEnabled {
		v |= ShaderLighting
		if e.PreferPerPixelLighting {
			v |= ShaderPerPixelLighting
		}
	}
	if e.VertexColorEnabled {
		v |= ShaderVertexColor
	}
	if e.TextureEnabled {
		v |= ShaderTexture
	}
	return v
}

// Uniforms fills u with the effect's uniform block. As XNA does, the
// material colours are premultiplied by Alpha, and with lighting the
// ambient light times the diffuse colour is folded into the emissive
// colour; without lighting diffuse and emissive add up.
func (e *BasicEffect) Uniforms(u *EffectUniforms) {
	u.World = e.World
	if e.View != e.eyeView || e.Projection != e.eyeProj || e.eye[3] == 0 { // the camera changes less often than the world
		inv := e.View.Inv()
		e.eyeView, e.eyeProj = e.View, e.Projection
		e.eye = mgl32.Vec4{inv[12], inv[13], inv[14], 1}
		e.viewProj = e.Projection.Mul4(e.View)
	}
	u.WorldViewProjection = e.viewProj.Mul4(e.World)
	if e.LightingEnabled { // only lighting reads the normal matrix
		u.WorldInverseTranspose = e.World.Inv().Transpose()
	} else {
		u.WorldInverseTranspose = mgl32.Ident4()
	}
	a := e.Alpha
	if e.LightingEnabled {
		u.DiffuseColor = e.DiffuseColor.Mul(a).Vec4(a)
		em := e.EmissiveColor.Add(mulVec3(e.AmbientLightColor, e.DiffuseColor)).Mul(a)
		u.EmissiveColor = em.Vec4(0)
	} else {
		u.DiffuseColor = e.DiffuseColor.Add(e.EmissiveColor).Mul(a).Vec4(a)
		u.EmissiveColor = mgl32.Vec4{}
	}
	u.SpecularColor = e.SpecularColor.Vec4(e.SpecularPower)
	u.EyePosition = e.eye.Vec3().Vec4(0)
	for i, l := range [3]*DirectionalLight{&e.DirectionalLight0, &e.DirectionalLight1, &e.DirectionalLight2} {
		if l.Enabled && e.LightingEnabled {
			u.LightDirection[i] = unitVec3(l.Direction).Vec4(1)
			u.LightDiffuse[i] = l.DiffuseColor.Vec4(0)
			u.LightSpecular[i] = l.SpecularColor.Vec4(0)
		} else {
			u.LightDirection[i], u.LightDiffuse[i], u.LightSpecular[i] = mgl32.Vec4{}, mgl32.Vec4{}, mgl32.Vec4{}
		}
	}
	u.Flags = [4]uint32{uint32(e.Variant())}
	u.FogVector, u.FogColor = mgl32.Vec4{}, mgl32.Vec4{}
	if e.FogEnabled {
		u.FogVector = fogVector(e.View.Mul4(e.World), e.FogStart, e.FogEnd)
		u.FogColor = e.FogColor.Vec4(0)
	}
}

// unitVec3 returns v scaled to length 1 (the shaders take the lights'
// directions as unit vectors); a zero or non-finite v is returned as it is.
func unitVec3(v mgl32.Vec3) mgl32.Vec3 {
	l := v.Len()
	if !(l > 0) || l > math.MaxFloat32 {
		return v
	}
	return v.Mul(1 / l)
}

// mulVec3 multiplies a and b channel by channel.
func mulVec3(a, b mgl32.Vec3) mgl32.Vec3 { return mgl32.Vec3{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }
