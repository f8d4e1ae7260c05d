package desktop

import (
	"errors"
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// ballsAt returns a green ball left of the cube, falling with the frame
// number, and a blue one right of it.
func ballsAt(frame int, dst []ball) []ball {
	y := 0.6 - float32(frame%40)/40
	return append(dst[:0],
		ball{pos: mgl32.Vec3{-1.3, y, 0}, size: 0.5, color: mgl32.Vec3{0.1, 0.9, 0.2}},
		ball{pos: mgl32.Vec3{1.3, -0.3, 0}, size: 0.5, color: mgl32.Vec3{0.2, 0.3, 1}})
}

// TestG1_BallsAsMeshesOnRealStack draws the cube and two balls as
// ordinary meshes through the public API each frame (G1: the renderer has
// no scene): the ticks allocate nothing, a capture of a presented frame
// (G11) shows each ball's colour where Viewport.Project puts its centre,
// and validation stays silent.
func TestG1_BallsAsMeshesOnRealStack(t *testing.T) {
	f := &frameGame{exitAt: 1 << 30}
	balls := make([]ball, 0, 2)
	var drawErr error
	f.scene = func(g *engine.Game, n int) []ball {
		balls = ballsAt(n, balls)
		return balls
	}
	f.onErr = func(err error) {
		if drawErr == nil {
			drawErr = err
		}
	}
	var allocs float64
	var img *image.RGBA
	var vp graphics.Viewport
	var runErr error
	window.Do(func() {
		g, err := newStackGame(t, f)
		if err != nil {
			runErr = err
			return
		}
		defer func() { runErr = errors.Join(runErr, g.Close()) }()
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
		g.GraphicsDevice().Presented.Add(func(p *engine.Presented) {
			if p.Capture != nil {
				img = image.NewRGBA(p.Capture.Rect)
				copy(img.Pix, p.Capture.Pix)
			}
		})
		g.GraphicsDevice().RequestCapture()
		if runErr = g.RunOneFrame(); runErr != nil {
			return
		}
		vp = g.GraphicsDevice().Device.Viewport()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	checkNoMessages(t, f.r)
	if drawErr != nil {
		t.Fatal(drawErr)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per tick with balls, want 0", allocs)
	}
	if img == nil {
		t.Fatal("no capture delivered")
	}
	view := graphics.CreateLookAt(mgl32.Vec3{0, 0, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, _ := graphics.CreatePerspectiveFieldOfView(math.Pi/4, float32(vp.Width)/float32(vp.Height), 0.1, 10)
	for i, b := range balls {
		p := vp.Project(b.pos, proj, view, mgl32.Ident4())
		px := img.RGBAAt(int(p[0]), int(p[1]))
		green, blue := px.G > 150 && px.G > 2*px.R && px.G > 2*px.B, px.B > 110 && px.B > 2*px.R && px.B > 2*px.G
		if (i == 0 && !green) || (i == 1 && !blue) {
			t.Errorf("ball %d at %v: pixel (%d, %d) is %v, want its colour %v lit", i, b.pos, int(p[0]), int(p[1]), px, b.color)
		}
	}
}
