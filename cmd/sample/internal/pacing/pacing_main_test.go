package pacing

import (
	"github.com/metronome-engine/metronome/engine/desktop"
	"os"
	"runtime"
	"testing"
)

// GLFW must be driven from the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

// TestMain serves desktop.Do on the main thread while the tests run on
// other goroutines.
// A test that opens a window runs its whole pacing run inside one desktop.Do.
func TestMain(m *testing.M) {
	os.Exit(desktop.Main(func() int { return m.Run() }))
}
