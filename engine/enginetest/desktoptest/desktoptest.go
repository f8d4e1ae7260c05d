// Package desktoptest is the TestMain of a test binary whose tests open
// real windows (engine/desktop, window): the window system must be driven
// from the main OS thread, so the tests run on other goroutines and call
// desktop.Do (or window.Do) for their windows. Tests on the fake platform
// (package enginetest) need none of this.
//
//	func TestMain(m *testing.M) { desktoptest.RunMain(m) }
package desktoptest

import (
	"os"
	"runtime"
	"testing"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// The main goroutine runs the package inits and then TestMain: lock it to
// the main OS thread before either.
func init() { runtime.LockOSThread() }

// RunMain runs m's tests while the main thread serves desktop.Do and
// window.Do, with a hidden keep-alive window open for the whole run where
// a display is reachable (windowtest.KeepDisplay), and exits with the
// tests' status. Without a display the tests that need one skip (or fail
// under windowtest.RequireEnv=1).
func RunMain(m *testing.M) {
	os.Exit(window.Main(func() int {
		defer windowtest.KeepDisplay()()
		return m.Run()
	}))
}
