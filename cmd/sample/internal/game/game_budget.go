package game

import "github.com/metronome-engine/metronome/renderer/vulkan"

// checkSizeBudget refuses a -size whose smallest swapchain would exceed the
// swapchain memory budget (METRONOME_SWAPCHAIN_BUDGET, default 1 GiB),
// before any window opens: 16384x16384 passes the side limit but needs
// gigabytes.
func checkSizeBudget(w, h int) error {
	budget, err := vulkan.SwapchainBudget(0)
	if err != nil {
		return err
	}
	return vulkan.CheckWindowSize(w, h, budget)
}
