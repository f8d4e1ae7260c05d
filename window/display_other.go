//go:build !(linux || freebsd || netbsd || openbsd)

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
	return nil
}

// Wayland is false: this build talks to no Wayland compositor.
const Wayland = false

// probeDisplay has nothing to open on Windows and macOS: they always have a
// display, and a failed GLFW start is caught by initGLFW's check.
func probeDisplay() error { return nil }

func releaseDisplay() {}

// displayName is "": there is no display variable here.
func displayName() string { return "" }

// displayAdvice is the fix for a GLFW that could not start.
const displayAdvice = "check that the program runs in an interactive desktop session, not as a service"

// ServerVendor returns "": there is no X server here. Must be called from
// the main thread.
func ServerVendor() string { return "" }
