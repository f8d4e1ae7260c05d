package windowtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
)

// Helpers of the tests that need a display that refreshes: headless sway
// (scripts/sway.sh starts it and exports WAYLAND_DISPLAY and SWAYSOCK).

// NeedSway skips t (fails it under RequireGPU) unless this is the Wayland
// build and a sway compositor is reachable: WAYLAND_DISPLAY for the
// window, SWAYSOCK and swaymsg to steer it.
func NeedSway(t testing.TB) {
	t.Helper()
	if !window.Wayland {
		t.Skip("needs the Wayland build (-tags wayland) on headless sway")
	}
	if os.Getenv("WAYLAND_DISPLAY") == "" || os.Getenv("SWAYSOCK") == "" {
		SkipOrFail(t, "needs headless sway (run under scripts/sway.sh)",
			errors.New("WAYLAND_DISPLAY or SWAYSOCK is not set"))
	}
	if _, err := exec.LookPath("swaymsg"); err != nil {
		SkipOrFail(t, "needs swaymsg (Debian package sway)", err)
	}
}

// Swaymsg runs swaymsg with args and returns its output.
func Swaymsg(args ...string) (string, error) {
	out, err := exec.Command("swaymsg", args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("swaymsg %q: %w: %s", args, err, out)
	}
	return string(out), nil
}

// SwayWindow is sway's criteria for the window titled exactly title (a
// title without regular-expression metacharacters).
func SwayWindow(title string) string { return fmt.Sprintf(`[title="^%s$"]`, title) }

// SwayRefresh returns the refresh period sway reports for its first active
// output (swaymsg -t get_outputs: current_mode.refresh, in mHz).
func SwayRefresh() (time.Duration, error) {
	out, err := Swaymsg("-t", "get_outputs", "-r")
	if err != nil {
		return 0, err
	}
	var outputs []struct {
		Active      bool `json:"active"`
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
