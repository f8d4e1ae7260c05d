package pacing

import (
	"os"
	"runtime"
	"testing"

	"github.com/metronome-engine/metronome/window"
)

// GLFW must be driven from the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

// TestMain serves window.Do on the main thread while the tests run on
// other goroutines.
// A test that opens a window runs its whole pacing run inside one window.Do.
func TestMain(m *testing.M) {
	os.Exit(window.Main(func() int { return m.Run() }))
}
