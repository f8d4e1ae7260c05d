//go:build !wayland && !windows

package window

import (
	"fmt"
	"os"
)

// noDisplayCases are the X11 build's ways of having no display: DISPLAY
// unset, or naming a dead server (with and without the probe).
func noDisplayCases() []noDisplayCase {
	dead := deadDisplay()
	return []noDisplayCase{
		{"unset", map[string]string{"DISPLAY": ""}, "1", []string{"DISPLAY is not set", "Xvfb"}},
		{"dead server", map[string]string{"DISPLAY": dead}, "1", []string{"cannot open X display", "Xvfb", dead}},
		{"dead server without probe", map[string]string{"DISPLAY": dead}, childNoProbe,
			[]string{"GLFW could not start", "Xvfb", dead}},
	}
}

// deadDisplay returns a display name no X server listens on: ":99" unless
// a server owns that number here.
func deadDisplay() string {
	for n := 99; ; n++ {
		_, errSocket := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		_, errLock := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n))
		if errSocket != nil && errLock != nil {
			return fmt.Sprintf(":%d", n)
		}
	}
}
