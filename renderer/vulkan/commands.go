package vulkan

import (
	vk "github.com/vulkan-go/vulkan"
)

// newCommandPool creates a pool for short-lived command buffers that are
// reset together, by resetting the pool (vkResetCommandPool), not one by
// one: each pool here holds one command buffer, re-recorded after a reset
// of its pool (a frame slot's, the work outside a frame's), or recorded
// once (the warm-up's).
func newCommandPool(d *device) (vk.CommandPool, error) {
	ci := vk.CommandPoolCreateInfo{
		SType:            vk.StructureTypeCommandPoolCreateInfo,
		Flags:            vk.CommandPoolCreateFlags(vk.CommandPoolCreateTransientBit),
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

// newOneShot allocates a command buffer from pool into *cmd and an
// unsignalled fence into *fence, for work submitted and waited for one
// at a time. It stores each as soon as it exists, so that on error the
// caller's owner frees what was made.
func newOneShot(d *device, pool vk.CommandPool, cmd *vk.CommandBuffer, fence *vk.Fence) error {
	cmds, err := allocCommandBuffers(d, pool, 1)
	if err != nil {
		return err
	}
	*cmd = cmds[0]
	if *fence, err = newFence(d.handle); err != nil {
		return err
	}
	return callErr("create fence", "vkResetFences", vk.ResetFences(d.handle, 1, []vk.Fence{*fence}))
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

// frameSync owns the per-frame-in-flight fences, image-acquired
// semaphores, command pools and their command buffers (recorded anew each
// frame, after a reset of the frame's pool).
type frameSync struct {
	dev      vk.Device
	fences   []vk.Fence
	acquired []vk.Semaphore
	pools    []vk.CommandPool
	cmds     []vk.CommandBuffer
}

// newFrameSync creates the objects for n frames in flight.
func newFrameSync(d *device, n int) (fs *frameSync, err error) {
	made := &frameSync{dev: d.handle}
	fs = made
	defer func() { // on made: the failing returns set fs to nil before this runs
		if err != nil {
			made.destroy()
		}
	}()
	for range n {
		f, err := newFence(d.handle)
		if err != nil {
			return nil, err
		}
		fs.fences = append(fs.fences, f)
		s, err := newSemaphore(d.handle)
		if err != nil {
			return nil, err
		}
		fs.acquired = append(fs.acquired, s)
		pool, err := newCommandPool(d)
		if err != nil {
			return nil, err
		}
		fs.pools = append(fs.pools, pool)
		cmds, err := allocCommandBuffers(d, pool, 1)
		if err != nil {
			return nil, err
		}
		fs.cmds = append(fs.cmds, cmds[0])
	}
	return fs, nil
}

// destroy destroys the command pools (and so their buffers), semaphores
// and fences; the caller has waited for them. Safe twice.
func (fs *frameSync) destroy() {
	if fs == nil || fs.dev == nil {
		return
	}
	for _, p := range fs.pools {
		vk.DestroyCommandPool(fs.dev, p, nil)
	}
	for _, s := range fs.acquired {
		vk.DestroySemaphore(fs.dev, s, nil)
	}
	for _, f := range fs.fences {
		vk.DestroyFence(fs.dev, f, nil)
	}
	*fs = frameSync{}
}
