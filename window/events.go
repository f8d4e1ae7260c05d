package window

import (
	"strconv"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// EventKind says which fields of an [Event] are set.
type EventKind uint8

// Event kinds. The zero EventKind is not a valid kind.
const (
	Close             EventKind = iota + 1 // the user asked to close the window
	Resize                                 // window size changed: Width, Height in screen coordinates
	FramebufferResize                      // framebuffer size changed: Width, Height in pixels
	Focus                                  // input focus changed: Focused
	Iconify                                // minimized or restored: Iconified
	Key                                    // a key changed: Key, Scancode, Action, Mods
	Char                                   // a character was typed: Char
	MouseButton                            // a mouse button changed: Button, Action, Mods
	CursorPos                              // the cursor moved: X, Y in screen coordinates from the top-left of the content area
	Scroll                                 // the wheel or touchpad scrolled: DX, DY in wheel steps
)

var kindNames = [...]string{
	Close: "Close", Resize: "Resize", FramebufferResize: "FramebufferResize", Focus: "Focus",
	Iconify: "Iconify", Key: "Key", Char: "Char", MouseButton: "MouseButton",
	CursorPos: "CursorPos", Scroll: "Scroll",
}

// String returns the kind's name, as in "FramebufferResize".
func (k EventKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// Event is one thing that happened to a window, as GLFW reported it. Kind
// says which fields are set; the others are zero. A plain struct, so a
// batch of events is one slice with no per-event allocation.
//
// Key, button, action and modifier values are GLFW's raw codes (glfw.Key,
// glfw.MouseButton, glfw.Action, glfw.ModifierKey as ints): this package
// names no keys and keeps no key or button state. An engine maps the codes
// to its own vocabulary and tracks the states and edges.
type Event struct {
	Kind EventKind

	Width, Height int  // Resize (screen coordinates), FramebufferResize (pixels)
	Focused       bool // Focus: true when the window gained focus
	Iconified     bool // Iconify: true when minimized, false when restored

	Key      int // Key: GLFW key code (-1: a key GLFW has no code for)
	Scancode int // Key: the platform's code of the physical key
	Button   int // MouseButton: GLFW button number (0 left, 1 right, 2 middle)
	Action   int // Key, MouseButton: GLFW action (0 release, 1 press, 2 repeat)
	Mods     int // Key, MouseButton: GLFW modifier bits

	Char rune // Char: the Unicode code point typed

	X, Y   float64 // CursorPos
	DX, DY float64 // Scroll: horizontal and vertical offsets (positive DY: wheel away from the user)
}

// initialQueue is the capacity of a window's event queue; it grows (with an
// allocation) only when more events than this arrive between two polls.
const initialQueue = 256

// push queues ev.
func (w *Window) push(ev Event) { w.pending = append(w.pending, ev) }

// installCallbacks routes GLFW's callbacks for w.win into the queue.
func (w *Window) installCallbacks() {
	g := w.win
	g.SetCloseCallback(w.onClose)
	g.SetSizeCallback(w.onSize)
	g.SetFramebufferSizeCallback(w.onFramebufferSize)
	g.SetFocusCallback(w.onFocus)
	g.SetIconifyCallback(w.onIconify)
	g.SetKeyCallback(w.onKey)
	g.SetCharCallback(w.onChar)
	g.SetMouseButtonCallback(w.onMouseButton)
	g.SetCursorPosCallback(w.onCursorPos)
	g.SetScrollCallback(w.onScroll)
}

func (w *Window) onClose(*glfw.Window) { w.push(Event{Kind: Close}) }

func (w *Window) onSize(_ *glfw.Window, width, height int) {
	w.size = [2]int{width, height}
	w.push(Event{Kind: Resize, Width: width, Height: height})
}

// onFramebufferSize queues the framebuffer's new size. On Wayland, GLFW
// reports a SetSize through this callback only, so the client size follows
// it here (rule W9): a Resize is queued too when the window's size differs
// from the last one reported.
func (w *Window) onFramebufferSize(g *glfw.Window, width, height int) {
	w.push(Event{Kind: FramebufferResize, Width: width, Height: height})
	if !Wayland {
		return
	}
	if cw, ch := g.GetSize(); [2]int{cw, ch} != w.size {
		w.onSize(g, cw, ch)
	}
}

func (w *Window) onFocus(_ *glfw.Window, focused bool) {
	w.push(Event{Kind: Focus, Focused: focused})
}

func (w *Window) onIconify(_ *glfw.Window, iconified bool) {
	w.push(Event{Kind: Iconify, Iconified: iconified})
}

func (w *Window) onKey(_ *glfw.Window, key glfw.Key, scancode int, action glfw.Action, mods glfw.ModifierKey) {
	w.push(Event{Kind: Key, Key: int(key), Scancode: scancode, Action: int(action), Mods: int(mods)})
}

func (w *Window) onChar(_ *glfw.Window, char rune) { w.push(Event{Kind: Char, Char: char}) }

func (w *Window) onMouseButton(_ *glfw.Window, button glfw.MouseButton, action glfw.Action, mods glfw.ModifierKey) {
	w.push(Event{Kind: MouseButton, Button: int(button), Action: int(action), Mods: int(mods)})
}

func (w *Window) onCursorPos(_ *glfw.Window, x, y float64) {
	w.push(Event{Kind: CursorPos, X: x, Y: y})
}

func (w *Window) onScroll(_ *glfw.Window, dx, dy float64) {
	w.push(Event{Kind: Scroll, DX: dx, DY: dy})
}

// PollEvents processes pending window-system events, then appends the events
// collected for this window since the last poll to dst, in arrival order,
// and returns it. It allocates nothing when cap(dst) suffices. GLFW's event
// processing is global: events of other windows are queued for them.
// Must be called from the main thread, not from a callback.
func (w *Window) PollEvents(dst []Event) []Event {
	if w.win == nil {
		return dst
	}
	glfw.PollEvents()
	return w.takeEvents(dst)
}

// CloseRequested processes pending window-system events, keeping this
// window's for the next PollEvents, and reports whether the user (or
// SetShouldClose) asked to close it. Must be called from the main thread.
func (w *Window) CloseRequested() bool {
	if w.win == nil {
		return false
	}
	glfw.PollEvents()
	return w.win.ShouldClose()
}

// takeEvents moves the queued events to dst.
func (w *Window) takeEvents(dst []Event) []Event {
	dst = append(dst, w.pending...)
	w.pending = w.pending[:0]
	return dst
}
