package window

import "github.com/go-gl/glfw/v3.3/glfw"

// CursorMode says how the cursor behaves over the window's content area.
type CursorMode int

// Cursor modes.
const (
	// CursorNormal: visible, moving freely.
	CursorNormal CursorMode = iota
	// CursorHidden: invisible over the content area, moving freely.
	CursorHidden
	// CursorCaptured: invisible and held by the window (GLFW's disabled
	// cursor; on Wayland a pointer lock through GLFW): CursorPos events
	// keep reporting an unbounded virtual position whose differences are
	// the motion, unaccelerated where the platform has raw motion.
	CursorCaptured
)

// SetCursorMode sets the cursor's mode over the window. Capturing turns
// raw (unaccelerated) motion on where RawMouseMotionSupported says the
// platform has it. Main thread only.
func (w *Window) SetCursorMode(m CursorMode) {
	if w.win == nil {
		return
	}
	raw := glfw.RawMouseMotionSupported()
	switch m {
	case CursorCaptured:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorDisabled)
		if raw {
			w.win.SetInputMode(glfw.RawMouseMotion, glfw.True)
		}
		return
	case CursorHidden:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorHidden)
	default:
		w.win.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
	}
	if raw {
		w.win.SetInputMode(glfw.RawMouseMotion, glfw.False)
	}
}

// CursorMode returns the cursor's mode as GLFW holds it. Main thread only.
func (w *Window) CursorMode() CursorMode {
	if w.win == nil {
		return CursorNormal
	}
	switch w.win.GetInputMode(glfw.CursorMode) {
	case glfw.CursorDisabled:
		return CursorCaptured
	case glfw.CursorHidden:
		return CursorHidden
	}
	return CursorNormal
}

// RawMouseMotion reports whether captured motion is raw now (the platform
// has it and the cursor is captured). Main thread only.
func (w *Window) RawMouseMotion() bool {
	return w.win != nil && glfw.RawMouseMotionSupported() && w.win.GetInputMode(glfw.RawMouseMotion) == glfw.True
}

// CursorPos returns the cursor's position in screen coordinates from the
// content area's top-left (the virtual position while captured). Main
// thread only.
func (w *Window) CursorPos() (x, y float64) {
	if w.win == nil {
		return 0, 0
	}
	return w.win.GetCursorPos()
}

// SetCursorPos moves the cursor to x, y in screen coordinates from the
// content area's top-left (XNA's Mouse.SetPosition); while captured it
// sets the virtual position. Main thread only.
func (w *Window) SetCursorPos(x, y float64) {
	if w.win != nil {
		w.win.SetCursorPos(x, y)
	}
}
