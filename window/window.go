package window

import (
	"fmt"
	"image"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// Config describes a window to open.
type Config struct {
	Title         string
	Width, Height int  // content area in screen coordinates; at least 1 each, at most MaxSide
	Resizable     bool // the user may resize it
	Hidden        bool // open it hidden; Show makes it visible
}

// MaxSide is the largest window width or height accepted, in screen
// coordinates: larger values are clamped, since X rejects sizes past its
// 16-bit limits by killing the process.
const MaxSide = 16384

// Window is a GLFW window with no client API, for a Vulkan renderer. Its
// methods must be called from the main thread (rule W1); after Destroy they
// do nothing and report zero values.
type Window struct {
	win      *glfw.Window
	pending  []Event       // events collected by the callbacks since the last poll
	windowed rect          // position and size before full screen
	size     [2]int        // the window size last reported by a Resize event (or at creation)
	hidden   bool          // hidden by Config.Hidden or Hide, until Show
	frames   frameState    // frame-callback state (Wayland), see RequestFrame
	feedback feedbackState // presentation feedback (Wayland), see RequestPresentFeedback
	pads     padCache      // gamepad identities and vibration devices (gamepad.go)
}

// New opens a window. It checks first that a display can really be opened
// and returns an error wrapping [ErrNoDisplay] that says how to get one when
// not (rule W6); it starts GLFW with the first window. Must be called from
// the main thread: elsewhere it returns an error wrapping [ErrNotMainThread].
func New(cfg Config) (*Window, error) {
	defer markGLFWTried() // PresentationSupport stops waiting, whatever the outcome
	if !onMainThread() {
		return nil, fmt.Errorf("open window: %w: call window.New from the main thread (inside window.Do)", ErrNotMainThread)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxSide || cfg.Height > MaxSide {
		return nil, fmt.Errorf("open window: size %dx%d: width and height must be 1..%d", cfg.Width, cfg.Height, MaxSide)
	}
	if err := acquireGLFW(); err != nil {
		return nil, fmt.Errorf("open window: %w", err)
	}
	g, err := createGLFWWindow(cfg)
	if err != nil {
		releaseGLFW()
		return nil, fmt.Errorf("open window: %w", err)
	}
	w := &Window{win: g, pending: make([]Event, 0, initialQueue), hidden: cfg.Hidden}
	w.size[0], w.size[1] = g.GetSize()
	w.installCallbacks()
	installJoystickCallback()
	return w, nil
}

// createGLFWWindow sets the hints for a window without a client API and
// creates it.
func createGLFWWindow(cfg Config) (*glfw.Window, error) {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ClientAPI, glfw.NoAPI)
	glfw.WindowHint(glfw.Resizable, glfwBool(cfg.Resizable))
	glfw.WindowHint(glfw.Visible, glfwBool(!cfg.Hidden))
	if Wayland {
		// Showing a window would ask for focus, which Wayland refuses
		// (GLFW logs an error on every Show).
		glfw.WindowHint(glfw.FocusOnShow, glfw.False)
	}
	g, err := glfw.CreateWindow(cfg.Width, cfg.Height, cfg.Title, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("glfwCreateWindow: %w", err)
	}
	if g == nil {
		_, desc := takeGLFWError()
		return nil, fmt.Errorf("glfwCreateWindow failed: %s", desc)
	}
	return g, nil
}

func glfwBool(b bool) int {
	if b {
		return glfw.True
	}
	return glfw.False
}

// Destroy closes the window; GLFW terminates when the last window goes.
// Calling it again does nothing. Must be called from the main thread.
func (w *Window) Destroy() {
	if w.win == nil {
		return
	}
	w.freeFeedback()
	w.freeFrame()
	w.pads.set.Close()
	w.win.Destroy()
	*w = Window{}
	releaseGLFW()
}

// Size returns the content area's size in screen coordinates. Must be
// called from the main thread.
func (w *Window) Size() (width, height int) {
	if w.win == nil {
		return 0, 0
	}
	return w.win.GetSize()
}

// FramebufferSize returns the framebuffer's size in pixels: the size a
// swapchain must have; 0x0 while minimized on some platforms (rule W2).
// Must be called from the main thread.
func (w *Window) FramebufferSize() (width, height int) {
	if w.win == nil {
		return 0, 0
	}
	return w.win.GetFramebufferSize()
}

// SetSize asks for a content area of width x height screen coordinates,
// each clamped to 1..MaxSide (X kills the process on a 0x0 request). The
// window system applies it asynchronously: Resize and FramebufferResize
// events report the result. Must be called from the main thread.
func (w *Window) SetSize(width, height int) {
	if w.win == nil {
		return
	}
	w.win.SetSize(clampSide(width), clampSide(height))
}

// clampSide clamps a window side to 1..MaxSide.
func clampSide(n int) int {
	return min(max(n, 1), MaxSide)
}

// ShouldClose reports whether the user (or SetShouldClose) asked to close
// the window. Must be called from the main thread.
func (w *Window) ShouldClose() bool {
	return w.win != nil && w.win.ShouldClose()
}

// SetShouldClose sets or clears the close request. Must be called from the
// main thread.
func (w *Window) SetShouldClose(v bool) {
	if w.win != nil {
		w.win.SetShouldClose(v)
	}
}

// SetTitle sets the title bar's text (UTF-8). Must be called from the main
// thread.
func (w *Window) SetTitle(title string) {
	if w.win != nil {
		w.win.SetTitle(title)
	}
}

// SetIcon sets the window's icon from candidate images (the system picks
// the size closest to what it needs; 16x16, 32x32 and 48x48 are common);
// none restores the default icon. Wayland and macOS ignore it. An image
// larger than MaxIconSide is scaled down to fit. A nil image or one
// without pixels is left out and named in the error (wrapping ErrBadIcon);
// the others are set, and when none is left the icon stays as it was. More
// than MaxIcons images are an error, and nothing is set. Must be called
// from the main thread.
func (w *Window) SetIcon(images []image.Image) error {
	good, err := iconImages(images)
	if w.win == nil || (len(good) == 0 && len(images) > 0) {
		return err
	}
	w.win.SetIcon(good)
	return err
}

// ContentScale returns the window's content scale, the ratio between the
// monitor's DPI and the platform's default (1 on a standard display, 2 on
// a typical HiDPI one): how much larger text and UI should be drawn to
// look the same size. 1, 1 without an open window. Must be called from the
// main thread.
func (w *Window) ContentScale() (x, y float32) {
	if w.win == nil {
		return 1, 1
	}
	return w.win.GetContentScale()
}

// SetResizable allows or forbids resizing by the user (XNA's
// AllowUserResizing). Must be called from the main thread.
func (w *Window) SetResizable(v bool) {
	if w.win != nil {
		w.win.SetAttrib(glfw.Resizable, glfwBool(v))
	}
}
