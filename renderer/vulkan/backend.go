package vulkan

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The Renderer is the graphics.Backend of engine/graphics: this file
// creates its resources and turns a frame record into commands.

var _ graphics.Backend = (*Renderer)(nil)

// offscreen is the arena and release slot of work outside a frame.
const offscreen = maxFrames

// pipeKey is a pipeline's cache key: the record's key (of its shader
// variant only the bits that pick the shaders: lighting, per-pixel
// lighting and texture), the target kind and the number of targets
// (0: one; mrt.go).
type pipeKey struct {
	graphics.PipelineKey
	target  bool
	color   vk.Format // an HDR render target's colour format; 0 for the back buffer's or Color's
	colors  uint8
	samples uint8 // 0 or 1: one sample per pixel (msaa.go)
}

// uniformLoc is where a frame's uniform block lives in the arena.
type uniformLoc struct {
	set    vk.DescriptorSet
	offset uint32 // the dynamic offset
	index  uint32 // BasicEffect's: the block's index in its group (G16)
}

// createGraphics creates what drawing needs beside the swapchain and
// what the start made (createCore): the default vertex attributes, a
// white texture, the one-shot command buffer and fence, and reads the
// device's limits.
func (r *Renderer) createGraphics() (err error) {
	dev := r.gpu.dev.handle
	r.gpu.pools = descriptorPools{dev: dev}
	r.gpu.initFormats()
	r.gpu.samplerIndex = map[graphics.SamplerState]int{}
	r.gpu.textures = map[graphics.TextureID]*texture{}
	r.gpu.buffers = map[graphics.BufferID]*gpuBuffer{}
	r.readLimits()
	if r.gpu.defaults, err = newBuffer(r.gpu.dev, int(unsafe.Sizeof(defaultAttributes)), vk.BufferUsageVertexBufferBit, "default attributes"); err != nil {
		return err
	}
	copy(r.gpu.defaults.bytes(), unsafe.Slice((*byte)(unsafe.Pointer(&defaultAttributes[0])), unsafe.Sizeof(defaultAttributes)))
	r.gpu.loop.setDefaults(r.gpu.defaults.handle)
	if err := newOneShot(r.gpu.dev, r.gpu.cmdPool, &r.gpu.oneShot, &r.gpu.oneShotFence); err != nil {
		return err
	}
	if r.gpu.white, err = newTexture(r.gpu.dev, 1, 1, 1, false, r.gpu.depthFormat, nil); err != nil {
		return err
	}
	r.gpu.pendingInit = append(r.gpu.pendingInit, r.gpu.white)
	return nil
}

// readLimits reads the device limits the backend needs.
func (r *Renderer) readLimits() {
	var p vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(r.gpu.dev.gpu, &p)
	p.Deref()
	p.Limits.Deref()
	r.gpu.maxTexture = int(p.Limits.MaxImageDimension2D)
	r.gpu.maxVolume = int(p.Limits.MaxImageDimension3D)
	r.gpu.viewportMin = int(math.Ceil(float64(p.Limits.ViewportBoundsRange[0])))
	r.gpu.viewportMax = int(math.Floor(float64(p.Limits.ViewportBoundsRange[1])))
	r.gpu.uboAlign = max(int(p.Limits.MinUniformBufferOffsetAlignment), 16)
	p.Limits.Free()
	p.Free()
}

// destroyGraphics mirrors createGraphics and destroys every texture,
// buffer and arena; the device is idle. The pipelines and what else the
// start made go with the device (destroyCore).
func (r *Renderer) destroyGraphics() {
	dev := r.gpu.dev.handle
	r.destroyQueries()
	// In the order they were made (their ids'), not the maps' random
	// order: lavapipe's vkDestroyBuffer costs in proportion to the live buffers
	// made before the one destroyed, so of 80,000 buffers destroyed at random the first
	// took 60 us each, in order 8 us; freed in order, the allocator's
	// free lists stay short as well.
	r.dropMRT(0)
	for _, id := range slices.Sorted(maps.Keys(r.gpu.textures)) {
		r.gpu.textures[id].destroy(&r.gpu.pools)
		delete(r.gpu.textures, id)
	}
	r.gpu.white.destroy(&r.gpu.pools)
	for _, id := range slices.Sorted(maps.Keys(r.gpu.buffers)) {
		r.gpu.buffers[id].destroy()
		delete(r.gpu.buffers, id)
	}
	for i := range r.frames.arenas {
		r.frames.arenas[i].destroy()
	}
	r.gpu.pools.destroy()
	for _, s := range r.gpu.samplers {
		vk.DestroySampler(dev, s, nil)
	}
	r.gpu.samplers = nil
	if r.gpu.oneShotFence != nil {
		vk.DestroyFence(dev, r.gpu.oneShotFence, nil)
	}
	if r.gpu.oneShot != nil {
		vk.FreeCommandBuffers(dev, r.gpu.cmdPool, 1, []vk.CommandBuffer{r.gpu.oneShot})
	}
	r.gpu.defaults.destroy()
	r.gpu.readBuf.destroy()
	r.frames.ops.free()
}

// Limits reports the largest texture (maxImageDimension2D), the
// viewport bounds, the anisotropic filter's most samples (0 without the
// samplerAnisotropy feature) and no buffer limit (graphics.Backend).
func (r *Renderer) Limits() graphics.Limits {
	return graphics.Limits{MaxTextureSize: r.gpu.maxTexture, ViewportMin: r.gpu.viewportMin, ViewportMax: r.gpu.viewportMax,
		MaxAnisotropy: r.gpu.dev.maxAnisotropy, ShaderFeatures: r.gpu.dev.shader, MaxMultiSampleCount: r.gpu.dev.maxSamples,
		MaxVolumeSize: r.gpu.maxVolume}
}

// CreateTexture creates a texture or render target (graphics.Backend):
// an RGBA8 image, cleared to transparent black by the next executed
// record; a render target also gets a depth buffer and a framebuffer.
func (r *Renderer) CreateTexture(id graphics.TextureID, desc graphics.TextureDesc) error {
	if r == nil || r.gpu.dev == nil {
		return errors.New("create texture: the renderer was destroyed")
	}
	if desc.Width < 1 || desc.Height < 1 || desc.Width > r.gpu.maxTexture || desc.Height > r.gpu.maxTexture {
		return fmt.Errorf("create texture: %dx%d: width and height must be 1 to %d", desc.Width, desc.Height, r.gpu.maxTexture)
	}
	if _, ok := r.gpu.textures[id]; ok {
		return fmt.Errorf("create texture: id %d exists", id)
	}
	levels := max(desc.MipLevels, 1)
	if levels > graphics.MipLevelCount(desc.Width, desc.Height) {
		return fmt.Errorf("create texture: %d mipmap levels for %dx%d, want at most %d", levels, desc.Width, desc.Height,
			graphics.MipLevelCount(desc.Width, desc.Height))
	}
	if levels > 1 && desc.RenderTarget {
		if err := r.checkMipBlit(); err != nil {
			return err
		}
	}
	var t *texture
	var err error
	switch {
	case desc.Depth3D > 0:
		t, err = r.newVolumeTexture(desc)
	case desc.Cube:
		t, err = r.newCubeTexture(desc, levels)
	case desc.FaceOf != 0:
		t, err = r.newCubeFace(desc)
	case desc.MultiSampleCount > 1:
		n := desc.MultiSampleCount
		if !desc.RenderTarget || levels > 1 || n&(n-1) != 0 || n > r.gpu.dev.maxSamples || desc.Format != graphics.SurfaceFormatColor {
			return fmt.Errorf("create texture: %d samples per pixel: want a Color render target without mipmaps, a power of two up to %d", n, r.gpu.dev.maxSamples)
		}
		var rp vk.RenderPass
		if rp, err = r.gpu.msPass(n, loadDiscard, false); err == nil {
			t, err = newMSTexture(r.gpu.dev, desc.Width, desc.Height, n, desc.Usage == graphics.PreserveContents, r.gpu.depthFormat, rp)
		}
	default:
		var tf texFormat
		if tf, err = r.gpu.texFormatFor(desc); err != nil {
			return err
		}
		rp := r.gpu.passes[passTargetDiscard]
		if tf.passes != nil {
			rp = tf.passes[passTargetDiscard]
		}
		t, err = newTextureOf(r.gpu.dev, desc.Width, desc.Height, levels, desc.RenderTarget, r.gpu.depthFormat, rp, tf)
	}
	if err != nil {
		return err
	}
	r.gpu.textures[id] = t
	r.gpu.pendingInit = append(r.gpu.pendingInit, t)
	return nil
}

// CreateBuffer creates a vertex or index buffer in device memory
// (graphics.Backend); SetData reaches it through the next record.
func (r *Renderer) CreateBuffer(id graphics.BufferID, desc graphics.BufferDesc) error {
	if r == nil || r.gpu.dev == nil {
		return errors.New("create buffer: the renderer was destroyed")
	}
	if desc.Size < 1 {
		return fmt.Errorf("create buffer: size %d, want at least 1 byte", desc.Size)
	}
	if _, ok := r.gpu.buffers[id]; ok {
		return fmt.Errorf("create buffer: id %d exists", id)
	}
	b, err := newGPUBuffer(r.gpu.dev, desc.Size)
	if err != nil {
		return err
	}
	r.gpu.buffers[id] = b
	return nil
}

// ReadTexture copies region rect of texture id into dst as RGBA bytes
// (graphics.Backend). It waits for every frame in flight and for the copy.
func (r *Renderer) ReadTexture(id graphics.TextureID, rect graphics.Rectangle, dst []byte) error {
	return r.ReadTextureLevel(id, 0, rect, dst)
}

// ReadTextureLevel copies region rect of mip level level of texture id
// into dst as RGBA bytes (graphics.LevelReader), as ReadTexture does.
func (r *Renderer) ReadTextureLevel(id graphics.TextureID, level int, rect graphics.Rectangle, dst []byte) error {
	return r.readLayer(id, -1, level, rect, dst)
}

// readLayer reads a region of a texture's level: of array layer face of a
// cube texture, or (face -1) of a 2D texture.
func (r *Renderer) readLayer(id graphics.TextureID, face, level int, rect graphics.Rectangle, dst []byte) error {
	const op = "read texture"
	if r == nil || r.gpu.dev == nil {
		return errors.New(op + ": the renderer was destroyed")
	}
	t := r.gpu.textures[id]
	if t == nil {
		return fmt.Errorf("%s: no texture %d", op, id)
	}
	if level < 0 || level >= t.levels {
		return fmt.Errorf("%s: level %d, texture %d has %d: %w", op, level, id, t.levels, graphics.ErrOutOfRange)
	}
	switch {
	case t.image == nil:
		return fmt.Errorf("%s: texture %d is a face of a cube render target: read the cube's face: %w", op, id, graphics.ErrInvalid)
	case t.slices > 0:
		return fmt.Errorf("%s: texture %d is a 3D texture: read its slices (ReadTextureVolume): %w", op, id, graphics.ErrInvalid)
	case face < 0 && t.layers > 1:
		return fmt.Errorf("%s: texture %d is a cube texture: read one of its faces: %w", op, id, graphics.ErrInvalid)
	case face >= 0 && t.layers != cubeFaces:
		return fmt.Errorf("%s: texture %d is not a cube texture: %w", op, id, graphics.ErrInvalid)
	case face >= cubeFaces:
		return fmt.Errorf("%s: face %d, want 0 to 5: %w", op, face, graphics.ErrOutOfRange)
	}
	w, h := t.levelSize(level)
	if !rect.Within(w, h) {
		return fmt.Errorf("%s: region %+v is not inside the %dx%d level: %w", op, rect, w, h, graphics.ErrOutOfRange)
	}
	if t.tf.surface.IsCompressed() {
		return fmt.Errorf("%s: texture %d is %s: the graphics package keeps DXT blocks and reads them itself: %w", op, id, t.tf.surface, graphics.ErrInvalid)
	}
	if want := t.tf.surface.DataSize(rect.Width, rect.Height); len(dst) != want {
		return fmt.Errorf("%s: dst has %d bytes, want %d: %w", op, len(dst), want, graphics.ErrInvalid)
	}
	// Only the region travels: a 4x4 read of a 16384x16384 texture needs
	// 64 bytes of buffer, not a GiB.
	n := len(dst)
	if err := r.ensureReadBuf(n); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	r.frames.ops.reset()
	r.emitInits()
	r.frames.ops.readLayer(t.image, max(face, 0), level, r.gpu.readBuf.handle, rect)
	if err := r.submitOffscreen(op); err != nil {
		return err
	}
	copy(dst, r.gpu.readBuf.bytes()[:n])
	return nil
}

// ensureReadBuf makes the read-back buffer at least size bytes.
func (r *Renderer) ensureReadBuf(size int) error {
	if r.gpu.readBuf != nil && r.gpu.readBuf.size >= size {
		return nil
	}
	r.gpu.readBuf.destroy()
	r.gpu.readBuf = nil
	b, err := newBuffer(r.gpu.dev, size, vk.BufferUsageTransferDstBit, "read-back")
	if err != nil {
		return err
	}
	r.gpu.readBuf = b
	return nil
}

// submitOffscreen waits for the frames in flight, submits r.ops on the
// one-shot command buffer and waits for it (all bounded, W7), then frees
// the offscreen slot's releases.
func (r *Renderer) submitOffscreen(op string) error {
	tries := r.offscreenTries()
	res := r.gpu.loop.waitFrames()
	for i := 1; res == vk.Timeout && i < tries; i++ {
		res = r.gpu.loop.waitFrames() // frames in flight may hold big uploads too
	}
	if res != vk.Success {
		return callErr(op, r.gpu.loop.lastCall(), res)
	}
	res = r.gpu.loop.submitWait(r.gpu.cmdPool, r.gpu.oneShot, r.gpu.oneShotFence, &r.frames.ops)
	if res == vk.Timeout && r.gpu.loop.lastCall() == "vkWaitForFences" {
		// Submitted and running: a big upload on a software driver
		// under load takes seconds. Wait on, then reset the fence as
		// submitWait would have.
		fence := []vk.Fence{r.gpu.oneShotFence}
		for i := 1; res == vk.Timeout && i < tries; i++ {
			res = vk.WaitForFences(r.gpu.dev.handle, 1, fence, vk.True, uint64(r.gpu.loop.timeout().Nanoseconds()))
		}
		if res == vk.Success {
			res = vk.ResetFences(r.gpu.dev.handle, 1, fence)
		}
	}
	if res != vk.Success {
		return callErr(op, r.gpu.loop.lastCall(), res)
	}
	r.release(offscreen)
	r.shrinkArena(&r.frames.arenas[offscreen]) // G14: offscreen work is rare; keep one chunk between uses
	return nil
}

// offscreenWait bounds the wait for work outside a frame (Flush, GetData,
// the pending work before them) in all: such work is not presentation,
// whose waits WaitBound bounds (W7), and a GiB upload on a software driver
// under load takes seconds. Past it the GPU counts as hung.
const offscreenWait = time.Minute

// offscreenTries is how many waits of the frame loop's bound make up
// offscreenWait (at least one).
func (r *Renderer) offscreenTries() int {
	return max(1, int(offscreenWait/max(r.gpu.loop.timeout(), time.Millisecond)))
}

// emitInits records the first layout transition (and clear) of the
// textures created since the last record.
func (r *Renderer) emitInits() {
	for _, t := range r.gpu.pendingInit {
		if t.fb != nil { // a render target: bring its depth into its attachment layout
			rp := r.gpu.targetPass(t, passTargetDiscard)
			if t.samples > 1 {
				rp, _ = r.initPassOf(t) // made by CreateTexture
			}
			r.frames.ops.beginPass(rp, t.fb, t.w, t.h)
			r.frames.ops.endPass()
		}
		if t.tf.surface.IsCompressed() && !t.tf.decode {
			r.frames.ops.initImageUndefined(t.image, t.levels)
			continue
		}
		var rgba [4]float32 // transparent black
		if t == r.gpu.white {
			rgba = [4]float32{1, 1, 1, 1}
		}
		if t.image != nil { // a cube's face: the cube's init clears its image
			r.frames.ops.initLayers(t.image, t.levels, max(t.layers, 1), rgba)
		}
	}
	clear(r.gpu.pendingInit)
	r.gpu.pendingInit = r.gpu.pendingInit[:0]
}

// release destroys what slot's records released; the GPU is done with it.
func (r *Renderer) release(slot int) {
	r.harvestQueries(slot) // the slot's fence has signalled: its query results are in
	for _, rel := range r.frames.releases[slot] {
		if rel.Query != 0 {
			r.forgetQuery(rel.Query)
		}
		if t := r.gpu.textures[rel.Texture]; rel.Texture != 0 && t != nil {
			r.dropMRT(rel.Texture)
			r.gpu.pendingInit = slices.DeleteFunc(r.gpu.pendingInit, func(p *texture) bool { return p == t })
			t.destroy(&r.gpu.pools)
			delete(r.gpu.textures, rel.Texture)
		}
		if rel.Effect != 0 {
			r.releaseEffect(rel.Effect)
		}
		if b := r.gpu.buffers[rel.Buffer]; rel.Buffer != 0 && b != nil {
			b.destroy()
			delete(r.gpu.buffers, rel.Buffer)
		}
	}
	r.frames.releases[slot] = r.frames.releases[slot][:0]
}

// textureSet returns t's descriptor set for sampler state s, made on first use.
func (r *Renderer) textureSet(t *texture, s graphics.SamplerState) (vk.DescriptorSet, error) {
	if t.view == nil {
		return nil, errors.New("a draw samples a cube render target's face: sample the cube")
	}
	i, ok := r.gpu.samplerIndex[s]
	if !ok {
		smp, err := newSampler(r.gpu.dev.handle, s.Fit(r.Limits()), r.gpu.dev.maxLodBias)
		if err != nil {
			return nil, err
		}
		i = len(r.gpu.samplers)
		r.gpu.samplers = append(r.gpu.samplers, smp)
		r.gpu.samplerIndex[s] = i
	}
	for len(t.sets) <= i {
		t.sets = append(t.sets, nil)
	}
	if t.sets[i] == nil {
		set, err := r.gpu.pools.alloc(r.gpu.textureLayout)
		if err != nil {
			return nil, err
		}
		writeTextureSet(r.gpu.dev.handle, set, t.view, r.gpu.samplers[i])
		t.sets[i] = set
	}
	return t.sets[i], nil
}
