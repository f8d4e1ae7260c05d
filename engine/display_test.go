package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestDisplayModesAndFullScreenAtAMode: the platform's monitors are the
// game's adapters (the primary is DefaultAdapter); with FullScreenMode set,
// full screen switches to that mode, a new mode switches again, clearing
// it goes back to the monitor's own mode, and leaving is SetFullScreen
// false; a bad mode is an error that changes nothing.
func TestDisplayModesAndFullScreenAtAMode(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	defer g.Close()
	if _, ok := g.DefaultAdapter(); ok || g.GraphicsAdapters() != nil {
		t.Fatal("adapters reported by a platform that has none")
	}
	hd := DisplayMode{Width: 1920, Height: 1080, RedBits: 8, GreenBits: 8, BlueBits: 8, RefreshRate: 60}
	vga := DisplayMode{Width: 640, Height: 480, RedBits: 8, GreenBits: 8, BlueBits: 8, RefreshRate: 75}
	p.adapters = []GraphicsAdapter{
		{Description: "main", IsDefaultAdapter: true, CurrentDisplayMode: hd, SupportedDisplayModes: []DisplayMode{vga, hd}},
		{Description: "side", CurrentDisplayMode: vga, SupportedDisplayModes: []DisplayMode{vga}},
	}
	a, ok := g.DefaultAdapter()
	if !ok || a.Description != "main" || a.CurrentDisplayMode != hd || !a.IsWideScreen() || g.GraphicsAdapters()[1].IsWideScreen() {
		t.Errorf("DefaultAdapter = %+v, %v", a, ok)
	}
	if r := hd.AspectRatio(); r < 1.7777 || r > 1.7778 || (DisplayMode{}).AspectRatio() != 0 {
		t.Errorf("AspectRatio of 1920x1080 = %v, want 16/9", r)
	}
	oneFrame(t, g)
	m := g.GraphicsDeviceManager()
	mark := len(rec.lines)
	step := func(full bool, mode DisplayMode) {
		t.Helper()
		m.IsFullScreen, m.FullScreenMode = full, mode
		if err := m.ApplyChanges(); err != nil {
			t.Fatal(err)
		}
	}
	step(true, vga)
	step(true, vga) // no change: no switch
	step(true, hd)
	step(true, DisplayMode{})
	step(false, DisplayMode{})
	var got []string
	for _, l := range rec.lines[mark:] {
		if strings.HasPrefix(l, "platform.SetFullScreen") {
			got = append(got, l)
		}
	}
	want := []string{"platform.SetFullScreenMode 640x480@75", "platform.SetFullScreenMode 1920x1080@60",
		"platform.SetFullScreen false", "platform.SetFullScreen true", "platform.SetFullScreen false"}
	if !slices.Equal(got, want) {
		t.Errorf("platform calls\n%q\nwant\n%q", got, want)
	}
	m.IsFullScreen, m.FullScreenMode = true, DisplayMode{Width: -1, Height: 480}
	if err := m.ApplyChanges(); err == nil || !strings.Contains(err.Error(), "full-screen mode") {
		t.Errorf("a mode -1x480: %v, want an error naming the full-screen mode", err)
	}
	if g.GraphicsDevice().PresentationParameters().IsFullScreen {
		t.Error("a refused ApplyChanges changed the device's settings")
	}
}
