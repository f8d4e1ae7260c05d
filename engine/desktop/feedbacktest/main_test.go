package feedbacktest

import (
	"os"
	"testing"

	_ "github.com/metronome-engine/metronome/engine/desktop" // locks the main goroutine to the main thread (W1)
	"github.com/metronome-engine/metronome/window"
)

func TestMain(m *testing.M) { os.Exit(window.Main(m.Run)) }
