package engine

import "github.com/metronome-engine/metronome/engine/graphics"

// DisplayMode is a monitor's display mode (XNA's DisplayMode): its size in
// pixels, its format and its refresh rate. Comparable; the zero value
// means "no mode chosen".
type DisplayMode struct {
	Width, Height int
	// Format is the back buffer's format in this mode: SurfaceFormatColor
	// for the usual 8 bits per channel (the only format the engine draws
	// to); RedBits, GreenBits and BlueBits are the mode's own depths.
	Format                       graphics.SurfaceFormat
	RedBits, GreenBits, BlueBits int
	// RefreshRate is in Hz; 0 where the platform does not know it (Xvfb)
	// or, in a mode asked for, "any".
	RefreshRate int
}

// AspectRatio returns Width / Height; 0 for a mode without a height.
func (m DisplayMode) AspectRatio() float32 {
	if m.Height == 0 {
		return 0
	}
	return float32(m.Width) / float32(m.Height)
}

// GraphicsAdapter is one monitor and its display modes (XNA's
// GraphicsAdapter, one per output as on a desktop).
type GraphicsAdapter struct {
	// Description is the monitor's name.
	Description string
	// IsDefaultAdapter reports whether it is the primary monitor.
	IsDefaultAdapter bool
	// CurrentDisplayMode is the monitor's mode now.
	CurrentDisplayMode DisplayMode
	// SupportedDisplayModes are every mode the monitor supports.
	SupportedDisplayModes []DisplayMode
}

// IsWideScreen reports whether the current mode is wider than 4:3 by more
// than XNA's margin (aspect ratio above 1.6).
func (a GraphicsAdapter) IsWideScreen() bool { return a.CurrentDisplayMode.AspectRatio() > 1.6 }

// Displays is an optional Platform interface for monitors and full screen
// at a chosen mode. engine/desktop implements it; without it the game has
// no adapters and full screen is windowed at the monitor's current mode.
type Displays interface {
	// GraphicsAdapters describes the connected monitors, the primary one
	// first.
	GraphicsAdapters() []GraphicsAdapter
	// SetFullScreenMode makes the window full screen on its monitor at
	// the supported mode closest to mode (the display switches to it), or
	// changes the mode while full screen. SetFullScreen(false) leaves.
	SetFullScreenMode(mode DisplayMode)
}

// GraphicsAdapters returns the monitors and their display modes (XNA's
// GraphicsAdapter.Adapters), the primary one first; nil where the platform
// does not say. It asks the platform each time: call it when needed, not
// every frame.
func (g *Game) GraphicsAdapters() []GraphicsAdapter {
	if d, ok := g.platform.(Displays); ok {
		return d.GraphicsAdapters()
	}
	return nil
}

// DefaultAdapter returns the primary monitor (XNA's
// GraphicsAdapter.DefaultAdapter) and whether the platform reports one.
func (g *Game) DefaultAdapter() (GraphicsAdapter, bool) {
	for _, a := range g.GraphicsAdapters() {
		if a.IsDefaultAdapter {
			return a, true
		}
	}
	return GraphicsAdapter{}, false
}
