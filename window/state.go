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
		w.win.Hide()
	}
}

// Show makes a hidden window visible. Must be called from the main thread.
func (w *Window) Show() {
	if w.win != nil {
		w.win.Show()
	}
}

// Focus raises the window and gives it input focus, where the window manager
// allows. Must be called from the main thread.
func (w *Window) Focus() {
	if w.win != nil {
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
