package graphics_test

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// clip returns m*p divided by w.
func clip(m mgl32.Mat4, p mgl32.Vec3) mgl32.Vec3 {
	q := m.Mul4x1(p.Vec4(1))
	return q.Vec3().Mul(1 / q[3])
}

func near(a, b mgl32.Vec3) bool { return within(a, b, 1e-5) }

// within reports whether every component of a and b differs by at most eps.
func within(a, b mgl32.Vec3, eps float64) bool {
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > eps {
			return false
		}
	}
	return true
}

// TestG8_PerspectiveDepthZeroToOneAndYFlipped pins the perspective
// conventions: right-handed (visible points have negative view z), depth 0
// at near and 1 at far, +Y up in view space lands at clip -Y (Vulkan's top).
func TestG8_PerspectiveDepthZeroToOneAndYFlipped(t *testing.T) {
	p, err := graphics.CreatePerspectiveFieldOfView(math.Pi/2, 2, 1, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		in   mgl32.Vec3
		want mgl32.Vec3
	}{
		{"near centre", mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 0, 0}},
		{"far centre", mgl32.Vec3{0, 0, -10}, mgl32.Vec3{0, 0, 1}},
		{"near top edge (fov 90: y = z)", mgl32.Vec3{0, 1, -1}, mgl32.Vec3{0, -1, 0}},
		{"near right edge (aspect 2)", mgl32.Vec3{2, 0, -1}, mgl32.Vec3{1, 0, 0}},
		{"far bottom left", mgl32.Vec3{-20, -10, -10}, mgl32.Vec3{-1, 1, 1}},
	} {
		if got := clip(p, c.in); !near(got, c.want) {
			t.Errorf("%s: %v -> %v, want %v", c.name, c.in, got, c.want)
		}
	}
}

// TestG8_CameraHelpersRejectBadInput pins that bad camera parameters are
// errors, not panics or NaN matrices.
func TestG8_CameraHelpersRejectBadInput(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
	}{
		{"fov 0", func() error { _, err := graphics.CreatePerspectiveFieldOfView(0, 1, 1, 2); return err }()},
		{"fov pi", func() error { _, err := graphics.CreatePerspectiveFieldOfView(math.Pi, 1, 1, 2); return err }()},
		{"near 0", func() error { _, err := graphics.CreatePerspectiveFieldOfView(1, 1, 0, 2); return err }()},
		{"far < near", func() error { _, err := graphics.CreatePerspectiveFieldOfView(1, 1, 2, 1); return err }()},
		{"aspect NaN", func() error {
			_, err := graphics.CreatePerspectiveFieldOfView(1, float32(math.NaN()), 1, 2)
			return err
		}()},
		{"ortho width 0", func() error { _, err := graphics.CreateOrthographic(0, 1, 0, 1); return err }()},
		{"ortho near == far", func() error { _, err := graphics.CreateOrthographicOffCenter(0, 1, 0, 1, 1, 1); return err }()},
	} {
		if !errors.Is(c.err, graphics.ErrInvalid) {
			t.Errorf("%s: error %v, want ErrInvalid", c.name, c.err)
		}
	}
}

// TestG8_OrthographicOffCenterPixelsTopLeft pins the 2D convention: (0, w,
// h, 0) maps pixel (0,0) to Vulkan's top-left clip corner (-1,-1) and
// (w,h) to (1,1), depth -near..-far to 0..1.
func TestG8_OrthographicOffCenterPixelsTopLeft(t *testing.T) {
	o, err := graphics.CreateOrthographicOffCenter(0, 640, 480, 0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want mgl32.Vec3 }{
		{mgl32.Vec3{0, 0, 0}, mgl32.Vec3{-1, -1, 0}},
		{mgl32.Vec3{640, 480, -1}, mgl32.Vec3{1, 1, 1}},
		{mgl32.Vec3{320, 120, -0.5}, mgl32.Vec3{0, -0.5, 0.5}},
	} {
		if got := clip(o, c.in); !near(got, c.want) {
			t.Errorf("%v -> %v, want %v", c.in, got, c.want)
		}
	}
	// CreateOrthographic: a centred 4x2 volume, +Y up goes to clip -Y.
	c, err := graphics.CreateOrthographic(4, 2, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := clip(c, mgl32.Vec3{2, 1, -3}), (mgl32.Vec3{1, -1, 1}); !near(got, want) {
		t.Errorf("ortho corner -> %v, want %v", got, want)
	}
}

// TestG8_ClockwiseOnScreenStaysClockwise pins the winding convention: a
// triangle that is clockwise as seen by an XNA camera (view space, +Y up)
// is clockwise in Vulkan framebuffer coordinates (+Y down) after the
// projection's Y flip, so CullCounterClockwise keeps it.
func TestG8_ClockwiseOnScreenStaysClockwise(t *testing.T) {
	view := graphics.CreateLookAt(mgl32.Vec3{0, 0, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/3, 1, 0.1, 100)
	if err != nil {
		t.Fatal(err)
	}
	// Clockwise seen from +Z looking down -Z with +Y up: top, right, bottom-left.
	tri := []mgl32.Vec3{{0, 1, 0}, {1, -1, 0}, {-1, -1, 0}}
	vp := graphics.NewViewport(0, 0, 100, 100)
	var s [3]mgl32.Vec3
	for i, v := range tri {
		s[i] = vp.Project(v, proj, view, mgl32.Ident4())
	}
	if s[0].Y() >= s[2].Y() {
		t.Fatalf("top vertex at pixel y %v, bottom at %v: +Y up must be up on screen", s[0].Y(), s[2].Y())
	}
	// Signed area in pixel coordinates (y down): positive is clockwise on screen.
	area := (s[1].X()-s[0].X())*(s[2].Y()-s[0].Y()) - (s[2].X()-s[0].X())*(s[1].Y()-s[0].Y())
	if area <= 0 {
		t.Errorf("screen-space signed area %v, want > 0 (clockwise as seen)", area)
	}
}

// TestG8_ViewportProjectUnprojectRoundTrip pins Project and Unproject as
// inverses, and Project's pixel mapping with an offset viewport.
func TestG8_ViewportProjectUnprojectRoundTrip(t *testing.T) {
	view := graphics.CreateLookAt(mgl32.Vec3{3, 4, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 4.0/3, 0.5, 50)
	if err != nil {
		t.Fatal(err)
	}
	world := mgl32.Translate3D(1, 0, 0)
	vp := graphics.Viewport{X: 10, Y: 20, Width: 640, Height: 480, MinDepth: 0, MaxDepth: 1}
	for _, p := range []mgl32.Vec3{{0, 0, 0}, {1, 1, 1}, {-1, 0.5, 2}} {
		s := vp.Project(p, proj, view, world)
		back := vp.Unproject(s, proj, view, world)
		if !within(back, p, 1e-3) {
			t.Errorf("%v -> %v -> %v", p, s, back)
		}
	}
	// The target point (world origin is at x=-1 in object space) is the viewport's centre.
	c := vp.Project(mgl32.Vec3{-1, 0, 0}, proj, view, world)
	if math.Abs(float64(c.X()-330)) > 1e-3 || math.Abs(float64(c.Y()-260)) > 1e-3 {
		t.Errorf("look-at target projects to %v, want the viewport centre (330, 260)", c)
	}
	// Above the target is above the centre on screen (smaller pixel y).
	if u := vp.Project(mgl32.Vec3{-1, 1, 0}, proj, view, world); u.Y() >= 260 {
		t.Errorf("point above the target at pixel y %v, want < 260", u.Y())
	}
}
