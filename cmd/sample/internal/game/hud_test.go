package game

import (
	"bytes"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
)

// The HUD's text names every figure of the status, in place into a reused
// buffer without allocating.
func TestG12_HUDTextShowsEveryFigure(t *testing.T) {
	l := statusLine{drawsPerSec: 143.94, updatesPerSec: 60, fixed: true, hz: 60, dropped: 5_000_000, slow: true,
		paused: true, inactive: true,
		choice: present.Choice{Requested: 2, Mode: present.ModeFIFO, FellBack: true, Hold: present.HalfRateHold}}
	got := string(appendHUD(nil, l, true))
	want := "143.9 draws/s  60.0 updates/s\ninterval 2: FIFO half rate (fallback)\nfixed 60 Hz  dropped 500.0 ms\n" +
		"IsRunningSlowly true  slow in the last second\npaused  inactive"
	if got != want {
		t.Errorf("HUD text\n%q\nwant\n%q", got, want)
	}
	got = string(appendHUD(nil, statusLine{hz: 144}, false))
	want = "0.0 draws/s  0.0 updates/s\ninterval 0: none\nvariable 144 Hz  dropped 0.0 ms\nIsRunningSlowly false"
	if got != want {
		t.Errorf("HUD text before the device reports a mode\n%q\nwant\n%q", got, want)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = appendHUD(buf[:0], l, true) }); n != 0 {
		t.Errorf("appendHUD: %v allocations, want 0", n)
	}
}

// hudAfter runs the game on the fake stack (-fixed-dt 16.6667ms) for n
// frames with script and returns its HUD text and title.
func hudAfter(t *testing.T, n int, script [][]engine.PlatformEvent, args ...string) (string, string) {
	t.Helper()
	g, s, _ := newKeyGame(t, script, args...)
	tick(t, g, n)
	if s.drawFailed {
		t.Fatal("drawing failed")
	}
	return string(s.hudText), s.title
}

// Under -fixed-dt the HUD's per-second figures come from the engine's
// virtual clock, not the wall's (rule G12): the fake stack runs far faster
// than 60 frames a wall second, yet the HUD says 60 draws/s and 60
// updates/s, and two runs of the same script show the same bytes, focused
// or not.
func TestG12_HUDFiguresComeFromTheEngineClock(t *testing.T) {
	script := make([][]engine.PlatformEvent, 120)
	script[0] = []engine.PlatformEvent{{Kind: engine.EventFocus, Focused: true}}
	script[70] = []engine.PlatformEvent{key(engine.KeyP, engine.Press)}
	script[71] = []engine.PlatformEvent{key(engine.KeyP, engine.Release)}
	hud1, title1 := hudAfter(t, 120, script)
	hud2, title2 := hudAfter(t, 120, script)
	if hud1 != hud2 || title1 != title2 {
		t.Fatalf("two runs differ:\n%q\n%q\ntitles %q, %q", hud1, hud2, title1, title2)
	}
	for _, want := range []string{"60.0 draws/s  60.0 updates/s", "fixed 60 Hz", "paused", "interval 1: FIFO"} {
		if !strings.Contains(hud1, want) {
			t.Errorf("HUD %q lacks %q", hud1, want)
		}
	}
	// Focus comes from the display, not the run: never focused, the game
	// runs the same frames (no inactive sleep pumping the virtual clock)
	// and the HUD shows the same bytes; only the title says "inactive".
	script[0] = nil
	hud3, title3 := hudAfter(t, 120, script)
	if hud3 != hud1 || !strings.Contains(title3, "inactive") || strings.Contains(title1, "inactive") {
		t.Errorf("unfocused: HUD %q, title %q; want the focused run's HUD %q and an inactive title", hud3, title3, hud1)
	}
}

// -hud=false draws no HUD: no sprite batch or font is made and no text
// built; the HUD is on by default.
func TestG12_HUDFlag(t *testing.T) {
	g, s, _ := newKeyGame(t, nil, "-hud=false")
	tick(t, g, 3)
	if s.sc == nil || s.sc.batch != nil || s.sc.font != nil || len(s.hudText) != 0 || s.drawFailed {
		t.Fatalf("-hud=false: scene %v, HUD batch %v, text %q, draw failed %v", s.sc != nil, s.sc != nil && s.sc.batch != nil, s.hudText, s.drawFailed)
	}
	if opt, err := parseGameFlags(nil); err != nil || !opt.hud {
		t.Fatalf("default: hud %v, %v; want on", opt.hud, err)
	}
	var help bytes.Buffer
	Usage(&help)
	if !strings.Contains(help.String(), "-hud") || !strings.Contains(help.String(), "HUD") {
		t.Error("sample -h does not document the HUD and -hud")
	}
}

// -balls=false draws the cube alone (G1: the balls and their floor are
// game content, and without them and the HUD the scene is vkcube's one lit
// cube); the balls still move, and are drawn by default.
func TestG1_BallsFlag(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		draws int
	}{
		{[]string{"-hud=false"}, 4}, // the cube, the floor and two balls
		{[]string{"-hud=false", "-balls=false"}, 1},
	} {
		g, s, p := newKeyGame(t, nil, tc.args...)
		tick(t, g, 3)
		if p.rend.draws != tc.draws || s.drawFailed {
			t.Errorf("%v: %d draws in the last frame (draw failed %v); want %d", tc.args, p.rend.draws, s.drawFailed, tc.draws)
		}
	}
	if opt, err := parseGameFlags(nil); err != nil || !opt.balls {
		t.Fatalf("default: balls %v, %v; want on", opt.balls, err)
	}
}
