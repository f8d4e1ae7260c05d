package engine

import (
	"errors"
	"fmt"
	"image"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
)

// GraphicsDevice is the game's device (XNA's GraphicsDevice). It embeds
// the drawing device, a *graphics.Device, so its drawing methods are the
// device's own: g.GraphicsDevice().Clear(graphics.CornflowerBlue) as in
// XNA (Graphics returns the same value). The rest is its presentation
// settings, the Presented event, screenshots, and the Renderer behind it.
// The GraphicsDeviceManager creates it; Game.Run destroys it.
type GraphicsDevice struct {
	// Device is the drawing half: Clear, render targets, states, buffers
	// and draws (package engine/graphics). Between BeginDraw and Present
	// (Game.Draw) the back buffer is its target; outside, only render
	// targets are. Nil only in the placeholder Game.GraphicsDevice returns
	// inside Configure.
	*graphics.Device

	manager  *GraphicsDeviceManager
	renderer Renderer
	params   PresentationParameters
	settings PresentSettings
	begun    bool // a frame was begun and not yet presented

	captureNext   bool
	captureAtExit bool
	lastCapture   *image.RGBA
	presented     Presented       // reused for each Presented event
	feedback      displayFeedback // presentation feedback (P9)

	// Presented is raised on the loop's goroutine once per present, right
	// after it returned, with its index and times on the engine's time
	// source, the latest presentation feedback (Presented.Display, P9) and,
	// when one was asked for, the captured image. The pointer is reused:
	// copy what must outlive the handler.
	Presented Event[*Presented]
	// Displayed is raised on the loop's goroutine, while polling events,
	// once for each answer the display gave about a presented frame (P9),
	// in order, about a refresh or more after that frame's Presented event.
	// Never raised where nothing is measured (PresentationMeasured). The
	// pointer is reused.
	Displayed Event[*Displayed]
}

// earlyEvents names the events of a Configure placeholder that got
// handlers, "" when none did.
func (d *GraphicsDevice) earlyEvents() string {
	switch {
	case d.Presented.Len() > 0 && d.Displayed.Len() > 0:
		return "Presented and Displayed"
	case d.Presented.Len() > 0:
		return "Presented"
	case d.Displayed.Len() > 0:
		return "Displayed"
	}
	return ""
}

// PresentationParameters returns the settings the device was created or
// last reset with; the back-buffer sizes follow the framebuffer after a
// resize of the window (W9).
func (d *GraphicsDevice) PresentationParameters() PresentationParameters { return d.params }

// SwapInterval returns the swap interval the device handed to the renderer
// (P3): 0, 1 or 2.
func (d *GraphicsDevice) SwapInterval() int { return d.settings.SwapInterval }

// PresentSettings returns the presentation settings the renderer has, as
// one value.
func (d *GraphicsDevice) PresentSettings() PresentSettings { return d.settings }

// Presentation reports the renderer's observation: the requested interval,
// the present mode in use and whether it fell back (P6).
func (d *GraphicsDevice) Presentation() present.Choice {
	if d.renderer == nil {
		return present.Choice{} // the Configure placeholder
	}
	return d.renderer.Presentation()
}

// SkippedPresents returns how many frames the renderer skipped because
// they could not be presented within its bound (W7): a hidden or occluded
// window on a display that paces presents keeps running Update and
// handling events, and these frames are skipped, not waited for.
func (d *GraphicsDevice) SkippedPresents() uint64 {
	if d.renderer == nil {
		return 0 // the Configure placeholder
	}
	return d.renderer.SkippedPresents()
}

// PresentationCounts returns how the renderer's present-mode changes so
// far went (P5, P11): the changes of the mode in use, how many of them
// switched in place, and the swapchain rebuilds after the first, for any
// reason. It is zero for a renderer that does not count them (one that is
// not a PresentationCounter) and before the device exists.
func (d *GraphicsDevice) PresentationCounts() present.SwitchCounts {
	if c, ok := d.renderer.(PresentationCounter); ok {
		return c.PresentationCounts()
	}
	return present.SwitchCounts{}
}

// Renderer returns the renderer behind the device. Games do not need it:
// drawing, the title, screenshots, present times and presentation counts
// have their own API.
func (d *GraphicsDevice) Renderer() Renderer { return d.renderer }

// Reset applies pp: it raises the manager's DeviceResetting, maps the
// interval to a swap interval (P3: Default and One -> 1, Two -> 2,
// Immediate -> 0) and hands it with HalfRate (P8) to the renderer as one
// PresentSettings value, in one call, when they changed; then it records
// pp, sets the viewport to the whole back buffer (as XNA's reset does) and
// raises DeviceReset. An invalid interval or a renderer error is
// returned and changes nothing. The window parts (size, full screen) are
// put on the window by GraphicsDeviceManager.ApplyChanges, not by Reset:
// the swapchain follows the window's framebuffer.
func (d *GraphicsDevice) Reset(pp PresentationParameters) error {
	if d.renderer == nil {
		return errors.New("reset device: the device does not exist yet: Configure sets the manager's fields, ApplyChanges applies them later")
	}
	s, err := check(pp)
	if err != nil {
		return fmt.Errorf("reset device: %w", err)
	}
	d.manager.DeviceResetting.raise(d)
	if s != d.settings {
		if err := d.renderer.SetPresentation(s); err != nil {
			return fmt.Errorf("reset device: set presentation (swap interval %d, half rate %v): %w", s.SwapInterval, s.HalfRate, err)
		}
	}
	d.params, d.settings = pp, s
	d.Device.SetViewport(graphics.NewViewport(0, 0, pp.BackBufferWidth, pp.BackBufferHeight)) // XNA's: the whole back buffer
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
		// A reset's viewport is the whole back buffer (XNA's), also before
		// the next frame sets it again.
		d.Device.SetViewport(graphics.NewViewport(0, 0, w, h))
		d.manager.DeviceReset.raise(d)
	}
	return nil
}

// beginDraw asks the renderer for a frame and begins recording it.
func (d *GraphicsDevice) beginDraw() (bool, error) {
	ok, err := d.renderer.BeginDraw()
	if err != nil {
		return false, fmt.Errorf("begin draw: %w", err)
	}
	if !ok {
		return false, nil
	}
	w, h := d.renderer.BackBufferSize()
	if err := d.Device.BeginFrame(w, h); err != nil {
		return false, fmt.Errorf("begin draw: %w", err)
	}
	d.begun = true
	return true, nil
}

// errNoFrame is returned by Present outside a begun frame.
var errNoFrame = errors.New("present: no frame was begun (the game loop presents after Draw)")

// Present ends the frame begun by the loop, has the renderer execute and
// present it, and raises Presented. The loop calls it after Draw; a game
// does not need to. An error a setter recorded in the frame and no draw
// reported (graphics.Device.Err) is returned after the frame is presented;
// the loop then ends Run with it.
func (d *GraphicsDevice) Present() error {
	if !d.begun {
		return errNoFrame
	}
	d.begun = false
	f, setterErr := d.Device.EndFrame()
	if f == nil {
		return fmt.Errorf("present: %w", setterErr)
	}
	// A setter's error (rule G20) comes with a record: the frame is shown,
	// then the error is returned once.
	capture := d.captureNext || d.captureAtExit
	info, err := d.renderer.EndDraw(f, capture)
	if err != nil {
		return fmt.Errorf("present: %w", errors.Join(err, setterErr))
	}
	d.captureNext = false
	if d.captureAtExit && info.Capture != nil {
		d.lastCapture = info.Capture
	}
	d.presented = Presented{Index: info.Index, Queued: info.Queued, Returned: info.Returned, Capture: info.Capture,
		Display: d.LastDisplayed()}
	d.Presented.raise(&d.presented)
	d.presented.Capture = nil
	if setterErr != nil {
		return fmt.Errorf("present: %w", setterErr)
	}
	return nil
}
