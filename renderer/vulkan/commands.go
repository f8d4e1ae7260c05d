package vulkan

import (
	vk "github.com/vulkan-go/vulkan"
)

// newCommandPool creates the pool every command buffer comes from; buffers
// can be reset one by one (the read-back buffer is re-recorded).
func newCommandPool(d *device) (vk.CommandPool, error) {
	ci := vk.CommandPoolCreateInfo{
		SType:            vk.StructureTypeCommandPoolCreateInfo,
		Flags:            vk.CommandPoolCreateFlags(vk.CommandPoolCreateResetCommandBufferBit),
		QueueFamilyIndex: d.family,
	}
	defer ci.Free()
	var pool vk.CommandPool
	err := callErr("create command pool", "vkCreateCommandPool", vk.CreateCommandPool(d.handle, &ci, nil, &pool))
	return pool, err
}

// allocCommandBuffers allocates n primary command buffers.
func allocCommandBuffers(d *device, pool vk.CommandPool, n int) ([]vk.CommandBuffer, error) {
	ai := vk.CommandBufferAllocateInfo{
		SType:              vk.StructureTypeCommandBufferAllocateInfo,
		CommandPool:        pool,
		Level:              vk.CommandBufferLevelPrimary,
		CommandBufferCount: uint32(n),
	}
	defer ai.Free()
	cmds := make([]vk.CommandBuffer, n)
	err := callErr("allocate command buffers", "vkAllocateCommandBuffers", vk.AllocateCommandBuffers(d.handle, &ai, cmds))
	if err != nil {
		return nil, err
	}
	return cmds, nil
}

// beginCommands starts recording cmd.
func beginCommands(cmd vk.CommandBuffer, op string) error {
	bi := vk.CommandBufferBeginInfo{SType: vk.StructureTypeCommandBufferBeginInfo}
	defer bi.Free()
	return callErr(op, "vkBeginCommandBuffer", vk.BeginCommandBuffer(cmd, &bi))
}

// recordCommands allocates and records each image's draw once: the
// per-frame work is then only a uniform write and a submit (frameloop.c).
func (r *Renderer) recordCommands(sc *swapchain) error {
	cmds, err := allocCommandBuffers(r.dev, r.cmdPool, len(sc.images))
	if err != nil {
		return err
	}
	sc.cmds = cmds
	for i, cmd := range cmds {
		if err := r.recordDraw(cmd, sc, i); err != nil {
			return err
		}
	}
	return nil
}

// recordDraw records image i's frame: clear, draw the cube (instance 0),
// draw the sphere once per object slot (instances 1 to MaxObjects; the
// vertex shader collapses the slots not in use), end ready to present.
func (r *Renderer) recordDraw(cmd vk.CommandBuffer, sc *swapchain, i int) error {
	const op = "record draw commands"
	if err := beginCommands(cmd, op); err != nil {
		return err
	}
	rbi := vk.RenderPassBeginInfo{
		SType:           vk.StructureTypeRenderPassBeginInfo,
		RenderPass:      r.renderPass,
		Framebuffer:     sc.fbs[i],
		RenderArea:      vk.Rect2D{Extent: sc.extent},
		ClearValueCount: 2,
		PClearValues:    []vk.ClearValue{vk.NewClearValue(clearColor[:]), vk.NewClearDepthStencil(1, 0)},
	}
	defer rbi.Free()
	vk.CmdBeginRenderPass(cmd, &rbi, vk.SubpassContentsInline)
	vk.CmdSetViewport(cmd, 0, 1, []vk.Viewport{{
		Width: float32(sc.extent.Width), Height: float32(sc.extent.Height), MaxDepth: 1,
	}})
	vk.CmdSetScissor(cmd, 0, 1, []vk.Rect2D{{Extent: sc.extent}})
	vk.CmdBindPipeline(cmd, vk.PipelineBindPointGraphics, r.pipeline)
	vk.CmdBindDescriptorSets(cmd, vk.PipelineBindPointGraphics, r.pipeLayout, 0, 1, sc.sets[i:i+1], 0, nil)
	vk.CmdBindVertexBuffers(cmd, 0, 1, []vk.Buffer{r.vertices.handle}, []vk.DeviceSize{0})
	vk.CmdBindIndexBuffer(cmd, r.indices.handle, 0, vk.IndexTypeUint16)
	vk.CmdDrawIndexed(cmd, r.cubeIndices, 1, 0, 0, 0)
	vk.CmdDrawIndexed(cmd, r.ballIndices, MaxObjects, r.cubeIndices, r.cubeVerts, 1)
	vk.CmdEndRenderPass(cmd)
	return callErr(op, "vkEndCommandBuffer", vk.EndCommandBuffer(cmd))
}

// newSemaphore creates a binary semaphore.
func newSemaphore(dev vk.Device) (vk.Semaphore, error) {
	ci := vk.SemaphoreCreateInfo{SType: vk.StructureTypeSemaphoreCreateInfo}
	defer ci.Free()
	var s vk.Semaphore
	err := callErr("create semaphore", "vkCreateSemaphore", vk.CreateSemaphore(dev, &ci, nil, &s))
	return s, err
}

// newFence creates a fence, signalled so the first wait returns at once.
func newFence(dev vk.Device) (vk.Fence, error) {
	ci := vk.FenceCreateInfo{SType: vk.StructureTypeFenceCreateInfo, Flags: vk.FenceCreateFlags(vk.FenceCreateSignaledBit)}
	defer ci.Free()
	var f vk.Fence
	err := callErr("create fence", "vkCreateFence", vk.CreateFence(dev, &ci, nil, &f))
	return f, err
}

// frameSync owns the per-frame-in-flight fences and image-acquired semaphores.
type frameSync struct {
	dev      vk.Device
	fences   []vk.Fence
	acquired []vk.Semaphore
}

// newFrameSync creates the objects for n frames in flight.
func newFrameSync(dev vk.Device, n int) (fs *frameSync, err error) {
	fs = &frameSync{dev: dev}
	defer func() {
		if err != nil {
			fs.destroy()
		}
	}()
	for range n {
		f, err := newFence(dev)
		if err != nil {
			return nil, err
		}
		fs.fences = append(fs.fences, f)
		s, err := newSemaphore(dev)
		if err != nil {
			return nil, err
		}
		fs.acquired = append(fs.acquired, s)
	}
	return fs, nil
}

// destroy destroys the fences and semaphores; the caller has waited for
// them. Safe twice.
func (fs *frameSync) destroy() {
	if fs == nil || fs.dev == nil {
		return
	}
	for _, s := range fs.acquired {
		vk.DestroySemaphore(fs.dev, s, nil)
	}
	for _, f := range fs.fences {
		vk.DestroyFence(fs.dev, f, nil)
	}
	*fs = frameSync{}
}
