package window

import "github.com/go-gl/glfw/v3.3/glfw"

// rect is a rectangle in screen coordinates.
type rect struct{ x, y, w, h int }

// overlap returns the area a and b share.
func overlap(a, b rect) int {
	w := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	h := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// bestMonitor returns the index of the monitor that holds most of win, or
// -1 when win overlaps none of them.
func bestMonitor(win rect, monitors []rect) int {
	best, bestArea := -1, 0
	for i, m := range monitors {
		if a := overlap(win, m); a > bestArea {
			best, bestArea = i, a
		}
	}
	return best
}

// frame returns the window's position and size; the position is 0, 0 on
// Wayland, where a client does not know it (and asking logs an error).
func (w *Window) frame() rect {
	x, y := w.Position()
	width, height := w.win.GetSize()
	return rect{x, y, width, height}
}

// monitor returns the window's current monitor: its full-screen monitor, or
// the one that holds most of it, or the primary monitor; nil when there is
// none. On Wayland, where a window's position is unknown, it is the
// full-screen monitor or the primary one.
func (w *Window) monitor() *glfw.Monitor {
	if m := w.win.GetMonitor(); m != nil {
		return m
	}
	if Wayland {
		return glfw.GetPrimaryMonitor()
	}
	monitors := glfw.GetMonitors()
	areas := make([]rect, len(monitors))
	for i, m := range monitors {
		x, y := m.GetPos()
		if mode := m.GetVideoMode(); mode != nil {
			areas[i] = rect{x, y, mode.Width, mode.Height}
		}
	}
	if i := bestMonitor(w.frame(), areas); i >= 0 {
		return monitors[i]
	}
	return glfw.GetPrimaryMonitor()
}

// IsFullScreen reports whether the window covers its monitor in full-screen
// mode. Must be called from the main thread.
func (w *Window) IsFullScreen() bool {
	return w.win != nil && w.win.GetMonitor() != nil
}

// SetFullScreen switches to windowed full screen on the window's current
// monitor (at the monitor's current video mode, so the display does not
// change mode), or back to the position and size the window had before.
// Without a monitor it does nothing. Must be called from the main thread.
func (w *Window) SetFullScreen(on bool) {
	if w.win == nil || on == w.IsFullScreen() {
		return
	}
	if !on {
		r := w.windowed
		w.win.SetMonitor(nil, r.x, r.y, r.w, r.h, 0)
		return
	}
	m := w.monitor()
	if m == nil {
		return
	}
	mode := m.GetVideoMode()
	if mode == nil {
		return
	}
	w.windowed = w.frame()
	w.win.SetMonitor(m, 0, 0, mode.Width, mode.Height, mode.RefreshRate)
}

// ToggleFullScreen switches between windowed full screen and the window's
// previous placement. Must be called from the main thread.
func (w *Window) ToggleFullScreen() { w.SetFullScreen(!w.IsFullScreen()) }

// RefreshRate returns the refresh rate of the window's current monitor in Hz,
// or 0 when unknown (no monitor, or a display such as Xvfb that reports
// none). Must be called from the main thread.
func (w *Window) RefreshRate() int {
	if w.win == nil {
		return 0
	}
	m := w.monitor()
	if m == nil {
		return 0
	}
	if mode := m.GetVideoMode(); mode != nil {
		return mode.RefreshRate
	}
	return 0
}
