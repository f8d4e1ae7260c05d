package present

import (
	"errors"
	"fmt"
)

// ErrBadSwapInterval is wrapped by the errors of ChooseMode and
// ModeForSwapInterval for a swap interval other than 0, 1 or 2.
var ErrBadSwapInterval = errors.New("bad swap interval")

// ErrNoPresentModes is wrapped by ChooseMode's error when the surface
// supports none of the four modes.
var ErrNoPresentModes = errors.New("surface supports no present mode")

// Choice is the outcome of ChooseMode: the mode to create the swapchain
// with, and how it relates to the request (reported, never silent: P4, P6).
type Choice struct {
	// Mode is the present mode to use.
	Mode PresentMode
	// Requested is the swap interval that was asked for.
	Requested int
	// FellBack is true when Mode is not the interval's own mode
	// (ModeForSwapInterval) because the surface does not support it, or,
	// from ChooseModeHold, when half rate was asked for interval 2 and the
	// surface lacks FIFO.
	FellBack bool
	// Hold is how many refresh periods each frame is meant to stay on
	// screen: 1 from ChooseMode, 2 for rule P8's half rate (swap interval
	// 2 on FIFO, each frame presented twice; see ChooseModeHold). The zero
	// value of a Choice built by hand means 1.
	Hold int
	// Reason says in words what was wanted and what was taken, for logs
	// and the sample's status line.
	Reason string
	// Emulated is true when FIFO is served by MAILBOX paced on the
	// surface's frame callbacks (EmulateFIFO): Mode is then MAILBOX, and
	// the renderer waits, within a bound, for the compositor's frame
	// callback before each frame and skips the frame when none comes.
	Emulated bool
	// Switch is how the renderer applied the last change of present mode
	// (P11): in place, on the next present, or by rebuilding the
	// swapchain (P5). Zero until a change was applied; the choosing
	// functions leave it zero.
	Switch Switch
}

// Switch is how a change of present mode was applied (P11).
type Switch int

const (
	// SwitchNone: no change applied yet.
	SwitchNone Switch = iota
	// SwitchInPlace: the swapchain was made for a set of compatible modes
	// and the next present named the new one, or only the pacing changed
	// (an emulated FIFO on or off on MAILBOX); nothing was rebuilt.
	SwitchInPlace
	// SwitchRebuilt: the swapchain was rebuilt with the new mode (P5).
	SwitchRebuilt
)

// SwitchCounts are how the present-mode changes a renderer applied went
// (P5, P11), for diagnostics and the sample's state dump.
type SwitchCounts struct {
	// Changes is how many times the presentation in use changed: its
	// present mode, or an emulated FIFO's pacing on or off.
	Changes int
	// InPlace is how many of them switched in place, without a rebuild.
	InPlace int
	// Rebuilds is how many swapchains were built after the first, for
	// any reason (mode changes, resizes, OUT_OF_DATE).
	Rebuilds int
}

// String is "in place", "rebuilt" or "" (no change yet).
func (s Switch) String() string {
	switch s {
	case SwitchInPlace:
		return "in place"
	case SwitchRebuilt:
		return "rebuilt"
	}
	return ""
}

// ModeForSwapInterval returns the interval's own mode, before fallbacks
// (rule P4): 0 -> IMMEDIATE, 1 -> FIFO, 2 -> FIFO_RELAXED. Any other
// interval is an error wrapping ErrBadSwapInterval.
func ModeForSwapInterval(swapInterval int) (PresentMode, error) {
	order, err := preference(swapInterval)
	if err != nil {
		return 0, err
	}
	return order[0], nil
}

// preference is the order in which ChooseMode tries modes for an interval:
// the P4 fallback chain, then, should FIFO be missing, the first supported
// of FIFO_RELAXED, MAILBOX, IMMEDIATE.
func preference(swapInterval int) ([4]PresentMode, error) {
	switch swapInterval {
	case 0:
		return [4]PresentMode{ModeImmediate, ModeMailbox, ModeFIFO, ModeFIFORelaxed}, nil
	case 1:
		return [4]PresentMode{ModeFIFO, ModeFIFORelaxed, ModeMailbox, ModeImmediate}, nil
	case 2:
		return [4]PresentMode{ModeFIFORelaxed, ModeFIFO, ModeMailbox, ModeImmediate}, nil
	}
	return [4]PresentMode{}, fmt.Errorf("swap interval %d: %w (allowed: 0, 1, 2)", swapInterval, ErrBadSwapInterval)
}

// ChooseMode picks the present mode for a swap interval from the modes the
// surface supports (rule P4). Wanted: 0 -> IMMEDIATE, 1 -> FIFO,
// 2 -> FIFO_RELAXED. Fallbacks: IMMEDIATE -> MAILBOX -> FIFO;
// FIFO_RELAXED -> FIFO; and should FIFO be missing too (the Vulkan spec
// requires it), the first supported of FIFO_RELAXED, MAILBOX, IMMEDIATE.
// An interval other than 0, 1, 2 or an empty set is an error.
func ChooseMode(swapInterval int, supported ModeSet) (Choice, error) {
	order, err := preference(swapInterval)
	if err != nil {
		return Choice{}, fmt.Errorf("choose present mode: %w", err)
	}
	if supported.Len() == 0 {
		return Choice{}, fmt.Errorf("choose present mode for swap interval %d: %w", swapInterval, ErrNoPresentModes)
	}
	wanted := order[0]
	c := Choice{Requested: swapInterval, Hold: 1}
	for _, m := range order {
		if supported.Has(m) {
			c.Mode = m
			break
		}
	}
	c.FellBack = c.Mode != wanted
	c.Reason = reason(swapInterval, wanted, c.Mode, supported)
	return c, nil
}

// reason words a choice for ChooseMode.
func reason(swapInterval int, wanted, got PresentMode, supported ModeSet) string {
	if got == wanted {
		return fmt.Sprintf("swap interval %d wants %v: supported, using %v", swapInterval, wanted, got)
	}
	why := ""
	if !supported.Has(ModeFIFO) {
		why = "; FIFO is missing too (the Vulkan spec requires it)"
	}
	return fmt.Sprintf("swap interval %d wants %v: not supported by the surface %v%s; fell back to %v",
		swapInterval, wanted, supported, why, got)
}
