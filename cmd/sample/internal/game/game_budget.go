package game

import "github.com/metronome-engine/metronome/engine/desktop"

// checkSizeBudget refuses a -size whose smallest swapchain would exceed the
// swapchain memory budget (METRONOME_SWAPCHAIN_BUDGET, default 1 GiB),
// before any window opens: 16384x16384 passes the side limit but needs
// gigabytes.
func checkSizeBudget(w, h int) error { return desktop.CheckWindowSize(w, h, 0) }
