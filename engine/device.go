package engine

import (
	"errors"
	"fmt"

	"github.com/metronome-engine/metronome/renderer/present"
)

// GraphicsDevice is the game's device: its presentation settings and the
// Renderer behind it. The GraphicsDeviceManager creates it; Game.Run
// destroys it.
type GraphicsDevice struct {
	manager  *GraphicsDeviceManager
	renderer Renderer
	params   PresentationParameters
	swap     int
	begun    bool // a frame was begun and not yet presented
}

// PresentationParameters returns the settings the device was created or
// last reset with; the back-buffer sizes follow the framebuffer after a
// resize of the window (W9).
func (d *GraphicsDevice) PresentationParameters() PresentationParameters { return d.params }

// SwapInterval returns the swap interval the device handed to the renderer
// (P3): 0, 1 or 2.
func (d *GraphicsDevice) SwapInterval() int { return d.swap }

// Presentation reports the renderer's observation: the requested interval,
// the present mode in use and whether it fell back (P6).
func (d *GraphicsDevice) Presentation() present.Choice { return d.renderer.Presentation() }

// Renderer returns the renderer behind the device, for what the engine does
// not wrap (a desktop renderer's scene, for example).
func (d *GraphicsDevice) Renderer() Renderer { return d.renderer }

// Reset applies pp: it raises the manager's DeviceResetting, maps the
// interval to a swap interval (P3: Default and One -> 1, Two -> 2,
// Immediate -> 0) and hands it to the renderer unchanged, hands a changed
// HalfRate to the renderer too (P8), records pp and raises DeviceReset. An
// invalid interval or a renderer error is returned and changes nothing.
// The window parts (size, full screen) are put on the window by
// GraphicsDeviceManager.ApplyChanges, not by Reset: the swapchain follows
// the window's framebuffer.
func (d *GraphicsDevice) Reset(pp PresentationParameters) error {
	swap, err := check(pp)
	if err != nil {
		return fmt.Errorf("reset device: %w", err)
	}
	d.manager.DeviceResetting.raise(d)
	if pp.HalfRate != d.params.HalfRate {
		if err := d.renderer.SetHalfRate(pp.HalfRate); err != nil {
			return fmt.Errorf("reset device: set half rate %v: %w", pp.HalfRate, err)
		}
	}
	if err := d.renderer.SetSwapInterval(swap); err != nil {
		if pp.HalfRate != d.params.HalfRate {
			_ = d.renderer.SetHalfRate(d.params.HalfRate) // change nothing
		}
		return fmt.Errorf("reset device: set swap interval %d: %w", swap, err)
	}
	d.params, d.swap = pp, swap
	d.manager.DeviceReset.raise(d)
	return nil
}

// followFramebuffer makes the back buffer the framebuffer's new size (W9)
// after a user or program resize: the renderer resizes, and when the size
// differs from the PresentationParameters' it is a reset (DeviceResetting,
// the new sizes recorded, DeviceReset). The manager's preferred sizes stay
// what the game asked, as in XNA: a later ApplyChanges puts them back on
// the window unless the game copied the new size into them (typically in
// its ClientSizeChanged handler).
func (d *GraphicsDevice) followFramebuffer(w, h int) error {
	changed := d.params.BackBufferWidth != w || d.params.BackBufferHeight != h
	if changed {
		d.manager.DeviceResetting.raise(d)
	}
	if err := d.renderer.Resize(w, h); err != nil {
		return fmt.Errorf("resize back buffer to %dx%d: %w", w, h, err)
	}
	if changed {
		d.params.BackBufferWidth, d.params.BackBufferHeight = w, h
		d.manager.DeviceReset.raise(d)
	}
	return nil
}

// beginDraw asks the renderer for a frame (the seed's BeginDraw).
func (d *GraphicsDevice) beginDraw() (bool, error) {
	ok, err := d.renderer.BeginDraw()
	if err != nil {
		return false, fmt.Errorf("begin draw: %w", err)
	}
	d.begun = ok
	return ok, nil
}

// errNoFrame is returned by Present outside a begun frame.
var errNoFrame = errors.New("present: no frame was begun (the game loop presents after Draw)")

// Present ends the frame begun by the loop and presents it. The loop calls
// it after Draw; a game does not need to.
func (d *GraphicsDevice) Present() error {
	if !d.begun {
		return errNoFrame
	}
	d.begun = false
	if err := d.renderer.EndDraw(); err != nil {
		return fmt.Errorf("present: %w", err)
	}
	return nil
}
