package graphics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/shaders"
)

// AlphaTestEffect is XNA's AlphaTestEffect: a textured, unlit effect that
// drops the pixels whose alpha fails a test (AlphaFunction against
// ReferenceAlpha), so cut-outs (foliage, fences, glTF's alpha MASK) draw
// with depth writes and no sorting. Set its fields, then Apply: the draws
// that follow use the values as they were at Apply. It is an Effect of the
// engine's own shaders: the vertices need a Position and a
// TextureCoordinate, and a Color with VertexColorEnabled.
type AlphaTestEffect struct {
	dev         *Device
	plain, vcol *Effect // the shaders without and with vertex colours

	// World, View and Projection place the mesh (identity at first).
	World, View, Projection mgl32.Mat4
	// DiffuseColor tints the texels (white at first) and Alpha scales
	// their opacity (1 at first).
	DiffuseColor mgl32.Vec3
	Alpha        float32
	// VertexColorEnabled multiplies by the vertex colours.
	VertexColorEnabled bool
	// Texture is sampled with the device's SamplerState; a draw without
	// one is an error.
	Texture *Texture2D
	// AlphaFunction and ReferenceAlpha are the test: a pixel is drawn when
	// its alpha (0..255) compares true against ReferenceAlpha. XNA's
	// defaults: CompareGreater and 0 (every pixel that is not fully
	// transparent).
	AlphaFunction  CompareFunction
	ReferenceAlpha int
	// FogEnabled turns on XNA's linear fog: from FogStart to FogEnd (view
	// distances) the colour goes to FogColor.
	FogEnabled       bool
	FogStart, FogEnd float32
	FogColor         mgl32.Vec3
}

// NewAlphaTestEffect returns an AlphaTestEffect with XNA's defaults for
// dev; an error when the backend cannot run effects.
func NewAlphaTestEffect(dev *Device) (*AlphaTestEffect, error) {
	plain, err := newEffect(dev, shaders.AlphaTestVertex(), shaders.AlphaTestFragment(), false)
	if err != nil {
		return nil, fmt.Errorf("graphics: alpha test effect: %w", err)
	}
	vcol, err := newEffect(dev, shaders.AlphaTestColorVertex(), shaders.AlphaTestFragment(), false)
	if err != nil {
		plain.Dispose()
		return nil, fmt.Errorf("graphics: alpha test effect: %w", err)
	}
	id := mgl32.Ident4()
	return &AlphaTestEffect{dev: dev, plain: plain, vcol: vcol, World: id, View: id, Projection: id,
		DiffuseColor: mgl32.Vec3{1, 1, 1}, Alpha: 1, AlphaFunction: CompareGreater, FogEnd: 1}, nil
}

// effect returns the Effect the switches select, with its block filled in
// from the fields.
func (e *AlphaTestEffect) effect() *Effect {
	fx := e.plain
	if e.VertexColorEnabled {
		fx = e.vcol
	}
	p := fx.Parameters
	wv := e.View.Mul4(e.World)
	p["WorldViewProjection"].SetMatrix(e.Projection.Mul4(wv))
	a := e.Alpha
	p["DiffuseColor"].SetVector4(e.DiffuseColor.Mul(a).Vec4(a))
	var fv mgl32.Vec4
	if e.FogEnabled {
		fv = fogVector(wv, e.FogStart, e.FogEnd)
	}
	p["FogVector"].SetVector4(fv)
	p["FogColor"].SetVector4(e.FogColor.Vec4(1))
	p["Function"].SetUint(uint32(e.AlphaFunction))
	p["Reference"].SetFloat(float32(max(0, min(255, e.ReferenceAlpha))) / 255)
	fx.texture = e.Texture
	return fx
}

// Apply makes the effect, as it is now, the one the following draws use.
func (e *AlphaTestEffect) Apply() {
	if e.dev == nil {
		return
	}
	e.effect().Apply()
}

// Dispose releases the effect's shaders once the frames that use them
// have run.
func (e *AlphaTestEffect) Dispose() {
	e.plain.Dispose()
	e.vcol.Dispose()
}

func (e *AlphaTestEffect) spriteDevice() *Device { return e.dev }

// fogVector returns XNA's fog vector for the world-view matrix wv: the
// fog factor of a position p is dot(p, v), 0 at view distance start and 1
// at end (clamped by the shaders). Equal start and end fog everything.
func fogVector(wv mgl32.Mat4, start, end float32) mgl32.Vec4 {
	if start == end {
		return mgl32.Vec4{0, 0, 0, 1}
	}
	s := 1 / (start - end)
	// The view-space z of p is row 2 of wv (column-major); in front of the
	// camera it is minus the distance.
	return mgl32.Vec4{wv[2] * s, wv[6] * s, wv[10] * s, (wv[14] + start) * s}
}
