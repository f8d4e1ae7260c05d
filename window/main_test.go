package window

import (
	"os"
	"runtime"
	"testing"
)

// GLFW must run on the main OS thread (rule W1): lock it before TestMain and
// let Main serve Do calls there while the tests run on other goroutines.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) { os.Exit(Main(m.Run)) }

// requireEnv is the variable that turns a missing display or driver from a
// skip into a failure (CI sets it).
const requireEnv = "METRONOME_REQUIRE_GPU"

// skipOrFail skips t with the reason, or fails it when METRONOME_REQUIRE_GPU=1.
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv(requireEnv) == "1" {
		t.Fatalf(requireEnv+"=1, so this cannot be skipped: "+format, args...)
	}
	t.Skipf(format, args...)
}

// requireDisplay skips (or fails, see skipOrFail) when no X display can be
// opened.
func requireDisplay(t *testing.T) {
	t.Helper()
	var err error
	Do(func() { err = probeDisplay() })
	if err != nil {
		skipOrFail(t, "needs a display: %v", err)
	}
}

// newTestWindow opens a window on the main thread and destroys it when the
// test ends.
func newTestWindow(t *testing.T, cfg Config) *Window {
	t.Helper()
	requireDisplay(t)
	var w *Window
	var err error
	Do(func() { w, err = New(cfg) })
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	t.Cleanup(func() { Do(w.Destroy) })
	return w
}

// defaultConfig is a small resizable window.
func defaultConfig() Config {
	return Config{Title: "metronome window test", Width: 320, Height: 240, Resizable: true}
}
