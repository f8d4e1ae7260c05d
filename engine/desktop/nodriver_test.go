package desktop

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestW6_NoDriverIsOneClearError runs a game in a child process whose
// VK_DRIVER_FILES names a missing file: Run returns one error, through the
// engine's device creation, that says what to install and set (the window
// package or the renderer finds the driver missing first, depending on the
// loader).
func TestW6_NoDriverIsOneClearError(t *testing.T) {
	if os.Getenv(childEnv) == "nodriver" {
		var err error
		window.Do(func() { err = Run(&frameGame{exitAt: 10}, Config{Title: t.Name(), Width: 64, Height: 64}) })
		report(err)
		return
	}
	msg := runChild(t, "TestW6_NoDriverIsOneClearError", "nodriver", vulkan.ValidationEnv+"=0",
		"VK_DRIVER_FILES=/nonexistent/none.json", "VK_ICD_FILENAMES=/nonexistent/none.json")
	if strings.Contains(msg, "no display") {
		windowtest.SkipIfNoStack(t, errors.Join(window.ErrNoDisplay, errors.New(msg)))
	}
	t.Logf("error: %s", msg)
	for _, want := range []string{"create graphics device", "mesa-vulkan-drivers", "VK_DRIVER_FILES"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
}

// TestW6_DeadDisplayIsAnError: with DISPLAY (WAYLAND_DISPLAY in the Wayland
// build) naming no server (in a child
// process, so no window of this run keeps GLFW up), NewGame returns one
// error wrapping window.ErrNoDisplay that says how to get a display.
func TestW6_DeadDisplayIsAnError(t *testing.T) {
	if os.Getenv(childEnv) == "deaddisplay" {
		var err error
		window.Do(func() { _, err = NewGame(&frameGame{}, Config{}) })
		if err != nil && !errors.Is(err, window.ErrNoDisplay) {
			err = errors.New("not ErrNoDisplay: " + err.Error())
		}
		report(err)
		return
	}
	dead, advice := "DISPLAY=:97", "Xvfb"
	if window.Wayland {
		dead, advice = "WAYLAND_DISPLAY=/nonexistent/metronome/wayland-97", "WAYLAND_DISPLAY"
	}
	msg := runChild(t, "TestW6_DeadDisplayIsAnError", "deaddisplay", dead)
	if !strings.Contains(msg, "no display") || strings.HasPrefix(msg, "not ErrNoDisplay") || !strings.Contains(msg, advice) {
		t.Errorf("NewGame on a dead display: %s", msg)
	}
}
