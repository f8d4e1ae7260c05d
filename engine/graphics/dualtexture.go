package graphics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/shaders"
)

// DualTextureEffect is XNA's DualTextureEffect: an unlit effect that
// multiplies two textures, each at its own texture coordinate, and
// doubles the result (Texture * Texture2 * 2), so a light map (Texture2)
// darkens below mid grey and brightens above it. Set its fields, then
// Apply: the draws that follow use the values as they were at Apply. The
// vertices need a Position and TextureCoordinate elements of usage index
// 0 and 1 (VertexPositionDualTexture), and a Color with
// VertexColorEnabled. Texture is sampled with SamplerStateAt(0), Texture2
// with SamplerStateAt(1); a draw without either is an error.
type DualTextureEffect struct {
	dev         *Device
	plain, vcol *Effect // the shaders without and with vertex colours

	// World, View and Projection place the mesh (identity at first).
	World, View, Projection mgl32.Mat4
	// DiffuseColor tints the result (white at first) and Alpha scales its
	// opacity (1 at first).
	DiffuseColor mgl32.Vec3
	Alpha        float32
	// VertexColorEnabled multiplies by the vertex colours.
	VertexColorEnabled bool
	// Texture is the base texture, read at TextureCoordinate 0; Texture2
	// the one it is multiplied by (a light map), at TextureCoordinate 1.
	Texture, Texture2 *Texture2D
	// FogEnabled turns on XNA's linear fog: from view distance FogStart
	// (0 at first) to FogEnd (1 at first) the colour goes to FogColor.
	FogEnabled       bool
	FogStart, FogEnd float32
	FogColor         mgl32.Vec3
}

// NewDualTextureEffect returns a DualTextureEffect with XNA's defaults for
// dev; an error when the backend cannot run effects.
func NewDualTextureEffect(dev *Device) (*DualTextureEffect, error) {
	plain, err := newEffect(dev, shaders.DualTextureVertex(), shaders.DualTextureFragment(), false)
	if err != nil {
		return nil, fmt.Errorf("graphics: dual texture effect: %w", err)
	}
	vcol, err := newEffect(dev, shaders.DualTextureColorVertex(), shaders.DualTextureFragment(), false)
	if err != nil {
		plain.Dispose()
		return nil, fmt.Errorf("graphics: dual texture effect: %w", err)
	}
	id := mgl32.Ident4()
	return &DualTextureEffect{dev: dev, plain: plain, vcol: vcol, World: id, View: id, Projection: id,
		DiffuseColor: mgl32.Vec3{1, 1, 1}, Alpha: 1, FogEnd: 1}, nil
}

// effect returns the Effect the switches select, with its block filled in
// from the fields.
func (e *DualTextureEffect) effect() *Effect {
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
	fx.texture = e.Texture
	fx.more.tex1 = e.Texture2
	return fx
}

// Apply makes the effect, as it is now, the one the following draws use.
// It allocates nothing.
func (e *DualTextureEffect) Apply() {
	if e.dev == nil {
		return
	}
	e.effect().Apply()
}

// Dispose releases the effect's shaders once the frames that use them
// have run.
func (e *DualTextureEffect) Dispose() {
	e.plain.Dispose()
	e.vcol.Dispose()
}

// VertexPositionDualTexture is a position and two texture coordinates
// (TextureCoordinate usage index 0 and 1), DualTextureEffect's vertex:
// 28 bytes.
type VertexPositionDualTexture struct {
	Position           mgl32.Vec3
	TextureCoordinate  mgl32.Vec2
	TextureCoordinate2 mgl32.Vec2
}

var declPositionDualTexture = mustDeclaration(28,
	VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition},
	VertexElement{Offset: 12, Format: FormatVector2, Usage: UsageTextureCoordinate},
	VertexElement{Offset: 20, Format: FormatVector2, Usage: UsageTextureCoordinate, UsageIndex: 1})

// VertexDeclaration returns the type's layout.
func (VertexPositionDualTexture) VertexDeclaration() VertexDeclaration {
	return declPositionDualTexture
}

// VertexPositionColorDualTexture is VertexPositionDualTexture with a
// colour, for DualTextureEffect's VertexColorEnabled: 32 bytes.
type VertexPositionColorDualTexture struct {
	Position           mgl32.Vec3
	Color              Color
	TextureCoordinate  mgl32.Vec2
	TextureCoordinate2 mgl32.Vec2
}

var declPositionColorDualTexture = mustDeclaration(32,
	VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition},
	VertexElement{Offset: 12, Format: FormatColor, Usage: UsageColor},
	VertexElement{Offset: 16, Format: FormatVector2, Usage: UsageTextureCoordinate},
	VertexElement{Offset: 24, Format: FormatVector2, Usage: UsageTextureCoordinate, UsageIndex: 1})

// VertexDeclaration returns the type's layout.
func (VertexPositionColorDualTexture) VertexDeclaration() VertexDeclaration {
	return declPositionColorDualTexture
}

// The interfaces XNA's DualTextureEffect implements.
var (
	_ IEffectMatrices = (*DualTextureEffect)(nil)
	_ IEffectFog      = (*DualTextureEffect)(nil)
)

// GetWorld returns the World matrix.
func (e *DualTextureEffect) GetWorld() mgl32.Mat4 { return e.World }

// SetWorld sets the World matrix.
func (e *DualTextureEffect) SetWorld(v mgl32.Mat4) { e.World = v }

// GetView returns the View matrix.
func (e *DualTextureEffect) GetView() mgl32.Mat4 { return e.View }

// SetView sets the View matrix.
func (e *DualTextureEffect) SetView(v mgl32.Mat4) { e.View = v }

// GetProjection returns the Projection matrix.
func (e *DualTextureEffect) GetProjection() mgl32.Mat4 { return e.Projection }

// SetProjection sets the Projection matrix.
func (e *DualTextureEffect) SetProjection(v mgl32.Mat4) { e.Projection = v }

// GetFogEnabled returns FogEnabled.
func (e *DualTextureEffect) GetFogEnabled() bool { return e.FogEnabled }

// SetFogEnabled sets FogEnabled.
func (e *DualTextureEffect) SetFogEnabled(v bool) { e.FogEnabled = v }

// GetFogStart returns FogStart.
func (e *DualTextureEffect) GetFogStart() float32 { return e.FogStart }

// SetFogStart sets FogStart.
func (e *DualTextureEffect) SetFogStart(v float32) { e.FogStart = v }

// GetFogEnd returns FogEnd.
func (e *DualTextureEffect) GetFogEnd() float32 { return e.FogEnd }

// SetFogEnd sets FogEnd.
func (e *DualTextureEffect) SetFogEnd(v float32) { e.FogEnd = v }

// GetFogColor returns FogColor.
func (e *DualTextureEffect) GetFogColor() mgl32.Vec3 { return e.FogColor }

// SetFogColor sets FogColor.
func (e *DualTextureEffect) SetFogColor(v mgl32.Vec3) { e.FogColor = v }
