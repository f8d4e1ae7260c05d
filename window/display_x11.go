//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <X11/Xlib.h>

// metronomeDisplayLost is exported by displaylost_x11.go; it never returns.
extern void metronomeDisplayLost(void);

// metronomeIOError is Xlib's IO-error handler: Xlib calls it, on the thread
// whose call found the connection broken, before it would exit(1).
static int metronomeIOError(Display* d) {
	metronomeDisplayLost();
	return 0;
}

// XInitThreads first, as GLFW does: it must precede every other Xlib call
// for GLFW's display to be safe to use from several threads (Wake). The
// IO-error handler is process-wide, so it also covers GLFW's connection.
static void* metronomeOpenDisplay(void) {
	XInitThreads();
	XSetIOErrorHandler(metronomeIOError);
	return XOpenDisplay(NULL);
}
static void metronomeCloseDisplay(void* d) { XCloseDisplay((Display*)d); }
static const char* metronomeServerVendor(void* d) { return XServerVendor((Display*)d); }
*/
import "C"

import (
	"fmt"
	"os"
	"time"
	"unsafe"
)

// xvfbAdvice says how to get a display on a machine without one.
const xvfbAdvice = "start an X server and point DISPLAY at it; on a machine without a screen " +
	"install Xvfb (Debian: apt-get install xvfb) and run `Xvfb :57 -screen 0 1280x1024x24 &` with DISPLAY=:57"

// Wayland is false: the default build on Unix talks X11 (also under
// Xwayland); -tags wayland builds the Wayland one.
const Wayland = false

// displayName is the display initGLFW's error names.
func displayName() string { return fmt.Sprintf("DISPLAY=%q", os.Getenv("DISPLAY")) }

// displayAdvice is the fix for a GLFW that could not start.
const displayAdvice = "check that DISPLAY names a running X server (Xvfb on a machine without a screen)"

// platformSurfaceExtensions returns the instance extensions GLFW may ask for
// on X11 besides VK_KHR_surface: it picks one by what the loader offers.
func platformSurfaceExtensions() []string {
	return []string{"VK_KHR_xcb_surface", "VK_KHR_xlib_surface"}
}

// probeAttempts bounds the tries to open the display: an X server that has
// just lost its last client resets and refuses connections for a moment.
const probeAttempts = 5

// heldDisplay is the probe's connection, kept open while GLFW runs so that
// GLFW's own connection (and the next probe) never meets a server reset
// triggered by our closing it. Main thread only.
var heldDisplay unsafe.Pointer

// probeDisplay opens the X display named by DISPLAY and keeps it open until
// releaseDisplay (rule W6): GLFW's Init reports success on a dead server,
// and its next call panics.
func probeDisplay() error {
	name, set := os.LookupEnv("DISPLAY")
	if !set || name == "" {
		return fmt.Errorf("%w: DISPLAY is not set; %s", ErrNoDisplay, xvfbAdvice)
	}
	if heldDisplay != nil {
		return nil
	}
	for i := range probeAttempts {
		if d := C.metronomeOpenDisplay(); d != nil {
			heldDisplay = d
			return nil
		}
		time.Sleep(time.Duration(i+1) * 10 * time.Millisecond)
	}
	return fmt.Errorf("%w: cannot open X display %q (from DISPLAY): is its X server running? %s",
		ErrNoDisplay, name, xvfbAdvice)
}

// releaseDisplay closes the probe's connection once GLFW has stopped.
func releaseDisplay() {
	if heldDisplay != nil {
		C.metronomeCloseDisplay(heldDisplay)
		heldDisplay = nil
	}
}

// ServerVendor returns the X server's vendor string (XServerVendor: "The
// X.Org Foundation" for Xorg and Xvfb alike) of the display the package
// holds open while a window exists, or "" when it holds none. Must be
// called from the main thread.
func ServerVendor() string {
	if heldDisplay == nil {
		return ""
	}
	return C.GoString(C.metronomeServerVendor(heldDisplay))
}
