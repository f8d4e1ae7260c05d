package game

import (
	"os"
	"runtime"
	"testing"

	"github.com/metronome-engine/metronome/window"
)

// sampleBinDir holds the sample binary a test built (sampleBinary, where
// the OS has the signals it is built for); TestMain removes it.
var sampleBinDir string

// GLFW must be driven from the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

// TestMain serves window.Do on the main thread while the tests run on
// other goroutines.
// A test that opens a window runs its whole game inside one window.Do.
// The sample binary the signal tests build is removed afterwards.
func TestMain(m *testing.M) {
	code := window.Main(func() int { return m.Run() })
	if sampleBinDir != "" {
		os.RemoveAll(sampleBinDir)
	}
	os.Exit(code)
}
