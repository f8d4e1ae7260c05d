package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/enginetest/desktoptest"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestMain serves the main thread for the tests that open a real window.
func TestMain(m *testing.M) { desktoptest.RunMain(m) }

// runPong runs the game for frames presented frames on the real stack in
// virtual time (a FixedDt of 1/60 s: the same run every time), with
// validation on, and returns the last frame as presented.
func runPong(t *testing.T, frames uint64) *image.RGBA {
	t.Helper()
	return runPongWith(t, &pong{}, "Pong", frames, nil)
}

// runPongWith is runPong with the game p in a window titled title, and
// hook (when not nil) called on every present before the capture logic;
// an error it returns ends the run and fails the test.
func runPongWith(t *testing.T, p *pong, title string, frames uint64, hook func(g *engine.Game, p *engine.Presented) error) *image.RGBA {
	t.Helper()
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	var img *image.RGBA
	var msgs []string
	var hookErr error
	window.Do(func() {
		var g *engine.Game
		g, err = desktop.NewGame(p, desktop.Config{Title: title, Width: width, Height: height, Validation: true,
			Engine: engine.Config{Source: fixed, Waiter: fixed}})
		if err != nil {
			return
		}
		g.GraphicsDeviceManager().DeviceCreated.Add(func(d *engine.GraphicsDevice) {
			d.Presented.Add(func(p *engine.Presented) {
				if hook != nil && hookErr == nil {
					if hookErr = hook(g, p); hookErr != nil {
						g.Exit()
						return
					}
				}
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
	if hookErr != nil {
		t.Fatal(hookErr)
	}
	if img == nil && hook == nil {
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

// TestI1_PongPauseKey taps P into the game's window with xdotool (a press
// and release back to back, shorter than a tick): the game pauses (the
// engine's IsKeyJustPressed sees the tap), the ball stops where it was and
// "PAUSED" is drawn; a second tap resumes it. Virtual time: frames run as
// fast as they can while the tap travels through the X server, so the
// run waits (on the wall clock, at most 20 s) for each tap to arrive.
func TestI1_PongPauseKey(t *testing.T) {
	xdotool, err := exec.LookPath("xdotool")
	if err != nil || os.Getenv("DISPLAY") == "" {
		windowtest.SkipOrFail(t, "needs xdotool and an X display", err)
	}
	title := fmt.Sprintf("pong-pause-%d", os.Getpid())
	p := &pong{}
	s := pauseScript{xdotool: xdotool, title: title, p: p}
	runPongWith(t, p, title, 1<<40, s.step) // the script ends the run
	if s.resumedAt == 0 {
		t.Fatalf("the run ended before the game resumed (paused at frame %d)", s.pausedAt)
	}
	t.Logf("paused at frame %d, resumed at frame %d", s.pausedAt, s.resumedAt)
}

// pauseScript is TestI1_PongPauseKey's run, one step per present.
type pauseScript struct {
	xdotool, title, id  string
	p                   *pong
	frozen              mgl32.Vec2
	pausedAt, resumedAt uint64
	since               time.Time // when the current wait for a tap began
}

func (s *pauseScript) tap() error {
	s.since = time.Now()
	if out, err := exec.Command(s.xdotool, "key", "--window", s.id, "--delay", "0", "p").CombinedOutput(); err != nil {
		return fmt.Errorf("xdotool key: %w: %s", err, out)
	}
	return nil
}

// arrived reports whether the game's pause state is want, failing after
// 20 s of waiting; it lets a little wall time pass per frame meanwhile.
func (s *pauseScript) arrived(want bool) (bool, error) {
	if s.p.paused == want {
		return true, nil
	}
	if time.Since(s.since) > 20*time.Second {
		return false, fmt.Errorf("the tap of P did not arrive in 20 s (paused %v)", s.p.paused)
	}
	time.Sleep(time.Millisecond)
	return false, nil
}

func (s *pauseScript) step(g *engine.Game, pr *engine.Presented) error {
	i := pr.Index
	switch {
	case i < 2:
	case s.id == "":
		out, err := exec.Command(s.xdotool, "search", "--sync", "--onlyvisible", "--name", "^"+s.title+"$").Output()
		if s.id, _, _ = strings.Cut(strings.TrimSpace(string(out)), "\n"); err != nil || s.id == "" {
			return fmt.Errorf("xdotool search %q: %v", s.title, err)
		}
		return s.tap()
	case s.pausedAt == 0:
		ok, err := s.arrived(true)
		if ok {
			s.pausedAt, s.frozen = i, s.p.pos
		}
		return err
	case i < s.pausedAt+30:
		if s.p.pos != s.frozen {
			return fmt.Errorf("frame %d, paused since %d: the ball moved from %v to %v", i, s.pausedAt, s.frozen, s.p.pos)
		}
		if i == s.pausedAt+29 {
			g.GraphicsDevice().RequestCapture()
		}
	case i == s.pausedAt+30:
		if err := checkPaused(pr.Capture, s.frozen); err != nil {
			return err
		}
		return s.tap()
	case s.resumedAt == 0:
		ok, err := s.arrived(false)
		if ok {
			s.resumedAt = i
		}
		return err
	case i == s.resumedAt+10:
		if s.p.pos == s.frozen {
			return fmt.Errorf("10 frames after the second tap the ball is still at %v", s.frozen)
		}
		g.Exit()
	}
	return nil
}

// checkPaused checks a capture of the paused game: "PAUSED" in yellow in
// the middle, the ball whole at pos.
func checkPaused(img *image.RGBA, pos mgl32.Vec2) error {
	if img == nil {
		return fmt.Errorf("no capture of the paused frame")
	}
	yellow := 0
	for y := height / 2; y < height/2+40; y++ {
		for x := width/2 - 80; x < width/2+80; x++ {
			if c := img.RGBAAt(x, y); c.R > 200 && c.G > 200 && c.B < 60 {
				yellow++
			}
		}
	}
	if yellow < 100 {
		return fmt.Errorf("paused frame: %d yellow pixels where PAUSED goes", yellow)
	}
	x, y := int(pos[0]), int(pos[1])
	if n := countWhite(img, image.Rect(x, y, x+ballSize, y+ballSize)); n < ballSize*ballSize-2*ballSize {
		return fmt.Errorf("paused frame: the ball at (%d,%d) has %d white pixels", x, y, n)
	}
	return nil
}
