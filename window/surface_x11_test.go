//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

import (
	"errors"
	"testing"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// TestW11_X11SurfaceNeedsNoGLFWVulkan: on X11 an instance with
// NativeSurfaceExtensions gets its surface from createNativeSurface (an
// Xlib surface through the loader already loaded), which the device can
// present to, so the launch need not wait for GLFW to load Vulkan again;
// an instance without VK_KHR_xlib_surface is left to GLFW (ok false,
// nothing made), which then reports the missing extension as before.
func TestW11_X11SurfaceNeedsNoGLFWVulkan(t *testing.T) {
	useLavapipe(t)
	w := newTestWindow(t, hiddenConfig())
	var errInst, errBare, errSurface error
	var surface uintptr
	var native, bareNative, presents bool
	Do(func() {
		var inst, bare vk.Instance
		if inst, errInst = newInstance(NativeSurfaceExtensions()); errInst != nil {
			return
		}
		defer vk.DestroyInstance(inst, nil)
		surface, native, errSurface = w.createNativeSurface(uintptr(unsafe.Pointer(inst)))
		if errSurface != nil || surface == 0 {
			return
		}
		s := *(*vk.Surface)(unsafe.Pointer(&surface))
		defer vk.DestroySurface(inst, s, nil)
		var n uint32
		vk.EnumeratePhysicalDevices(inst, &n, nil)
		gpus := make([]vk.PhysicalDevice, n)
		vk.EnumeratePhysicalDevices(inst, &n, gpus)
		for _, g := range gpus {
			var ok vk.Bool32
			if vk.GetPhysicalDeviceSurfaceSupport(g, 0, s, &ok) == vk.Success && ok == vk.True {
				presents = true
			}
		}
		if bare, errBare = newInstance([]string{"VK_KHR_surface"}); errBare != nil {
			return
		}
		defer vk.DestroyInstance(bare, nil)
		var made uintptr
		made, bareNative, _ = w.createNativeSurface(uintptr(unsafe.Pointer(bare)))
		if made != 0 {
			vk.DestroySurface(bare, *(*vk.Surface)(unsafe.Pointer(&made)), nil)
		}
	})
	if err := errors.Join(errInst, errBare); err != nil {
		skipOrFail(t, "needs a Vulkan loader and driver: %v", err)
	}
	if !native || errSurface != nil || surface == 0 {
		t.Fatalf("createNativeSurface with %v = %#x, %v, %v; want a surface made here",
			NativeSurfaceExtensions(), surface, native, errSurface)
	}
	if !presents {
		t.Fatal("no queue family 0 of any GPU can present to the Xlib surface")
	}
	if bareNative {
		t.Fatal("createNativeSurface on an instance without VK_KHR_xlib_surface did not leave it to GLFW")
	}
}
