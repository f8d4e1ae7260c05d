package sprites

import (
	"bytes"
	"github.com/metronome-engine/metronome/engine/desktop"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// GLFW must run on the main OS thread (W1): the tests run the game inside
// desktop.Do, served by TestMain there.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	os.Exit(desktop.Main(func() int {
		defer windowtest.KeepDisplay()()
		return m.Run()
	}))
}

// TestG5_SpritesSceneRunsWithValidation runs 2,000 sprites for 5 presented
// frames on the real stack with validation on: no message, and the rate
// line is printed over the 4 intervals.
func TestG5_SpritesSceneRunsWithValidation(t *testing.T) {
	opt, err := parse([]string{"-n", "2000", "-frames", "5", "-size", "320x240", "-validation"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	desktop.Do(func() { err = run(opt, &out) })
	windowtest.SkipIfNoStack(t, err, desktop.ErrNoDriver, desktop.ErrNoLoader, desktop.ErrNoDisplay)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "sprites 2000: 4 frames in") || !strings.Contains(out.String(), "frames/s") {
		t.Errorf("output %q, want the rate over 4 frames", out.String())
	}
}

func TestW6_SpritesBadFlagsExit2(t *testing.T) {
	for _, args := range [][]string{{"-n", "0"}, {"-frames", "-1"}, {"-size", "640"}, {"-size", "8x8"}, {"extra"}} {
		var stderr bytes.Buffer
		if rc := Run(args, &bytes.Buffer{}, &stderr); rc != 2 || stderr.Len() == 0 {
			t.Errorf("Run(%q) = %d, stderr %q; want 2 and a message", args, rc, stderr.String())
		}
	}
}

// TestT13_SpritesStayInsideOverVariableSteps: after many variable steps
// every sprite is still inside the window.
func TestT13_SpritesStayInsideOverVariableSteps(t *testing.T) {
	s := newScene(options{n: 500, width: 200, height: 100})
	for range 1000 {
		s.move(0.037, 200, 100)
	}
	for i, p := range s.pos {
		if p[0] < 0 || p[1] < 0 || p[0] > 200-SpriteSize || p[1] > 100-SpriteSize {
			t.Fatalf("sprite %d at %v, outside 200x100", i, p)
		}
	}
}
