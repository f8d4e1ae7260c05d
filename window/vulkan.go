package window

/*
#include <stdint.h>

extern int32_t glfwCreateWindowSurface(void* instance, void* window, const void* allocator, uint64_t* surface);

// metronomeCreateSurface calls GLFW with the instance handle as an integer,
// so no Go code converts it to a pointer.
static int32_t metronomeCreateSurface(uintptr_t instance, void* window, uint64_t* surface) {
	return glfwCreateWindowSurface((void*)instance, window, 0, surface);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"time"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/metronome-engine/metronome/internal/vkenv"
)

// errNoWindow is returned by the Vulkan helpers when GLFW is not running.
var errNoWindow = errors.New("no window is open: call window.New first")

// VulkanInstanceExtensions returns the instance extensions GLFW needs to
// create window surfaces (VK_KHR_surface and the platform's), as plain Go
// strings without a terminating NUL. It needs an open window (GLFW running)
// and a Vulkan loader; the error says what is missing. Must be called from
// the main thread.
func VulkanInstanceExtensions() ([]string, error) {
	if glfwUsers.Load() == 0 {
		return nil, fmt.Errorf("vulkan instance extensions: %w", errNoWindow)
	}
	vulkanMu.Lock()
	defer vulkanMu.Unlock()
	if !glfw.VulkanSupported() {
		drainGLFWError()
		return nil, fmt.Errorf("vulkan instance extensions: GLFW found no Vulkan loader (%s): %s", advice.loader, advice.vulkan)
	}
	exts := (*glfw.Window)(nil).GetRequiredInstanceExtensions()
	if len(exts) == 0 {
		drainGLFWError()
		if m := vkenv.MissingDriverFile(lavapipeManifest); m != "" {
			return nil, fmt.Errorf("vulkan instance extensions: the Vulkan loader offers no surface extension for this window system: %s", m)
		}
		return nil, fmt.Errorf("vulkan instance extensions: the Vulkan loader offers no surface extension for this window system: %s", advice.vulkan)
	}
	return exts, nil
}

// vulkanMu serialises GLFW's first load of Vulkan (glfwVulkanSupported,
// glfwGetRequiredInstanceExtensions load the loader and list its
// extensions once), which PrepareVulkan and VulkanInstanceExtensions may
// otherwise run at once on two threads.
var vulkanMu sync.Mutex

// PrepareVulkan makes GLFW load its Vulkan support (the loader and the
// list of instance extensions it offers) off the main thread, as soon as
// the first window.New has started GLFW (it waits at most wait for that),
// so that the main thread's later VulkanInstanceExtensions finds it done
// instead of paying for it while the window opens. It reports whether
// GLFW found a Vulkan loader; false also when GLFW did not start within
// wait. Safe from any goroutine (GLFW allows these calls on any thread).
func PrepareVulkan(wait time.Duration) bool {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-glfwTriedCh:
	case <-t.C:
		return false
	}
	glfwLife.RLock()
	defer glfwLife.RUnlock()
	if glfwUsers.Load() == 0 {
		return false
	}
	vulkanMu.Lock()
	defer vulkanMu.Unlock()
	return glfw.VulkanSupported()
}

// PlatformInstanceExtensions returns the instance extensions GLFW may ask
// for on this platform: VK_KHR_surface and each platform surface extension
// GLFW chooses from (on X11 VK_KHR_xcb_surface and VK_KHR_xlib_surface).
// Whatever [VulkanInstanceExtensions] later returns is a subset of those the
// driver offers. It needs no window, display or GLFW, so a Vulkan instance
// can be started before the window (vulkan.StartInstance) while GLFW starts.
// Safe from any goroutine; the caller owns the returned slice.
func PlatformInstanceExtensions() []string {
	return append([]string{"VK_KHR_surface"}, platformSurfaceExtensions()...)
}

// NativeSurfaceExtensions returns the instance extensions with which
// [Window.CreateVulkanSurface] makes the surface itself, without GLFW's
// Vulkan support (which loads the loader again and lists its extensions:
// about 13 ms of a launch on lavapipe): VK_KHR_surface and
// VK_KHR_xlib_surface on X11; nil on the other window systems, where the
// surface is GLFW's. An instance started with [PlatformInstanceExtensions]
// has them wherever the driver offers them, so a caller that knows its
// instance has them needs no [VulkanInstanceExtensions]. Safe from any
// goroutine; the caller owns the returned slice.
func NativeSurfaceExtensions() []string {
	return append([]string(nil), nativeSurfaceExtensions...)
}

// VulkanProcAddr returns GLFW's vkGetInstanceProcAddr (a C function pointer),
// for vk.SetGetInstanceProcAddr; it resolves Vulkan functions through the
// loader GLFW found, so no libvulkan-dev is needed. Calling the function
// needs GLFW running (an open window). Safe from any goroutine.
func VulkanProcAddr() unsafe.Pointer { return glfw.GetVulkanGetInstanceProcAddress() }

// CreateVulkanSurface creates a VkSurfaceKHR for the window on instance (a
// VkInstance handle, for example uintptr(unsafe.Pointer(vkInstance)) with
// vulkan-go) and returns its handle; the caller destroys it with
// vkDestroySurfaceKHR before the window and the instance. The instance must
// have the extensions [VulkanInstanceExtensions] lists, or those
// [NativeSurfaceExtensions] lists: on X11, an instance with those gets an
// Xlib surface made here, through the loader the process has loaded,
// without GLFW loading Vulkan a second time. With vulkan-go,
// convert the handle without a uintptr-to-pointer conversion:
// surface := *(*vk.Surface)(unsafe.Pointer(&handle)). Must be called from the
// main thread.
func (w *Window) CreateVulkanSurface(instance uintptr) (surface uintptr, err error) {
	if w.win == nil {
		return 0, errors.New("create Vulkan surface: the window was destroyed")
	}
	if instance == 0 {
		return 0, errors.New("create Vulkan surface: the VkInstance handle is 0")
	}
	if s, ok, err := w.createNativeSurface(instance); ok {
		return s, err
	}
	var s C.uint64_t
	res := C.metronomeCreateSurface(C.uintptr_t(instance), w.win.Handle(), &s)
	if res != 0 {
		_, desc := takeGLFWError()
		drainGLFWError()
		return 0, fmt.Errorf("create Vulkan surface: glfwCreateWindowSurface returned %s: %s "+
			"(the instance must enable the extensions window.VulkanInstanceExtensions lists)", vkResultName(int32(res)), desc)
	}
	if s == 0 {
		return 0, errors.New("create Vulkan surface: glfwCreateWindowSurface returned VK_SUCCESS and a null surface")
	}
	return uintptr(s), nil
}

// vkResultName names the VkResult values surface creation returns.
func vkResultName(r int32) string {
	names := map[int32]string{
		-1:          "VK_ERROR_OUT_OF_HOST_MEMORY",
		-2:          "VK_ERROR_OUT_OF_DEVICE_MEMORY",
		-3:          "VK_ERROR_INITIALIZATION_FAILED",
		-7:          "VK_ERROR_EXTENSION_NOT_PRESENT",
		-1000000001: "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR",
	}
	name, ok := names[r]
	if !ok {
		name = "VkResult"
	}
	return fmt.Sprintf("%s (%d)", name, r)
}
