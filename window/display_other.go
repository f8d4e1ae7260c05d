//go:build !((linux || freebsd || netbsd || openbsd) && !wayland)

package window

import "runtime"

// platformSurfaceExtensions returns the instance extensions GLFW 3.3 may ask
// for on this platform besides VK_KHR_surface.
func platformSurfaceExtensions() []string {
	switch runtime.GOOS {
	case "windows":
		return []string{"VK_KHR_win32_surface"}
	case "darwin":
		return []string{"VK_EXT_metal_surface", "VK_MVK_macos_surface"}
	}
	return []string{"VK_KHR_wayland_surface"} // the Wayland build on Unix
}

// probeDisplay has nothing to open on platforms without X11: Windows and
// macOS always have a display, and on Wayland a failed GLFW start is caught
// by initGLFW's check.
func probeDisplay() error { return nil }

func releaseDisplay() {}

// ServerVendor returns "": there is no X server here. Must be called from
// the main thread.
func ServerVendor() string { return "" }
