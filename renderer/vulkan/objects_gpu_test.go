package vulkan

import (
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
)

// testBalls are two balls left and right of the cube, clear of it at any
// rotation (the cube's half-diagonal is 0.87).
var testBalls = []Object{
	{Position: [3]float32{-1.3, 0.4, 0}, Scale: 0.5, Color: [3]float32{0.1, 0.9, 0.2}},
	{Position: [3]float32{1.25, -0.5, 0.3}, Scale: 0.4, Color: [3]float32{0.2, 0.3, 1.0}},
}

// TestW5_ObjectsAppearAtProjectedPixels sets two balls, reads the frame
// back and finds each ball's lit colour where Project puts its centre;
// then clears them and checks those pixels show the background again and
// the whole image equals the frame drawn before any object was set.
func TestW5_ObjectsAppearAtProjectedPixels(t *testing.T) {
	const w, h = 320, 240
	g := openGPU(t, w, h, Options{SwapInterval: 0})
	before := g.readAt(t, 0.7)
	if err := g.r.SetObjects(testBalls); err != nil {
		t.Fatal(err)
	}
	with := g.readAt(t, 0.7)
	checkCubePixels(t, with, w, h)
	for i, o := range testBalls {
		x, y, ok := Project(o.Position, w, h)
		if !ok {
			t.Fatalf("ball %d at %v is out of view", i, o.Position)
		}
		px, want := with.RGBAAt(int(x), int(y)), litFacingCamera(o.Position, o.Color)
		if !near(px, want, 12) {
			t.Errorf("ball %d: pixel (%d, %d) is %v, want its lit colour %v", i, int(x), int(y), px, want)
		}
		if bg := before.RGBAAt(int(x), int(y)); !near(bg, clear8(), 2) {
			t.Errorf("ball %d: pixel (%d, %d) was %v before any object was set, want the clear colour", i, int(x), int(y), bg)
		}
	}
	if err := g.r.SetObjects(nil); err != nil {
		t.Fatal(err)
	}
	after := g.readAt(t, 0.7)
	if n := differingPixels(before, after); n != 0 {
		t.Errorf("%d pixels differ between the frame before SetObjects and after SetObjects(nil)", n)
	}
}

// TestObjectsReadBackRedrawsTheLastFrame: objects set after the last
// DrawFrame do not appear in ReadBack, which returns the presented frame.
func TestObjectsReadBackRedrawsTheLastFrame(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	g.draw(t, 0.7)
	if err := g.r.SetObjects(testBalls); err != nil {
		t.Fatal(err)
	}
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	x, y, _ := Project(testBalls[0].Position, 320, 240)
	if px := img.RGBAAt(int(x), int(y)); !near(px, clear8(), 2) {
		t.Errorf("pixel (%d, %d) is %v: the read-back shows objects the last frame did not draw", int(x), int(y), px)
	}
}

// readAt draws the frame at time at and reads it back.
func (g *gpu) readAt(t *testing.T, at float64) *image.RGBA {
	t.Helper()
	g.draw(t, at)
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	return img
}

// litFacingCamera is the 8-bit colour the fragment shader gives colour c
// at the point of a ball centred on p that its projected centre shows: the
// normal there points from p at the camera; ambient plus diffuse.
func litFacingCamera(p, c [3]float32) color.RGBA {
	n := mgl32.Vec3{0, 0, cameraDistance}.Sub(p).Normalize()
	light := math.Min(ambient+math.Max(float64(n.Dot(lightDir)), 0), 1)
	f := func(v float32) uint8 { return uint8(math.Min(float64(v)*light, 1)*255 + 0.5) }
	return color.RGBA{f(c[0]), f(c[1]), f(c[2]), 255}
}

// differingPixels counts the pixels where a and b are not identical.
func differingPixels(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if string(a.Pix[i:i+4]) != string(b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

// TestSteadyFrameWithObjectsAllocatesNothing: moving two balls every frame
// (SetObjects, then DrawFrame) makes no Go heap allocation.
func TestSteadyFrameWithObjectsAllocatesNothing(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var allocs float64
	onMain(t, func() error {
		balls := append([]Object(nil), testBalls...)
		var err error
		frame := func(i int) {
			balls[0].Position[1] = float32(i%100) / 100
			if e := g.r.SetObjects(balls); e != nil && err == nil {
				err = e
			}
			if _, e := g.r.DrawFrame(time.Duration(i) * time.Millisecond); e != nil && err == nil {
				err = e
			}
		}
		for i := range 5 {
			frame(i)
		}
		i := 5
		allocs = testing.AllocsPerRun(500, func() { i++; frame(i) })
		return err
	})
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per frame with objects, want 0", allocs)
	}
}
