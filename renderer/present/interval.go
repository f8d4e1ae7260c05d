package present

import "fmt"

// PresentInterval is XNA's PresentationParameters.PresentationInterval: how
// presents are synchronised with the display's vertical retrace (rule P1).
// The zero value is IntervalDefault. The numeric values are this package's
// own, not XNA's.
type PresentInterval int

const (
	// IntervalDefault is XNA's Default: the same as IntervalOne.
	IntervalDefault PresentInterval = iota
	// IntervalOne waits for the vertical retrace: at most one present per
	// refresh (swap interval 1, Vulkan FIFO).
	IntervalOne
	// IntervalTwo is XNA's "at most one present every second refresh". It
	// maps to swap interval 2, which Vulkan presents as FIFO_RELAXED (late
	// swap tearing), not at half rate: see the package doc and rule P4.
	IntervalTwo
	// IntervalImmediate does not wait for the retrace: a present may show
	// at once, more than once per refresh, and tear (swap interval 0).
	IntervalImmediate
)

// String returns the XNA name: "Default", "One", "Two" or "Immediate", or
// "PresentInterval(n)" for an unknown value.
func (p PresentInterval) String() string {
	switch p {
	case IntervalDefault:
		return "Default"
	case IntervalOne:
		return "One"
	case IntervalTwo:
		return "Two"
	case IntervalImmediate:
		return "Immediate"
	}
	return fmt.Sprintf("PresentInterval(%d)", int(p))
}

// SwapInterval maps the interval to the swap interval the device hands to
// the renderer unchanged (rule P3): Default and One -> 1, Two -> 2,
// Immediate -> 0. An unknown value is an error.
func (p PresentInterval) SwapInterval() (int, error) {
	switch p {
	case IntervalDefault, IntervalOne:
		return 1, nil
	case IntervalTwo:
		return 2, nil
	case IntervalImmediate:
		return 0, nil
	}
	return 0, fmt.Errorf("present interval %v: not one of Default, One, Two, Immediate", p)
}

// IntervalForVSync is the interval that GraphicsDeviceManager's
// SynchronizeWithVerticalRetrace selects when the settings are prepared
// (rule P1): true -> IntervalOne, false -> IntervalImmediate.
func IntervalForVSync(vsync bool) PresentInterval {
	if vsync {
		return IntervalOne
	}
	return IntervalImmediate
}
