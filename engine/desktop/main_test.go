package desktop

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// GLFW must run on the main OS thread (W1): lock it before TestMain, which
// serves window.Do there while the tests run on other goroutines. Each test
// runs its whole game inside one window.Do.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) { os.Exit(window.Main(m.Run)) }

// requireGPU is set in CI: a real-stack test that would skip fails instead.
func requireGPU() bool { return os.Getenv("METRONOME_REQUIRE_GPU") == "1" }

// skipIfNoStack skips the test with the reason when err says the display,
// the Vulkan driver or the validation layer is missing, or fails it under
// METRONOME_REQUIRE_GPU=1. Other errors fail the test.
func skipIfNoStack(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	missing := errors.Is(err, window.ErrNoDisplay) || errors.Is(err, vulkan.ErrNoDriver) ||
		errors.Is(err, vulkan.ErrNoLoader) || strings.Contains(err.Error(), "is not installed")
	switch {
	case missing && requireGPU():
		t.Fatalf("real stack missing (METRONOME_REQUIRE_GPU=1, so this fails instead of skipping): %v", err)
	case missing:
		t.Skipf("real stack missing: %v", err)
	default:
		t.Fatal(err)
	}
}
