package graphics

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// spriteShared is what every SpriteBatch of a device shares: the Begin
// counts XNA checks, the quad index buffer and the white texel of the
// shapes (rule G7), both created on first use.
type spriteShared struct {
	begun     int // batches between Begin and End
	immediate int // of which in Immediate mode

	indices *IndexBuffer // 32-bit quad pattern, quads quads long
	quads   int

	white *Texture2D

	arena *SpriteBatch // the Deferred batch whose sprites are in the frame's arena
}

// spriteQuad is one sprite's four vertices in XNA's corner order: top-left,
// top-right, bottom-left, bottom-right (before rotation). 96 bytes.
type spriteQuad [4]VertexPositionColorTexture

// spriteStride is the size of one sprite vertex in bytes.
const spriteStride = int(unsafe.Sizeof(VertexPositionColorTexture{}))

// spriteIndicesPerQuad is how many indices draw one sprite (two triangles).
const spriteIndicesPerQuad = 6

// quadIndices returns the device's quad index buffer, grown to at least
// quads sprites (in powers of two from 2048, XNA's batch size). The
// pattern per sprite is 0, 1, 2, 1, 3, 2 (two clockwise triangles as seen
// on screen, XNA's winding), offset by 4 per sprite; draws address their
// sprites with BaseVertex.
func (d *Device) quadIndices(quads int) (*IndexBuffer, error) {
	s := &d.sprites
	if s.indices != nil && s.quads >= quads {
		return s.indices, nil
	}
	n := max(2048, s.quads)
	for n < quads {
		n *= 2
	}
	if n > (1<<31-1)/(4*spriteIndicesPerQuad) {
		return nil, fmt.Errorf("graphics: sprite batch: %d sprites in one draw: %w", quads, ErrTooLarge)
	}
	ib, err := NewIndexBuffer(d, ThirtyTwoBits, n*spriteIndicesPerQuad)
	if err != nil {
		return nil, fmt.Errorf("graphics: sprite batch: quad indices: %w", err)
	}
	p := make([]uint32, 0, n*spriteIndicesPerQuad) // once per growth; the upload copies it
	for q := range uint32(n) {
		v := 4 * q
		p = append(p, v, v+1, v+2, v+1, v+3, v+2)
	}
	if err := SetIndexData(ib, 0, p); err != nil {
		ib.Dispose()
		return nil, fmt.Errorf("graphics: sprite batch: quad indices: %w", err)
	}
	if s.indices != nil {
		s.indices.Dispose() // released after the frames that use it
	}
	s.indices, s.quads = ib, n
	return ib, nil
}

// whiteTexel returns the device's 1x1 opaque white texture, creating it
// on first use (rule G7).
func (d *Device) whiteTexel() (*Texture2D, error) {
	s := &d.sprites
	if s.white != nil && !s.white.disposed {
		return s.white, nil
	}
	t, err := NewTexture2D(d, 1, 1)
	if err != nil {
		return nil, fmt.Errorf("graphics: white texel: %w", err)
	}
	px := [4]byte{255, 255, 255, 255}
	if err := t.SetData(px[:]); err != nil {
		t.Dispose()
		return nil, fmt.Errorf("graphics: white texel: %w", err)
	}
	s.white = t
	return t, nil
}

// spriteArena reserves room for n sprites in the frame's vertex arena,
// aligned to a whole sprite vertex so draws address it with BaseVertex
// from VertexOffset 0, and returns the first vertex's index and the room.
// It allocates only when the arena grows past its largest size so far.
func (d *Device) spriteArena(n int) (int, []spriteQuad) {
	f := d.rec()
	at := len(f.Vertices)
	if r := at % spriteStride; r != 0 {
		at += spriteStride - r
	}
	size := n * int(unsafe.Sizeof(spriteQuad{}))
	f.Vertices = slices.Grow(f.Vertices, at+size-len(f.Vertices))[:at+size]
	if n == 0 {
		return at / spriteStride, nil
	}
	return at / spriteStride, unsafe.Slice((*spriteQuad)(unsafe.Pointer(&f.Vertices[at])), n)
}

// spriteDecl is the layout of sprite vertices.
var spriteDecl = VertexPositionColorTexture{}.VertexDeclaration()

// spriteSetup is XNA's SpriteBatch setup: it sets the batch's states on the
// device and applies the sprite effect (or the batch's BasicEffect) for
// the draws that follow. The states stay set after End, as in XNA.
func (d *Device) spriteSetup(st *spriteState) {
	d.blend, d.sampler, d.depth, d.raster = st.blend, st.sampler, st.depthStencil, st.rasterizer
	if st.custom != nil {
		xf := spriteXform{on: true, m: d.spriteProjection().Mul4(st.transform)}
		d.spriteCustomSetup(st.custom, &xf)
		return
	}
	d.spriteXf.on = false
	var u EffectUniforms
	var variant ShaderVariant
	if e := st.effect; e != nil {
		e.Uniforms(&u)
		variant = e.Variant()
	} else {
		proj := d.spriteProjection()
		u.World = st.transform
		u.WorldViewProjection = proj.Mul4(st.transform)
		u.WorldInverseTranspose = mgl32.Ident4()
		u.DiffuseColor = mgl32.Vec4{1, 1, 1, 1}
		u.SpecularColor = mgl32.Vec4{0, 0, 0, 1}
		variant = ShaderTexture | ShaderVertexColor
		u.Flags[0] = uint32(variant)
	}
	// Reuse the block recorded last when nothing changed (consecutive
	// batches then merge into one draw, rule G5).
	if !d.effectSet || d.effect != nil || d.uniformsIdx < 0 || d.uniforms != u || d.variant != variant {
		d.uniforms, d.uniformsIdx = u, -1
	}
	d.variant, d.effectSet, d.effect = variant, true, nil
}

// spriteProjection is XNA's sprite projection: pixels of the viewport,
// (0,0) at its top-left, layer depth 0..1 as depth 0..1, no half-pixel
// offset.
func (d *Device) spriteProjection() mgl32.Mat4 {
	vp := d.viewport
	return mgl32.Mat4{
		2 / float32(vp.Width), 0, 0, 0,
		0, 2 / float32(vp.Height), 0, 0,
		0, 0, 1, 0,
		-1, -1, 0, 1,
	}
}

// spriteQuads returns the n quads at vertex base of the frame's arena.
func (d *Device) spriteQuads(base, n int) []spriteQuad {
	if n == 0 {
		return nil
	}
	f := &d.frame
	return unsafe.Slice((*spriteQuad)(unsafe.Pointer(&f.Vertices[base*spriteStride])), n)
}

// spriteCheck validates drawing tex into the current target with the
// sprite effect set up.
func (d *Device) spriteCheck(tex *Texture2D) error {
	if err := d.checkTarget("sprite batch"); err != nil {
		return err
	}
	switch {
	case tex.disposed:
		return fmt.Errorf("graphics: sprite batch: texture %d was disposed before the batch drew it: %w", tex.id, ErrDisposed)
	case d.isTarget(tex):
		return fmt.Errorf("graphics: sprite batch: texture %d is the render target being drawn into: set another render target first: %w", tex.id, ErrInUse)
	}
	return nil
}

// spriteDraw records n sprites whose vertices start at vertex base of the
// arena, textured with tex, with the device's current state. When the
// record's last draw is the same draw of the sprites just before these, it
// grows that draw instead: batches break on texture or state change only.
func (d *Device) spriteDraw(tex *Texture2D, base, n int) error {
	ib, err := d.quadIndices(n)
	if err != nil {
		return err
	}
	p := d.pass()
	f := &d.frame
	d.transformSprites(base, n)
	if p.DrawCount > 0 {
		last := &f.Draws[len(f.Draws)-1]
		if d.spriteContinues(p, last, tex, base) {
			total := last.Count/spriteIndicesPerQuad + n
			if ib, err = d.quadIndices(total); err != nil {
				return err
			}
			last.IndexBuffer = ib.id
			last.Count = total * spriteIndicesPerQuad
			tex.used, ib.used = d.seq(), d.seq()
			return nil
		}
	}
	saved := d.texture
	d.texture = tex
	dr := d.draw(TriangleList, spriteDecl)
	d.texture = saved
	dr.Indexed, dr.IndexBuffer, dr.IndexSize = true, ib.id, ThirtyTwoBits
	dr.BaseVertex, dr.Count = base, n*spriteIndicesPerQuad
	tex.used, ib.used = d.seq(), d.seq()
	return nil
}

// spriteContinues reports whether last, the last draw of pass p, is a
// sprite draw that the sprites at vertex base with texture tex extend:
// same state, same texture, and its vertices end where these begin.
func (d *Device) spriteContinues(p *Pass, last *Draw, tex *Texture2D, base int) bool {
	if !last.Indexed || last.VertexBuffer != 0 || last.VertexOffset != 0 || last.IndexSize != ThirtyTwoBits ||
		last.IndexBuffer == 0 || last.IndexOffset != 0 || d.sprites.indices == nil ||
		last.BaseVertex+4*(last.Count/spriteIndicesPerQuad) != base {
		return false
	}
	if last.IndexBuffer != d.sprites.indices.id {
		return false
	}
	var want TextureID
	if d.variant&ShaderTexture != 0 {
		want = tex.id
	}
	scissor := Rectangle{0, 0, p.Width, p.Height}
	if d.raster.ScissorTestEnable {
		scissor = d.scissor.Intersect(scissor)
	}
	var effect EffectID
	if d.effect != nil {
		effect = d.effect.id
		if d.effectBlock < 0 || last.EffectBlock != d.effectBlock {
			return false
		}
	} else if d.uniformsIdx < 0 || last.Uniforms != d.uniformsIdx {
		return false
	}
	return last.Texture == want &&
		last.Sampler == d.sampler && last.Viewport == d.viewport && last.Scissor == scissor &&
		last.Pipeline == (PipelineKey{Blend: d.blend, DepthStencil: depthFor(d.depth, p.Depth), Rasterizer: d.raster,
			Primitive: TriangleList, Vertex: spriteDecl, Shader: d.variant, Effect: effect})
}
