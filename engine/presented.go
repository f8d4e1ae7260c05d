package engine

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"time"
)

// Presented describes one presented frame: the GraphicsDevice raises its
// Presented event with it on the loop's goroutine, once per present, right
// after the present returned.
type Presented struct {
	// Index counts presents from 1.
	Index uint64
	// Queued is when the present was queued and Returned when it returned,
	// on the engine's time source (Config.Source): virtual under a fixed
	// dt, so a run's figures are reproducible (rule G12).
	Queued, Returned time.Duration
	// Capture is the frame's image as presented when a capture was asked
	// for (RequestCapture, CaptureAtExit), else nil. It is valid only
	// during the handlers: copy it (image.RGBA's Pix) to keep it.
	Capture *image.RGBA
	// Display is the latest answer the display gave about an earlier
	// frame (P9; this frame's own comes later, with the Displayed event):
	// Kind DisplayNotMeasured where nothing is measured (X11, Windows, a
	// virtual time source), DisplayPending before the first answer.
	Display Displayed
}

// RequestCapture asks for a copy of the next presented frame, taken on the
// GPU before its present and delivered with that frame's Presented event
// (rule G11). Requests before one present merge into one capture.
func (d *GraphicsDevice) RequestCapture() { d.captureNext = true }

// SetCaptureAtExit turns capture-at-exit on or off: while on, every frame
// is copied before its present (a cost paid only then), so that after Run
// ends LastCapture returns the last frame presented. The device exists
// from Initialize to the end of Run (Game.GraphicsDevice is nil before
// and after): turn it on in Initialize, and read LastCapture in Exiting
// or through the *GraphicsDevice kept from Initialize.
func (d *GraphicsDevice) SetCaptureAtExit(on bool) {
	d.captureAtExit = on
	if !on {
		d.lastCapture = nil
	}
}

// CaptureAtExit reports whether capture-at-exit is on.
func (d *GraphicsDevice) CaptureAtExit() bool { return d.captureAtExit }

// LastCapture returns the last presented frame captured while
// capture-at-exit was on, nil if none. Before the device is destroyed the
// image belongs to the renderer and changes at the next present; after the
// game ends it is the device's own copy.
func (d *GraphicsDevice) LastCapture() *image.RGBA { return d.lastCapture }

// keepLastCapture copies the last capture out of the renderer's memory
// before the renderer is destroyed.
func (d *GraphicsDevice) keepLastCapture() {
	if c := d.lastCapture; c != nil {
		d.lastCapture = &image.RGBA{Pix: append([]byte(nil), c.Pix...), Stride: c.Stride, Rect: c.Rect}
	}
}

// Window is the game's window as XNA's GameWindow: its title, through the
// Platform. Game.Window returns it.
type Window struct {
	g *Game
}

// Window returns the game's window.
func (g *Game) Window() Window { return Window{g} }

// Title returns the window's title.
func (w Window) Title() string { return w.g.platform.Title() }

// SetTitle sets the window's title (XNA's Window.Title setter). Setting
// the title it already has does nothing.
func (w Window) SetTitle(title string) {
	if w.g.platform.Title() != title {
		w.g.platform.SetTitle(title)
	}
}

// ClientBounds returns the window's content area size in screen
// coordinates (XNA's ClientBounds without the position).
func (w Window) ClientBounds() (width, height int) { return w.g.ClientSize() }

// IconSetter is an optional Platform interface for a window icon
// (Window.SetIcon): it sets the usable images, leaves out nil and empty
// ones with an error naming them, and scales down what the window system
// cannot take.
type IconSetter interface {
	SetIcon(images []image.Image) error
}

// ContentScaler is an optional Platform interface for the monitor's
// content scale (Window.ContentScale).
type ContentScaler interface {
	ContentScale() (x, y float32)
}

// SetIcon sets the window's icon from candidate images; the system picks
// the size closest to what it needs (16x16, 32x32 and 48x48 are common).
// No images restores the default icon. It does nothing where the platform
// has no window icons (Wayland, macOS, a platform without IconSetter).
// Images larger than the window system takes are scaled down (the desktop
// platform: to 256x256); a nil image or one without pixels is left out,
// and the error names it (the rest are set). The error is for the game to
// log or ignore: the game goes on either way.
func (w Window) SetIcon(images ...image.Image) error {
	if s, ok := w.g.platform.(IconSetter); ok {
		return s.SetIcon(images)
	}
	return nil
}

// ContentScale returns the monitor's content scale (HiDPI): 1 on a
// standard display, 2 on a typical HiDPI one, as the system reports it; 1,
// 1 where the platform does not say (no ContentScaler). It tells how much
// larger text and UI should be drawn to look the same size.
//
// Units: ClientBounds, ClientSize and the mouse position (MouseState.X, Y)
// are in screen coordinates; the back buffer, viewports and drawing are in
// pixels. Where they differ (macOS and Wayland on HiDPI), convert a mouse
// position to pixels with PixelRatio; on X11 and Windows they are the same
// and the content scale only says how large to draw.
func (w Window) ContentScale() (x, y float32) {
	if s, ok := w.g.platform.(ContentScaler); ok {
		return s.ContentScale()
	}
	return 1, 1
}

// PixelRatio returns the framebuffer's pixels per screen coordinate, per
// axis (framebuffer size / client size, as last queried): multiply a mouse
// position by it to get back-buffer pixels. 1, 1 while minimized.
func (w Window) PixelRatio() (x, y float64) {
	g := w.g
	if g.clientW <= 0 || g.clientH <= 0 || g.fbW <= 0 || g.fbH <= 0 {
		return 1, 1
	}
	return float64(g.fbW) / float64(g.clientW), float64(g.fbH) / float64(g.clientH)
}

// WritePNG writes img (a capture: Presented.Capture, LastCapture) to path
// as a PNG file, creating or truncating it.
func WritePNG(path string, img image.Image) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("write png %s: %w", path, cerr)
		}
	}()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("write png %s: %w", path, err)
	}
	return nil
}
