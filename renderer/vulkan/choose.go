package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// Pure choices for the swapchain: each takes what the surface reports as
// arguments (style item 9), so it is tested without a device.

// chooseSurfaceFormat prefers 8-bit BGRA, then RGBA, UNORM (the read-back and
// the tests see the shader's values unchanged); else the first one listed.
func chooseSurfaceFormat(formats []vk.SurfaceFormat) (vk.SurfaceFormat, error) {
	if len(formats) == 0 {
		return vk.SurfaceFormat{}, fmt.Errorf("choose surface format: the surface lists none")
	}
	for _, want := range []vk.Format{vk.FormatB8g8r8a8Unorm, vk.FormatR8g8b8a8Unorm} {
		for _, f := range formats {
			if f.Format == want && f.ColorSpace == vk.ColorspaceSrgbNonlinear {
				return f, nil
			}
		}
	}
	if len(formats) == 1 && formats[0].Format == vk.FormatUndefined {
		return vk.SurfaceFormat{Format: vk.FormatB8g8r8a8Unorm, ColorSpace: vk.ColorspaceSrgbNonlinear}, nil
	}
	return formats[0], nil
}

// undefinedExtent is the currentExtent value meaning "the swapchain decides".
const undefinedExtent = 0xFFFFFFFF

// chooseExtent returns the surface's current extent, or the framebuffer size
// clamped to the surface's limits when the surface leaves it to us.
func chooseExtent(caps vk.SurfaceCapabilities, fbW, fbH int) vk.Extent2D {
	if caps.CurrentExtent.Width != undefinedExtent {
		return caps.CurrentExtent
	}
	clamp := func(v int, lo, hi uint32) uint32 {
		return min(max(uint32(max(v, 0)), lo), hi)
	}
	return vk.Extent2D{
		Width:  clamp(fbW, caps.MinImageExtent.Width, caps.MaxImageExtent.Width),
		Height: clamp(fbH, caps.MinImageExtent.Height, caps.MaxImageExtent.Height),
	}
}

// chooseImageCount asks for one image more than the minimum (so the
// application need not wait for the presentation engine), within the
// surface's maximum (0: none) and this package's maxImages.
func chooseImageCount(caps vk.SurfaceCapabilities) (uint32, error) {
	n := caps.MinImageCount + 1
	if caps.MaxImageCount > 0 {
		n = min(n, caps.MaxImageCount)
	}
	n = min(n, maxImages)
	if n < caps.MinImageCount {
		return 0, fmt.Errorf("choose image count: the surface needs at least %d images, more than %d", caps.MinImageCount, maxImages)
	}
	return n, nil
}

// toVkMode converts a present package mode to Vulkan's.
func toVkMode(m present.PresentMode) (vk.PresentMode, error) {
	switch m {
	case present.ModeImmediate:
		return vk.PresentModeImmediate, nil
	case present.ModeMailbox:
		return vk.PresentModeMailbox, nil
	case present.ModeFIFO:
		return vk.PresentModeFifo, nil
	case present.ModeFIFORelaxed:
		return vk.PresentModeFifoRelaxed, nil
	}
	return 0, fmt.Errorf("present mode %v has no Vulkan equivalent", m)
}

// fromVkMode converts a Vulkan present mode; ok is false for modes the
// present package does not model (the shared-image modes).
func fromVkMode(m vk.PresentMode) (present.PresentMode, bool) {
	switch m {
	case vk.PresentModeImmediate:
		return present.ModeImmediate, true
	case vk.PresentModeMailbox:
		return present.ModeMailbox, true
	case vk.PresentModeFifo:
		return present.ModeFIFO, true
	case vk.PresentModeFifoRelaxed:
		return present.ModeFIFORelaxed, true
	}
	return 0, false
}

// modeSet converts the surface's list of Vulkan modes.
func modeSet(modes []vk.PresentMode) present.ModeSet {
	var s present.ModeSet
	for _, m := range modes {
		if pm, ok := fromVkMode(m); ok {
			s = s.Add(pm)
		}
	}
	return s
}

// frameAction is what BeginFrame does this time.
type frameAction int

const (
	actionDraw    frameAction = iota // draw with the current swapchain
	actionSkip                       // framebuffer 0x0 (minimised): draw nothing (W2)
	actionRebuild                    // rebuild the swapchain, then draw
	actionSwitch                     // switch the present mode in place (P11), then draw
)

// decideFrame is rule W2 and P5 as a pure function: a 0x0 framebuffer skips
// the frame (and does not rebuild); else a stale swapchain (OUT_OF_DATE or
// SUBOPTIMAL seen), a framebuffer size other than the one the swapchain was
// built for, or a present mode other than the one wanted rebuilds, except
// that a mode the swapchain was made for (inPlace, P11) is switched to in
// place when nothing else asks for a rebuild.
func decideFrame(fbW, fbH, builtW, builtH int, stale bool, mode, wanted present.PresentMode, inPlace present.ModeSet) frameAction {
	switch {
	case fbW <= 0 || fbH <= 0:
		return actionSkip
	case stale || fbW != builtW || fbH != builtH:
		return actionRebuild
	case mode != wanted && inPlace.Has(wanted) && inPlace.Has(mode):
		return actionSwitch
	case mode != wanted:
		return actionRebuild
	}
	return actionDraw
}
