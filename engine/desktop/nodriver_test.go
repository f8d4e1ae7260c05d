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
// engine's device creation, that names the variable and the missing file
// and what to set instead (the window package or the renderer finds the
// driver missing first, depending on the loader).
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
	for _, want := range []string{"create graphics device", "VK_DRIVER_FILES", "/nonexistent/none.json", "does not exist"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
}

// TestW6_NoDriverWithValidationIsOneClearError is
// TestW6_NoDriverIsOneClearError with validation on: the started instance
// fails after its message log was registered, and its cleanup once
// dereferenced nil on the start's goroutine, killing the process.
func TestW6_NoDriverWithValidationIsOneClearError(t *testing.T) {
	if os.Getenv(childEnv) == "nodriver-validation" {
		var err error
		window.Do(func() {
			err = Run(&frameGame{exitAt: 10}, Config{Title: t.Name(), Width: 64, Height: 64, Validation: true})
		})
		report(err)
		return
	}
	msg := runChild(t, "TestW6_NoDriverWithValidationIsOneClearError", "nodriver-validation",
		vulkan.ValidationEnv+"=1", "VK_DRIVER_FILES=/nonexistent/none.json", "VK_ICD_FILENAMES=/nonexistent/none.json")
	if strings.Contains(msg, "no display") {
		windowtest.SkipIfNoStack(t, errors.Join(window.ErrNoDisplay, errors.New(msg)))
	}
	t.Logf("error: %s", msg)
	for _, want := range []string{"create graphics device", "VK_DRIVER_FILES", "does not exist"} {
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
	windowtest.SkipWithoutDisplayVar(t)
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

// TestHugeWindowIsRefusedUpFront: a 16384x16384 window (4 GiB of
// swapchain images) is refused by NewPlatform before any window or device
// exists, with an error naming the budget and how to raise it; a budget
// set in the Config lets a size through that the default refuses.
func TestHugeWindowIsRefusedUpFront(t *testing.T) {
	t.Setenv(vulkan.SwapchainBudgetEnv, "")
	_, err := NewPlatform(Config{Width: 16384, Height: 16384})
	if !errors.Is(err, vulkan.ErrOverBudget) {
		t.Fatalf("NewPlatform(16384x16384) = %v, want vulkan.ErrOverBudget", err)
	}
	for _, want := range []string{"1.0 GiB", vulkan.SwapchainBudgetEnv} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if err := checkSize(Config{Width: 16384, Height: 16384, SwapchainBudget: 4 << 30}); err != nil {
		t.Errorf("with a 4 GiB budget: %v", err)
	}
	t.Setenv(vulkan.SwapchainBudgetEnv, "lots")
	if err := checkSize(Config{Width: 64, Height: 64}); err == nil || !strings.Contains(err.Error(), vulkan.SwapchainBudgetEnv) {
		t.Errorf("a malformed %s: %v", vulkan.SwapchainBudgetEnv, err)
	}
}
