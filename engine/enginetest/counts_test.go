package enginetest_test

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/renderer/present"
)

// TestP11_PresentationCountsThroughTheDevice: a game reads how its
// present-mode changes went through GraphicsDevice.PresentationCounts,
// without reaching for the renderer: zero at start, one change (in place
// on the fake) when vertical sync is turned off and applied, none for an
// ApplyChanges that changes nothing, and a rebuild when the window is
// resized.
func TestP11_PresentationCountsThroughTheDevice(t *testing.T) {
	g := enginetest.Open(t, &probe{}, enginetest.Config{})
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	dev := g.GraphicsDevice()
	if c := dev.PresentationCounts(); c != (present.SwitchCounts{}) {
		t.Fatalf("at start: %+v, want zeros", c)
	}
	m := g.GraphicsDeviceManager()
	m.SynchronizeWithVerticalRetrace = false
	if err := m.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if err := m.ApplyChanges(); err != nil { // unchanged: no change counted
		t.Fatal(err)
	}
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if c := dev.PresentationCounts(); c != (present.SwitchCounts{Changes: 1, InPlace: 1}) {
		t.Fatalf("after vsync off: %+v, want one change, in place", c)
	}
	g.Platform.Resize(800, 600)
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	if c := dev.PresentationCounts(); c != (present.SwitchCounts{Changes: 1, InPlace: 1, Rebuilds: 1}) {
		t.Fatalf("after a resize: %+v, want one rebuild more", c)
	}
	if c := g.Renderer().PresentationCounts(); c != dev.PresentationCounts() {
		t.Errorf("the device reads %+v, the renderer counts %+v", dev.PresentationCounts(), c)
	}
}
