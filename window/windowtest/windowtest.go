// Package windowtest is what the real-stack tests of this module share (a
// window under an X server or, in the Wayland build, a Wayland compositor,
// a Vulkan driver, the validation layer): the CI
// switch that turns a skip into a failure, the test for "the stack is
// missing", and a keep-alive window for the whole test run.
package windowtest

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
)

// RequireEnv names the variable CI sets to 1 (.ci/run): a real-stack test
// that would skip fails instead.
const RequireEnv = "METRONOME_REQUIRE_GPU"

// RequireGPU reports whether RequireEnv is set to 1.
func RequireGPU() bool { return os.Getenv(RequireEnv) == "1" }

// SkipOrFail skips t, saying why and err, or fails it under RequireGPU.
func SkipOrFail(t testing.TB, why string, err error) {
	t.Helper()
	if RequireGPU() {
		t.Fatalf("%s (%s=1, so this fails instead of skipping): %v", why, RequireEnv, err)
	}
	t.Skipf("%s: %v", why, err)
}

// DisplayVar is the environment variable that names this build's display:
// WAYLAND_DISPLAY in the Wayland build (-tags wayland), else DISPLAY.
func DisplayVar() string {
	if window.Wayland {
		return "WAYLAND_DISPLAY"
	}
	return "DISPLAY"
}

// HasDisplay reports whether DisplayVar is set (not whether its server
// runs: window.New checks that).
func HasDisplay() bool { return os.Getenv(DisplayVar()) != "" }

// StackMissing reports whether err says the display is missing
// (window.ErrNoDisplay), wraps one of the given sentinels (the renderer's
// "no Vulkan loader or driver" errors: this package cannot import the
// renderer, whose own tests use it), or says that a layer "is not
// installed" (W6), rather than that something failed.
func StackMissing(err error, missing ...error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, window.ErrNoDisplay) || strings.Contains(err.Error(), "is not installed") {
		return true
	}
	for _, m := range missing {
		if errors.Is(err, m) {
			return true
		}
	}
	return false
}

// SkipIfNoStack does nothing for a nil err, skips (or fails, under
// RequireGPU) when StackMissing(err, missing...), and fails the test on any
// other error.
func SkipIfNoStack(t testing.TB, err error, missing ...error) {
	t.Helper()
	switch {
	case err == nil:
	case StackMissing(err, missing...):
		SkipOrFail(t, "real stack missing", err)
	default:
		t.Fatal(err)
	}
}

// KeepDisplay opens a hidden 1x1 window, on the main thread, for the whole
// test run and returns the function that closes it; call it from the body
// given to window.Main. It keeps GLFW and its X connection up between
// tests: an X server started without -noreset (Xvfb's default) resets when
// its last client leaves, and a connection made during the reset fails
// (the window package's display probe, or the previous test binary, can be
// that last client). It retries a few times for that reason; without a
// display it gives up, and the tests skip (or fail under RequireGPU).
func KeepDisplay() (release func()) {
	var w *window.Window
	var err error
	for range 5 {
		window.Do(func() {
			w, err = window.New(window.Config{Title: "keep-alive", Width: 1, Height: 1, Hidden: true})
		})
		if err == nil || !HasDisplay() {
			break
		}
		time.Sleep(200 * time.Millisecond) // let a resetting X server come back
	}
	if err != nil {
		return func() {}
	}
	return func() { window.Do(w.Destroy) }
}
