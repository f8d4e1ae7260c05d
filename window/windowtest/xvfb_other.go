//go:build !((linux || freebsd || netbsd || openbsd) && !wayland)

package windowtest

import "errors"

// windowTitles needs Xlib: there is none on this platform or build.
func windowTitles(string) ([]string, error) {
	return nil, errors.New("window titles are read through Xlib, which this build does not use")
}
