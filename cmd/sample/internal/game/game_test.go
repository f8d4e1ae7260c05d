package game

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// The real stack: 120 frames with validation on (W3: any message fails the
// run), then a screenshot of the last frame (W5) that shows the cube (its
// centre differs from a corner) and both balls in their colours where the
// dump says the last draw put them. The HUD is off: over a small window it
// may cover the left ball.
func TestW5_GameScreenshotShowsCube(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	path, dump := filepath.Join(t.TempDir(), "x.png"), filepath.Join(t.TempDir(), "dump")
	opt, err := parseGameFlags([]string{"-frames", "120", "-screenshot", path, "-validation", "-size", "320x240",
		"-dump-state", dump, "-hud=false"}) // the HUD could cover a ball: TestG12_GameScreenshotsReproducible checks it
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	desktop.Do(func() { err = playGame(opt, &errb) })
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil || errb.Len() != 0 {
		t.Fatalf("game: %v; stderr %q", err, errb.String())
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	b := img.Bounds()
	if b.Dx() < 2 || b.Dy() < 2 {
		t.Fatalf("screenshot is %v", b)
	}
	centre, corner := img.At(b.Dx()/2, b.Dy()/2), img.At(b.Min.X, b.Min.Y)
	cr, cg, cb, _ := centre.RGBA()
	kr, kg, kb, _ := corner.RGBA()
	if cr == kr && cg == kg && cb == kb {
		t.Fatalf("centre pixel %v equals the corner %v: no cube drawn", centre, corner)
	}
	checkBallPixels(t, img, dump)
}

// checkBallPixels finds each ball's drawn height in the dump, projects its
// centre onto img with the renderer's camera, and checks the pixel there
// has the ball's colour: blue for the interpolated ball, green for the
// latest one (lighting scales the colour, so channel margins decide).
func checkBallPixels(t *testing.T, img image.Image, dumpPath string) {
	t.Helper()
	text, err := os.ReadFile(dumpPath)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range [...]string{ballInterpolated: "interpolated", ballLatest: "latest"} {
		y, ok := dumpFloat(string(text), "ball_"+name+"_drawn_y")
		if !ok {
			t.Fatalf("dump lacks ball_%s_drawn_y:\n%s", name, text)
		}
		b := img.Bounds()
		x, py, visible := projectBall(i, y, b.Dx(), b.Dy())
		if !visible {
			t.Fatalf("%s ball at height %v is out of view", name, y)
		}
		r, g, bl, _ := img.At(int(x), int(py)).RGBA()
		r, g, bl = r>>8, g>>8, bl>>8
		blue := bl > r+60 && bl > g // the dark blue-grey background has bl - r = 20
		green := g > r+40 && g > bl
		if i == ballInterpolated && !blue || i == ballLatest && !green {
			t.Errorf("%s ball at pixel (%.0f, %.0f): colour %d %d %d, not its own", name, x, py, r, g, bl)
		}
	}
}

// dumpFloat returns the value of the dump line "name value".
func dumpFloat(dump, name string) (float64, bool) {
	for line := range strings.Lines(dump) {
		if k, v, _ := strings.Cut(strings.TrimSpace(line), " "); k == name {
			f, err := strconv.ParseFloat(v, 64)
			return f, err == nil
		}
	}
	return 0, false
}

// gameChildEnv asks a child test process to run the game with DISPLAY unset.
const gameChildEnv = "METRONOME_TEST_SAMPLE_NODISPLAY"

// Without a display the game exits with status 1 and one message that says
// what is missing (W6). The child process runs it, so this process's GLFW
// state is not touched.
func TestW6_GameNoDisplayExits1(t *testing.T) {
	windowtest.SkipWithoutDisplayVar(t)
	if os.Getenv(gameChildEnv) == "1" {
		var out, errb bytes.Buffer
		var code int
		desktop.Do(func() { code = Run([]string{"-frames", "1"}, &out, &errb) })
		fmt.Printf("CODE %d %s", code, errb.String())
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestW6_GameNoDisplayExits1$", "-test.count=1")
	cmd.Env = append(os.Environ(), gameChildEnv+"=1", "DISPLAY=", "WAYLAND_DISPLAY=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "CODE 1 sample: ") || !strings.Contains(string(out), "DISPLAY") {
		t.Fatalf("want exit 1 and a message about DISPLAY, got:\n%s", out)
	}
}

// noDriver are the renderer's "Vulkan is missing" errors, for
// windowtest.StackMissing.
var noDriver = []error{desktop.ErrNoDriver, desktop.ErrNoLoader}
