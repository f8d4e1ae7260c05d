//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

import "C"

// metronomeDisplayLost is called by Xlib's IO-error handler (display_x11.go)
// when the connection to the X server broke; it never returns.
//
//export metronomeDisplayLost
func metronomeDisplayLost() { displayLost() }
