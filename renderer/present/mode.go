package present

import (
	"fmt"
	"strings"
)

// PresentMode is a swapchain present mode. The values are this package's
// own, not Vulkan's (renderer/vulkan converts); the zero value is not a
// mode and reports false from Valid.
type PresentMode int

const (
	// ModeImmediate shows a presented image at once, without waiting for
	// the vertical blank; it may tear.
	ModeImmediate PresentMode = iota + 1
	// ModeMailbox keeps one queued image that a newer present replaces
	// (the replaced one is dropped); images are shown at vertical blanks,
	// never torn.
	ModeMailbox
	// ModeFIFO queues presented images and shows one per vertical blank,
	// never torn; a full queue blocks the application. Vulkan requires
	// every surface to support it.
	ModeFIFO
	// ModeFIFORelaxed is FIFO, except that an image presented after a
	// vertical blank passed with the queue empty is shown at once and may
	// tear: Vulkan's late swap tearing, OpenGL's swap interval -1. It is
	// not half-rate presentation.
	ModeFIFORelaxed
)

// allModes lists the modes in the order ModeSet.String and Modes use.
var allModes = [...]PresentMode{ModeImmediate, ModeMailbox, ModeFIFO, ModeFIFORelaxed}

// Valid reports whether m is one of the four modes.
func (m PresentMode) Valid() bool { return m >= ModeImmediate && m <= ModeFIFORelaxed }

// String returns the Vulkan name without its prefix: "IMMEDIATE",
// "MAILBOX", "FIFO" or "FIFO_RELAXED", or "PresentMode(n)" otherwise.
func (m PresentMode) String() string {
	switch m {
	case ModeImmediate:
		return "IMMEDIATE"
	case ModeMailbox:
		return "MAILBOX"
	case ModeFIFO:
		return "FIFO"
	case ModeFIFORelaxed:
		return "FIFO_RELAXED"
	}
	return fmt.Sprintf("PresentMode(%d)", int(m))
}

// ModeSet is a set of present modes, such as those a surface supports.
// The zero value is the empty set. Sets are values: Add returns a new set.
type ModeSet uint8

// AllModes is the set of all four modes.
const AllModes ModeSet = 1<<ModeImmediate | 1<<ModeMailbox | 1<<ModeFIFO | 1<<ModeFIFORelaxed

// NewModeSet returns the set of the given modes; invalid modes are ignored
// (a surface may report modes this package does not model). Pass a slice
// with NewModeSet(modes...).
func NewModeSet(modes ...PresentMode) ModeSet {
	var s ModeSet
	for _, m := range modes {
		s = s.Add(m)
	}
	return s
}

// Add returns s with m added; an invalid m leaves s unchanged.
func (s ModeSet) Add(m PresentMode) ModeSet {
	if !m.Valid() {
		return s
	}
	return s | 1<<m
}

// Has reports whether m is in s.
func (s ModeSet) Has(m PresentMode) bool { return m.Valid() && s&(1<<m) != 0 }

// Len returns the number of modes in s.
func (s ModeSet) Len() int {
	n := 0
	for _, m := range allModes {
		if s.Has(m) {
			n++
		}
	}
	return n
}

// Modes returns the modes in s in the order IMMEDIATE, MAILBOX, FIFO,
// FIFO_RELAXED (a new slice; nil for the empty set).
func (s ModeSet) Modes() []PresentMode {
	var out []PresentMode
	for _, m := range allModes {
		if s.Has(m) {
			out = append(out, m)
		}
	}
	return out
}

// String returns the modes in braces, in the order of Modes, for example
// "{MAILBOX, FIFO}"; the empty set is "{}".
func (s ModeSet) String() string {
	names := make([]string, 0, len(allModes))
	for _, m := range s.Modes() {
		names = append(names, m.String())
	}
	return "{" + strings.Join(names, ", ") + "}"
}
