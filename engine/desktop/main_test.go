package desktop

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// GLFW must run on the main OS thread (W1): lock it before TestMain, which
// serves window.Do there while the tests run on other goroutines. Each test
// runs its whole game inside one window.Do.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	os.Exit(window.Main(func() int {
		if os.Getenv(childEnv) == "" {
			keep := keepDisplay()
			defer window.Do(keep.Destroy)
		}
		return m.Run()
	}))
}

// childEnv names the scenario a child test process runs (see runChild);
// children run without the keep-alive window.
const childEnv = "METRONOME_TEST_DESKTOP_CHILD"

// keepDisplay opens a hidden 1x1 window for the whole run, so GLFW and its
// X connection stay up between tests: an X server started without -noreset
// (Xvfb's default) resets when its last client leaves, and a connection made
// during the reset fails. Retried a few times for the same reason (the
// previous test binary may have been the last client); without a display it
// gives up and the tests skip (or fail under METRONOME_REQUIRE_GPU=1).
func keepDisplay() *window.Window {
	var w *window.Window
	var err error
	for range 5 {
		window.Do(func() {
			w, err = window.New(window.Config{Title: "keep-alive", Width: 1, Height: 1, Hidden: true})
		})
		if err == nil || os.Getenv("DISPLAY") == "" {
			break
		}
		time.Sleep(200 * time.Millisecond) // let a resetting X server come back
	}
	if err != nil {
		return &window.Window{} // Destroy on it does nothing
	}
	return w
}

// runChild runs test name again in a child process with scenario set in
// childEnv and the extra environment, and returns the line the child
// printed after "RESULT: ".
func runChild(t *testing.T, name, scenario string, env ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), childEnv+"="+scenario), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		if m, ok := strings.CutPrefix(line, "RESULT: "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatalf("child printed no result:\n%s", out)
	return ""
}

// report prints a child's result line for runChild.
func report(err error) {
	msg := "<nil>"
	if err != nil {
		msg = strings.ReplaceAll(err.Error(), "\n", " ")
	}
	os.Stdout.WriteString("RESULT: " + msg + "\n")
}

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
