package desktop

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// ballsAt returns a green ball left of the cube, falling with the frame
// number, and a blue one right of it.
func ballsAt(frame int, dst []vulkan.Object) []vulkan.Object {
	y := 0.6 - float32(frame%40)/40
	return append(dst[:0],
		vulkan.Object{Position: [3]float32{-1.3, y, 0}, Scale: 0.5, Color: [3]float32{0.1, 0.9, 0.2}},
		vulkan.Object{Position: [3]float32{1.3, -0.3, 0}, Scale: 0.5, Color: [3]float32{0.2, 0.3, 1}})
}

// TestT5_BallsOnRealStack sets two balls from Draw through SetObjects each
// frame: the ticks allocate nothing, the read-back shows each ball's colour
// where vulkan.Project puts its centre, bad input is an error, and
// validation stays silent.
func TestT5_BallsOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 1 << 30}
	balls := make([]vulkan.Object, 0, 2)
	var setErr error
	f.do = func(g *engine.Game, n int) {
		balls = ballsAt(n, balls)
		if err := SetObjects(g, balls); err != nil && setErr == nil {
			setErr = err
		}
	}
	var allocs float64
	var img *image.RGBA
	var runErr, beforeDevice, tooMany error
	window.Do(func() {
		g, err := newStackGame(t, f)
		if err != nil {
			runErr = err
			return
		}
		defer func() { runErr = errors.Join(runErr, g.Close()) }()
		beforeDevice = SetObjects(g, balls)
		for range 30 {
			if runErr = g.RunOneFrame(); runErr != nil {
				return
			}
		}
		allocs = testing.AllocsPerRun(200, func() {
			if err := g.Tick(); err != nil {
				runErr = err
			}
		})
		tooMany = SetObjects(g, make([]vulkan.Object, vulkan.MaxObjects+1))
		img, runErr = f.r.Vulkan().ReadBack()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	if setErr != nil {
		t.Fatal(setErr)
	}
	if beforeDevice == nil || tooMany == nil || !strings.HasPrefix(tooMany.Error(), "desktop: set objects: ") {
		t.Errorf("errors: before the device %v, too many %v; want both, the second naming the operation", beforeDevice, tooMany)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per tick with balls, want 0", allocs)
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	for i, o := range balls {
		x, y, ok := vulkan.Project(o.Position, w, h)
		px := img.RGBAAt(int(x), int(y))
		green, blue := px.G > 150 && px.G > 2*px.R && px.G > 2*px.B, px.B > 150 && px.B > 2*px.R && px.B > px.G
		if !ok || (i == 0 && !green) || (i == 1 && !blue) {
			t.Errorf("ball %d at %v: pixel (%d, %d) is %v, want its colour %v lit", i, o.Position, int(x), int(y), px, o.Color)
		}
	}
}
