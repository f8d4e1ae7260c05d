package window

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// lavapipeICD is Mesa's software Vulkan driver on Debian (x86-64).
const lavapipeICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

// useLavapipe selects lavapipe for this test unless the caller chose a driver.
func useLavapipe(t *testing.T) {
	if os.Getenv("VK_DRIVER_FILES") != "" || os.Getenv("VK_ICD_FILENAMES") != "" {
		return
	}
	if _, err := os.Stat(lavapipeICD); err == nil {
		t.Setenv("VK_DRIVER_FILES", lavapipeICD)
	}
}

// newInstance creates a Vulkan 1.0 instance with extensions, through GLFW's
// loader; a missing loader or driver is reported as skip (or failure under
// METRONOME_REQUIRE_GPU=1) by the caller. Runs on the main thread.
func newInstance(extensions []string) (vk.Instance, error) {
	vk.SetGetInstanceProcAddr(VulkanProcAddr())
	if err := vk.Init(); err != nil {
		return nil, fmt.Errorf("vk.Init: %w", err)
	}
	names := make([]string, len(extensions))
	for i, e := range extensions {
		names[i] = e + "\x00"
	}
	var inst vk.Instance
	res := vk.CreateInstance(&vk.InstanceCreateInfo{
		SType: vk.StructureTypeInstanceCreateInfo,
		PApplicationInfo: &vk.ApplicationInfo{
			SType:            vk.StructureTypeApplicationInfo,
			PApplicationName: "metronome window test\x00",
			ApiVersion:       vk.MakeVersion(1, 0, 0),
		},
		EnabledExtensionCount:   uint32(len(names)),
		PpEnabledExtensionNames: names,
	}, nil, &inst)
	if err := vk.Error(res); err != nil {
		return nil, fmt.Errorf("vkCreateInstance with %v: %w", extensions, err)
	}
	if err := vk.InitInstance(inst); err != nil {
		vk.DestroyInstance(inst, nil)
		return nil, fmt.Errorf("vk.InitInstance: %w", err)
	}
	return inst, nil
}

func TestVulkanSurfaceOnLavapipe(t *testing.T) {
	useLavapipe(t)
	w := newTestWindow(t, hiddenConfig())
	var exts []string
	var inst vk.Instance
	var errExt, errInst, errSurface error
	var surface uintptr
	Do(func() {
		if exts, errExt = VulkanInstanceExtensions(); errExt != nil {
			return
		}
		if inst, errInst = newInstance(exts); errInst != nil {
			return
		}
		defer vk.DestroyInstance(inst, nil)
		surface, errSurface = w.CreateVulkanSurface(uintptr(unsafe.Pointer(inst)))
		if errSurface == nil {
			vk.DestroySurface(inst, *(*vk.Surface)(unsafe.Pointer(&surface)), nil)
		}
	})
	if err := errors.Join(errExt, errInst); err != nil {
		skipOrFail(t, "needs a Vulkan loader and driver: %v", err)
	}
	if !hasString(exts, "VK_KHR_surface") {
		t.Fatalf("instance extensions %v lack VK_KHR_surface", exts)
	}
	for _, e := range exts {
		if strings.ContainsRune(e, 0) {
			t.Fatalf("extension %q carries a NUL; callers add it", e)
		}
	}
	if errSurface != nil || surface == 0 {
		t.Fatalf("CreateVulkanSurface = %#x, %v; want a handle", surface, errSurface)
	}
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestW6_SurfaceOnInstanceWithoutExtensionsIsAnError(t *testing.T) {
	useLavapipe(t)
	w := newTestWindow(t, hiddenConfig())
	var errInst, errSurface error
	var width int
	Do(func() {
		var inst vk.Instance
		if inst, errInst = newInstance(nil); errInst != nil {
			return
		}
		defer vk.DestroyInstance(inst, nil)
		_, errSurface = w.CreateVulkanSurface(uintptr(unsafe.Pointer(inst)))
		// GLFW reported the failure through go-gl's error queue too; left
		// there it would make this call panic.
		width, _ = w.Size()
	})
	if errInst != nil {
		skipOrFail(t, "needs a Vulkan loader and driver: %v", errInst)
	}
	if errSurface == nil || !strings.Contains(errSurface.Error(), "VK_ERROR_EXTENSION_NOT_PRESENT") ||
		!strings.Contains(errSurface.Error(), "VulkanInstanceExtensions") {
		t.Fatalf("error = %v; want VK_ERROR_EXTENSION_NOT_PRESENT and advice to enable the extensions", errSurface)
	}
	if width != hiddenConfig().Width {
		t.Fatalf("window width after the failed surface = %d, want %d", width, hiddenConfig().Width)
	}
	t.Logf("error: %v", errSurface)
}

func TestW6_VulkanHelpersWithoutWindowOrInstance(t *testing.T) {
	if glfwUsers.Load() != 0 {
		t.Fatal("a window from another test is still open")
	}
	var errExt error
	Do(func() { _, errExt = VulkanInstanceExtensions() })
	if !errors.Is(errExt, errNoWindow) {
		t.Fatalf("VulkanInstanceExtensions without a window: %v, want %v", errExt, errNoWindow)
	}
	w := newTestWindow(t, hiddenConfig())
	var errZero, errGone error
	Do(func() {
		_, errZero = w.CreateVulkanSurface(0)
		w.Destroy()
		_, errGone = w.CreateVulkanSurface(1)
	})
	if errZero == nil || errGone == nil {
		t.Fatalf("CreateVulkanSurface with a 0 instance: %v; on a destroyed window: %v; want errors", errZero, errGone)
	}
}

// TestPlatformInstanceExtensionsCoverGLFW pins what vulkan.StartInstance
// relies on: the extensions GLFW asks for once a window is open are among
// those PlatformInstanceExtensions names without one.
func TestPlatformInstanceExtensionsCoverGLFW(t *testing.T) {
	useLavapipe(t)
	platform := PlatformInstanceExtensions()
	if !hasString(platform, "VK_KHR_surface") || len(platform) < 2 {
		t.Fatalf("PlatformInstanceExtensions() = %v; want VK_KHR_surface and a platform surface extension", platform)
	}
	platform[0] = "changed"
	if PlatformInstanceExtensions()[0] != "VK_KHR_surface" {
		t.Fatal("PlatformInstanceExtensions returned a shared slice")
	}
	newTestWindow(t, hiddenConfig())
	var exts []string
	var err error
	Do(func() { exts, err = VulkanInstanceExtensions() })
	if err != nil {
		skipOrFail(t, "needs a Vulkan loader and driver: %v", err)
	}
	for _, e := range exts {
		if !hasString(PlatformInstanceExtensions(), e) {
			t.Errorf("GLFW asks for %q, which PlatformInstanceExtensions() %v lacks", e, PlatformInstanceExtensions())
		}
	}
}

// TestW11_PrepareVulkanRunsOffTheMainThread: with a window open,
// PrepareVulkan, called from a goroutine that is not the main thread,
// has GLFW load Vulkan and reports the loader; the main thread's
// VulkanInstanceExtensions then lists the surface extensions. Once the
// last window is gone (GLFW terminated) it reports false at once instead
// of touching GLFW.
func TestW11_PrepareVulkanRunsOffTheMainThread(t *testing.T) {
	useLavapipe(t)
	w := newTestWindow(t, hiddenConfig())
	if !PrepareVulkan(time.Second) {
		skipOrFail(t, "needs a Vulkan loader: PrepareVulkan reported none")
	}
	var exts []string
	var err error
	Do(func() { exts, err = VulkanInstanceExtensions() })
	if err != nil || !hasString(exts, "VK_KHR_surface") {
		t.Fatalf("VulkanInstanceExtensions after PrepareVulkan = %v, %v; want VK_KHR_surface", exts, err)
	}
	Do(w.Destroy)
	if glfwUsers.Load() != 0 {
		t.Skip("another window keeps GLFW running")
	}
	if PrepareVulkan(time.Second) {
		t.Error("PrepareVulkan reported a loader with GLFW terminated")
	}
}
