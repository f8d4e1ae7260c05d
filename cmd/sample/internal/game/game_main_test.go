package game

import (
	"github.com/metronome-engine/metronome/engine/desktop"
	"os"
	"runtime"
	"testing"
)

// sampleBinDir holds the sample binary a test built (sampleBinary, where
// the OS has the signals it is built for); TestMain removes it.
var sampleBinDir string

// GLFW must be driven from the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

// TestMain serves desktop.Do on the main thread while the tests run on
// other goroutines.
// A test that opens a window runs its whole game inside one desktop.Do.
// The sample binary the signal tests build is removed afterwards.
func TestMain(m *testing.M) {
	code := desktop.Main(func() int { return m.Run() })
	if sampleBinDir != "" {
		os.RemoveAll(sampleBinDir)
	}
	os.Exit(code)
}
