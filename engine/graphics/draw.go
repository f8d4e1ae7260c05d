package graphics

import (
	"fmt"
	"unsafe"
)

// DrawPrimitives draws primitiveCount primitives from the vertex buffer,
// starting at vertex startVertex, with the applied effect and the current
// states (XNA's DrawPrimitives).
func (d *Device) DrawPrimitives(p PrimitiveType, startVertex, primitiveCount int) error {
	n, err := d.checkDraw("draw primitives", p, primitiveCount)
	if err != nil {
		return err
	}
	vb := d.vb
	if err := d.checkVertexBuffer("draw primitives"); err != nil {
		return err
	}
	if startVertex < 0 || n > vb.count-startVertex {
		return fmt.Errorf("graphics: draw primitives: %d %s primitives from vertex %d read %d vertices, the vertex buffer holds %d: draw fewer or use a larger buffer: %w",
			primitiveCount, p, startVertex, n, vb.count, ErrOutOfRange)
	}
	dr := d.draw(p, vb.decl)
	dr.VertexBuffer, dr.VertexOffset, dr.Count = vb.id, startVertex*vb.decl.Stride, n
	if vb.dyn.on { // read the record's copy in the vertex arena
		dr.VertexBuffer, dr.VertexOffset = 0, d.arenaCopy(&vb.dyn, vb.data)+dr.VertexOffset
	}
	vb.used = d.seq()
	return nil
}

// DrawIndexedPrimitives draws primitiveCount primitives from the index
// buffer, starting at index startIndex, adding baseVertex to every index
// (XNA 4.0's DrawIndexedPrimitives without the vertex-range hints). Every
// index read must name a vertex of the vertex buffer.
func (d *Device) DrawIndexedPrimitives(p PrimitiveType, baseVertex, startIndex, primitiveCount int) error {
	n, err := d.checkDraw("draw indexed primitives", p, primitiveCount)
	if err != nil {
		return err
	}
	if err := d.checkVertexBuffer("draw indexed primitives"); err != nil {
		return err
	}
	vb, ib := d.vb, d.ib
	switch {
	case ib == nil:
		return fmt.Errorf("graphics: draw indexed primitives: SetIndices first: %w", ErrNoIndexBuffer)
	case ib.dev != d:
		return fmt.Errorf("graphics: draw indexed primitives: index buffer %d: %w", ib.id, ErrWrongDevice)
	case ib.disposed:
		return fmt.Errorf("graphics: draw indexed primitives: index buffer %d is disposed: set another one: %w", ib.id, ErrDisposed)
	case startIndex < 0 || n > ib.count-startIndex:
		return fmt.Errorf("graphics: draw indexed primitives: %d %s primitives from index %d read %d indices, the index buffer holds %d: %w",
			primitiveCount, p, startIndex, n, ib.count, ErrOutOfRange)
	case baseVertex < 0 || baseVertex >= vb.count:
		return fmt.Errorf("graphics: draw indexed primitives: base vertex %d outside the vertex buffer's %d vertices: %w", baseVertex, vb.count, ErrOutOfRange)
	}
	if int(ib.max) >= vb.count-baseVertex { // the whole buffer is too wide: check the range read
		if m := ib.maxIndex(startIndex, n); int(m) >= vb.count-baseVertex {
			return fmt.Errorf("graphics: draw indexed primitives: index %d + base vertex %d names vertex %d, the vertex buffer holds %d: %w",
				m, baseVertex, int(m)+baseVertex, vb.count, ErrOutOfRange)
		}
	}
	dr := d.draw(p, vb.decl)
	dr.VertexBuffer, dr.Count = vb.id, n
	dr.Indexed, dr.IndexBuffer, dr.IndexSize = true, ib.id, ib.size
	dr.IndexOffset, dr.BaseVertex = startIndex*ib.size.Bytes(), baseVertex
	if vb.dyn.on {
		dr.VertexBuffer, dr.VertexOffset = 0, d.arenaCopy(&vb.dyn, vb.data)
	}
	if ib.dyn.on {
		dr.IndexBuffer, dr.IndexOffset = 0, d.arenaCopy(&ib.dyn, ib.data)+dr.IndexOffset
	}
	vb.used, ib.used = d.seq(), d.seq()
	return nil
}

// DrawUserPrimitives draws primitiveCount primitives from vertices,
// starting at vertices[offset] (XNA's DrawUserPrimitives). The vertices are
// copied into the frame's vertex arena, so the slice may be reused at once.
func DrawUserPrimitives[T Vertex](d *Device, p PrimitiveType, vertices []T, offset, primitiveCount int) error {
	var z T
	decl := z.VertexDeclaration()
	n, err := d.checkDraw("draw user primitives", p, primitiveCount)
	if err != nil {
		return err
	}
	if offset < 0 || n > len(vertices)-offset {
		return fmt.Errorf("graphics: draw user primitives: %d %s primitives from vertex %d read %d vertices, the slice holds %d: %w",
			primitiveCount, p, offset, n, len(vertices), ErrOutOfRange)
	}
	if uintptr(decl.Stride) != unsafe.Sizeof(z) {
		return fmt.Errorf("graphics: draw user primitives: the vertex type is %d bytes, its declaration's stride %d: %w", unsafe.Sizeof(z), decl.Stride, ErrInvalid)
	}
	if err := d.checkLayout("draw user primitives", decl); err != nil {
		return err
	}
	at := d.arena(bytesOf(vertices[offset : offset+n]))
	dr := d.draw(p, decl)
	dr.VertexOffset, dr.Count = at, n
	return nil
}

// DrawUserIndexedPrimitives draws primitiveCount primitives whose indices
// (from indices[indexOffset]) name vertices of vertices; both are copied
// into the frame's vertex arena (XNA's DrawUserIndexedPrimitives). Every
// index must be below len(vertices).
func DrawUserIndexedPrimitives[T Vertex, I uint16 | uint32](d *Device, p PrimitiveType, vertices []T, indices []I, indexOffset, primitiveCount int) error {
	var z T
	var zi I
	decl := z.VertexDeclaration()
	n, err := d.checkDraw("draw user indexed primitives", p, primitiveCount)
	if err != nil {
		return err
	}
	if indexOffset < 0 || n > len(indices)-indexOffset {
		return fmt.Errorf("graphics: draw user indexed primitives: %d %s primitives from index %d read %d indices, the slice holds %d: %w",
			primitiveCount, p, indexOffset, n, len(indices), ErrOutOfRange)
	}
	idx := indices[indexOffset : indexOffset+n]
	for i, v := range idx {
		if int(v) >= len(vertices) {
			return fmt.Errorf("graphics: draw user indexed primitives: index %d (at %d) names a vertex past the %d given: %w",
				v, indexOffset+i, len(vertices), ErrOutOfRange)
		}
	}
	if uintptr(decl.Stride) != unsafe.Sizeof(z) {
		return fmt.Errorf("graphics: draw user indexed primitives: the vertex type is %d bytes, its declaration's stride %d: %w", unsafe.Sizeof(z), decl.Stride, ErrInvalid)
	}
	if err := d.checkLayout("draw user indexed primitives", decl); err != nil {
		return err
	}
	vat := d.arena(bytesOf(vertices))
	iat := d.arena(bytesOf(idx))
	dr := d.draw(p, decl)
	dr.VertexOffset, dr.Count = vat, n
	dr.Indexed, dr.IndexOffset = true, iat
	if unsafe.Sizeof(zi) == 4 {
		dr.IndexSize = ThirtyTwoBits
	}
	return nil
}

// checkDraw validates what every draw needs and returns the number of
// vertices (or indices) primitiveCount primitives read.
func (d *Device) checkDraw(op string, p PrimitiveType, primitiveCount int) (int, error) {
	if p > LineStrip {
		return 0, fmt.Errorf("graphics: %s: unknown primitive type %d: %w", op, p, ErrInvalid)
	}
	if primitiveCount < 1 {
		return 0, fmt.Errorf("graphics: %s: primitive count %d, want at least 1: %w", op, primitiveCount, ErrInvalid)
	}
	if primitiveCount > 1<<28 {
		return 0, fmt.Errorf("graphics: %s: primitive count %d: %w", op, primitiveCount, ErrTooLarge)
	}
	if err := d.checkTarget(op); err != nil {
		return 0, err
	}
	if r := d.raster; r.DepthBias != r.DepthBias || r.SlopeScaleDepthBias != r.SlopeScaleDepthBias {
		return 0, fmt.Errorf("graphics: %s: the rasterizer state's depth bias is NaN: %w", op, ErrInvalid)
	}
	if !d.effectSet {
		return 0, fmt.Errorf("graphics: %s: call a BasicEffect's Apply before drawing: %w", op, ErrNoEffect)
	}
	if err := d.checkEffect(op); err != nil {
		return 0, err
	}
	if err := d.checkSlots(op); err != nil {
		return 0, err
	}
	if d.variant&ShaderTexture != 0 && !d.slotCube0() {
		t := d.texture
		switch {
		case t == nil && d.effect != nil:
			return 0, fmt.Errorf("graphics: %s: the effect's texture parameter %q is not set: SetValue a Texture2D and Apply: %w", op, d.effect.texName, ErrEffect)
		case t == nil:
			return 0, fmt.Errorf("graphics: %s: the effect has TextureEnabled but no Texture: set one and Apply, or disable texturing: %w", op, ErrInvalid)
		case t.dev != d:
			return 0, fmt.Errorf("graphics: %s: texture %d: %w", op, t.id, ErrWrongDevice)
		case t.disposed:
			return 0, fmt.Errorf("graphics: %s: the effect's texture %d is disposed: set another and Apply: %w", op, t.id, ErrDisposed)
		case d.isTarget(t):
			return 0, fmt.Errorf("graphics: %s: the effect samples render target %d while drawing into it: set another render target first: %w", op, t.id, ErrInUse)
		}
	}
	return p.VertexCount(primitiveCount), nil
}

// checkVertexBuffer validates the vertex buffer set.
func (d *Device) checkVertexBuffer(op string) error {
	vb := d.vb
	switch {
	case vb == nil:
		return fmt.Errorf("graphics: %s: SetVertexBuffer first: %w", op, ErrNoVertexBuffer)
	case vb.dev != d:
		return fmt.Errorf("graphics: %s: vertex buffer %d: %w", op, vb.id, ErrWrongDevice)
	case vb.disposed:
		return fmt.Errorf("graphics: %s: vertex buffer %d is disposed: set another one: %w", op, vb.id, ErrDisposed)
	}
	return d.checkLayout(op, vb.decl)
}

// checkLayout validates that decl has what the applied effect reads.
func (d *Device) checkLayout(op string, decl VertexDeclaration) error {
	need := [...]struct {
		flag  ShaderVariant
		usage VertexElementUsage
		what  string
	}{
		{ShaderLighting, UsageNormal, "LightingEnabled needs a Normal element"},
		{ShaderVertexColor, UsageColor, "VertexColorEnabled needs a Color element"},
		{ShaderTexture, UsageTextureCoordinate, "TextureEnabled needs a TextureCoordinate element"},
	}
	if d.effect != nil {
		if d.instancing {
			return d.effect.checkInputsWith(op, decl, &d.instVB.decl)
		}
		return d.effect.checkInputs(op, decl)
	}
	if !decl.Has(UsagePosition) {
		return fmt.Errorf("graphics: %s: the vertex declaration has no Position element: %w", op, ErrInvalid)
	}
	for _, n := range need {
		if d.variant&n.flag != 0 && !decl.Has(n.usage) {
			return fmt.Errorf("graphics: %s: the effect's %s in the vertices: use another vertex type or turn it off: %w", op, n.what, ErrInvalid)
		}
	}
	return nil
}

// depthFor returns s as it applies to a target with depth format f: no
// depth or stencil test without the buffer for it.
func depthFor(s DepthStencilState, f DepthFormat) DepthStencilState {
	switch f {
	case DepthFormatNone:
		return DepthStencilState{}
	case Depth24Stencil8:
		return s
	}
	s.StencilEnable, s.StencilFunction, s.StencilPass, s.StencilFail, s.StencilDepthBufferFail = false, 0, 0, 0, 0
	s.ReferenceStencil, s.StencilMask, s.StencilWriteMask = 0, 0, 0
	s.TwoSidedStencilMode, s.CounterClockwiseStencilFunction = false, 0
	s.CounterClockwiseStencilPass, s.CounterClockwiseStencilFail, s.CounterClockwiseStencilDepthBufferFail = 0, 0, 0
	return s
}

// arena appends b to the frame's vertex arena, 4-byte aligned, and returns
// its offset.
func (d *Device) arena(b []byte) int {
	f := d.rec()
	at := len(f.Vertices)
	f.Vertices = append(f.Vertices, b...)
	if pad := len(f.Vertices) % 4; pad != 0 {
		var zero [3]byte
		f.Vertices = append(f.Vertices, zero[:4-pad]...)
	}
	return at
}

// draw appends a draw with the current state to the current pass and
// returns it for the caller to fill in its vertex source.
func (d *Device) draw(p PrimitiveType, decl VertexDeclaration) *Draw {
	pass := d.pass()
	f := &d.frame
	if d.effect != nil {
		return d.effectDraw(pass, p, decl)
	}
	if d.uniformsIdx < 0 {
		d.uniformsIdx = len(f.Uniforms)
		f.Uniforms = append(f.Uniforms, d.uniforms)
	}
	w, h := pass.Width, pass.Height
	scissor := Rectangle{0, 0, w, h}
	if d.raster.ScissorTestEnable {
		scissor = d.scissor.Intersect(scissor)
	}
	var tex TextureID
	if d.variant&ShaderTexture != 0 {
		tex = d.texture.id
		d.texture.used = d.seq()
	}
	f.Draws = append(f.Draws, Draw{
		Pipeline: PipelineKey{Blend: d.blend, DepthStencil: depthFor(d.depth, pass.Depth), Rasterizer: d.raster,
			Primitive: p, Vertex: decl, Shader: d.variant},
		Viewport: d.viewport, Scissor: scissor, Texture: tex, Sampler: d.sampler,
		Uniforms: d.uniformsIdx,
	})
	pass.DrawCount++
	return &f.Draws[len(f.Draws)-1]
}
