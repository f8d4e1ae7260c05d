package wayfeedbacktest

import (
	"os"
	"runtime"
	"testing"

	"github.com/metronome-engine/metronome/window"
)

// GLFW runs on the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) { os.Exit(window.Main(m.Run)) }
