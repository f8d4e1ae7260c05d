package window

import (
	"slices"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestMonitorsAndTheirModes: the monitors come with their modes, the
// primary first, its current mode among the supported ones and equal to
// GLFW's own answer (Xvfb: one monitor, its screen size, rate 0).
func TestMonitorsAndTheirModes(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	var ms []MonitorInfo
	var want VideoMode
	Do(func() {
		ms = w.Monitors()
		want = videoMode(glfw.GetPrimaryMonitor().GetVideoMode())
	})
	if len(ms) == 0 {
		t.Fatal("no monitor")
	}
	if !ms[0].Primary || ms[0].Current != want || want.Width < 1 || want.Height < 1 {
		t.Errorf("first monitor %+v, want the primary one with GLFW's current mode %+v", ms[0], want)
	}
	for _, m := range ms {
		if len(m.Modes) == 0 || !slices.Contains(m.Modes, m.Current) {
			t.Errorf("monitor %q: current mode %+v not among its modes %+v", m.Name, m.Current, m.Modes)
		}
	}
	t.Logf("%d monitor(s); the primary %q at %+v, %d mode(s)", len(ms), ms[0].Name, ms[0].Current, len(ms[0].Modes))
}

// TestFullScreenAtAChosenMode: SetFullScreenMode makes the window full
// screen at the mode asked for (the monitor's own, on Xvfb's single
// mode), and SetFullScreen(false) brings back the windowed placement.
func TestFullScreenAtAChosenMode(t *testing.T) {
	if Wayland {
		t.Skip("Wayland: a window without a buffer is never made full screen; needs a renderer")
	}
	w := newTestWindow(t, hiddenConfig())
	var mode VideoMode
	var took, full, okFull, okBack, refused bool
	var inFull [2]int
	Do(func() {
		w.Show()
		w.SetSize(320, 200)
		_, _ = pollUntil(w, func([]Event) bool { x, y := w.Size(); return x == 320 && y == 200 })
		ms := w.Monitors()
		mode = ms[0].Modes[len(ms[0].Modes)-1]
		refused = !w.SetFullScreenMode(VideoMode{}) && !w.IsFullScreen()
		took = w.SetFullScreenMode(mode)
		full = w.IsFullScreen()
		_, okFull = pollUntil(w, func([]Event) bool { x, y := w.Size(); return x == mode.Width && y == mode.Height })
		inFull[0], inFull[1] = w.Size()
		w.SetFullScreen(false)
		_, okBack = pollUntil(w, func([]Event) bool { x, y := w.Size(); return x == 320 && y == 200 })
	})
	if !refused {
		t.Error("a zero mode was taken")
	}
	if !took || !full || !okFull {
		t.Fatalf("full screen at %+v: took %v, IsFullScreen %v, size %v", mode, took, full, inFull)
	}
	if !okBack {
		t.Error("the window did not come back to 320x200")
	}
}
