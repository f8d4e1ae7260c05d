package game

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// Bad flags and values get one message on stderr naming the flag, and exit
// status 2, before any window opens (W6).
func TestW6_GameBadFlagsExit2(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-interval", "3"}, "-interval 3"},
		{[]string{"-interval", "-1"}, "-interval -1"},
		{[]string{"-hz", "1"}, "-hz 1"},
		{[]string{"-hz", "NaN"}, "-hz NaN"},
		{[]string{"-hz", "fast"}, "-hz"},
		{[]string{"-size", "640"}, "-size"},
		{[]string{"-size", "0x480"}, "width"},
		{[]string{"-size", "640x99999"}, "height"},
		{[]string{"-frames", "-5"}, "-frames -5"},
		{[]string{"-duration", "0s"}, "-duration"},
		{[]string{"-duration", "soon"}, "-duration"},
		{[]string{"-profile", "mono"}, "-profile"},
		{[]string{"-frames-in-flight", "4"}, "-frames-in-flight 4"},
		{[]string{"-frames-in-flight", "0"}, "-frames-in-flight 0"},
		{[]string{"-fixed-dt", "-1ms"}, "-fixed-dt"},
		{[]string{"-nosuchflag"}, "nosuchflag"},
		{[]string{"-frames", "10", "extra"}, `unexpected argument "extra"`},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := Run(c.args, &out, &errb)
		msg := errb.String()
		if code != 2 || !strings.Contains(msg, c.want) || out.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want 2 and a message with %q", c.args, code, msg, out.String(), c.want)
		}
		if strings.Count(strings.TrimSpace(msg), "\n") != 0 {
			t.Errorf("%q: want one line, got %q", c.args, msg)
		}
	}
}

// -h documents every flag and the keys, on stdout, with exit status 0.
func TestW6_GameHelpListsEveryFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"-h"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var opt gameOptions
	var raw gameFlagText
	newGameFlagSet(&opt, &raw).VisitAll(func(f *flag.Flag) {
		if !strings.Contains(out.String(), "-"+f.Name+" ") && !strings.Contains(out.String(), "-"+f.Name+"\n") {
			t.Errorf("-h does not document -%s", f.Name)
		}
	})
	for _, k := range []string{"Esc", "ResetElapsedTime", "ApplyChanges", "pacing"} {
		if !strings.Contains(out.String(), k) {
			t.Errorf("-h does not mention %q", k)
		}
	}
}

// Good values parse to the settings the engine gets: the swap interval's
// PresentInterval (P3), the rounded target (T1), a FixedDt as Source and
// Waiter (T21).
func TestT21_GameFlagsParse(t *testing.T) {
	opt, err := parseGameFlags([]string{"-interval", "0", "-hz", "144", "-size", "320X200",
		"-frames", "7", "-duration", "2s", "-profile", "xna", "-frames-in-flight", "3", "-fixed-dt", "16.6667ms"})
	if err != nil {
		t.Fatal(err)
	}
	if opt.interval != 0 || opt.target != timing.FromSeconds(1.0/144) || opt.width != 320 || opt.height != 200 ||
		opt.frames != 7 || opt.duration != 2*time.Second || opt.profile != timing.ProfileXNA ||
		opt.framesInFlight != 3 || opt.fixedDt != 16666700*time.Nanosecond {
		t.Fatalf("parsed %+v", opt)
	}
	cfg, err := opt.engineConfig()
	if err != nil {
		t.Fatal(err)
	}
	f, ok := cfg.Source.(*timing.FixedDt)
	if !ok || cfg.Waiter != timing.Waiter(f) || f.Dt() != opt.fixedDt || cfg.Profile != timing.ProfileXNA {
		t.Fatalf("engine config %+v", cfg)
	}
	def, err := parseGameFlags(nil)
	if err != nil || def.interval != 1 || def.fixedDt != 0 || def.frames != 0 {
		t.Fatalf("defaults %+v, %v", def, err)
	}
	cfg, _ = def.engineConfig()
	if c, ok := cfg.Source.(*timing.SystemClock); !ok || cfg.Waiter != timing.Waiter(c) {
		t.Fatalf("default engine config %+v: want the system clock as Source and Waiter", cfg)
	}
}

// The handler's interval maps back to the swap interval asked for (P3).
func TestP3_GamePresentInterval(t *testing.T) {
	for swap := range 3 {
		got, err := presentInterval(swap).SwapInterval()
		if err != nil || got != swap {
			t.Errorf("swap %d: %v gives %d, %v", swap, presentInterval(swap), got, err)
		}
	}
}

// + and - step along the ladder and stop at its ends.
func TestT25_GameNextRate(t *testing.T) {
	cases := []struct {
		hz   float64
		up   bool
		want float64
		ok   bool
	}{
		{60, true, 75, true}, {60, false, 50, true}, {61, false, 60, true}, {61, true, 75, true},
		{500, true, 500, false}, {10, false, 10, false}, {2, true, 10, true}, {9000, false, 500, true},
	}
	for _, c := range cases {
		if got, ok := nextRate(c.hz, c.up); got != c.want || ok != c.ok {
			t.Errorf("nextRate(%v, %v) = %v, %v; want %v, %v", c.hz, c.up, got, ok, c.want, c.ok)
		}
	}
	for _, r := range rateLadder {
		if _, err := timing.TargetForRate(r); err != nil {
			t.Errorf("ladder rate %v: %v", r, err)
		}
	}
}

// The title names the requested interval, the mode in use and a fallback
// (P6), a slow tick in the last second, the time the clamp dropped (T5), the step, the
// target rate and the pause.
func TestP6_GameStatusLine(t *testing.T) {
	l := statusLine{drawsPerSec: 143.94, updatesPerSec: 60,
		choice: present.Choice{Mode: present.ModeFIFO, Requested: 0, FellBack: true},
		slow:   true, fixed: true, hz: 60, dropped: 12_345_678, paused: true, inactive: true}
	want := "metronome sample | 143.9 draws/s 60.0 updates/s | interval 0: FIFO (fallback) | slow in the last second | dropped 1234.6 ms | fixed 60 Hz | paused | inactive"
	if got := l.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	l = statusLine{choice: present.Choice{Mode: present.ModeFIFO, Requested: 2, Hold: present.HalfRateHold}, fixed: true, hz: 30}
	want = "metronome sample | 0.0 draws/s 0.0 updates/s | interval 2: FIFO half rate | dropped 0.0 ms | fixed 30 Hz"
	if got := l.String(); got != want { // P8
		t.Errorf("got  %q\nwant %q", got, want)
	}
	l = statusLine{choice: present.Choice{Mode: present.ModeFIFO, Requested: 1, Switch: present.SwitchInPlace}, fixed: true, hz: 60}
	want = "metronome sample | 0.0 draws/s 0.0 updates/s | interval 1: FIFO (in place) | dropped 0.0 ms | fixed 60 Hz"
	if got := l.String(); got != want { // P11
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := string(appendHUD(nil, l, false)); !strings.Contains(got, "interval 1: FIFO (in place)\n") {
		t.Errorf("HUD %q does not say the change was in place", got)
	}
	l = statusLine{choice: present.Choice{Mode: present.ModeImmediate}, hz: 144}
	want = "metronome sample | 0.0 draws/s 0.0 updates/s | interval 0: IMMEDIATE | dropped 0.0 ms | variable 144 Hz"
	if got := l.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestT27_GameFreeDrawFlag: -free-draw puts the engine in the free-running
// draw mode: on a virtual clock of 4 ms per tick at 60 Hz updates the game
// draws every tick, about four frames per update, where without it each
// tick waits for an update and draws once.
func TestT27_GameFreeDrawFlag(t *testing.T) {
	for _, free := range []bool{false, true} {
		args := []string{"-fixed-dt", "4ms"}
		if free {
			args = append(args, "-free-draw")
		}
		g, _, _ := newKeyGame(t, nil, args...)
		if want := map[bool]timing.DrawMode{false: timing.DrawPerTick, true: timing.DrawFreeRunning}[free]; g.DrawMode() != want {
			t.Fatalf("-free-draw=%v: draw mode %v, want %v", free, g.DrawMode(), want)
		}
		tick(t, g, 120)
		st := g.Scheduler().Stats()
		if free && (st.Draws != 120 || st.Updates < 27 || st.Updates > 30) {
			t.Errorf("-free-draw: %d draws, %d updates in 120 ticks of 4 ms; want 120 draws and about 29 updates", st.Draws, st.Updates)
		}
		if !free && st.Draws != st.Updates {
			t.Errorf("per tick: %d draws for %d updates, want one each", st.Draws, st.Updates)
		}
	}
}

// TestT27_GameStatusShowsFreeDraws: with -free-draw the title and the HUD
// say the draws run free of the fixed step, and the HUD's draws/s shows
// them outnumbering the updates (4 ms ticks at 60 Hz updates); without
// it, nothing is added.
func TestT27_GameStatusShowsFreeDraws(t *testing.T) {
	hud, title := hudAfter(t, 600, nil, "-fixed-dt", "4ms", "-free-draw")
	if !strings.Contains(title, "| fixed 60 Hz, free-running draws") || !strings.Contains(hud, "fixed 60 Hz free-running draws  dropped") {
		t.Errorf("-free-draw: title %q, HUD %q; want both to name the free-running draws", title, hud)
	}
	if !strings.Contains(hud, "250.0 draws/s  60.0 updates/s") {
		t.Errorf("-free-draw at 4 ms ticks: HUD %q, want 250 draws/s and 60 updates/s", hud)
	}
	hud, title = hudAfter(t, 60, nil)
	if strings.Contains(title+hud, "free-running") {
		t.Errorf("without -free-draw: title %q, HUD %q name free-running draws", title, hud)
	}
	l := statusLine{fixed: true, freeDraw: true, hz: 60}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = appendHUD(buf[:0], l, false) }); n != 0 {
		t.Errorf("appendHUD with free draws: %v allocations, want 0", n)
	}
}
