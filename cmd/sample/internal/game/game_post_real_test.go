package game

import (
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
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

// On the real stack with validation, the post-process's render target
// follows the back buffer when the game resizes it (new preferred sizes
// and ApplyChanges) and carries on through swap-interval changes (keys
// 0, 2 and 1: swapchain rebuilds or in-place switches); a steady frame
// with it allocates nothing, and nothing draws a validation message.
func TestE6_SamplePostFollowsResizesAndSwitches(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	opt, err := parseGameFlags([]string{"-fixed-dt", "16.6667ms", "-size", "320x240", "-post"})
	if err != nil {
		t.Fatal(err)
	}
	ecfg, err := opt.engineConfig()
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSampleGame(opt, ecfg, &testWriter{t})
	if err != nil {
		t.Fatal(err)
	}
	var sizes [][2]int // the target's size after each step
	var allocs float64
	desktop.Do(func() {
		var g *engine.Game
		g, err = desktop.NewGame(s, desktop.Config{Title: "post", Width: opt.width, Height: opt.height,
			Validation: true, Engine: ecfg, Audio: desktop.AudioOffline})
		if err != nil {
			return
		}
		defer func() { err = errors.Join(err, g.Close(), s.validationErr()) }()
		if err = s.configure(g); err != nil {
			return
		}
		frames := func(n int) {
			for range n {
				if err == nil {
					err = g.RunOneFrame()
				}
			}
			if err == nil && s.sc != nil && s.sc.post != nil && s.sc.post.rt != nil {
				sizes = append(sizes, [2]int{s.sc.post.rt.Width(), s.sc.post.rt.Height()})
			}
		}
		frames(3)
		m := g.GraphicsDeviceManager()
		m.PreferredBackBufferWidth, m.PreferredBackBufferHeight = 400, 300
		if err = m.ApplyChanges(); err != nil {
			return
		}
		frames(3)
		for _, n := range []int{0, 2, 1} {
			s.setInterval(g, n)
			frames(3)
		}
		if err != nil {
			return
		}
		s.status.at = s.source.Now() + time.Hour // no title refresh during the measurement
		allocs = testing.AllocsPerRun(50, func() { _ = g.RunOneFrame() })
	})
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil || s.drawFailed {
		t.Fatalf("%v (draw failed %v)", err, s.drawFailed)
	}
	t.Logf("post-process target sizes: %v; %v allocations per steady frame", sizes, allocs)
	want := [][2]int{{320, 240}, {400, 300}, {400, 300}, {400, 300}, {400, 300}}
	if !slices.Equal(sizes, want) {
		t.Errorf("target sizes %v, want %v (the back buffer's)", sizes, want)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per frame with the post-process, want 0", allocs)
	}
}
