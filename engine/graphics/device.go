package graphics

import (
	"errors"
	"fmt"
)

// Device is the drawing half of XNA's GraphicsDevice: it holds the current
// render target, viewport, scissor rectangle, states, buffers and applied
// effect, validates every call, and records the frame for its Backend.
//
// A game gets its Device from the engine (engine.GraphicsDevice); the
// engine calls BeginFrame and EndFrame around Game.Draw. Drawing into a
// RenderTarget2D also works outside a frame (in LoadContent, rule G4): it
// is recorded and runs with the next frame, or at once with Flush.
//
// All methods must be called from one goroutine (the game loop's). A Device
// allocates nothing per call or per frame once its record has grown to the
// frame's size (rule G9).
type Device struct {
	backend Backend
	limits  Limits

	frame    Frame  // the record being built
	stale    bool   // frame was handed out; reset before recording more
	recSeq   uint64 // counts records; resources remember the last they appear in
	records  uint64 // Frame.Index of the next record
	inFrame  bool
	bbW, bbH int
	bbUsed   bool // a pass has drawn the back buffer in this frame

	nextTexture TextureID
	nextBuffer  BufferID
	nextQuery   QueryID
	query       *OcclusionQuery // the begun occlusion query, nil for none

	target   *RenderTarget2D
	newPass  bool                                  // SetRenderTarget since the last pass was opened
	resumed  *RenderTarget2D                       // the target set across a Flush: its next pass loads
	more     [MaxRenderTargets - 1]*RenderTarget2D // the further targets of SetRenderTargets
	nmore    int                                   // how many of more are set
	viewport Viewport
	scissor  Rectangle
	blend    BlendState
	sampler  SamplerState
	depth    DepthStencilState
	raster   RasterizerState
	vb       *VertexBuffer
	ib       *IndexBuffer

	effectSet   bool
	uniforms    EffectUniforms
	uniformsIdx int // index in frame.Uniforms of uniforms, -1 when not yet recorded
	variant     ShaderVariant
	texture     *Texture2D
	slots       deviceSlots // texture slots beyond a 2D slot 0 (effect_slots.go)

	nextEffect  EffectID
	effect      *Effect // the applied Effect, nil for a BasicEffect
	effectStage []byte  // its block as it was at Apply
	effectBlock int     // offset of effectStage in frame.EffectData, -1 when not yet recorded
	spriteXf    spriteXform

	instVB     *VertexBuffer // the instance stream (SetVertexBuffers), nil for none
	instOffset int
	instancing bool // inside DrawInstancedPrimitives: inputs may come from the instance stream

	sprites spriteShared // SpriteBatch's per-device state (spritedevice.go)
	uploads uploadTrim   // shrinks the record's upload bytes after a peak (G14)

	// samplerFallback is the first sampler state the device filters
	// otherwise than asked (sampler.go), empty for none.
	samplerFallback string

	err error // the first setter error not yet reported (device_err.go)
}

// NewDevice returns a device recording for b. It asks b for its limits once.
func NewDevice(b Backend) (*Device, error) {
	if b == nil {
		return nil, errors.New("graphics: new device: the backend is nil")
	}
	l := b.Limits()
	if l.MaxTextureSize < 1 {
		return nil, fmt.Errorf("graphics: new device: backend reports MaxTextureSize %d, want at least 1", l.MaxTextureSize)
	}
	d := &Device{backend: b, limits: l, uniformsIdx: -1, effectBlock: -1}
	d.blend = Opaque // XNA 4.0's GraphicsDevice defaults, as MonoGame and FNA
	d.sampler = LinearWrap
	d.slots.sampler1 = LinearWrap
	d.depth = DepthDefault
	d.raster = CullCounterClockwise
	return d, nil
}

// Backend returns the backend the device records for.
func (d *Device) Backend() Backend { return d.backend }

// Limits returns the backend's limits.
func (d *Device) Limits() Limits { return d.limits }

// rec returns the record to append to, emptied first when the previous one
// was handed out.
func (d *Device) rec() *Frame {
	if d.stale {
		if sb := d.sprites.arena; sb != nil {
			sb.leaveArena() // its sprites outlive the record
		}
		d.uploads.trim(&d.frame)
		d.frame.reset()
		d.stale = false
		d.recSeq++
		d.uniformsIdx = -1
		d.effectBlock = -1
	}
	return &d.frame
}

// seq returns the number of the record being built.
func (d *Device) seq() uint64 {
	d.rec()
	return d.recSeq + 1
}

// BeginFrame starts a game frame whose back buffer is width x height
// pixels: the render target goes back to the back buffer and the viewport
// to all of it. Work recorded since the last frame (uploads, render-target
// passes drawn in LoadContent) stays at the front of the record. The engine
// calls it before Game.Draw.
func (d *Device) BeginFrame(width, height int) error {
	if d.inFrame {
		return errors.New("graphics: begin frame: a frame is already begun (EndFrame first)")
	}
	if width < 1 || height < 1 {
		return fmt.Errorf("graphics: begin frame: back buffer %dx%d, want at least 1x1: %w", width, height, ErrInvalid)
	}
	d.rec()
	d.inFrame, d.bbW, d.bbH, d.bbUsed = true, width, height, false
	d.target, d.newPass, d.resumed, d.nmore = nil, true, nil, 0
	d.viewport = NewViewport(0, 0, width, height)
	d.scissor = Rectangle{0, 0, width, height}
	return nil
}

// InFrame reports whether a game frame is begun.
func (d *Device) InFrame() bool { return d.inFrame }

// EndFrame ends the game frame and returns its record, to be executed with
// a present (the engine hands it to its renderer). The record stays valid
// until the next call that records; a frame that drew nothing into the
// back buffer still presents, and shows it cleared to opaque black. A
// setter's error not yet reported (Err) is returned with the record: the
// frame is ended all the same and its record is still to be executed.
func (d *Device) EndFrame() (*Frame, error) {
	if !d.inFrame {
		return nil, errors.New("graphics: end frame: no frame is begun (BeginFrame first)")
	}
	d.closeQuery("end frame")
	f := d.rec()
	d.inFrame = false
	d.target, d.nmore = nil, 0
	d.records++
	f.Index = d.records
	f.Present = true
	f.BackBufferWidth, f.BackBufferHeight = d.bbW, d.bbH
	d.stale = true
	if d.pending() {
		return f, d.report("end frame")
	}
	return f, nil
}

// Flush executes the work recorded outside a frame (uploads, render-target
// passes, releases) now, without a present. Outside a frame this is what a
// game calls to finish LoadContent's drawing early; inside a frame it is an
// error (the frame's record runs at its present). Nothing pending: nothing
// is executed.
func (d *Device) Flush() error {
	if d.inFrame {
		return errors.New("graphics: flush: inside a frame; the frame's work runs when it is presented")
	}
	d.closeQuery("flush")
	f := d.rec()
	if len(f.Uploads) == 0 && len(f.Passes) == 0 && len(f.Releases) == 0 {
		return nil
	}
	d.records++
	f.Index = d.records
	f.Present = false
	d.stale = true
	d.newPass, d.resumed = true, d.target // drawing on into the same target keeps its contents
	err := d.backend.Execute(f)
	for i := range f.Uploads {
		f.Uploads[i].Bytes = nil // copied by Execute: let a loaded image's pixels go now
	}
	if err != nil {
		return fmt.Errorf("graphics: flush: %w", err)
	}
	return nil
}

// SetRenderTarget makes rt the target of the draws and clears that follow;
// nil is the back buffer. The viewport becomes all of the new target and
// the scissor rectangle too (XNA). With DiscardContents the target's
// contents are undefined until cleared or drawn (rule G4). A render target
// of another Device or disposed is an error the next draw returns (rule
// G20) and changes nothing.
func (d *Device) SetRenderTarget(rt *RenderTarget2D) {
	if rt != nil {
		if err := d.own(&rt.resource, "SetRenderTarget"); err != nil {
			d.fail(err)
			return
		}
	}
	d.target, d.newPass, d.resumed, d.nmore = rt, true, nil, 0
	w, h := d.targetSize()
	d.viewport = NewViewport(0, 0, w, h)
	d.scissor = Rectangle{0, 0, w, h}
}

// RenderTarget returns the current render target, nil for the back
// buffer; with several (SetRenderTargets) the first.
func (d *Device) RenderTarget() *RenderTarget2D { return d.target }

// targetSize returns the current target's size (the back buffer's outside a
// frame is 0x0).
func (d *Device) targetSize() (int, int) {
	if d.target != nil {
		return d.target.width, d.target.height
	}
	if !d.inFrame {
		return 0, 0
	}
	return d.bbW, d.bbH
}

// Viewport returns the viewport.
func (d *Device) Viewport() Viewport { return d.viewport }

// SetViewport sets the viewport of the draws that follow. Width and Height
// must be at least 1, 0 <= MinDepth <= MaxDepth <= 1, and the corners
// within the device's viewport bounds (Limits.ViewportMin..ViewportMax);
// another viewport is an error the next draw returns (rule G20) and
// changes nothing.
func (d *Device) SetViewport(v Viewport) {
	if v.Width < 1 || v.Height < 1 || !(v.MinDepth >= 0 && v.MinDepth <= v.MaxDepth && v.MaxDepth <= 1) {
		d.fail(fmt.Errorf("graphics: SetViewport %+v: want Width, Height >= 1 and 0 <= MinDepth <= MaxDepth <= 1: %w", v, ErrInvalid))
		return
	}
	if v.Width > d.limits.MaxTextureSize || v.Height > d.limits.MaxTextureSize {
		d.fail(fmt.Errorf("graphics: SetViewport %dx%d: above the device limit %d: %w", v.Width, v.Height, d.limits.MaxTextureSize, ErrTooLarge))
		return
	}
	lo, hi := d.limits.ViewportMin, d.limits.ViewportMax
	if lo == 0 && hi == 0 {
		lo, hi = -2*d.limits.MaxTextureSize, 2*d.limits.MaxTextureSize-1
	}
	if v.X < lo || v.Y < lo || v.Width > hi-v.X || v.Height > hi-v.Y { // cannot overflow (G2)
		d.fail(fmt.Errorf("graphics: SetViewport %+v: its corners must lie within %d..%d on the device: %w", v, lo, hi, ErrOutOfRange))
		return
	}
	d.viewport = v
}

// ScissorRectangle returns the scissor rectangle.
func (d *Device) ScissorRectangle() Rectangle { return d.scissor }

// SetScissorRectangle sets the rectangle draws are limited to while the
// rasterizer state's ScissorTestEnable is true; it is clipped to the
// target at each draw. A negative size is an error the next draw returns
// (rule G20) and changes nothing.
func (d *Device) SetScissorRectangle(r Rectangle) {
	if r.Width < 0 || r.Height < 0 {
		d.fail(fmt.Errorf("graphics: SetScissorRectangle %+v: negative size: %w", r, ErrInvalid))
		return
	}
	d.scissor = r
}

// BlendState returns the blend state (Opaque at first, as XNA 4.0).
func (d *Device) BlendState() BlendState { return d.blend }

// SetBlendState sets the blend state of the draws that follow. A field
// outside its enumeration is an ErrInvalid error the next draw returns
// (rule G20) and changes nothing.
func (d *Device) SetBlendState(s BlendState) {
	if err := s.Validate(); err != nil {
		d.fail(fmt.Errorf("SetBlendState: %w", err))
		return
	}
	d.blend = s
}

// SamplerState returns the sampler state of texture slot 0 (LinearWrap at
// first, as XNA 4.0).
func (d *Device) SamplerState() SamplerState { return d.sampler }

// SetSamplerState sets the sampler of texture slot 0 (XNA's
// SamplerStates[0]) for the draws that follow.
// A field outside its enumeration is an ErrInvalid error the next draw
// returns (rule G20) and changes nothing.
func (d *Device) SetSamplerState(s SamplerState) {
	if err := s.Validate(); err != nil {
		d.fail(fmt.Errorf("SetSamplerState: %w", err))
		return
	}
	d.noteSampler(s)
	d.sampler = s
}

// DepthStencilState returns the depth/stencil state (DepthDefault at first).
func (d *Device) DepthStencilState() DepthStencilState { return d.depth }

// SetDepthStencilState sets the depth/stencil state of the draws that
// follow.
// A field outside its enumeration is an ErrInvalid error the next draw
// returns (rule G20) and changes nothing.
func (d *Device) SetDepthStencilState(s DepthStencilState) {
	if err := s.Validate(); err != nil {
		d.fail(fmt.Errorf("SetDepthStencilState: %w", err))
		return
	}
	d.depth = s
}

// RasterizerState returns the rasterizer state (CullCounterClockwise at
// first).
func (d *Device) RasterizerState() RasterizerState { return d.raster }

// SetRasterizerState sets the rasterizer state of the draws that follow.
// A field outside its enumeration is an ErrInvalid error the next draw
// returns (rule G20) and changes nothing; a NaN depth bias is kept and
// refused by the next draw.
func (d *Device) SetRasterizerState(s RasterizerState) {
	if s.CullMode > CullNoneFace || s.FillMode > FillWireFrame {
		d.fail(fmt.Errorf("SetRasterizerState: %w", s.Validate()))
		return
	}
	d.raster = s
}

// SetVertexBuffer sets the vertex buffer DrawPrimitives and
// DrawIndexedPrimitives read; nil unsets it. A buffer of another Device or
// disposed is an error the next draw returns (rule G20) and changes
// nothing.
func (d *Device) SetVertexBuffer(vb *VertexBuffer) {
	if vb != nil {
		if err := d.own(&vb.resource, "SetVertexBuffer"); err != nil {
			d.fail(err)
			return
		}
	}
	d.vb = vb
	d.instVB = nil
}

// VertexBuffer returns the vertex buffer set, or nil.
func (d *Device) VertexBuffer() *VertexBuffer { return d.vb }

// SetIndices sets the index buffer DrawIndexedPrimitives reads (XNA's
// Indices); nil unsets it. A buffer of another Device or disposed is an
// error the next draw returns (rule G20) and changes nothing.
func (d *Device) SetIndices(ib *IndexBuffer) {
	if ib != nil {
		if err := d.own(&ib.resource, "SetIndices"); err != nil {
			d.fail(err)
			return
		}
	}
	d.ib = ib
}

// Indices returns the index buffer set, or nil.
func (d *Device) Indices() *IndexBuffer { return d.ib }

// Clear clears the whole current target's colour, depth and stencil
// buffers to c, depth 1 and stencil 0 (XNA's Clear(Color)).
func (d *Device) Clear(c Color) error {
	return d.ClearWith(ClearTarget|ClearDepthBuffer|ClearStencil, c, 1, 0)
}

// ClearWith clears the buffers opts names: colour to c, depth to depth
// (0..1) and stencil to stencil. The whole target is cleared; the viewport
// and scissor do not limit it. Buffers the target lacks (a render target
// without depth or stencil) are skipped.
func (d *Device) ClearWith(opts ClearOptions, c Color, depth float32, stencil int32) error {
	if opts == 0 || opts&^(ClearTarget|ClearDepthBuffer|ClearStencil) != 0 {
		return fmt.Errorf("graphics: clear: options %#x, want a combination of ClearTarget, ClearDepthBuffer, ClearStencil: %w", opts, ErrInvalid)
	}
	if !(depth >= 0 && depth <= 1) {
		return fmt.Errorf("graphics: clear: depth %v, want 0..1: %w", depth, ErrInvalid)
	}
	if err := d.checkTarget("clear"); err != nil {
		return err
	}
	p := d.pass()
	if p.DrawCount > 0 {
		p = d.openPass()
	}
	opts &= p.Depth.clearable()
	p.Clear |= opts
	if opts&ClearTarget != 0 {
		p.ClearColor, p.ClearHDR = c, false
	}
	if opts&ClearDepthBuffer != 0 {
		p.ClearDepth = depth
	}
	if opts&ClearStencil != 0 {
		p.ClearStencilValue = stencil
	}
	return nil
}

// checkTarget validates that the current target can be drawn or cleared,
// and reports a setter's pending error first.
func (d *Device) checkTarget(op string) error {
	if d.pending() {
		return d.report(op)
	}
	if d.target == nil {
		if !d.inFrame {
			return fmt.Errorf("graphics: %s: the back buffer outside a frame: draw in Game.Draw, or SetRenderTarget a RenderTarget2D first: %w", op, ErrOutsideFrame)
		}
		return nil
	}
	if d.target.disposed {
		return fmt.Errorf("graphics: %s: the render target (texture %d) is disposed: set another one: %w", op, d.target.id, ErrDisposed)
	}
	if rt := d.moreDisposed(); rt != nil {
		return fmt.Errorf("graphics: %s: render target texture %d of the SetRenderTargets set is disposed: set others: %w", op, rt.id, ErrDisposed)
	}
	return nil
}

// pass returns the pass being recorded, opening one when the target
// changed since the last.
func (d *Device) pass() *Pass {
	f := d.rec()
	if d.newPass || len(f.Passes) == 0 {
		return d.openPass()
	}
	return &f.Passes[len(f.Passes)-1]
}

// openPass appends a pass for the current target.
func (d *Device) openPass() *Pass {
	f := d.rec()
	continuing := !d.newPass && len(f.Passes) > 0
	p := Pass{FirstDraw: len(f.Draws), Load: continuing}
	if t := d.target; t != nil {
		p.Target, p.Width, p.Height, p.Depth = t.id, t.width, t.height, t.depth
		p.Load = p.Load || t.keeps() || t == d.resumed
		d.resumed = nil
		t.written = d.seq()
		d.openMore(&p)
	} else {
		p.Width, p.Height, p.Depth = d.bbW, d.bbH, Depth24Stencil8
		p.Load = p.Load || d.bbUsed
		d.bbUsed = true
	}
	d.markMips(f, &p)
	f.Passes = append(f.Passes, p)
	d.newPass = false
	return &f.Passes[len(f.Passes)-1]
}

// clearable returns the buffers a target with depth format f has.
func (f DepthFormat) clearable() ClearOptions {
	switch f {
	case DepthFormatNone:
		return ClearTarget
	case Depth24Stencil8:
		return ClearTarget | ClearDepthBuffer | ClearStencil
	}
	return ClearTarget | ClearDepthBuffer
}

// own checks that r belongs to d and is not disposed.
func (d *Device) own(r *resource, op string) error {
	if r.dev != d {
		return fmt.Errorf("graphics: %s: %s %d was made by another Device: %w", op, r.kind(), r.rid, ErrWrongDevice)
	}
	if r.disposed {
		return fmt.Errorf("graphics: %s: %s %d is disposed: %w", op, r.kind(), r.rid, ErrDisposed)
	}
	return nil
}
