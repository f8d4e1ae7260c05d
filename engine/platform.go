package engine

import (
	"strconv"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// Platform is what the game loop needs from a window system. Package
// engine/desktop implements it with a GLFW window; tests use a fake. All
// methods are called from the loop's goroutine.
type Platform interface {
	// PollEvents appends the events that arrived since the last call to
	// dst, in arrival order, and returns it; it must not allocate when
	// cap(dst) suffices.
	PollEvents(dst []PlatformEvent) []PlatformEvent
	// WaitEvents blocks until an event arrives or timeout passes, without
	// spinning (rule W2: how a minimized game waits).
	WaitEvents(timeout time.Duration)
	// ClientSize returns the window's content area in screen coordinates.
	ClientSize() (width, height int)
	// FramebufferSize returns the drawable size in pixels; 0x0 while
	// minimized on some systems.
	FramebufferSize() (width, height int)
	// SetClientSize asks for a content area of width x height.
	SetClientSize(width, height int)
	// SetFullScreen switches windowed full screen on the window's monitor
	// on or off.
	SetFullScreen(on bool)
	// SetResizable allows or forbids resizing by the user.
	SetResizable(on bool)
	// RefreshRate returns the current monitor's refresh rate in Hz, 0 when
	// unknown.
	RefreshRate() int
	// Gamepad returns the state of the gamepad in slot index, and whether
	// one is connected there. The engine calls it only for slots the game
	// asked for (opening controllers can be slow).
	Gamepad(index int) (GamepadState, bool)
	// Title returns the window's title.
	Title() string
	// SetTitle sets the window's title (Window.SetTitle).
	SetTitle(title string)
	// CreateRenderer creates the renderer for the window (device creation).
	CreateRenderer(cfg RendererConfig) (Renderer, error)
	// Destroy closes the window. The engine calls it once, last.
	Destroy()
}

// PlatformReporter is an optional Platform interface for a platform that
// checks a run as it goes (the desktop platform's validation messages).
// Close calls Report once, after Destroy; its error is joined with the
// teardown's and returned by Close, and so by Run.
type PlatformReporter interface {
	Report() error
}

// CloseRequester is an optional Platform extension for a check between
// the Updates of a catch-up burst (T12): CloseRequested processes pending
// window-system events without delivering them (the next PollEvents
// returns them, in order) and reports whether the user asked to close the
// window. The engine then calls Exit, so a close ends the burst after the
// Update in progress.
type CloseRequester interface {
	CloseRequested() bool
}

// RendererConfig is what device creation hands to Platform.CreateRenderer.
type RendererConfig struct {
	// Width and Height are the back buffer's size in pixels (the window's
	// framebuffer decides the swapchain's real size).
	Width, Height int
	// Present is the presentation settings (swap interval and half rate),
	// validated: the renderer builds its first swapchain with them.
	Present PresentSettings
	// Clock is the engine's time source: the renderer reads
	// PresentInfo.Queued and Returned from it.
	Clock timing.Source
}

// PlatformEventKind says which fields of a [PlatformEvent] are set.
type PlatformEventKind uint8

// Platform event kinds. The zero kind is not valid.
const (
	EventClose             PlatformEventKind = iota + 1 // the user asked to close the window
	EventResize                                         // the window's size changed (payload not trusted: the engine re-queries)
	EventFramebufferResize                              // the framebuffer's size changed (payload not trusted)
	EventFocus                                          // input focus changed: Focused
	EventIconify                                        // minimized or restored: Iconified
	EventKey                                            // a key changed: Key, Action
	EventChar                                           // a character was typed: Char
	EventMouseButton                                    // a mouse button changed: Button, Action
	EventCursor                                         // the cursor moved: X, Y
	EventScroll                                         // the wheel scrolled: DX, DY in wheel steps
)

var eventKindNames = [...]string{
	EventClose: "Close", EventResize: "Resize", EventFramebufferResize: "FramebufferResize",
	EventFocus: "Focus", EventIconify: "Iconify", EventKey: "Key", EventChar: "Char",
	EventMouseButton: "MouseButton", EventCursor: "Cursor", EventScroll: "Scroll",
}

// String returns the kind's name, as in "Scroll".
func (k PlatformEventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "PlatformEventKind(" + strconv.Itoa(int(k)) + ")"
}

// PlatformEvent is one thing that happened to the window. Kind says which
// fields are set. A plain struct, so a batch is one reused slice.
type PlatformEvent struct {
	Kind PlatformEventKind

	Width, Height int  // Resize, FramebufferResize: as reported (ignored; re-queried)
	Focused       bool // Focus: true when gained
	Iconified     bool // Iconify: true when minimized, false when restored

	Key    Key         // Key
	Button MouseButton // MouseButton
	Action Action      // Key, MouseButton
	Char   rune        // Char

	X, Y   float64 // Cursor: screen coordinates from the content area's top-left
	DX, DY float64 // Scroll: wheel steps (positive DY: away from the user)
}
