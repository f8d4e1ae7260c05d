package vulkan

// #cgo !windows LDFLAGS: -ldl
// #include <stdlib.h>
// #include "frameloop.h"
import "C"

import (
	"errors"
	"time"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// maxFrames and maxImages bound frames in flight and swapchain images; the
// fast path keeps fixed arrays of these sizes.
const (
	maxFrames = C.MTN_MAX_FRAMES
	maxImages = C.MTN_MAX_IMAGES
)

// ErrNoLoader is returned when the Vulkan loader library (libvulkan.so.1;
// on Windows vulkan-1.dll) is not installed.
var ErrNoLoader = errors.New("vulkan loader " + advice.loader + " not found: " + advice.installLoader)

// defaultProcAddr returns the loader's vkGetInstanceProcAddr, or ErrNoLoader.
func defaultProcAddr() (unsafe.Pointer, error) {
	p := C.mtn_default_proc_addr()
	if p == nil {
		return nil, ErrNoLoader
	}
	return p, nil
}

// frameLoop is the per-frame fast path: a C struct (C memory, so the cgo
// pointer rules allow it to hold handles and the frame calls allocate
// nothing) with the five device functions a frame calls.
type frameLoop struct {
	c     *C.mtn_loop
	waits fenceWaits
}

// newFrameLoop allocates the C state and loads its functions for device.
func newFrameLoop(procAddr unsafe.Pointer, inst vk.Instance, dev vk.Device, queue vk.Queue) (*frameLoop, error) {
	c := (*C.mtn_loop)(C.calloc(1, C.sizeof_mtn_loop))
	if c == nil {
		return nil, errors.New("frame loop: calloc failed")
	}
	if n := C.mtn_load(c, procAddr, C.VkInstance(unsafe.Pointer(inst)), C.VkDevice(unsafe.Pointer(dev))); n != 0 {
		C.free(unsafe.Pointer(c))
		return nil, errors.New("frame loop: a device function is missing (vkGetDeviceProcAddr returned NULL)")
	}
	c.queue = C.VkQueue(unsafe.Pointer(queue))
	return &frameLoop{c: c}, nil
}

// free releases the C state; safe twice.
func (l *frameLoop) free() {
	if l == nil || l.c == nil {
		return
	}
	C.free(unsafe.Pointer(l.c))
	l.c = nil
}

// setSync hands the per-frame fences, semaphores, command pools and their
// command buffers to the loop.
func (l *frameLoop) setSync(fences []vk.Fence, acquired []vk.Semaphore, pools []vk.CommandPool, cmds []vk.CommandBuffer) {
	l.c.frames = C.uint32_t(len(fences))
	l.c.frame = 0
	for i := range fences {
		l.c.fence[i] = C.VkFence(unsafe.Pointer(fences[i]))
		l.c.acquired[i] = C.VkSemaphore(unsafe.Pointer(acquired[i]))
		l.c.pool[i] = C.VkCommandPool(unsafe.Pointer(pools[i]))
		l.c.cmd[i] = C.VkCommandBuffer(unsafe.Pointer(cmds[i]))
	}
}

// setSwapchain hands a swapchain and its per-image images, framebuffers
// and semaphores to the loop, and forgets which frame used which image.
func (l *frameLoop) setSwapchain(sc vk.Swapchain, images []vk.Image, fbs []vk.Framebuffer, rendered []vk.Semaphore) {
	l.c.swapchain = C.VkSwapchainKHR(unsafe.Pointer(sc))
	l.c.images = C.uint32_t(len(images))
	for i := range maxImages {
		l.c.imageFence[i] = nil
		l.c.swapImage[i] = nil
		l.c.framebuffer[i] = nil
		l.c.rendered[i] = nil
	}
	for i := range images {
		l.c.swapImage[i] = C.VkImage(unsafe.Pointer(images[i]))
		l.c.framebuffer[i] = C.VkFramebuffer(unsafe.Pointer(fbs[i]))
		l.c.rendered[i] = C.VkSemaphore(unsafe.Pointer(rendered[i]))
	}
}

// setTimeout bounds every wait of the loop (W7).
func (l *frameLoop) setTimeout(d time.Duration) { l.c.timeout = C.uint64_t(d.Nanoseconds()) }

// timeout is the bound of every wait, as set by setTimeout.
func (l *frameLoop) timeout() time.Duration { return time.Duration(l.c.timeout) }

// setDefaults sets the buffer bound at vertex binding 1 (the values of
// attributes a vertex declaration lacks).
func (l *frameLoop) setDefaults(b vk.Buffer) { l.c.defaults = C.VkBuffer(unsafe.Pointer(b)) }

// callNames name the call behind the fast path's last result (MTN_CALL_*).
var callNames = [...]string{"", "vkWaitForFences", "vkAcquireNextImageKHR", "vkResetFences",
	"vkQueueSubmit", "vkQueuePresentKHR", "vkBeginCommandBuffer", "vkEndCommandBuffer"}

// lastCall names the Vulkan call that gave the last result.
func (l *frameLoop) lastCall() string { return callNames[l.c.call] }

// acquire waits for the frame's fence and acquires an image (its index is
// then image()). It returns the Vulkan result; lastCall names the call.
func (l *frameLoop) acquire() vk.Result {
	l.waits.paced++
	return vk.Result(C.mtn_acquire(l.c))
}

// image is the index of the image the last successful acquire returned.
func (l *frameLoop) image() int { return int(l.c.image) }

// heldImage reports whether the last acquire failed after taking an image
// (its wait for the image's previous frame ran out).
func (l *frameLoop) heldImage() bool { return l.c.held != 0 }

// frame is the index of the current frame in flight.
func (l *frameLoop) frame() int { return int(l.c.frame) }

// present records ops into the current frame's command buffer, submits it
// and presents the acquired image.
func (l *frameLoop) present(ops *opList, n int) vk.Result {
	return vk.Result(C.mtn_frame(l.c, ops.c, C.uint32_t(n)))
}

// submitWait records ops into cmd (after resetting pool, which holds only
// cmd), submits it with fence and waits for it (bounded): work outside a
// frame.
func (l *frameLoop) submitWait(pool vk.CommandPool, cmd vk.CommandBuffer, fence vk.Fence, ops *opList) vk.Result {
	l.waits.stalls++
	return vk.Result(C.mtn_submit_wait(l.c, C.VkCommandPool(unsafe.Pointer(pool)), C.VkCommandBuffer(unsafe.Pointer(cmd)),
		C.VkFence(unsafe.Pointer(fence)), ops.c, C.uint32_t(ops.n)))
}

// waitFrames waits until no frame is in flight.
func (l *frameLoop) waitFrames() vk.Result {
	l.waits.stalls++
	return vk.Result(C.mtn_wait_frames(l.c))
}

// cAlloc allocates n bytes of C heap and returns the function that frees
// them, for the test that checks cHeapInUse sees C allocations.
func cAlloc(n int) (release func()) {
	p := C.malloc(C.size_t(n))
	if p == nil {
		panic("vulkan: malloc failed")
	}
	return func() { C.free(p) }
}

// cHeapInUse is the C heap's bytes in use (glibc's mallinfo2; on Windows
// the busy blocks of every heap of the process), for tests that check a
// frame allocates no C memory. It panics when the heaps cannot be measured:
// only tests call it, and a constant stand-in would make them unable to fail.
func cHeapInUse() int {
	n := C.mtn_c_heap_in_use()
	if n < 0 {
		panic("vulkan: cannot measure the C heap (walking the process heaps failed)")
	}
	return int(n)
}
