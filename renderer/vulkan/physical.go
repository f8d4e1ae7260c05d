package vulkan

import (
	"fmt"
	"slices"
	"strings"

	vk "github.com/vulkan-go/vulkan"
)

// gpuInfo is what device choice needs to know about one physical device.
type gpuInfo struct {
	name      string
	kind      vk.PhysicalDeviceType
	family    int  // a queue family with graphics and present support, or -1
	swapchain bool // VK_KHR_swapchain supported
}

// kindRank orders device types: discrete first, lavapipe (CPU) accepted last.
func kindRank(k vk.PhysicalDeviceType) int {
	switch k {
	case vk.PhysicalDeviceTypeDiscreteGpu:
		return 0
	case vk.PhysicalDeviceTypeIntegratedGpu:
		return 1
	case vk.PhysicalDeviceTypeVirtualGpu:
		return 2
	case vk.PhysicalDeviceTypeCpu:
		return 3
	}
	return 4
}

// pickGPU returns the index of the best usable device (can draw to the
// surface and has swapchains), preferring discrete GPUs; ties go to the first.
// It is pure so device choice is tested without a driver.
func pickGPU(gpus []gpuInfo) (int, error) {
	if len(gpus) == 0 {
		return -1, fmt.Errorf("%w: Vulkan lists no devices: %s", ErrNoDriver, noDriverAdvice())
	}
	best := -1
	var why []string
	for i, g := range gpus {
		switch {
		case g.family < 0:
			why = append(why, g.name+": no queue family draws and presents to the window")
			continue
		case !g.swapchain:
			why = append(why, g.name+": no VK_KHR_swapchain")
			continue
		}
		if best < 0 || kindRank(g.kind) < kindRank(gpus[best].kind) {
			best = i
		}
	}
	if best < 0 {
		return -1, fmt.Errorf("%w: no device can present to the window (%s): %s",
			ErrNoDriver, strings.Join(why, "; "), noDriverAdvice())
	}
	return best, nil
}

// gpuRoom is how many physical devices the first listing makes room for.
const gpuRoom = 8

// physicalDevices lists inst's physical devices in one call into room for
// room of them (the loader asks every driver at each call, about 2 ms on
// lavapipe), and only when there are more, counts them and lists again.
func physicalDevices(inst vk.Instance, room int) ([]vk.PhysicalDevice, vk.Result) {
	n := uint32(room)
	devs := make([]vk.PhysicalDevice, room)
	r := vk.EnumeratePhysicalDevices(inst, &n, devs)
	for tries := 0; r == vk.Incomplete && tries < 3; tries++ { // a GPU may appear between a count and a list
		if r = vk.EnumeratePhysicalDevices(inst, &n, nil); r != vk.Success {
			return nil, r
		}
		devs = make([]vk.PhysicalDevice, n)
		r = vk.EnumeratePhysicalDevices(inst, &n, devs)
	}
	if r != vk.Success {
		return nil, r
	}
	return devs[:min(int(n), len(devs))], r
}

// listGPUs enumerates the physical devices and describes each.
func listGPUs(inst vk.Instance, surface vk.Surface) ([]vk.PhysicalDevice, []gpuInfo, error) {
	devs, r := physicalDevices(inst, gpuRoom)
	if r == vk.ErrorInitializationFailed {
		return nil, nil, fmt.Errorf("%w: %w: %s", ErrNoDriver,
			callErr("list devices", "vkEnumeratePhysicalDevices", r), noDriverAdvice())
	}
	if err := callErr("list devices", "vkEnumeratePhysicalDevices", r); err != nil {
		return nil, nil, err
	}
	infos := make([]gpuInfo, len(devs))
	for i, d := range devs {
		var p vk.PhysicalDeviceProperties
		vk.GetPhysicalDeviceProperties(d, &p)
		p.Deref()
		p.Free()
		info := gpuInfo{name: vk.ToString(p.DeviceName[:]), kind: p.DeviceType}
		fam, err := presentFamily(d, surface)
		if err != nil {
			return nil, nil, err
		}
		info.family = fam
		if info.swapchain, err = hasDeviceExtension(d, "VK_KHR_swapchain"); err != nil {
			return nil, nil, err
		}
		infos[i] = info
	}
	return devs, infos, nil
}

// presentFamily returns the first queue family that does graphics and can
// present to surface, or -1. Without a surface yet (vk.NullSurface, see
// StartInstance) it returns the first family that does graphics; whether
// that one presents is checked once the surface exists (canPresent).
func presentFamily(d vk.PhysicalDevice, surface vk.Surface) (int, error) {
	for i, flags := range queueFamilyFlags(d) { // not vk.GetPhysicalDeviceQueueFamilyProperties: see vkcalls.go
		if vk.QueueFlagBits(flags)&vk.QueueGraphicsBit == 0 {
			continue
		}
		if surface == vk.NullSurface {
			return i, nil
		}
		ok, err := canPresent(d, uint32(i), surface)
		if err != nil {
			return -1, err
		}
		if ok {
			return i, nil
		}
	}
	return -1, nil
}

// canPresent reports whether queue family fam of d can present to surface.
func canPresent(d vk.PhysicalDevice, fam uint32, surface vk.Surface) (bool, error) {
	var ok vk.Bool32
	err := callErr("query present support", "vkGetPhysicalDeviceSurfaceSupportKHR",
		vk.GetPhysicalDeviceSurfaceSupport(d, fam, surface, &ok))
	return err == nil && ok.B(), err
}

// hasDeviceExtension reports whether d supports the named extension.
func hasDeviceExtension(d vk.PhysicalDevice, name string) (bool, error) {
	names, res := deviceExtensions(d) // not vk.EnumerateDeviceExtensionProperties: see vkcalls.go
	if err := callErr("list device extensions", "vkEnumerateDeviceExtensionProperties", res); err != nil {
		return false, err
	}
	return slices.Contains(names, name), nil
}
