package main

import (
	"image"
	"image/color"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

func TestMain(m *testing.M) {
	os.Exit(window.Main(func() int {
		defer windowtest.KeepDisplay()()
		return m.Run()
	}))
}

// runPong runs the game for frames presented frames on the real stack in
// virtual time (a FixedDt of 1/60 s: the same run every time), with
// validation on, and returns the last frame as presented.
func runPong(t *testing.T, frames uint64) *image.RGBA {
	t.Helper()
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	var img *image.RGBA
	var msgs []string
	window.Do(func() {
		var g *engine.Game
		g, err = desktop.NewGame(&pong{}, desktop.Config{Title: "Pong", Width: width, Height: height, Validation: true,
			Engine: engine.Config{Source: fixed, Waiter: fixed}})
		if err != nil {
			return
		}
		g.Graphics().DeviceCreated.Add(func(d *engine.GraphicsDevice) {
			d.Presented.Add(func(p *engine.Presented) {
				switch {
				case p.Index == frames-1:
					d.RequestCapture()
				case p.Index == frames && p.Capture != nil:
					img = image.NewRGBA(p.Capture.Rect)
					copy(img.Pix, p.Capture.Pix)
					g.Exit()
				}
			})
		})
		err = g.Run()
		msgs = desktop.ValidationMessages(g)
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader, window.ErrNoDisplay)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) > 0 {
		t.Fatalf("validation messages:\n%s", strings.Join(msgs, "\n"))
	}
	if img == nil {
		t.Fatalf("no capture of frame %d", frames)
	}
	return img
}

func white(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 200 }

// countWhite counts the white pixels in r.
func countWhite(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if white(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return n
}

// TestG7_PongDrawsPaddlesBallAndScore runs 30 frames (half a second of game
// time) and checks the capture: both paddles whole at their start, the
// ball where half a second of flight puts it, both scores ("0") drawn
// either side of the net, black elsewhere.
func TestG7_PongDrawsPaddlesBallAndScore(t *testing.T) {
	img := runPong(t, 30)
	if img.Bounds().Dx() != width || img.Bounds().Dy() != height {
		t.Fatalf("capture %v, want %dx%d", img.Bounds(), width, height)
	}
	top := (height - paddleH) / 2
	for _, x := range []int{margin, width - margin - paddleW} {
		if n := countWhite(img, image.Rect(x, top, x+paddleW, top+paddleH)); n != paddleW*paddleH {
			t.Errorf("paddle at x=%d: %d of %d pixels white", x, n, paddleW*paddleH)
		}
	}
	// The ball flies right at speed and down at speed/2 from the centre;
	// 29 updates have run by the 30th frame's draw (the first tick's
	// elapsed time is zero), give or take one step of flight.
	bx, by := (width-ballSize)/2+speed*29/60, (height-ballSize)/2+speed/2*29/60
	if n := countWhite(img, image.Rect(bx-6, by-3, bx+ballSize+6, by+ballSize+3)); n < ballSize*ballSize {
		t.Errorf("ball near (%d,%d): %d white pixels, want %d", bx, by, n, ballSize*ballSize)
	}
	if n := countWhite(img, image.Rect(width/2-40-30, 16, width/2-40, 60)); n < 40 {
		t.Errorf("left score: %d white pixels, want a drawn 0", n)
	}
	if n := countWhite(img, image.Rect(width/2+40, 16, width/2+40+30, 60)); n < 40 {
		t.Errorf("right score: %d white pixels, want a drawn 0", n)
	}
	if n := countWhite(img, image.Rect(100, 300, 300, 460)); n != 0 {
		t.Errorf("%d white pixels in an empty part of the court", n)
	}
}

// TestG12_PongScoresInVirtualTime: in virtual time the first serve goes
// right and passes under the right paddle (nobody moves), so after 90
// frames (1.5 s) the left score reads 1 and the right one still 0: the
// left score's pixels changed between frame 30 and frame 90, the right
// one's did not.
func TestG12_PongScoresInVirtualTime(t *testing.T) {
	before, after := runPong(t, 30), runPong(t, 90)
	left, right := image.Rect(width/2-40-30, 16, width/2-40, 60), image.Rect(width/2+40, 16, width/2+40+30, 60)
	if a, b := countWhite(before, left), countWhite(after, left); a == b {
		t.Errorf("left score unchanged after the ball passed the right paddle (%d white pixels)", a)
	}
	if a, b := countWhite(before, right), countWhite(after, right); a != b {
		t.Errorf("right score changed: %d -> %d white pixels", a, b)
	}
}
