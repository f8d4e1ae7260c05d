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
	dev := r.dev.handle
	r.pools = descriptorPools{dev: dev}
	r.initFormats()
	r.samplerIndex = map[graphics.SamplerState]int{}
	r.textures = map[graphics.TextureID]*texture{}
	r.buffers = map[graphics.BufferID]*gpuBuffer{}
	r.readLimits()
	if r.defaults, err = newBuffer(r.dev, int(unsafe.Sizeof(defaultAttributes)), vk.BufferUsageVertexBufferBit, "default attributes"); err != nil {
		return err
	}
	copy(r.defaults.bytes(), unsafe.Slice((*byte)(unsafe.Pointer(&defaultAttributes[0])), unsafe.Sizeof(defaultAttributes)))
	r.loop.setDefaults(r.defaults.handle)
	if err := newOneShot(r.dev, r.cmdPool, &r.oneShot, &r.oneShotFence); err != nil {
		return err
	}
	if r.white, err = newTexture(r.dev, 1, 1, 1, false, r.depthFormat, nil); err != nil {
		return err
	}
	r.pendingInit = append(r.pendingInit, r.white)
	return nil
}

// readLimits reads the device limits the backend needs.
func (r *Renderer) readLimits() {
	var p vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(r.dev.gpu, &p)
	p.Deref()
	p.Limits.Deref()
	r.maxTexture = int(p.Limits.MaxImageDimension2D)
	r.maxVolume = int(p.Limits.MaxImageDimension3D)
	r.viewportMin = int(math.Ceil(float64(p.Limits.ViewportBoundsRange[0])))
	r.viewportMax = int(math.Floor(float64(p.Limits.ViewportBoundsRange[1])))
	r.uboAlign = max(int(p.Limits.MinUniformBufferOffsetAlignment), 16)
	p.Limits.Free()
	p.Free()
}

// destroyGraphics mirrors createGraphics and destroys every texture,
// buffer and arena; the device is idle. The pipelines and what else the
// start made go with the device (destroyCore).
func (r *Renderer) destroyGraphics() {
	dev := r.dev.handle
	r.destroyQueries()
	// In the order they were made (their ids'), not the maps' random
	// order: lavapipe's vkDestroyBuffer costs in proportion to the live buffers
	// made before the one destroyed, so of 80,000 buffers destroyed at random the first
	// took 60 us each, in order 8 us; freed in order, the allocator's
	// free lists stay short as well.
	r.dropMRT(0)
	for _, id := range slices.Sorted(maps.Keys(r.textures)) {
		r.textures[id].destroy(&r.pools)
		delete(r.textures, id)
	}
	r.white.destroy(&r.pools)
	for _, id := range slices.Sorted(maps.Keys(r.buffers)) {
		r.buffers[id].destroy()
		delete(r.buffers, id)
	}
	for i := range r.arenas {
		r.arenas[i].destroy()
	}
	r.pools.destroy()
	for _, s := range r.samplers {
		vk.DestroySampler(dev, s, nil)
	}
	r.samplers = nil
	if r.oneShotFence != nil {
		vk.DestroyFence(dev, r.oneShotFence, nil)
	}
	if r.oneShot != nil {
		vk.FreeCommandBuffers(dev, r.cmdPool, 1, []vk.CommandBuffer{r.oneShot})
	}
	r.defaults.destroy()
	r.readBuf.destroy()
	r.ops.free()
}

// Limits reports the largest texture (maxImageDimension2D), the
// viewport bounds, the anisotropic filter's most samples (0 without the
// samplerAnisotropy feature) and no buffer limit (graphics.Backend).
func (r *Renderer) Limits() graphics.Limits {
	return graphics.Limits{MaxTextureSize: r.maxTexture, ViewportMin: r.viewportMin, ViewportMax: r.viewportMax,
		MaxAnisotropy: r.dev.maxAnisotropy, ShaderFeatures: r.dev.shader, MaxMultiSampleCount: r.dev.maxSamples,
		MaxVolumeSize: r.maxVolume}
}

// CreateTexture creates a texture or render target (graphics.Backend):
// an RGBA8 image, cleared to transparent black by the next executed
// record; a render target also gets a depth buffer and a framebuffer.
func (r *Renderer) CreateTexture(id graphics.TextureID, desc graphics.TextureDesc) error {
	if r == nil || r.dev == nil {
		return errors.New("create texture: the renderer was destroyed")
	}
	if desc.Width < 1 || desc.Height < 1 || desc.Width > r.maxTexture || desc.Height > r.maxTexture {
		return fmt.Errorf("create texture: %dx%d: width and height must be 1 to %d", desc.Width, desc.Height, r.maxTexture)
	}
	if _, ok := r.textures[id]; ok {
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
		if !desc.RenderTarget || levels > 1 || n&(n-1) != 0 || n > r.dev.maxSamples || desc.Format != graphics.SurfaceFormatColor {
			return fmt.Errorf("create texture: %d samples per pixel: want a Color render target without mipmaps, a power of two up to %d", n, r.dev.maxSamples)
		}
		var rp vk.RenderPass
		if rp, err = r.msPass(n, loadDiscard, false); err == nil {
			t, err = newMSTexture(r.dev, desc.Width, desc.Height, n, desc.Usage == graphics.PreserveContents, r.depthFormat, rp)
		}
	default:
		var tf texFormat
		if tf, err = r.texFormatFor(desc); err != nil {
			return err
		}
		rp := r.passes[passTargetDiscard]
		if tf.passes != nil {
			rp = tf.passes[passTargetDiscard]
		}
		t, err = newTextureOf(r.dev, desc.Width, desc.Height, levels, desc.RenderTarget, r.depthFormat, rp, tf)
	}
	if err != nil {
		return err
	}
	r.textures[id] = t
	r.pendingInit = append(r.pendingInit, t)
	return nil
}

// CreateBuffer creates a vertex or index buffer in device memory
// (graphics.Backend); SetData reaches it through the next record.
func (r *Renderer) CreateBuffer(id graphics.BufferID, desc graphics.BufferDesc) error {
	if r == nil || r.dev == nil {
		return errors.New("create buffer: the renderer was destroyed")
	}
	if desc.Size < 1 {
		return fmt.Errorf("create buffer: size %d, want at least 1 byte", desc.Size)
	}
	if _, ok := r.buffers[id]; ok {
		return fmt.Errorf("create buffer: id %d exists", id)
	}
	b, err := newGPUBuffer(r.dev, desc.Size)
	if err != nil {
		return err
	}
	r.buffers[id] = b
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
	if r == nil || r.dev == nil {
		return errors.New(op + ": the renderer was destroyed")
	}
	t := r.textures[id]
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
	r.ops.reset()
	r.emitInits()
	r.ops.readLayer(t.image, max(face, 0), level, r.readBuf.handle, rect)
	if err := r.submitOffscreen(op); err != nil {
		return err
	}
	copy(dst, r.readBuf.bytes()[:n])
	return nil
}

// ensureReadBuf makes the read-back buffer at least size bytes.
func (r *Renderer) ensureReadBuf(size int) error {
	if r.readBuf != nil && r.readBuf.size >= size {
		return nil
	}
	r.readBuf.destroy()
	r.readBuf = nil
	b, err := newBuffer(r.dev, size, vk.BufferUsageTransferDstBit, "read-back")
	if err != nil {
		return err
	}
	r.readBuf = b
	return nil
}

// submitOffscreen waits for the frames in flight, submits r.ops on the
// one-shot command buffer and waits for it (all bounded, W7), then frees
// the offscreen slot's releases.
func (r *Renderer) submitOffscreen(op string) error {
	tries := r.offscreenTries()
	res := r.loop.waitFrames()
	for i := 1; res == vk.Timeout && i < tries; i++ {
		res = r.loop.waitFrames() // frames in flight may hold big uploads too
	}
	if res != vk.Success {
		return callErr(op, r.loop.lastCall(), res)
	}
	res = r.loop.submitWait(r.cmdPool, r.oneShot, r.oneShotFence, &r.ops)
	if res == vk.Timeout && r.loop.lastCall() == "vkWaitForFences" {
		// Submitted and running: a big upload on a software driver
		// under load takes seconds. Wait on, then reset the fence as
		// submitWait would have.
		fence := []vk.Fence{r.oneShotFence}
		for i := 1; res == vk.Timeout && i < tries; i++ {
			res = vk.WaitForFences(r.dev.handle, 1, fence, vk.True, uint64(r.loop.timeout().Nanoseconds()))
		}
		if res == vk.Success {
			res = vk.ResetFences(r.dev.handle, 1, fence)
		}
	}
	if res != vk.Success {
		return callErr(op, r.loop.lastCall(), res)
	}
	r.release(offscreen)
	r.shrinkArena(&r.arenas[offscreen]) // G14: offscreen work is rare; keep one chunk between uses
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
	return max(1, int(offscreenWait/max(r.loop.timeout(), time.Millisecond)))
}

// emitInits records the first layout transition (and clear) of the
// textures created since the last record.
func (r *Renderer) emitInits() {
	for _, t := range r.pendingInit {
		if t.fb != nil { // a render target: bring its depth into its attachment layout
			rp := r.targetPass(t, passTargetDiscard)
			if t.samples > 1 {
				rp, _ = r.initPassOf(t) // made by CreateTexture
			}
			r.ops.beginPass(rp, t.fb, t.w, t.h)
			r.ops.endPass()
		}
		if t.tf.surface.IsCompressed() && !t.tf.decode {
			r.ops.initImageUndefined(t.image, t.levels)
			continue
		}
		var rgba [4]float32 // transparent black
		if t == r.white {
			rgba = [4]float32{1, 1, 1, 1}
		}
		if t.image != nil { // a cube's face: the cube's init clears its image
			r.ops.initLayers(t.image, t.levels, max(t.layers, 1), rgba)
		}
	}
	clear(r.pendingInit)
	r.pendingInit = r.pendingInit[:0]
}

// release destroys what slot's records released; the GPU is done with it.
func (r *Renderer) release(slot int) {
	r.harvestQueries(slot) // the slot's fence has signalled: its query results are in
	for _, rel := range r.releases[slot] {
		if rel.Query != 0 {
			r.forgetQuery(rel.Query)
		}
		if t := r.textures[rel.Texture]; rel.Texture != 0 && t != nil {
			r.dropMRT(rel.Texture)
			r.pendingInit = slices.DeleteFunc(r.pendingInit, func(p *texture) bool { return p == t })
			t.destroy(&r.pools)
			delete(r.textures, rel.Texture)
		}
		if rel.Effect != 0 {
			r.releaseEffect(rel.Effect)
		}
		if b := r.buffers[rel.Buffer]; rel.Buffer != 0 && b != nil {
			b.destroy()
			delete(r.buffers, rel.Buffer)
		}
	}
	r.releases[slot] = r.releases[slot][:0]
}

// textureSet returns t's descriptor set for sampler state s, made on first use.
func (r *Renderer) textureSet(t *texture, s graphics.SamplerState) (vk.DescriptorSet, error) {
	if t.view == nil {
		return nil, errors.New("a draw samples a cube render target's face: sample the cube")
	}
	i, ok := r.samplerIndex[s]
	if !ok {
		smp, err := newSampler(r.dev.handle, s.Fit(r.Limits()), r.dev.maxLodBias)
		if err != nil {
			return nil, err
		}
		i = len(r.samplers)
		r.samplers = append(r.samplers, smp)
		r.samplerIndex[s] = i
	}
	for len(t.sets) <= i {
		t.sets = append(t.sets, nil)
	}
	if t.sets[i] == nil {
		set, err := r.pools.alloc(r.textureLayout)
		if err != nil {
			return nil, err
		}
		writeTextureSet(r.dev.handle, set, t.view, r.samplers[i])
		t.sets[i] = set
	}
	return t.sets[i], nil
}
