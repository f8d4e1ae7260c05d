package graphics

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/shaders"
)

// MaxBones is the number of bones SkinnedEffect skins with in XNA's shaders
// (XNA's SkinnedEffect.MaxBones).
const MaxBones = 72

// MaxBonesLarge is the number of bones SkinnedEffect's larger path holds
// (beyond XNA, which refuses more than MaxBones).
const MaxBonesLarge = shaders.SkinnedBigBones

// skinnedHeader is the size of the block before the bones: EffectUniforms.
const skinnedHeader = EffectUniformsSize

// SkinnedEffect is XNA's SkinnedEffect: BasicEffect's lighting (always on,
// three directional lights, per vertex or with PreferPerPixelLighting per
// pixel), fog, colours and texture over vertices moved on the GPU by up
// to four bones each (linear blend skinning). Set its fields and bones,
// then Apply: the draws that follow use the values as they were at Apply.
//
// The vertices need a Position, a Normal, a TextureCoordinate, a
// BlendIndices (Byte4 or Short4) and a BlendWeight (Vector4, Color or
// NormalizedShort4) element. WeightsPerVertex says how many of the four
// influences count: 1, 2 or 4 (XNA's values; another is an error at the
// draw).
//
// Bones: SetBoneTransforms sets bones 0..n-1 (at first every bone is the
// identity). XNA's shaders hold MaxBones (72) bones; a skin with more
// joints takes the larger path instead of failing: once a bone past 71 is
// set the effect draws with shaders holding MaxBonesLarge (256) bones,
// whose uniform block (12.7 KB instead of 3.9 KB) is bound through a
// descriptor of MaxEffectBlockBytes; more than MaxBonesLarge bones is an
// error. Each bone is kept as the 3x4 affine part of its matrix (the last
// row of a bone matrix is taken to be 0 0 0 1, as in XNA).
//
// Model.Draw and Model.DrawPose draw skinned parts through a
// SkinnedEffect of their own (see DrawPose).
type SkinnedEffect struct {
	dev *Device
	// fx are the shader pairs, made on first use: index big<<2 |
	// perPixel<<1 | textured.
	fx [8]*Effect
	// lit computes the lighting block from the fields (BasicEffect's
	// arithmetic, so a skinned part shades as a rigid one).
	lit   *BasicEffect
	u     EffectUniforms
	bones [MaxBonesLarge]mgl32.Mat4
	used  int  // bones set so far (the high-water mark)
	unlit bool // SetLightingEnabled(false) was called: an error at the draw

	// World, View and Projection place the mesh (identity at first).
	World, View, Projection mgl32.Mat4
	// DiffuseColor is the material's colour (white at first), Alpha its
	// opacity (1 at first), EmissiveColor light it gives off (black).
	DiffuseColor  mgl32.Vec3
	Alpha         float32
	EmissiveColor mgl32.Vec3
	// SpecularColor and SpecularPower shape highlights (white, 16 at first).
	SpecularColor mgl32.Vec3
	SpecularPower float32
	// AmbientLightColor lights every face equally (black at first).
	AmbientLightColor mgl32.Vec3
	// PreferPerPixelLighting lights each pixel instead of each vertex.
	PreferPerPixelLighting bool
	// DirectionalLight0..2 are the lights: at first light 0 is enabled,
	// pointing down -Z, white, without specular; 1 and 2 are off.
	DirectionalLight0, DirectionalLight1, DirectionalLight2 DirectionalLight
	// Texture multiplies the colour, sampled with the device's
	// SamplerState; nil draws without one (a white texel).
	Texture *Texture2D
	// FogEnabled turns on XNA's linear fog: from view distance FogStart to
	// FogEnd the colour goes to FogColor.
	FogEnabled       bool
	FogStart, FogEnd float32
	FogColor         mgl32.Vec3
	// WeightsPerVertex is how many bone influences of each vertex count:
	// 1, 2 or 4 (4 at first, as in XNA).
	WeightsPerVertex int
}

// NewSkinnedEffect returns a SkinnedEffect with XNA's defaults for dev
// (every bone the identity, WeightsPerVertex 4, one light on); an error
// when the backend cannot run effects.
func NewSkinnedEffect(dev *Device) (*SkinnedEffect, error) {
	e := &SkinnedEffect{dev: dev}
	if _, err := e.variant(false, false, false); err != nil {
		return nil, err
	}
	for i := range e.bones {
		e.bones[i] = mgl32.Ident4()
	}
	e.lit = NewBasicEffect(dev)
	l := e.lit
	id := mgl32.Ident4()
	e.World, e.View, e.Projection = id, id, id
	e.DiffuseColor, e.Alpha = l.DiffuseColor, l.Alpha
	e.SpecularColor, e.SpecularPower, e.FogEnd = l.SpecularColor, l.SpecularPower, l.FogEnd
	e.DirectionalLight0, e.DirectionalLight1, e.DirectionalLight2 = l.DirectionalLight0, l.DirectionalLight1, l.DirectionalLight2
	e.WeightsPerVertex = 4
	return e, nil
}

// variant returns the shader pair of a variant, made the first time.
func (e *SkinnedEffect) variant(big, perPixel, textured bool) (*Effect, error) {
	i := 0
	if big {
		i |= 4
	}
	if perPixel {
		i |= 2
	}
	if textured {
		i |= 1
	}
	if fx := e.fx[i]; fx != nil {
		return fx, nil
	}
	vert, frag := shaders.SkinnedShaders(big, perPixel, textured)
	fx, err := newEffectLimit(e.dev, vert, frag, false, MaxEffectBlockBytes)
	if err != nil {
		return nil, fmt.Errorf("graphics: skinned effect: %w", err)
	}
	bones := MaxBones
	if big {
		bones = MaxBonesLarge
	}
	if want := skinnedHeader + 48*bones; len(fx.block) != want {
		fx.Dispose()
		return nil, fmt.Errorf("graphics: skinned effect: the shaders' block is %d bytes, want %d: %w", len(fx.block), want, ErrEffect)
	}
	for b := range bones {
		putBone(fx.block, b, mgl32.Ident4())
	}
	e.fx[i] = fx
	return fx, nil
}

// putBone writes bone b's three rows into a skinned block.
func putBone(block []byte, b int, m mgl32.Mat4) {
	dst := (*[12]float32)(unsafe.Pointer(&block[skinnedHeader+48*b]))
	for r := range 3 {
		dst[4*r], dst[4*r+1], dst[4*r+2], dst[4*r+3] = m[r], m[4+r], m[8+r], m[12+r]
	}
}

// SetBoneTransforms sets bones 0..len(bones)-1 (XNA's SetBoneTransforms);
// the others keep their values. More than MaxBonesLarge bones is an
// error; more than MaxBones moves the effect to its larger path.
func (e *SkinnedEffect) SetBoneTransforms(bones []mgl32.Mat4) error {
	if len(bones) > MaxBonesLarge {
		return fmt.Errorf("graphics: skinned effect: %d bone transforms, at most %d (MaxBonesLarge; XNA's shaders hold MaxBones = %d): split the skin: %w",
			len(bones), MaxBonesLarge, MaxBones, ErrTooLarge)
	}
	copy(e.bones[:], bones)
	e.used = max(e.used, len(bones))
	return nil
}

// GetBoneTransforms returns a copy of bones 0..count-1 (XNA's
// GetBoneTransforms); nil when count is not 1..MaxBonesLarge.
func (e *SkinnedEffect) GetBoneTransforms(count int) []mgl32.Mat4 {
	if count < 1 || count > MaxBonesLarge {
		return nil
	}
	return append([]mgl32.Mat4(nil), e.bones[:count]...)
}

// EnableDefaultLighting sets XNA's standard three-light rig (key, fill
// and back light) and its ambient colour.
func (e *SkinnedEffect) EnableDefaultLighting() {
	e.lit.EnableDefaultLighting()
	e.AmbientLightColor = e.lit.AmbientLightColor
	e.DirectionalLight0, e.DirectionalLight1, e.DirectionalLight2 = e.lit.DirectionalLight0, e.lit.DirectionalLight1, e.lit.DirectionalLight2
	e.unlit = false
}

// Apply makes the effect, as it is now, the one the following draws use.
// Problems (a WeightsPerVertex other than 1, 2 or 4, lighting turned
// off, a disposed texture) are reported by the draws.
func (e *SkinnedEffect) Apply() {
	if e.dev == nil || e.lit == nil {
		return
	}
	l := e.lit
	l.World, l.View, l.Projection = e.World, e.View, e.Projection
	l.DiffuseColor, l.Alpha, l.EmissiveColor = e.DiffuseColor, e.Alpha, e.EmissiveColor
	l.SpecularColor, l.SpecularPower, l.AmbientLightColor = e.SpecularColor, e.SpecularPower, e.AmbientLightColor
	l.LightingEnabled, l.PreferPerPixelLighting = true, e.PreferPerPixelLighting
	l.DirectionalLight0, l.DirectionalLight1, l.DirectionalLight2 = e.DirectionalLight0, e.DirectionalLight1, e.DirectionalLight2
	l.TextureEnabled, l.Texture = e.Texture != nil, e.Texture
	l.FogEnabled, l.FogStart, l.FogEnd, l.FogColor = e.FogEnabled, e.FogStart, e.FogEnd, e.FogColor
	var err error
	switch {
	case e.WeightsPerVertex != 1 && e.WeightsPerVertex != 2 && e.WeightsPerVertex != 4:
		err = fmt.Errorf("skinned effect: WeightsPerVertex is %d: set 1, 2 or 4: %w", e.WeightsPerVertex, ErrInvalid)
	case e.unlit:
		err = fmt.Errorf("skinned effect: lighting was turned off (SetLightingEnabled(false)): a SkinnedEffect is always lit, as XNA's: %w", ErrInvalid)
	}
	e.apply(l, e.bones[:e.used], e.used > MaxBones, max(e.WeightsPerVertex, 1), err)
}

// apply fills the selected shader pair's block from basic's uniforms and
// the bones and applies it; a problem is kept for the draws.
func (e *SkinnedEffect) apply(basic *BasicEffect, bones []mgl32.Mat4, big bool, weights int, err error) {
	perPixel := basic.LightingEnabled && basic.PreferPerPixelLighting
	textured := basic.TextureEnabled
	fx, verr := e.variant(big, perPixel, textured)
	if verr != nil {
		// The pair the fields select cannot be made: report it through the
		// one NewSkinnedEffect made.
		fx, err = e.fx[0], verr
	}
	basic.Uniforms(&e.u)
	lighting := uint32(0)
	if basic.LightingEnabled {
		lighting = 1
	}
	e.u.Flags = [4]uint32{lighting, uint32(weights)}
	copy(fx.block[:skinnedHeader], unsafe.Slice((*byte)(unsafe.Pointer(&e.u)), skinnedHeader))
	if cap := (len(fx.block) - skinnedHeader) / 48; len(bones) > cap {
		bones = bones[:cap]
	}
	for b := range bones {
		putBone(fx.block, b, bones[b])
	}
	fx.texture = nil
	if textured {
		fx.texture = basic.Texture
	}
	fx.applyErr = err
	fx.Apply()
}

// Dispose releases the effect's shaders once the frames that use them
// have run.
func (e *SkinnedEffect) Dispose() {
	for i, fx := range e.fx {
		if fx != nil {
			fx.Dispose()
			e.fx[i] = nil
		}
	}
}

// The interfaces XNA's SkinnedEffect implements.
var (
	_ IEffectMatrices = (*SkinnedEffect)(nil)
	_ IEffectLights   = (*SkinnedEffect)(nil)
	_ IEffectFog      = (*SkinnedEffect)(nil)
)

// GetWorld returns the World matrix.
func (e *SkinnedEffect) GetWorld() mgl32.Mat4 { return e.World }

// SetWorld sets the World matrix.
func (e *SkinnedEffect) SetWorld(v mgl32.Mat4) { e.World = v }

// GetView returns the View matrix.
func (e *SkinnedEffect) GetView() mgl32.Mat4 { return e.View }

// SetView sets the View matrix.
func (e *SkinnedEffect) SetView(v mgl32.Mat4) { e.View = v }

// GetProjection returns the Projection matrix.
func (e *SkinnedEffect) GetProjection() mgl32.Mat4 { return e.Projection }

// SetProjection sets the Projection matrix.
func (e *SkinnedEffect) SetProjection(v mgl32.Mat4) { e.Projection = v }

// GetAmbientLightColor returns AmbientLightColor.
func (e *SkinnedEffect) GetAmbientLightColor() mgl32.Vec3 { return e.AmbientLightColor }

// SetAmbientLightColor sets AmbientLightColor.
func (e *SkinnedEffect) SetAmbientLightColor(v mgl32.Vec3) { e.AmbientLightColor = v }

// GetLightingEnabled returns true: a SkinnedEffect is always lit.
func (e *SkinnedEffect) GetLightingEnabled() bool { return true }

// SetLightingEnabled(false) makes the following draws fail, as XNA's
// SkinnedEffect refuses to be unlit; true undoes it.
func (e *SkinnedEffect) SetLightingEnabled(v bool) { e.unlit = !v }

// DirectionalLights returns pointers to DirectionalLight0..2.
func (e *SkinnedEffect) DirectionalLights() [3]*DirectionalLight {
	return [3]*DirectionalLight{&e.DirectionalLight0, &e.DirectionalLight1, &e.DirectionalLight2}
}

// GetFogEnabled returns FogEnabled.
func (e *SkinnedEffect) GetFogEnabled() bool { return e.FogEnabled }

// SetFogEnabled sets FogEnabled.
func (e *SkinnedEffect) SetFogEnabled(v bool) { e.FogEnabled = v }

// GetFogStart returns FogStart.
func (e *SkinnedEffect) GetFogStart() float32 { return e.FogStart }

// SetFogStart sets FogStart.
func (e *SkinnedEffect) SetFogStart(v float32) { e.FogStart = v }

// GetFogEnd returns FogEnd.
func (e *SkinnedEffect) GetFogEnd() float32 { return e.FogEnd }

// SetFogEnd sets FogEnd.
func (e *SkinnedEffect) SetFogEnd(v float32) { e.FogEnd = v }

// GetFogColor returns FogColor.
func (e *SkinnedEffect) GetFogColor() mgl32.Vec3 { return e.FogColor }

// SetFogColor sets FogColor.
func (e *SkinnedEffect) SetFogColor(v mgl32.Vec3) { e.FogColor = v }
