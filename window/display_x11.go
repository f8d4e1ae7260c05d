//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <X11/Xlib.h>

// metronomeProbeDisplay opens and closes the display DISPLAY names; 1 when it
// could be opened.
static int metronomeProbeDisplay(void) {
	Display* d = XOpenDisplay(NULL);
	if (d == NULL) return 0;
	XCloseDisplay(d);
	return 1;
}
*/
import "C"

import (
	"fmt"
	"os"
)

// xvfbAdvice says how to get a display on a machine without one.
const xvfbAdvice = "start an X server and point DISPLAY at it; on a machine without a screen " +
	"install Xvfb (Debian: apt-get install xvfb) and run `Xvfb :57 -screen 0 1280x1024x24 &` with DISPLAY=:57"

// probeDisplay opens the X display named by DISPLAY (rule W6): GLFW's Init
// reports success on a dead server, and its next call panics.
func probeDisplay() error {
	name, set := os.LookupEnv("DISPLAY")
	if !set || name == "" {
		return fmt.Errorf("%w: DISPLAY is not set; %s", ErrNoDisplay, xvfbAdvice)
	}
	if C.metronomeProbeDisplay() == 0 {
		return fmt.Errorf("%w: cannot open X display %q (from DISPLAY): is its X server running? %s",
			ErrNoDisplay, name, xvfbAdvice)
	}
	return nil
}
