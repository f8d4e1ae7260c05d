package window

import "github.com/go-gl/glfw/v3.3/glfw"

// Iconify minimizes the window. Must be called from the main thread.
func (w *Window) Iconify() {
	if w.win != nil {
		w.win.Iconify()
	}
}

// Restore undoes Iconify (and maximization). Must be called from the main
// thread.
func (w *Window) Restore() {
	if w.win != nil {
		w.win.Restore()
	}
}

// Hide makes the window invisible. Must be called from the main thread.
func (w *Window) Hide() {
	if w.win != nil {
		w.hidden = true
		w.win.Hide()
	}
}

// Show makes a hidden window visible. Must be called from the main thread.
func (w *Window) Show() {
	if w.win != nil {
		w.hidden = false
		w.win.Show()
	}
}

// CanPresent reports whether a frame presented now may reach the window
// (rule W8): false while the window is hidden (by Config.Hidden or Hide)
// and, on Wayland, until the compositor has configured the shown window
// (a buffer attached before that is a protocol error that ends the
// connection). It asks the window system nothing (no X round trip), so a
// renderer may call it every frame; it allocates nothing. Must be called
// from the main thread.
func (w *Window) CanPresent() bool {
	if w.win == nil || w.hidden {
		return false
	}
	return !Wayland || w.attrib(glfw.Visible)
}

// Focus raises the window and gives it input focus, where the window manager
// allows. On Wayland it does nothing: only the user gives focus there.
// Must be called from the main thread.
func (w *Window) Focus() {
	if w.win != nil && !Wayland {
		w.win.Focus()
	}
}

// Focused reports whether the window has input focus (XNA's IsActive). Must
// be called from the main thread.
func (w *Window) Focused() bool { return w.attrib(glfw.Focused) }

// Iconified reports whether the window is minimized. Must be called from the
// main thread.
func (w *Window) Iconified() bool { return w.attrib(glfw.Iconified) }

// Visible reports whether the window is shown. Must be called from the main
// thread.
func (w *Window) Visible() bool { return w.attrib(glfw.Visible) }

func (w *Window) attrib(a glfw.Hint) bool {
	return w.win != nil && w.win.GetAttrib(a) == glfw.True
}

// Position returns the content area's top-left corner in screen
// coordinates; 0, 0 on Wayland, where a client does not know its position.
// Must be called from the main thread.
func (w *Window) Position() (x, y int) {
	if w.win == nil || Wayland {
		return 0, 0
	}
	return w.win.GetPos()
}

// SetPosition moves the content area's top-left corner to x, y in screen
// coordinates, each clamped to X's 16-bit range (-32768..32767). On
// Wayland it does nothing: the compositor places windows. Must be called
// from the main thread.
func (w *Window) SetPosition(x, y int) {
	if w.win != nil && !Wayland {
		w.win.SetPos(clampCoord(x), clampCoord(y))
	}
}

// clampCoord clamps a screen coordinate to X's INT16.
func clampCoord(n int) int { return min(max(n, -32768), 32767) }

// SetMouseVisible shows or hides the cursor while it is over the window
// (XNA's IsMouseVisible). Must be called from the main thread.
func (w *Window) SetMouseVisible(v bool) {
	if w.win == nil {
		return
	}
	mode := glfw.CursorHidden
	if v {
		mode = glfw.CursorNormal
	}
	w.win.SetInputMode(glfw.CursorMode, mode)
}

// MouseVisible reports whether the cursor shows over the window. Must be
// called from the main thread.
func (w *Window) MouseVisible() bool {
	return w.win != nil && w.win.GetInputMode(glfw.CursorMode) == glfw.CursorNormal
}
