// Package vulkan is the engine's Vulkan renderer: instance (with opt-in
// validation, rule W3), physical-device choice, device and queues, swapchain,
// render pass with depth, the lit-cube pipeline from package shaders, frames in
// flight, swapchain rebuilds (W2, P5), ordered teardown (W4) and read-back (W5).
//
// It uses github.com/vulkan-go/vulkan (imported as vk) for setup and rebuilds,
// and a small cgo fast path (frameloop.c) for the five calls a steady-state
// frame makes, so that drawing a frame allocates nothing.
//
// Thread affinity: a Renderer is not safe for concurrent use; call all its
// methods from one goroutine (the engine's loop). The Surface it is given
// (a GLFW window) must be used from the main thread (W1), so in practice that
// is the main goroutine with runtime.LockOSThread.
package vulkan
