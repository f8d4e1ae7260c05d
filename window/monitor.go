package window

import "github.com/go-gl/glfw/v3.3/glfw"

// VideoMode is a monitor's display mode: its size in pixels, the bits of
// each colour channel and the refresh rate in Hz (0: unknown, as on Xvfb).
type VideoMode struct {
	Width, Height                int
	RedBits, GreenBits, BlueBits int
	RefreshRate                  int
}

// MonitorInfo describes a connected monitor.
type MonitorInfo struct {
	// Name is the monitor's human-readable name.
	Name string
	// Primary reports whether it is the primary monitor.
	Primary bool
	// Current is its current mode; Modes every mode it supports, sorted by
	// colour depth, then area (GLFW's order).
	Current VideoMode
	Modes   []VideoMode
}

func videoMode(m *glfw.VidMode) VideoMode {
	if m == nil {
		return VideoMode{}
	}
	return VideoMode{Width: m.Width, Height: m.Height, RedBits: m.RedBits, GreenBits: m.GreenBits,
		BlueBits: m.BlueBits, RefreshRate: m.RefreshRate}
}

// Monitors describes the connected monitors, the primary one first. It
// needs GLFW started (a Window open) and allocates; nil without a window.
// Must be called from the main thread.
func (w *Window) Monitors() []MonitorInfo {
	if w.win == nil {
		return nil
	}
	primary := glfw.GetPrimaryMonitor()
	var out []MonitorInfo
	for _, m := range glfw.GetMonitors() {
		info := MonitorInfo{Name: m.GetName(), Primary: sameMonitor(m, primary), Current: videoMode(m.GetVideoMode())}
		for _, v := range m.GetVideoModes() {
			info.Modes = append(info.Modes, videoMode(v))
		}
		if info.Primary {
			out = append([]MonitorInfo{info}, out...)
		} else {
			out = append(out, info)
		}
	}
	return out
}

// SetFullScreenMode makes the window full screen on its current monitor
// at the monitor's mode closest to mode (size first, then refresh rate;
// GLFW switches the display to it), or changes the mode of a window
// already full screen. A zero RefreshRate keeps the monitor's current
// rate. Leave with SetFullScreen(false), which restores the window's
// placement and the monitor's mode. It reports false without a monitor.
// Must be called from the main thread.
func (w *Window) SetFullScreenMode(mode VideoMode) bool {
	if w.win == nil || mode.Width < 1 || mode.Height < 1 {
		return false
	}
	m := w.monitor()
	if m == nil {
		return false
	}
	if !w.IsFullScreen() {
		w.windowed = w.frame()
	}
	rate := mode.RefreshRate
	if rate == 0 {
		rate = glfw.DontCare
	}
	w.win.SetMonitor(m, 0, 0, mode.Width, mode.Height, rate)
	return true
}

// sameMonitor reports whether a and b are one monitor: go-gl wraps each
// answer in a new value, so pointers differ; a name and a position do not
// repeat.
func sameMonitor(a, b *glfw.Monitor) bool {
	if a == nil || b == nil {
		return false
	}
	ax, ay := a.GetPos()
	bx, by := b.GetPos()
	return a.GetName() == b.GetName() && ax == bx && ay == by
}
