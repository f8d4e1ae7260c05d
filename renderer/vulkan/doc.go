// Package vulkan is the engine's Vulkan renderer: instance (with opt-in
// validation, rule W3), physical-device choice, device and queues, swapchain,
// render pass with depth, the lit-cube pipeline from package shaders, frames in
// flight, swapchain rebuilds (W2, P5), ordered teardown (W4) and read-back (W5).
//
// It uses github.com/vulkan-go/vulkan (imported as vk) for setup and rebuilds,
// and a small cgo fast path (frameloop.c) for the five calls a steady-state
// frame makes, so that drawing a frame allocates nothing.
//
// The engine drives it through a handful of methods:
//
//	r, err := vulkan.New(surface, vulkan.Options{InstanceExtensions: exts, ProcAddr: addr, SwapInterval: 1})
//	defer r.Destroy()                 // W4: waits idle, destroys in reverse order
//	err = r.SetObjects(balls)         // up to MaxObjects lit balls beside the cube, from the next frame
//	drawn, err := r.DrawFrame(t)      // t: game time; drawn == false while minimised (W2)
//	r.Resize()                        // on framebuffer-size and iconify events
//	err = r.SetSwapInterval(n)        // P4/P5: rebuilt before the next acquire if the mode changes
//	err = r.SetHalfRate(true)         // P8: interval 2 -> FIFO, each frame rendered and presented twice
//	choice := r.Presentation()        // P6: requested interval, chosen mode, fallback, reason, Hold
//	n := r.Presents()                 // presents queued so far (2 per frame at half rate)
//	mode := r.ModeInUse()             // P6: the live swapchain's mode (an observation)
//	img, err := r.ReadBack()          // W5: the last frame as *image.RGBA
//
// To shorten a launch, the loader, driver, instance and device can start on
// another goroutine before the window opens, while GLFW starts on the main
// thread, and the renderer then takes them over:
//
//	p := vulkan.StartInstance(vulkan.InstanceOptions{Extensions: window.PlatformInstanceExtensions()})
//	win, err := window.New(cfg)       // on error: p.Destroy()
//	exts, err := window.VulkanInstanceExtensions()
//	r, err := vulkan.NewWithInstance(win, p, vulkan.Options{InstanceExtensions: exts, SwapInterval: 1})
//
// Objects (SetObjects) live in the cube's world space; Project maps a world
// point to pixels with the same camera, for placing them on screen. Their
// draw is recorded once like the cube's (one instanced draw of MaxObjects
// spheres, the unused ones collapsed in the vertex shader), so changing them
// is a uniform write and costs no allocation.
//
// Errors name the operation, the Vulkan call and the VkResult by name
// (Result); the results callers branch on are constants usable with
// errors.Is (ErrOutOfDate, ErrDeviceLost, ErrSurfaceLost, ...). Without a
// driver New returns an error wrapping ErrNoDriver that says what to install
// or set (W6). A swapchain whose images and depth image would take more
// memory than the budget (1 GiB unless Options.SwapchainBudget or
// METRONOME_SWAPCHAIN_BUDGET says otherwise) is refused with an error
// wrapping ErrOverBudget; CheckWindowSize checks a requested size up front.
//
// Validation counts only the validation layer's own errors and warnings,
// never the loader's notices (W3).
//
// Building needs the Vulkan headers (Debian: libvulkan-dev) for frameloop.c;
// running needs the loader (libvulkan1) and a driver (a GPU's, or Mesa's
// lavapipe: mesa-vulkan-drivers); validation needs vulkan-validationlayers.
//
// Thread affinity: a Renderer is not safe for concurrent use; call all its
// methods from one goroutine (the engine's loop). The Surface it is given
// (a GLFW window) must be used from the main thread (W1), so in practice that
// is the main goroutine with runtime.LockOSThread.
package vulkan
