package graphics_test

import (
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG15_FitKeepsTheAspectRatio: the letterbox fit of a 320x180 frame
// keeps its aspect ratio and centres it; integer scaling takes whole
// multiples (fractional only below 1x).
func TestG15_FitKeepsTheAspectRatio(t *testing.T) {
	for _, c := range []struct {
		tw, th  int
		integer bool
		want    graphics.Rectangle
	}{
		{1000, 400, false, graphics.Rectangle{X: 144, Y: 0, Width: 711, Height: 400}},
		{1000, 400, true, graphics.Rectangle{X: 180, Y: 20, Width: 640, Height: 360}},
		{640, 480, false, graphics.Rectangle{X: 0, Y: 60, Width: 640, Height: 360}},
		{1280, 720, true, graphics.Rectangle{X: 0, Y: 0, Width: 1280, Height: 720}},
		{160, 200, true, graphics.Rectangle{X: 0, Y: 55, Width: 160, Height: 90}},
		{0, 400, false, graphics.Rectangle{}},
	} {
		if got := graphics.Fit(c.tw, c.th, 320, 180, c.integer); got != c.want {
			t.Errorf("Fit(%dx%d, integer %v) = %+v, want %+v", c.tw, c.th, c.integer, got, c.want)
		}
	}
}

// TestG15_VirtualScreenDrawsScaledAndMapsBack: Begin targets the 320x180
// frame, End clears the back buffer to the border and draws the frame
// into the fit with point sampling; ToVirtual maps back-buffer positions
// into virtual pixels through that fit.
func TestG15_VirtualScreenDrawsScaledAndMapsBack(t *testing.T) {
	r := newRig(t)
	vs, err := graphics.NewVirtualScreen(r.dev, 320, 180)
	must(t, err)
	defer vs.Dispose()
	if _, _, in := vs.ToVirtual(10, 10); in {
		t.Error("ToVirtual before the first End reports inside")
	}
	must(t, r.dev.BeginFrame(1000, 400))
	must(t, vs.Begin())
	if vp := r.dev.Viewport(); vp.Width != 320 || vp.Height != 180 || r.dev.RenderTarget() != vs.Target() {
		t.Errorf("inside Begin: viewport %dx%d, target %v", vp.Width, vp.Height, r.dev.RenderTarget())
	}
	must(t, r.dev.Clear(graphics.Red))
	if err := vs.Begin(); err == nil {
		t.Error("a second Begin succeeded")
	}
	must(t, vs.End())
	if err := vs.End(); err == nil {
		t.Error("End without Begin succeeded")
	}
	if r.dev.RenderTarget() != nil {
		t.Error("End left the virtual target set")
	}
	f := r.present()
	last := f.Draws[len(f.Draws)-1]
	if last.Sampler.Filter != graphics.FilterPoint {
		t.Errorf("the frame is drawn with %+v, want point sampling", last.Sampler)
	}
	if d := vs.Destination(); d != (graphics.Rectangle{X: 144, Width: 711, Height: 400}) {
		t.Errorf("destination %+v", d)
	}
	for _, c := range []struct {
		x, y, vx, vy float64
		in           bool
	}{
		{144, 0, 0, 0, true},
		{144 + 711.0/2, 200, 160, 90, true},
		{100, 200, -19.8, 90, false},
		{855, 399, 320, 179.55, false},
	} {
		vx, vy, in := vs.ToVirtual(c.x, c.y)
		if in != c.in || abs(vx-c.vx) > 0.05 || abs(vy-c.vy) > 0.05 {
			t.Errorf("ToVirtual(%v, %v) = %.2f, %.2f, %v; want %.2f, %.2f, %v", c.x, c.y, vx, vy, in, c.vx, c.vy, c.in)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
