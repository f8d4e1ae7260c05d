package vulkan

// #include "inplace.h"
import "C"

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// Present modes switched in place (P11). Where the instance offers
// VK_EXT_surface_maintenance1 (with VK_KHR_get_surface_capabilities2,
// which it needs) and the device VK_EXT_swapchain_maintenance1 with its
// swapchainMaintenance1 feature, the swapchain is made for the list of
// modes the surface says are compatible with the chosen one, and a change
// among them is named on the next present instead of rebuilding (P5).

// inPlaceInstanceExtensions are the instance extensions P11 needs; the
// start enables them where the driver offers them.
var inPlaceInstanceExtensions = []string{"VK_KHR_get_surface_capabilities2", "VK_EXT_surface_maintenance1"}

// swapchainMaintenance1 is the device extension P11 needs.
const swapchainMaintenance1 = "VK_EXT_swapchain_maintenance1"

// PresentInPlaceEnv is the environment variable that, set to "0", makes
// every change of present mode rebuild the swapchain (P5) even where the
// driver could switch in place (P11), as Options.ForceRebuild does: for
// comparisons and benchmarks.
const PresentInPlaceEnv = "METRONOME_PRESENT_INPLACE"

// inPlaceAllowed reports whether in-place switches may be used: not forced
// off by option or by METRONOME_PRESENT_INPLACE=0.
func inPlaceAllowed(forceRebuild bool) bool {
	return !forceRebuild && os.Getenv(PresentInPlaceEnv) != "0"
}

// hasMaintenance1Feature reports whether gpu has the swapchainMaintenance1
// feature.
func hasMaintenance1Feature(procAddr unsafe.Pointer, inst vk.Instance, gpu vk.PhysicalDevice) bool {
	return C.mtn_swapchain_maintenance1(procAddr, C.VkInstance(unsafe.Pointer(inst)),
		C.VkPhysicalDevice(unsafe.Pointer(gpu))) != 0
}

// maintenance1Feature is the feature struct (C memory) that turns
// swapchainMaintenance1 on when chained to the device's create info.
func maintenance1Feature() unsafe.Pointer { return C.mtn_enable_swapchain_maintenance1() }

// compatibleModes lists the present modes the surface says are compatible
// with mode (mode among them), exactly as the driver returns them, and the
// largest minimum image count among them.
func (p *presenter) compatibleModes(mode vk.PresentMode) ([]vk.PresentMode, uint32, error) {
	var out [C.MTN_MAX_MODES]C.VkPresentModeKHR
	var n, minImages C.uint32_t
	res := C.mtn_mode_compat(p.gpu.procAddr, C.VkInstance(unsafe.Pointer(p.gpu.inst.handle)),
		C.VkPhysicalDevice(unsafe.Pointer(p.gpu.dev.gpu)), C.VkSurfaceKHR(unsafe.Pointer(p.surface)),
		C.VkPresentModeKHR(mode), &out[0], &n, &minImages)
	if err := callErr("list compatible present modes", "vkGetPhysicalDeviceSurfaceCapabilities2KHR", vk.Result(res)); err != nil {
		return nil, 0, err
	}
	modes := make([]vk.PresentMode, n)
	for i := range modes {
		modes[i] = vk.PresentMode(out[i])
	}
	return modes, uint32(minImages), nil
}

// setModes puts modes in the loop's VkSwapchainPresentModesCreateInfoEXT
// (C memory) and returns it, to chain to a swapchain's create info.
func (l *frameLoop) setModes(modes []vk.PresentMode) unsafe.Pointer {
	n := min(len(modes), C.MTN_MAX_MODES)
	for i := range n {
		l.c.modes[i] = C.VkPresentModeKHR(modes[i])
	}
	l.c.modesInfo = C.VkSwapchainPresentModesCreateInfoEXT{
		sType:            C.VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_MODES_CREATE_INFO_EXT,
		presentModeCount: C.uint32_t(n),
		pPresentModes:    &l.c.modes[0],
	}
	return unsafe.Pointer(&l.c.modesInfo)
}

// setPresentMode makes every present name mode (on) or none (off: a
// swapchain made without a list of modes).
func (l *frameLoop) setPresentMode(mode vk.PresentMode, on bool) {
	l.c.presentMode = C.VkPresentModeKHR(mode)
	l.c.modeSwitch = 0
	if on {
		l.c.modeSwitch = 1
	}
}

// switchInPlace applies the chosen mode to the live swapchain, which was
// made for it (decideFrame said actionSwitch): the next present names it.
func (p *presenter) switchInPlace() error {
	m, err := toVkMode(p.choice.Mode)
	if err != nil {
		return fmt.Errorf("switch present mode: %w", err)
	}
	p.gpu.loop.setPresentMode(m, true)
	p.sc.mode = p.choice.Mode
	p.changes++
	p.inPlaceChanges++
	p.lastSwitch = present.SwitchInPlace
	return nil
}

// modesListFalsePositive is the one validation message filtered, and only
// while the presenter creates a swapchain with the list of compatible
// modes exactly as the driver returned it: the validation layer of Vulkan
// SDK 1.3.239 (Debian 12) reports it for every such list, even a mode in
// its own list (fixed in later layers). The debug-report callback cannot
// see a call's arguments, so the presenter says when the call is made.
const modesListFalsePositive = "VUID-VkSwapchainPresentModesCreateInfoEXT-pPresentModes-07763"

// creatingWithDriverModes is non-zero while a swapchain is created with the
// driver's own list of compatible modes.
var creatingWithDriverModes atomic.Int32

// filterModesList turns the filter of modesListFalsePositive off for tests
// that show the false positive.
var filterModesList = true

// filtered reports whether a validation message is the known false
// positive while it can only be one.
func filtered(msg string) bool {
	return filterModesList && creatingWithDriverModes.Load() > 0 &&
		strings.Contains(msg, modesListFalsePositive)
}

// createPresentFences makes one present fence per swapchain image slot
// (unsignalled) and hands them to the frame loop, where the device has
// VK_EXT_swapchain_maintenance1: each present then signals its image's
// fence when its semaphore may be reused, and a rebuild or teardown waits
// for exactly the presents in flight (bounded, W7) instead of the whole
// device. Without the extension it does nothing.
func (p *presenter) createPresentFences() error {
	if !p.gpu.dev.maintenance1 {
		return nil
	}
	for range maxImages {
		f, err := newFence(p.gpu.dev.handle)
		if err != nil {
			return err
		}
		p.presentFences = append(p.presentFences, f)
	}
	if err := callErr("create present fences", "vkResetFences",
		vk.ResetFences(p.gpu.dev.handle, uint32(len(p.presentFences)), p.presentFences)); err != nil {
		return err
	}
	p.gpu.loop.setPresentFences(p.presentFences)
	return nil
}

// destroyPresentFences destroys the present fences; the caller waited for
// them. Safe twice.
func (p *presenter) destroyPresentFences() {
	if p.gpu == nil || p.gpu.dev == nil {
		return
	}
	for _, f := range p.presentFences {
		vk.DestroyFence(p.gpu.dev.handle, f, nil)
	}
	p.presentFences = nil
	if p.gpu.loop != nil && p.gpu.loop.c != nil {
		p.gpu.loop.setPresentFences(nil)
	}
}

// setPresentFences hands the present fences to the loop (nil: none).
func (l *frameLoop) setPresentFences(fences []vk.Fence) {
	l.c.presentFences = 0
	if len(fences) == maxImages {
		l.c.presentFences = 1
	}
	for i := range maxImages {
		l.c.presentPending[i] = 0
		l.c.presentFence[i] = nil
		if i < len(fences) {
			l.c.presentFence[i] = C.VkFence(unsafe.Pointer(fences[i]))
		}
	}
}

// waitPresents waits, bounded, for the present fences of the presents in
// flight (VK_SUCCESS at once without present fences).
func (l *frameLoop) waitPresents() vk.Result { return vk.Result(C.mtn_wait_presents(l.c)) }

// waitForPresentation waits until nothing uses the live swapchain: with
// present fences, for the frames in flight and then the presents in
// flight, each wait bounded (W7), then for the device, which is idle by
// then; without, for the whole device.
func (p *presenter) waitForPresentation() error {
	const op = "rebuild swapchain"
	dev, loop := p.gpu.dev.handle, p.gpu.loop
	if len(p.presentFences) == 0 {
		return callErr(op, "vkDeviceWaitIdle", vk.DeviceWaitIdle(dev))
	}
	if res := loop.waitFrames(); res != vk.Success {
		return callErr(op, loop.lastCall(), res)
	}
	if res := loop.waitPresents(); res != vk.Success {
		return callErr(op, loop.lastCall(), res)
	}
	// Nothing runs now, so this returns at once; it is here for validation
	// layers older than their present-fence support (Debian 12's 1.3.239),
	// which count a present's wait semaphores in use until a device or
	// queue wait, and report destroying them (VUID-vkDestroySemaphore-
	// semaphore-01137) although the present fences say they are free.
	return callErr(op, "vkDeviceWaitIdle", vk.DeviceWaitIdle(dev))
}

// pendingPresents counts the presents whose fence was not waited yet.
func (l *frameLoop) pendingPresents() int {
	n := 0
	for i := range maxImages {
		n += int(l.c.presentPending[i])
	}
	return n
}
