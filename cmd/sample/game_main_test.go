package main

import (
	"os"
	"testing"

	"github.com/metronome-engine/metronome/window"
)

// GLFW must run on the main OS thread (W1): main.go's init locks it, and
// TestMain serves window.Do there while the tests run on other goroutines.
// A test that opens a window runs its whole game inside one window.Do.
// The sample binary the signal tests build is removed afterwards.
func TestMain(m *testing.M) {
	code := window.Main(func() int { return m.Run() })
	if sampleBinDir != "" {
		os.RemoveAll(sampleBinDir)
	}
	os.Exit(code)
}
