// Package vulkan is the engine's Vulkan renderer and the graphics.Backend
// of package engine/graphics. It has no scene of its own (G1): it draws
// the frame records a game's graphics.Device makes.
//
// By lifetime:
//
//   - the device, made once: loader, instance (with opt-in validation, rule
//     W3), physical-device choice, device and queue, memory, render passes,
//     BasicEffect's shaders (package shaders), a pipeline cache and one
//     pipeline per state combination (graphics.PipelineKey), built on
//     first use and kept, never per frame; textures, render targets and
//     vertex and index buffers (CreateTexture, CreateBuffer);
//   - the presenter (its own type, with one SetPresentation), rebuilt as
//     the window asks: surface, swapchain, depth buffer, present mode (P4
//     to P8), rebuilds (W2, P5) or in-place mode switches where the driver
//     allows them (P11, VK_EXT_swapchain_maintenance1; C helpers in
//     inplace.c carry the structures vulkan-go lacks), present fences, half
//     rate (P8) and captures of presented frames (G11);
//   - the frame: a frame in flight's fence, semaphore, command buffer and
//     GPU-visible arena (user vertices, effect uniforms, upload staging),
//     recorded anew each frame from the record.
//
// It uses github.com/vulkan-go/vulkan (imported as vk) for setup and
// rebuilds. A frame's work goes through a small cgo fast path
// (frameloop.c): the record becomes a flat list of commands in C memory,
// and one call records, submits and presents them, so a steady frame
// allocates nothing on the Go heap and no C memory (G9).
//
// The engine drives it through a handful of methods (package
// engine/desktop adapts them to engine.Renderer):
//
//	r, err := vulkan.New(surface, vulkan.Options{InstanceExtensions: exts, ProcAddr: addr, SwapInterval: 1})
//	defer r.Destroy()                 // W4: waits idle, destroys in reverse order
//	dev, err := graphics.NewDevice(r) // the Renderer is the Backend
//	ok, err := r.BeginFrame()         // acquire (bounded, W7); false: skip this frame (W2)
//	dev.BeginFrame(r.Extent())        // ... draw with dev ...
//	f, err := dev.EndFrame()
//	err = r.Execute(f)                // record, submit, present
//	r.Resize()                        // on framebuffer-size and iconify events
//	err = r.SetPresentation(n, half)  // P4/P5/P8/P11: in place or rebuilt before the next acquire if the mode changes
//	st := r.Status()                  // device, requested interval, chosen mode and mode in use, counts
//	r.CaptureNext()                   // G11: copy the next presented frame; LastCapture returns it
//
// To shorten a launch, the loader, driver, instance, device, render passes,
// shader modules and common pipelines start on another goroutine before the
// window opens (with a first draw of each pipeline submitted, so a driver
// that compiles at the first draw does it then), while GLFW starts on the main thread, and the renderer then
// takes them over (one owner from then on; New runs the same start inline).
// The goroutine waits for GLFW only when it must choose among queue
// families (PresentSupport). METRONOME_LAUNCH_TRACE=1 prints the launch's
// steps with their times to standard error:
//
//	p := vulkan.StartInstance(vulkan.InstanceOptions{Extensions: window.PlatformInstanceExtensions(),
//		PresentSupport: present}) // window.PresentationSupport: picks a presenting queue family once GLFW runs
//	win, err := window.New(cfg)       // on error: p.Destroy()
//	exts, err := window.VulkanInstanceExtensions()
//	r, err := vulkan.NewWithInstance(win, p, vulkan.Options{InstanceExtensions: exts, SwapInterval: 1})
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
// On Windows the loader is vulkan-1.dll, which the GPU's driver installs;
// the cross-build from Linux (mingw-w64) finds the Vulkan headers through
// -idirafter (scripts/windows.sh build).
//
// Thread affinity: a Renderer is not safe for concurrent use; call all its
// methods from one goroutine (the engine's loop). The Surface it is given
// (a GLFW window) must be used from the main thread (W1), so in practice that
// is the main goroutine with runtime.LockOSThread.
package vulkan
