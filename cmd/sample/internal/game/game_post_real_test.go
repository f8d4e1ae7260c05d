package game

import (
	"errors"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// rgbAt returns the 8-bit channels of img's pixel (x, y).
func rgbAt(img image.Image, x, y int) [3]int {
	c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
	return [3]int{int(c.R), int(c.G), int(c.B)}
}

// farthest returns the largest channel difference of a and b.
func farthest(a, b [3]int) int {
	d := 0
	for i := range a {
		d = max(d, a[i]-b[i], b[i]-a[i])
	}
	return d
}

// floorPixel projects a point of the floor onto a width x height shot
// with the sample's fixed camera.
func floorPixel(x, z float32, width, height int) (int, int) {
	vp := graphics.NewViewport(0, 0, width, height)
	view := graphics.CreateLookAt(cameraEye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	p := vp.Project(mgl32.Vec3{x, floorY, z}, sceneProjection(width, height), view, mgl32.Ident4())
	return int(p[0]), int(p[1])
}

// On the real stack with validation, -fog fades the far floor into the
// fog colour (the clear colour) and leaves the near floor as it is: a
// floor point past FogEnd is the clear colour with fog and a tile's
// colour without; one nearer than FogStart is the same in both.
func TestE6_SampleFogFadesTheFarFloor(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	fog, clear := decodePNG(t, shotOf(t, "-hud=false")), decodePNG(t, shotOf(t, "-hud=false", "-fog=false"))
	b := fog.Bounds()
	bg := [3]int{int(sceneClear.R), int(sceneClear.G), int(sceneClear.B)}
	fx, fy := floorPixel(-5, -6.5, b.Dx(), b.Dy())  // 9.5 units away: past FogEnd
	nx, ny := floorPixel(-1.2, 0.4, b.Dx(), b.Dy()) // 2.6 units away: before FogStart
	far, farClear := rgbAt(fog, fx, fy), rgbAt(clear, fx, fy)
	near, nearClear := rgbAt(fog, nx, ny), rgbAt(clear, nx, ny)
	t.Logf("far floor (%d, %d): %v with fog, %v without; near floor (%d, %d): %v and %v; fog colour %v",
		fx, fy, far, farClear, nx, ny, near, nearClear, bg)
	if farthest(far, bg) > 3 || farthest(farClear, bg) < 40 {
		t.Errorf("far floor: %v with fog, %v without; want the fog colour %v with fog only", far, farClear, bg)
	}
	if farthest(near, nearClear) > 2 || farthest(near, bg) < 40 {
		t.Errorf("near floor: %v with fog, %v without; want the same tile colour (not the fog's %v)", near, nearClear, bg)
	}
}

// On the real stack with validation, -post draws the frame through the
// render target and the grayscale-and-vignette sprite effect: every pixel
// is grey (red, green and blue equal) and is the luma of the frame drawn
// without it, darkened towards the corners as post.frag says.
func TestE6_SamplePostProcessIsGrayscale(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	post, plain := decodePNG(t, shotOf(t, "-hud=false", "-post")), decodePNG(t, shotOf(t, "-hud=false"))
	b := post.Bounds()
	if b != plain.Bounds() {
		t.Fatalf("bounds %v and %v", b, plain.Bounds())
	}
	var grey, plainGrey, off, worst int
	for y := range b.Dy() {
		for x := range b.Dx() {
			p, q := rgbAt(post, x, y), rgbAt(plain, x, y)
			if p[0] == p[1] && p[1] == p[2] {
				grey++
			}
			if q[0] == q[1] && q[1] == q[2] {
				plainGrey++
			}
			luma := 0.2126*float64(q[0]) + 0.7152*float64(q[1]) + 0.0722*float64(q[2])
			dx, dy := (float64(x)+0.5)/float64(b.Dx())-0.5, (float64(y)+0.5)/float64(b.Dy())-0.5
			want := luma * math.Max(0, 1-2*postVignette*(dx*dx+dy*dy))
			if d := int(math.Abs(float64(p[0]) - want)); d > 2 {
				off++
				worst = max(worst, d)
			}
		}
	}
	total := b.Dx() * b.Dy()
	t.Logf("grey pixels: %d of %d with -post, %d without; %d off the expected grey by more than 2 (worst %d)",
		grey, total, plainGrey, off, worst)
	if grey != total || plainGrey > total/10 {
		t.Errorf("%d of %d pixels grey with -post, %d without; want all with it and few without", grey, total, plainGrey)
	}
	if off > total/100 {
		t.Errorf("%d of %d pixels differ from the frame's luma times the vignette by more than 2 (worst %d)", off, total, worst)
	}
	if c, q := rgbAt(post, 0, 0)[0], rgbAt(plain, 0, 0); float64(c) > 0.7*(0.2126*float64(q[0])+0.7152*float64(q[1])+0.0722*float64(q[2])) {
		t.Errorf("corner %d with -post, %v without: the vignette does not darken it", c, q)
	}
}
