package vulkan

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// warmup owns one submitted draw of each common pipeline into a 1x1
// image of the back buffer's format, made by the start before any window
// exists. A driver that compiles its shader code at the first draw with a
// pipeline rather than at its creation (lavapipe: about 8 ms for the two
// common pipelines, even with Mesa's shader cache warm) does that work on
// its queue while the window opens, instead of in the first frame. The
// draws are submitted without waiting; the queue runs them before the
// first frame's. Nothing reads the image. It lives as long as the
// pipelines it drew with: destroyCore destroys it first, and a rebuild
// for another surface format (matchSurfaceFormat) replaces it.
type warmup struct {
	dev     vk.Device
	format  vk.Format     // the back buffer's format it draws in
	pass    vk.RenderPass // compatible with the back buffer's, so the same pipelines draw in it
	color   viewedImage   // the 1x1 colour attachment
	depth   *viewedImage
	fb      vk.Framebuffer
	tex     *texture // a 1x1 sampled image, for pipelines that sample
	sampler vk.Sampler
	data    *buffer // uniforms, then the vertices
	pool    vk.DescriptorPool
	cmdPool vk.CommandPool
	cmd     vk.CommandBuffer
	fence   vk.Fence
}

// warmupVertexBase is where the vertices start in warmup.data (after one
// effect block), and warmupStride the bytes each pipeline's vertices get.
const (
	warmupVertexBase = 512
	warmupStride     = 6 * 64 // six vertices of up to 64 bytes
)

// warmUp records and submits the draws for the back buffer's pipelines in
// keys (built already). Without a driver it changes nothing a frame sees;
// an error leaves nothing behind.
func (d *deviceState) warmUp(keys []graphics.PipelineKey) (err error) {
	w := &warmup{dev: d.dev.handle, format: d.backBuffer}
	defer func() {
		if err != nil {
			w.destroy()
		}
	}()
	if err := w.create(d); err != nil {
		return fmt.Errorf("warm up the common pipelines: %w", err)
	}
	if err := w.record(d, keys); err != nil {
		return fmt.Errorf("warm up the common pipelines: %w", err)
	}
	submit := vk.SubmitInfo{SType: vk.StructureTypeSubmitInfo, CommandBufferCount: 1, PCommandBuffers: []vk.CommandBuffer{w.cmd}}
	if err := callErr("warm up the common pipelines", "vkQueueSubmit",
		queueSubmit(d.dev.queue, &submit, w.fence)); err != nil {
		return err
	}
	d.warm = w
	launchtrace.Mark("vulkan: common pipelines' first draws submitted")
	return nil
}

// create makes the attachments, the sampled image, the data buffer, the
// descriptor pool, the command buffer and the fence.
func (w *warmup) create(d *deviceState) (err error) {
	dev := d.dev.handle
	if w.pass, err = newRenderPass(dev, d.backBuffer, d.depthFormat, vk.ImageLayoutColorAttachmentOptimal, loadDiscard); err != nil {
		return err
	}
	one := vk.Extent2D{Width: 1, Height: 1}
	if err := w.color.create(d.dev, 1, 1, d.backBuffer, vk.ImageUsageColorAttachmentBit, vk.ImageAspectColorBit,
		"create warm-up image"); err != nil {
		return err
	}
	if w.depth, err = newDepthImage(d.dev, d.depthFormat, one); err != nil {
		return err
	}
	if w.fb, err = newFramebuffer(dev, w.pass, w.color.view, w.depth.view, one); err != nil {
		return err
	}
	if w.tex, err = newTexture(d.dev, 1, 1, 1, false, d.depthFormat, nil); err != nil {
		return err
	}
	// SpriteBatch's default: the sampler is part of what lavapipe compiles for.
	if w.sampler, err = newSampler(dev, graphics.LinearClamp, 0); err != nil {
		return err
	}
	size := warmupVertexBase + warmupStride*len(graphics.CommonPipelines()) + int(unsafe.Sizeof(defaultAttributes))
	size = max(size, drawGroupBytes) // the uniform binding's range (G16)
	if w.data, err = newBuffer(d.dev, size, vk.BufferUsageUniformBufferBit|vk.BufferUsageVertexBufferBit, "warm-up"); err != nil {
		return err
	}
	if w.pool, err = newDescriptorPool(dev); err != nil {
		return err
	}
	if w.cmdPool, err = newCommandPool(d.dev); err != nil {
		return err
	}
	return newOneShot(d.dev, w.cmdPool, &w.cmd, &w.fence)
}

// record fills the data buffer (an identity transform, and per pipeline
// a triangle covering the pixel in both windings, so one survives any
// culling) and records the draws.
func (w *warmup) record(d *deviceState, keys []graphics.PipelineKey) error {
	data := w.data.bytes()
	clear(data)
	u := (*graphics.EffectUniforms)(unsafe.Pointer(&data[0]))
	u.WorldViewProjection = [16]float32{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
	u.DiffuseColor = [4]float32{1, 1, 1, 1}
	defaults := len(data) - int(unsafe.Sizeof(defaultAttributes))
	copy(data[defaults:], unsafe.Slice((*byte)(unsafe.Pointer(&defaultAttributes[0])), unsafe.Sizeof(defaultAttributes)))
	corners := [6][2]float32{{-1, -1}, {3, -1}, {-1, 3}, {-1, -1}, {-1, 3}, {3, -1}}
	for i, k := range keys {
		pos, ok := positionOffset(k.Vertex)
		if !ok || k.Vertex.Stride*len(corners) > warmupStride {
			return fmt.Errorf("pipeline %d: vertex declaration %+v has no float position or is too wide", i, k.Vertex)
		}
		for v, c := range corners {
			at := warmupVertexBase + i*warmupStride + v*k.Vertex.Stride + pos
			*(*[2]float32)(unsafe.Pointer(&data[at])) = c
		}
	}

	uniformSet, res := allocSet(w.dev, w.pool, d.uniformLayout)
	if err := callErr("allocate descriptor set", "vkAllocateDescriptorSets", res); err != nil {
		return err
	}
	writeUniformSet(w.dev, uniformSet, w.data.handle, drawGroupBytes)
	textureSet, res := allocSet(w.dev, w.pool, d.textureLayout)
	if err := callErr("allocate descriptor set", "vkAllocateDescriptorSets", res); err != nil {
		return err
	}
	writeTextureSet(w.dev, textureSet, w.tex.view, w.sampler)

	begin := vk.CommandBufferBeginInfo{SType: vk.StructureTypeCommandBufferBeginInfo,
		Flags: vk.CommandBufferUsageFlags(vk.CommandBufferUsageOneTimeSubmitBit)}
	defer begin.Free()
	if err := callErr("record warm-up", "vkBeginCommandBuffer", vk.BeginCommandBuffer(w.cmd, &begin)); err != nil {
		return err
	}
	// The sampled image gets defined contents before it is read: cleared
	// in TRANSFER_DST, then SHADER_READ_ONLY (an UNDEFINED image moved
	// straight to a read-only layout would be read undefined).
	texRange := vk.ImageSubresourceRange{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1}
	toClear := vk.ImageMemoryBarrier{
		SType:               vk.StructureTypeImageMemoryBarrier,
		DstAccessMask:       vk.AccessFlags(vk.AccessTransferWriteBit),
		OldLayout:           vk.ImageLayoutUndefined,
		NewLayout:           vk.ImageLayoutTransferDstOptimal,
		SrcQueueFamilyIndex: vk.QueueFamilyIgnored,
		DstQueueFamilyIndex: vk.QueueFamilyIgnored,
		Image:               w.tex.image,
		SubresourceRange:    texRange,
	}
	cmdImageBarrier(w.cmd, vk.PipelineStageTopOfPipeBit, vk.PipelineStageTransferBit, &toClear)
	cmdClearColorImage(w.cmd, w.tex.image, vk.ImageLayoutTransferDstOptimal)
	toSampled := vk.ImageMemoryBarrier{
		SType:               vk.StructureTypeImageMemoryBarrier,
		SrcAccessMask:       vk.AccessFlags(vk.AccessTransferWriteBit),
		DstAccessMask:       vk.AccessFlags(vk.AccessShaderReadBit),
		OldLayout:           vk.ImageLayoutTransferDstOptimal,
		NewLayout:           vk.ImageLayoutShaderReadOnlyOptimal,
		SrcQueueFamilyIndex: vk.QueueFamilyIgnored,
		DstQueueFamilyIndex: vk.QueueFamilyIgnored,
		Image:               w.tex.image,
		SubresourceRange:    texRange,
	}
	cmdImageBarrier(w.cmd, vk.PipelineStageTransferBit, vk.PipelineStageFragmentShaderBit, &toSampled)
	rp := vk.RenderPassBeginInfo{
		SType:       vk.StructureTypeRenderPassBeginInfo,
		RenderPass:  w.pass,
		Framebuffer: w.fb,
		RenderArea:  vk.Rect2D{Extent: vk.Extent2D{Width: 1, Height: 1}},
	}
	defer rp.Free()
	vk.CmdBeginRenderPass(w.cmd, &rp, vk.SubpassContentsInline)
	cmdViewportScissor(w.cmd, 1, 1)
	vk.CmdBindDescriptorSets(w.cmd, vk.PipelineBindPointGraphics, d.pipeLayout, 0, 2,
		[]vk.DescriptorSet{uniformSet, textureSet}, 1, []uint32{0}) // first instance 0: the block at the buffer's start
	for i, k := range keys {
		p, ok := d.pipelines[pipelineKey(k, false)]
		if !ok {
			return fmt.Errorf("pipeline %d was not built", i)
		}
		vk.CmdBindPipeline(w.cmd, vk.PipelineBindPointGraphics, p)
		vk.CmdBindVertexBuffers(w.cmd, 0, 2, []vk.Buffer{w.data.handle, w.data.handle},
			[]vk.DeviceSize{vk.DeviceSize(warmupVertexBase + i*warmupStride), vk.DeviceSize(defaults)})
		vk.CmdDraw(w.cmd, 6, 1, 0, 0)
	}
	vk.CmdEndRenderPass(w.cmd)
	return callErr("record warm-up", "vkEndCommandBuffer", vk.EndCommandBuffer(w.cmd))
}

// positionOffset returns the byte offset of a declaration's position, when
// it is two or more float32s.
func positionOffset(decl graphics.VertexDeclaration) (int, bool) {
	for _, e := range decl.Elements[:decl.Count] {
		if e.Usage == graphics.UsagePosition {
			switch e.Format {
			case graphics.FormatVector2, graphics.FormatVector3, graphics.FormatVector4:
				return e.Offset, true
			}
			return 0, false
		}
	}
	return 0, false
}

// wait waits, at most DefaultWaitBound (W7), for the draws to finish;
// the pipelines they use may be destroyed once it returns nil.
func (w *warmup) wait() error {
	if w == nil || w.fence == nil {
		return nil
	}
	res := vk.WaitForFences(w.dev, 1, []vk.Fence{w.fence}, vk.True, uint64(DefaultWaitBound.Nanoseconds()))
	if res == vk.Timeout {
		return fmt.Errorf("wait for the start's warm-up draws: not done after %v", DefaultWaitBound)
	}
	return callErr("wait for the start's warm-up draws", "vkWaitForFences", res)
}

// destroy destroys everything, in reverse order of creation, once the
// draws are done (the caller waited: wait, or vkDeviceWaitIdle); safe
// twice and on a half-made warmup.
func (w *warmup) destroy() {
	if w == nil || w.dev == nil {
		return
	}
	if w.fence != nil {
		vk.DestroyFence(w.dev, w.fence, nil)
	}
	if w.cmdPool != nil {
		vk.DestroyCommandPool(w.dev, w.cmdPool, nil) // frees w.cmd
	}
	if w.pool != nil {
		vk.DestroyDescriptorPool(w.dev, w.pool, nil) // frees the sets
	}
	w.data.destroy()
	if w.sampler != nil {
		vk.DestroySampler(w.dev, w.sampler, nil)
	}
	w.tex.destroy(nil)
	if w.fb != nil {
		vk.DestroyFramebuffer(w.dev, w.fb, nil)
	}
	w.depth.destroy()
	w.color.destroy()
	if w.pass != nil {
		vk.DestroyRenderPass(w.dev, w.pass, nil)
	}
	*w = warmup{}
}
