package present

import "fmt"

// HalfRateHold is the Hold of a half-rate choice: each frame stays on
// screen for two refresh periods (P8).
const HalfRateHold = 2

// ChooseModeHold is ChooseMode with rule P8's explicit half-rate option.
// Without halfRate it returns exactly what ChooseMode returns (Hold 1).
// With halfRate and swap interval 2 it picks FIFO with Hold 2: the
// renderer presents each frame twice, and since FIFO shows one queued
// image per vertical blank, each frame stays up for two refreshes (true
// half rate, which FIFO_RELAXED is not). Should the surface lack FIFO (the
// Vulkan spec requires it), it falls back to the default mapping, with
// FellBack true and a Reason that says so. For intervals 0 and 1, halfRate
// changes nothing but the Reason, which notes that it was ignored.
// Errors are ChooseMode's: a bad interval, or an empty set.
func ChooseModeHold(swapInterval int, halfRate bool, supported ModeSet) (Choice, error) {
	c, err := ChooseMode(swapInterval, supported)
	if err != nil || !halfRate {
		return c, err
	}
	if swapInterval != 2 {
		c.Reason += "; half rate ignored (it applies to swap interval 2 only)"
		return c, nil
	}
	if !supported.Has(ModeFIFO) {
		c.FellBack = true
		c.Reason = fmt.Sprintf("swap interval 2 with half rate wants FIFO: not supported by the surface %v; "+
			"fell back to the default mapping: %s", supported, c.Reason)
		return c, nil
	}
	return Choice{
		Mode: ModeFIFO, Requested: 2, Hold: HalfRateHold,
		Reason: "swap interval 2 with half rate wants FIFO, each frame presented twice: supported, using FIFO",
	}, nil
}

// Refreshes returns how many refresh periods each frame is meant to stay
// on screen: Hold, or 1 when Hold is zero (a Choice built by hand).
func (c Choice) Refreshes() int { return max(c.Hold, 1) }
