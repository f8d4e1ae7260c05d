//go:build !((linux || freebsd || netbsd || openbsd) && !wayland)

package window

// probeDisplay has nothing to open on platforms without X11: Windows and
// macOS always have a display, and on Wayland a failed GLFW start is caught
// by initGLFW's check.
func probeDisplay() error { return nil }

func releaseDisplay() {}

// ServerVendor returns "": there is no X server here. Must be called from
// the main thread.
func ServerVendor() string { return "" }
