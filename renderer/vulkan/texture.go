package vulkan

import (
	vk "github.com/vulkan-go/vulkan"
)

// textureFormat is the format of every texture and render target:
// graphics.SurfaceFormatColor (RGBA, 8 bits per channel, no sRGB).
const textureFormat = vk.FormatR8g8b8a8Unorm

// texture owns a sampled image (a Texture2D), and for a render target its
// depth image and framebuffer. Its descriptor sets (one per sampler state
// it was drawn with) come from the renderer's pools and are freed with it.
type texture struct {
	dev    vk.Device
	w, h   int
	levels int // mip levels, at least 1; view covers them all
	layers int // array layers: 6 for a cube (cube.go), else 0 or 1
	slices int // depth of a 3D texture (texture3d.go), else 0
	viewedImage
	attach vk.ImageView       // a mipmapped render target's level 0, its framebuffer's colour
	depth  *viewedImage       // render targets only
	fb     vk.Framebuffer     // render targets only
	sets   []vk.DescriptorSet // by sampler index; nil until first drawn with it
	tf     texFormat          // its format on the device (texture_formats.go)
	// samples and ms: a multisampled render target's samples per pixel
	// and its multisampled colour image (msaa.go); 0 and nil otherwise.
	samples  int
	ms       *viewedImage
	preserve bool // a multisampled PreserveContents target: its passes store the samples
}

// newTexture creates a w x h RGBA8 image of levels mip levels (at least
// 1) in device memory; a render target also gets a depth image and a
// framebuffer for rp (a target pass), which draws into level 0.
func newTexture(d *device, w, h, levels int, target bool, depthFormat vk.Format, rp vk.RenderPass) (t *texture, err error) {
	return newTextureOf(d, w, h, levels, target, depthFormat, rp, colorTexFormat)
}

// newTextureOf is newTexture for an image of format tf (rp one of tf's
// passes for a target).
func newTextureOf(d *device, w, h, levels int, target bool, depthFormat vk.Format, rp vk.RenderPass, tf texFormat) (t *texture, err error) {
	const op = "create texture"
	levels = max(levels, 1)
	made := &texture{dev: d.handle, w: w, h: h, levels: levels, tf: tf}
	t = made
	defer func() { // on made: the failing returns set t to nil before this runs
		if err != nil {
			made.destroy(nil)
		}
	}()
	usage := vk.ImageUsageSampledBit | vk.ImageUsageTransferDstBit | vk.ImageUsageTransferSrcBit
	if target {
		usage |= vk.ImageUsageColorAttachmentBit
	}
	if err := t.viewedImage.createLevels(d, w, h, levels, tf.format, usage, vk.ImageAspectColorBit, op); err != nil {
		return nil, err
	}
	if tf.swizzle != (vk.ComponentMapping{}) {
		vk.DestroyImageView(d.handle, t.view, nil)
		t.view = nil
		if t.view, err = newSwizzledView(d.handle, t.image, tf.format, tf.swizzle, uint32(levels), op); err != nil {
			return nil, err
		}
	}
	if !target {
		return t, nil
	}
	color := t.view
	if levels > 1 { // a framebuffer's attachment is one level
		if t.attach, err = newView(d.handle, t.image, tf.format, vk.ImageAspectColorBit, 1, op); err != nil {
			return nil, err
		}
		color = t.attach
	}
	extent := vk.Extent2D{Width: uint32(w), Height: uint32(h)}
	if t.depth, err = newDepthImage(d, depthFormat, extent); err != nil {
		return nil, err
	}
	if t.fb, err = newFramebuffer(d.handle, rp, color, t.depth.view, extent); err != nil {
		return nil, err
	}
	return t, nil
}

// newFramebuffer creates a framebuffer of a colour and a depth view.
func newFramebuffer(dev vk.Device, rp vk.RenderPass, color, depth vk.ImageView, extent vk.Extent2D) (vk.Framebuffer, error) {
	ci := vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      rp,
		AttachmentCount: 2,
		PAttachments:    []vk.ImageView{color, depth},
		Width:           extent.Width,
		Height:          extent.Height,
		Layers:          1,
	}
	defer ci.Free()
	var fb vk.Framebuffer
	err := callErr("create framebuffer", "vkCreateFramebuffer", vk.CreateFramebuffer(dev, &ci, nil, &fb))
	return fb, err
}

// destroy destroys what newTexture made, children first, and frees its
// descriptor sets to pool (nil: none were made); safe twice. The caller
// makes sure the GPU no longer uses it.
func (t *texture) destroy(pools *descriptorPools) {
	if t == nil || t.dev == nil {
		return
	}
	for _, s := range t.sets {
		if s != nil {
			pools.free(s)
		}
	}
	if t.fb != nil {
		vk.DestroyFramebuffer(t.dev, t.fb, nil)
	}
	t.depth.destroy()
	t.ms.destroy()
	if t.attach != nil {
		vk.DestroyImageView(t.dev, t.attach, nil)
	}
	t.viewedImage.destroy()
	*t = texture{}
}

// gpuBuffer owns a vertex or index buffer in device memory; SetData
// reaches it by a copy in the next frame's commands.
type gpuBuffer struct {
	dev    vk.Device
	handle vk.Buffer
	mem    memRange
	size   int
	alloc  *memAllocator
}

// newGPUBuffer creates a device-local vertex and index buffer.
func newGPUBuffer(d *device, size int) (b *gpuBuffer, err error) {
	b = &gpuBuffer{dev: d.handle, size: size, alloc: d.alloc}
	if err := newBoundBuffer(d, size, vk.BufferUsageVertexBufferBit|vk.BufferUsageIndexBufferBit|vk.BufferUsageTransferDstBit,
		vk.MemoryPropertyDeviceLocalBit, "create vertex or index buffer", &b.handle, &b.mem); err != nil {
		b.destroy()
		return nil, err
	}
	return b, nil
}

// destroy destroys the buffer and gives its memory back; safe twice.
func (b *gpuBuffer) destroy() {
	if b == nil || b.dev == nil {
		return
	}
	if b.handle != nil {
		vk.DestroyBuffer(b.dev, b.handle, nil)
	}
	b.alloc.free(b.mem)
	*b = gpuBuffer{}
}
