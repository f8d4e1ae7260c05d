package vulkan

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Execute runs one frame record (graphics.Backend): uploads, then each
// pass with its draws. With f.Present it draws into the image BeginFrame
// acquired and presents it (twice while half rate is active, P8; with an
// emulated FIFO the second present waits, bounded, for the first one's
// frame callback, and is skipped when it does not come), with a copy for
// a capture when one was asked for (G11); without, it submits
// the work and waits for it. A warm steady frame allocates nothing (G9):
// the record becomes commands in C memory and one cgo call records,
// submits and presents them.
func (r *Renderer) Execute(f *graphics.Frame) error {
	if r == nil || r.gpu.dev == nil {
		return errors.New("execute frame: the renderer was destroyed")
	}
	if f == nil {
		return errors.New("execute frame: nil frame")
	}
	if !f.Present {
		return r.executeOffscreen(f)
	}
	if !r.frames.acquired {
		return errors.New("execute frame: no image acquired: call BeginFrame first, and draw only when it returns true")
	}
	r.gpu.warmRec.framed = true
	r.frames.acquired = false
	slot := r.gpu.loop.frame()
	r.release(slot) // BeginFrame waited for this slot's fence
	if err := r.recordFrame(f, slot, true); err != nil {
		// The image is acquired: present it (an empty pass brings it into
		// its present layout), then report.
		r.frames.ops.reset()
		r.frames.ops.beginPass(r.gpu.swapPass(passSwapDiscard), nil, int(r.pres.sc.extent.Width), int(r.pres.sc.extent.Height))
		r.frames.ops.endPass()
		_ = r.presentOps(r.frames.ops.n)
		return fmt.Errorf("execute frame: %w", err)
	}
	capture := r.wantCapture()
	if capture {
		if err := r.addCapture(); err != nil {
			capture = false
			r.pres.captureErr = err
		}
	}
	n, hold := r.frames.ops.n, r.pres.choice.Refreshes()
	first := n
	if capture && hold > 1 {
		first-- // the capture (the last op) copies only the last image presented
	}
	if err := r.presentOps(first); err != nil {
		return err
	}
	for range hold - 1 { // P8: the same commands into a second image
		if r.pres.pacing() { // an emulated FIFO: the second present one refresh after the first
			if !r.pres.pacer.WaitFrame(r.pres.paceBound) {
				r.frames.skipped++ // W7: the first present's callback did not come; skip the second
				return nil
			}
			if !r.visible() { // hidden while the wait handled events (W8)
				return nil
			}
		}
		drawn, err := r.acquireNext()
		if err != nil || !drawn {
			return err
		}
		r.frames.acquired = false
		if err := r.presentOps(n); err != nil {
			return err
		}
	}
	if capture {
		return r.finishCapture()
	}
	return nil
}

// presentOps records the first n ops, submits and presents, and notes
// what the present says. With an emulated FIFO it asks for a frame
// callback right before the present, so the callback belongs to the
// present's commit and the next BeginFrame waits for it.
func (r *Renderer) presentOps(n int) error {
	if r.pres.pacing() {
		if err := r.pres.pacer.RequestFrame(); err != nil {
			return fmt.Errorf("present: %w", err)
		}
	}
	res := r.gpu.loop.present(&r.frames.ops, n)
	switch res {
	case vk.Success:
		r.pres.presents++
	case vk.Suboptimal:
		r.pres.presents++
		r.pres.stale = true
	case vk.ErrorOutOfDate:
		r.pres.stale = true
	default:
		return r.frameErr(res)
	}
	return nil
}

// executeOffscreen runs a record without a present and waits for it.
func (r *Renderer) executeOffscreen(f *graphics.Frame) error {
	for _, p := range f.Passes {
		if p.Target == 0 {
			return errors.New("execute frame: a record without Present draws into the back buffer")
		}
	}
	if err := r.recordFrame(f, offscreen, false); err != nil {
		return fmt.Errorf("execute frame: %w", err)
	}
	return r.submitOffscreen("execute frame")
}

// recordFrame turns f into r.ops, with its vertices, uniforms and upload
// data copied into slot's arena.
func (r *Renderer) recordFrame(f *graphics.Frame, slot int, present bool) error {
	r.dropDead(f)
	streamed, err := r.streamUploads(f) // before f's releases are queued: it frees the offscreen slot's
	if len(f.Releases) > 0 {
		r.frames.releases[slot] = append(r.frames.releases[slot], f.Releases...)
	}
	if err != nil {
		return err
	}
	a := &r.frames.arenas[slot]
	if present && r.pres.choice.Refreshes() > 1 {
		// Half rate: the second present of the last frame read this
		// arena too, from the next slot: wait for it as well.
		if res := r.gpu.loop.waitFrames(); res != vk.Success {
			return callErr("record frame", r.gpu.loop.lastCall(), res)
		}
	}
	if slot != offscreen {
		r.trimArena(a)
	}
	a.reset()
	r.frames.ops.reset()
	r.emitInits()
	if !streamed {
		if err := r.recordUploads(f, a); err != nil {
			return err
		}
	}
	var verts vk.Buffer
	vertBase := 0
	if len(f.Vertices) > 0 {
		c, off, err := r.arenaAlloc(a, len(f.Vertices), 16)
		if err != nil {
			return err
		}
		copy(c.buf.bytes()[off:], f.Vertices)
		verts, vertBase = c.buf.handle, off
	}
	if cap(r.frames.uniformLocs) < len(f.Uniforms) {
		r.frames.uniformLocs = make([]uniformLoc, len(f.Uniforms), 2*len(f.Uniforms))
	}
	r.frames.uniformLocs = r.frames.uniformLocs[:len(f.Uniforms)]
	if n := len(f.Uniforms); n > 0 {
		// G16: the blocks sit side by side; a group of drawGroup is
		// bound once (its dynamic offset), and a draw names its block in
		// the group by its first instance: no descriptor work per draw.
		// The last group's binding reaches past the blocks: room for it.
		const size = graphics.EffectUniformsSize
		c, off, err := r.arenaAlloc(a, n*size+drawGroupBytes, r.gpu.uboAlign)
		if err != nil {
			return err
		}
		for i := range f.Uniforms {
			*(*graphics.EffectUniforms)(c.buf.at(off + i*size)) = f.Uniforms[i]
			r.frames.uniformLocs[i] = uniformLoc{set: c.data, offset: uint32(off + i/drawGroup*drawGroupBytes), index: uint32(i % drawGroup)}
		}
	}
	if err := r.recordEffectData(f, a); err != nil {
		return err
	}
	if err := r.queryStart(f, slot); err != nil {
		return err
	}
	swapSeen := false
	for i := range f.Passes {
		if err := r.recordPass(f, &f.Passes[i], verts, vertBase, &swapSeen); err != nil {
			r.queryAbort(slot)
			return err
		}
	}
	if present && !swapSeen {
		// Nothing drew into the back buffer (a loading frame, an Exit in
		// the first Draw): clear it, which also brings the acquired image
		// into its present layout (W3: never present an UNDEFINED image).
		r.clearBackBuffer()
	}
	if err := r.frames.ops.err(); err != nil {
		r.queryAbort(slot)
		return err
	}
	return nil
}

// recordUploads copies each upload's bytes into the arena and records its copy.
func (r *Renderer) recordUploads(f *graphics.Frame, a *arena) error {
	for i := range f.Uploads {
		up := &f.Uploads[i]
		if up.Size <= 0 || r.frames.dead.textures[up.Texture] || r.frames.dead.buffers[up.Buffer] {
			continue // G14: nothing draws with it before it is released
		}
		if err := r.checkUpload(f, up); err != nil {
			return err
		}
		src := f.UploadBytes(up)
		if t := r.gpu.textures[up.Texture]; up.Texture != 0 && t != nil {
			src = r.gpu.decoded(t, up.Region, src)
		}
		c, off, err := r.arenaAlloc(a, len(src), 16)
		if err != nil {
			return err
		}
		copy(c.buf.bytes()[off:off+len(src)], src)
		switch {
		case up.Texture != 0:
			t := r.gpu.textures[up.Texture]
			if t == nil {
				return fmt.Errorf("upload to texture %d: no such texture", up.Texture)
			}
			g := up.Region
			if t.slices > 0 {
				r.frames.ops.uploadVolume(c.buf.handle, off, t.image, g.X, g.Y, up.Front, g.Width, g.Height, max(up.Slices, 1))
				continue
			}
			r.frames.ops.uploadLayer(c.buf.handle, off, t.image, up.Level, up.Face, g.X, g.Y, g.Width, g.Height)
		case up.Buffer != 0:
			b := r.gpu.buffers[up.Buffer]
			if b == nil {
				return fmt.Errorf("upload to buffer %d: no such buffer", up.Buffer)
			}
			r.frames.ops.copyBuffer(c.buf.handle, b.handle, off, up.Offset, up.Size)
		}
	}
	return nil
}

// checkUpload validates an upload against the record's bytes and its
// destination, in comparisons that cannot overflow (rule G2): a record
// built by hand must not make the copy read or write out of bounds.
func (r *Renderer) checkUpload(f *graphics.Frame, up *graphics.Upload) error {
	if up.Bytes != nil {
		if up.Size != len(up.Bytes) {
			return fmt.Errorf("upload: size %d, but %d bytes of its own: %w", up.Size, len(up.Bytes), graphics.ErrOutOfRange)
		}
	} else if up.Data < 0 || up.Size > len(f.UploadData)-up.Data {
		return fmt.Errorf("upload: bytes %d+%d outside the record's %d upload bytes: %w", up.Data, up.Size, len(f.UploadData), graphics.ErrOutOfRange)
	}
	switch {
	case up.Texture != 0:
		t := r.gpu.textures[up.Texture]
		if t == nil {
			return fmt.Errorf("upload to texture %d: no such texture", up.Texture)
		}
		g := up.Region
		if up.Level < 0 || up.Level >= t.levels {
			return fmt.Errorf("upload to texture %d: level %d, it has %d: %w", up.Texture, up.Level, t.levels, graphics.ErrOutOfRange)
		}
		if t.image == nil {
			return fmt.Errorf("upload to texture %d: a face of a cube render target: upload to the cube", up.Texture)
		}
		if t.slices > 0 {
			return checkVolumeUpload(t, up)
		}
		if up.Front != 0 || up.Slices > 1 {
			return fmt.Errorf("upload to texture %d: slices %d+%d of a texture that has none: %w", up.Texture, up.Front, up.Slices, graphics.ErrOutOfRange)
		}
		if up.Face < 0 || up.Face >= max(t.layers, 1) {
			return fmt.Errorf("upload to texture %d: face %d, it has %d: %w", up.Texture, up.Face, max(t.layers, 1), graphics.ErrOutOfRange)
		}
		if w, h := t.levelSize(up.Level); !g.Within(w, h) {
			return fmt.Errorf("upload to texture %d: region %+v is not inside the %dx%d level %d: %w", up.Texture, g, w, h, up.Level, graphics.ErrOutOfRange)
		}
		w, h := t.levelSize(up.Level)
		if err := checkTextureUpload(t, up, w, h); err != nil {
			return err
		}
	case up.Buffer != 0:
		b := r.gpu.buffers[up.Buffer]
		if b == nil {
			return fmt.Errorf("upload to buffer %d: no such buffer", up.Buffer)
		}
		if up.Offset < 0 || up.Size > b.size-up.Offset {
			return fmt.Errorf("upload to buffer %d: %d bytes at offset %d do not fit in %d bytes: %w", up.Buffer, up.Size, up.Offset, b.size, graphics.ErrOutOfRange)
		}
	}
	return nil
}

// emptyFrameColor is what a presented frame that drew nothing into the back
// buffer shows: opaque black.
var emptyFrameColor = [4]float32{0, 0, 0, 1}

// clearBackBuffer records a pass that clears the acquired image to
// emptyFrameColor (and depth and stencil), leaving it ready to present.
func (r *Renderer) clearBackBuffer() {
	r.frames.ops.beginClearPass(r.gpu.swapPass(passSwapClear), nil, int(r.pres.sc.extent.Width), int(r.pres.sc.extent.Height), emptyFrameColor, 1, 0)
	r.frames.ops.endPass()
}

// drawState is what the last draw bound, so the next binds only changes.
type drawState struct {
	key      graphics.PipelineKey
	pipe     vk.Pipeline
	viewport graphics.Viewport
	scissor  graphics.Rectangle
	layout   vk.PipelineLayout // of the bound pipeline
	vonly    bool              // its uniform block is visible to the vertex stage only
	uniform  uniformLoc        // BasicEffect's: its group's (index unused)
	texSet   vk.DescriptorSet
	texSet2  vk.DescriptorSet // texture slot 1's (set 2), nil until bound with the layout
	vbuf     vk.Buffer
	voff     int
	inst     vk.Buffer // the instance stream bound at binding 1, nil for the defaults
	instOff  int
	ibuf     vk.Buffer
	ioff     int
	iwide    bool
	first    bool
	colors   int // the pass's targets (0 or 1: one; mrt.go)
	samples  int // its samples per pixel (1: one; msaa.go)
}

// recordPass records one pass: its begin, clear and draws.
func (r *Renderer) recordPass(f *graphics.Frame, p *graphics.Pass, verts vk.Buffer, vertBase int, swapSeen *bool) error {
	target := p.Target != 0
	var fb vk.Framebuffer
	var rp vk.RenderPass
	var t *texture
	if target {
		t = r.gpu.textures[p.Target]
		if t == nil || t.fb == nil {
			return fmt.Errorf("pass into texture %d: not a render target", p.Target)
		}
		fb, rp = t.fb, r.gpu.targetPass(t, passTargetDiscard)
		if p.Load {
			rp = r.gpu.targetPass(t, passTargetLoad)
		}
	} else {
		if r.pres.sc == nil {
			return errors.New("pass into the back buffer: no swapchain")
		}
		rp = r.gpu.passes[passSwapDiscard]
		if p.Load && *swapSeen {
			rp = r.gpu.passes[passSwapLoad]
		}
		*swapSeen = true
	}
	// The image's own size (the record's Width and Height describe the
	// same target; the swapchain's extent is what the framebuffer has).
	var w, h int
	if target {
		w, h = t.w, t.h
	} else {
		w, h = int(r.pres.sc.extent.Width), int(r.pres.sc.extent.Height)
	}
	c := p.ClearColor
	rgba := [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
	if p.ClearHDR {
		rgba = clearVector(p.ClearVector, target && t.tf.passes != nil)
	}
	var aspects uint32
	if p.Clear&graphics.ClearTarget != 0 {
		aspects |= 1
	}
	if p.Clear&graphics.ClearDepthBuffer != 0 {
		aspects |= 2
	}
	if p.Clear&graphics.ClearStencil != 0 && r.depthHasStencil() {
		aspects |= 4
	}
	if target {
		// A target's depth image holds what its format lacks (all of it
		// for DepthFormatNone, the stencil for Depth16 and Depth24):
		// nothing reads that, so a clear may as well clear it, and then
		// clears on load instead of with a command before any draw.
		if p.Depth == graphics.DepthFormatNone && aspects&1 != 0 {
			aspects |= 2 | 4
		}
		if p.Depth != graphics.Depth24Stencil8 && aspects&2 != 0 {
			aspects |= 4
		}
		if !r.depthHasStencil() {
			aspects &^= 4
		}
	}
	depth, stencil := p.ClearDepth, uint32(p.ClearStencilValue)
	if !p.Load && aspects == 1 {
		// Depth and stencil start undefined in this pass: defining them
		// (far, 0) costs nothing, and the pass clears on load instead of
		// by a command before any draw.
		aspects |= 2
		if r.depthHasStencil() {
			aspects |= 4
		}
		depth, stencil = 1, 0
	}
	// A pass that starts by clearing colour and depth (and stencil, or
	// nothing of it to keep) clears on load: the cheapest clear there is.
	clearOnLoad := aspects&3 == 3 && (aspects&4 != 0 || !p.Load || !r.depthHasStencil())
	if clearOnLoad {
		rp = r.gpu.passes[passSwapClear]
		if target {
			rp = r.gpu.targetPass(t, passTargetClear)
		}
	}
	n, samples := targetCount(p), r.samplesOf(p)
	if n > 1 {
		var err error
		if rp, fb, err = r.mrtPassFor(rp, p, n); err != nil {
			return err
		}
	} else if samples > 1 && target {
		var err error
		if rp, err = r.msPassFor(rp, t, f, p); err != nil {
			return err
		}
	} else if samples > 1 {
		k := passSwapDiscard
		switch rp {
		case r.gpu.passes[passSwapLoad]:
			k = passSwapLoad
		case r.gpu.passes[passSwapClear]:
			k = passSwapClear
		}
		var err error
		if rp, err = r.swapPassFor(k, f, p); err != nil {
			return err
		}
	}
	if clearOnLoad {
		r.frames.ops.beginClearPass(rp, fb, w, h, rgba, depth, stencil)
		r.frames.ops.colorCount(n)
	} else {
		r.frames.ops.beginPass(rp, fb, w, h)
		if aspects != 0 {
			r.frames.ops.clear(aspects, rgba, depth, stencil, 0, 0, w, h)
			r.frames.ops.colorCount(n)
		}
	}
	st := drawState{first: true, colors: n, samples: samples}
	r.gpu.formats.passColor = 0 // the draws' pipelines are the HDR target's (texture_formats.go)
	if target && t.tf.passes != nil {
		r.gpu.formats.passColor = t.tf.format
	}
	queried := len(f.Queries) > 0
	for i := p.FirstDraw; i < p.FirstDraw+p.DrawCount; i++ {
		if queried {
			if err := r.queryBefore(f, i); err != nil {
				return err
			}
		}
		if err := r.recordDraw(f, &f.Draws[i], &st, target, w, h, verts, vertBase); err != nil {
			r.gpu.formats.passColor = 0
			return fmt.Errorf("draw %d: %w", i, err)
		}
		if queried {
			r.queryAfter(f, i, p.FirstDraw+p.DrawCount-1)
		}
	}
	r.gpu.formats.passColor = 0
	r.frames.ops.endPass()
	if target && p.GenerateMips && t.levels > 1 {
		r.frames.ops.genMips(t.image, t.w, t.h, t.levels)
	}
	return nil
}

// depthHasStencil reports whether the depth format has a stencil aspect.
func (r *Renderer) depthHasStencil() bool { return hasStencil(r.gpu.depthFormat) }

// recordDraw records one draw, binding what changed since the last.
func (r *Renderer) recordDraw(f *graphics.Frame, d *graphics.Draw, st *drawState, target bool, w, h int,
	verts vk.Buffer, vertBase int) error {
	if st.first || d.Pipeline != st.key {
		p, err := r.gpu.pipelineN(d.Pipeline, target, st.colors, st.samples)
		if err != nil {
			return err
		}
		if st.first || p != st.pipe {
			r.frames.ops.pipeline(p)
			r.gpu.warmRec.drewWith(p)
		}
		st.key, st.pipe = d.Pipeline, p
		if layout, vonly := r.gpu.drawLayout(d.Pipeline); layout != st.layout {
			// Sets bound with another layout are not compatible: bind again.
			st.layout, st.vonly = layout, vonly
			st.uniform, st.texSet, st.texSet2 = uniformLoc{}, nil, nil
		}
	}
	if st.first || d.Viewport != st.viewport {
		v := d.Viewport
		r.frames.ops.viewport(float32(v.X), float32(v.Y), float32(v.Width), float32(v.Height), v.MinDepth, v.MaxDepth)
		st.viewport = v
	}
	if st.first || d.Scissor != st.scissor {
		s := d.Scissor.Intersect(graphics.Rectangle{Width: w, Height: h})
		r.frames.ops.scissor(s.X, s.Y, max(s.Width, 0), max(s.Height, 0))
		st.scissor = d.Scissor
	}
	u, err := r.uniformOf(d, st.vonly)
	if err != nil {
		return err
	}
	var block uint32 // BasicEffect's: the draw's first instance
	switch {
	case d.Pipeline.Effect != 0:
		if st.first || u != st.uniform {
			r.frames.ops.uniforms(st.layout, u.set, u.offset)
			st.uniform = u
		}
	default: // BasicEffect: the set once per group, the block by first instance (G16)
		if st.first || u.set != st.uniform.set || u.offset != st.uniform.offset {
			r.frames.ops.uniforms(st.layout, u.set, u.offset)
			st.uniform = u
		}
		block = u.index
	}
	tex := r.gpu.white
	if d.Texture != 0 {
		if tex = r.gpu.textures[d.Texture]; tex == nil {
			return fmt.Errorf("texture %d does not exist (disposed?)", d.Texture)
		}
	}
	set, err := r.textureSet(tex, d.Sampler)
	if err != nil {
		return err
	}
	if st.first || set != st.texSet {
		r.frames.ops.texture(st.layout, set)
		st.texSet = set
	}
	if err := r.bindTexture2(d, st); err != nil {
		return err
	}
	vb, voff := verts, vertBase+d.VertexOffset
	if d.VertexBuffer != 0 {
		b := r.gpu.buffers[d.VertexBuffer]
		if b == nil {
			return fmt.Errorf("vertex buffer %d does not exist (disposed?)", d.VertexBuffer)
		}
		vb, voff = b.handle, d.VertexOffset
	}
	if vb == nil {
		return errors.New("no vertices: the record's vertex arena is empty")
	}
	var inst vk.Buffer
	if d.InstanceCount > 0 {
		b := r.gpu.buffers[d.InstanceBuffer]
		if b == nil {
			return fmt.Errorf("instance buffer %d does not exist (disposed?)", d.InstanceBuffer)
		}
		inst = b.handle
	}
	if st.first || vb != st.vbuf || voff != st.voff || inst != st.inst || d.InstanceOffset != st.instOff {
		if inst != nil {
			r.frames.ops.verticesInstanced(vb, voff, inst, d.InstanceOffset)
		} else {
			r.frames.ops.vertices(vb, voff)
		}
		st.vbuf, st.voff, st.inst, st.instOff = vb, voff, inst, d.InstanceOffset
	}
	st.first = false
	if !d.Indexed {
		r.frames.ops.draw(d.Count, 0)
		r.frames.ops.instances(d.InstanceCount, block)
		return nil
	}
	ib, ioff := verts, vertBase+d.IndexOffset
	if d.IndexBuffer != 0 {
		b := r.gpu.buffers[d.IndexBuffer]
		if b == nil {
			return fmt.Errorf("index buffer %d does not exist (disposed?)", d.IndexBuffer)
		}
		ib, ioff = b.handle, 0
	}
	wide := d.IndexSize == graphics.ThirtyTwoBits
	first := 0
	if d.IndexBuffer != 0 {
		first = d.IndexOffset / d.IndexSize.Bytes()
	}
	if ib != st.ibuf || ioff != st.ioff || wide != st.iwide {
		r.frames.ops.indices(ib, ioff, wide)
		st.ibuf, st.ioff, st.iwide = ib, ioff, wide
	}
	r.frames.ops.drawIndexed(d.Count, first, d.BaseVertex)
	r.frames.ops.instances(d.InstanceCount, block)
	return nil
}
