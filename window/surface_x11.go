//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <string.h>

extern void* glfwGetX11Display(void);
extern unsigned long glfwGetX11Window(void* window);

// xlibSurfaceInfo is VkXlibSurfaceCreateInfoKHR.
typedef struct {
	int32_t sType;
	const void* pNext;
	uint32_t flags;
	void* dpy;
	unsigned long window;
} xlibSurfaceInfo;

typedef void* (*getInstanceProcAddr)(uintptr_t instance, const char* name);
typedef int32_t (*createXlibSurface)(uintptr_t instance, const xlibSurfaceInfo* info, const void* allocator, uint64_t* surface);

// metronomeXlibSurfaceFunc returns vkCreateXlibSurfaceKHR for instance
// from the loader this process has loaded already (libvulkan.so.1; it is
// not loaded here), or NULL: no loader loaded, or an instance without
// VK_KHR_xlib_surface.
static void* metronomeXlibSurfaceFunc(uintptr_t instance) {
	void* lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_NOLOAD);
	if (!lib) {
		return 0;
	}
	getInstanceProcAddr gipa = (getInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
	void* f = gipa ? gipa(instance, "vkCreateXlibSurfaceKHR") : 0;
	dlclose(lib); // the loader stays: whoever loaded it holds it
	return f;
}

static int32_t metronomeCreateXlibSurface(void* f, uintptr_t instance, void* window, uint64_t* surface) {
	xlibSurfaceInfo info;
	memset(&info, 0, sizeof info);
	info.sType = 1000004000; // VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR
	info.dpy = glfwGetX11Display();
	info.window = glfwGetX11Window(window);
	return ((createXlibSurface)f)(instance, &info, 0, surface);
}
*/
import "C"

import "fmt"

// nativeSurfaceExtensions are the instance extensions createNativeSurface
// needs: on X11 an Xlib surface on GLFW's own display connection.
var nativeSurfaceExtensions = []string{"VK_KHR_surface", "VK_KHR_xlib_surface"}

// createNativeSurface creates the window's surface itself, without GLFW's
// Vulkan support (GLFW loads the loader a second time and lists its
// extensions, about 13 ms at launch on lavapipe): an Xlib surface of GLFW's
// display and window, through the loader this process has already loaded.
// ok is false, and nothing was made, when that loader is not loaded or
// instance lacks VK_KHR_xlib_surface: the caller then asks GLFW.
func (w *Window) createNativeSurface(instance uintptr) (surface uintptr, ok bool, err error) {
	f := C.metronomeXlibSurfaceFunc(C.uintptr_t(instance))
	if f == nil {
		return 0, false, nil
	}
	var s C.uint64_t
	if res := C.metronomeCreateXlibSurface(f, C.uintptr_t(instance), w.win.Handle(), &s); res != 0 {
		return 0, true, fmt.Errorf("create Vulkan surface: vkCreateXlibSurfaceKHR returned %s", vkResultName(int32(res)))
	}
	if s == 0 {
		return 0, true, fmt.Errorf("create Vulkan surface: vkCreateXlibSurfaceKHR returned VK_SUCCESS and a null surface")
	}
	return uintptr(s), true, nil
}
