//go:build (linux || freebsd || netbsd || openbsd) && wayland

package window

/*
#cgo LDFLAGS: -lwayland-client
#include <stdlib.h>
#include <wayland-client.h>

// metronomeProbeWayland connects to the compositor WAYLAND_DISPLAY names
// (libwayland resolves it against XDG_RUNTIME_DIR unless it is an absolute
// path) and disconnects: 1 when that worked.
static int metronomeProbeWayland(void) {
	struct wl_display* d = wl_display_connect(NULL);
	if (d == NULL) return 0;
	wl_display_disconnect(d);
	return 1;
}
*/
import "C"

import (
	"fmt"
	"os"
	"path/filepath"
)

// Wayland is true: this build (-tags wayland) talks to a Wayland
// compositor through GLFW's Wayland backend, where a client knows nothing
// of its window's position.
const Wayland = true

// waylandAdvice says how to get a Wayland display on a machine without one.
const waylandAdvice = "run inside a Wayland session, or start a compositor and point WAYLAND_DISPLAY at its socket " +
	"(on a machine without a screen: headless sway, `scripts/sway.sh COMMAND`); " +
	"or build without -tags wayland to use X11 (DISPLAY)"

// displayAdvice is the fix for a GLFW that could not start.
const displayAdvice = "check that WAYLAND_DISPLAY names the socket of a running Wayland compositor " +
	"(relative names are looked up in XDG_RUNTIME_DIR)"

// platformSurfaceExtensions returns the instance extension GLFW asks for on
// Wayland besides VK_KHR_surface.
func platformSurfaceExtensions() []string { return []string{"VK_KHR_wayland_surface"} }

// displayName is the display initGLFW's error names.
func displayName() string {
	return fmt.Sprintf("WAYLAND_DISPLAY=%q, XDG_RUNTIME_DIR=%q", os.Getenv("WAYLAND_DISPLAY"), os.Getenv("XDG_RUNTIME_DIR"))
}

// probeDisplay connects to the compositor once before GLFW starts (rule
// W6): without one, GLFW's Init fails and go-gl's next call panics, and
// its own message names neither variable.
func probeDisplay() error {
	name := os.Getenv("WAYLAND_DISPLAY")
	runtimeDir := os.Getenv("XDG_RUNTIME_DIR")
	switch {
	case name == "":
		return fmt.Errorf("%w: WAYLAND_DISPLAY is not set (this program was built with -tags wayland); %s",
			ErrNoDisplay, waylandAdvice)
	case !filepath.IsAbs(name) && runtimeDir == "":
		return fmt.Errorf("%w: XDG_RUNTIME_DIR is not set, so WAYLAND_DISPLAY=%q (a relative socket name) "+
			"cannot be found: set XDG_RUNTIME_DIR to the compositor's runtime directory, or WAYLAND_DISPLAY to the socket's absolute path",
			ErrNoDisplay, name)
	}
	if C.metronomeProbeWayland() == 1 {
		return nil
	}
	socket := name
	if !filepath.IsAbs(name) {
		socket = filepath.Join(runtimeDir, name)
	}
	return fmt.Errorf("%w: cannot connect to the Wayland compositor at %s (WAYLAND_DISPLAY=%q, XDG_RUNTIME_DIR=%q): "+
		"is it running, and may this user open its socket? %s", ErrNoDisplay, socket, name, runtimeDir, waylandAdvice)
}

// releaseDisplay has nothing to release: the probe holds no connection.
func releaseDisplay() {}

// ServerVendor returns "": there is no X server on Wayland. Must be called
// from the main thread.
func ServerVendor() string { return "" }
