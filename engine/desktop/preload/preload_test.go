package preload_test

import (
	"os"
	"runtime"
	"testing"

	_ "github.com/metronome-engine/metronome/engine/desktop/preload"
	scan "github.com/metronome-engine/metronome/renderer/vulkan/preload"
)

// TestW11_DesktopPreloadStartsTheScan: importing the game-facing package
// is enough for the driver scan to have begun at process load (Linux).
func TestW11_DesktopPreloadStartsTheScan(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the scan at process load is Linux only")
	}
	if os.Getenv("METRONOME_PRELOAD") == "off" {
		t.Skip("METRONOME_PRELOAD=off in the environment")
	}
	if !scan.Began() {
		t.Fatal("a program importing engine/desktop/preload did not begin the driver scan at process load")
	}
	scan.Wait()
}
