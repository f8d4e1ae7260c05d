//go:build wayland

package desktop

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// Helpers of the tests that need a Wayland display that refreshes: headless
// sway (scripts/sway.sh exports WAYLAND_DISPLAY and SWAYSOCK).

// needSway skips the test (fails it under METRONOME_REQUIRE_GPU=1) unless
// a sway compositor is reachable: WAYLAND_DISPLAY for the window, SWAYSOCK
// and swaymsg to steer it.
func needSway(t *testing.T) {
	t.Helper()
	if os.Getenv("WAYLAND_DISPLAY") == "" || os.Getenv("SWAYSOCK") == "" {
		windowtest.SkipOrFail(t, "needs headless sway (run under scripts/sway.sh)",
			errors.New("WAYLAND_DISPLAY or SWAYSOCK is not set"))
	}
	if _, err := exec.LookPath("swaymsg"); err != nil {
		windowtest.SkipOrFail(t, "needs swaymsg (Debian package sway)", err)
	}
}

// swaymsg runs swaymsg with args and returns its output.
func swaymsg(args ...string) (string, error) {
	out, err := exec.Command("swaymsg", args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("swaymsg %q: %w: %s", args, err, out)
	}
	return string(out), nil
}

// swayWindow is sway's criteria for the window titled title.
func swayWindow(title string) string { return fmt.Sprintf(`[title="^%s$"]`, title) }

// swayRefresh returns the refresh period sway reports for its first active
// output (swaymsg -t get_outputs: current_mode.refresh, in mHz).
func swayRefresh() (time.Duration, error) {
	out, err := swaymsg("-t", "get_outputs", "-r")
	if err != nil {
		return 0, err
	}
	var outputs []struct {
		Name        string `json:"name"`
		Active      bool   `json:"active"`
		CurrentMode struct {
			Refresh int `json:"refresh"`
		} `json:"current_mode"`
	}
	if err := json.Unmarshal([]byte(out), &outputs); err != nil {
		return 0, fmt.Errorf("swaymsg -t get_outputs: %w", err)
	}
	for _, o := range outputs {
		if o.Active && o.CurrentMode.Refresh > 0 {
			return time.Duration(float64(time.Second) * 1000 / float64(o.CurrentMode.Refresh)), nil
		}
	}
	return 0, fmt.Errorf("sway reports no active output with a refresh rate: %s", out)
}

// median returns the median of d (0 for none); d is sorted in place.
func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)/2]
}
