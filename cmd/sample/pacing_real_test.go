package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// The no-vblank decision: the X.Org server without a refresh rate is Xvfb;
// any display with a refresh rate gets no caveat; no refresh rate elsewhere
// gets the weaker caveat.
func TestP6_PacingVBlankCaveat(t *testing.T) {
	cases := []struct {
		vendor  string
		refresh int
		want    string
	}{
		{"The X.Org Foundation", 0, noVBlankCaveat},
		{"The X.Org Foundation", 60, ""},
		{"", 144, ""},
		{"", 0, unknownRefreshCaveat},
		{"Some Vendor", 0, unknownRefreshCaveat},
	}
	for _, c := range cases {
		if got := vblankCaveat(c.vendor, c.refresh); got != c.want {
			t.Errorf("vblankCaveat(%q, %d) = %q, want %q", c.vendor, c.refresh, got, c.want)
		}
	}
}

// isXvfbDisplay reports whether a process named Xvfb serves the display
// named by DISPLAY (":63" or ":63.0"), read from /proc: evidence that does
// not come from the code under test.
func isXvfbDisplay() bool {
	name, _, _ := strings.Cut(os.Getenv("DISPLAY"), ".")
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		if filepath.Base(args[0]) == "Xvfb" && len(args) > 1 && args[1] == name {
			return true
		}
	}
	return false
}

// The real run on the real stack: `sample pacing -frames 60 -intervals
// 0,1,2 -out DIR` writes 60 CPU-side samples per interval into the CSV,
// the histograms and the time series, and a summary with one row per
// interval in its P4 mode; on Xvfb the summary and every plot title say
// that it has no vertical blank (P6: the modes are observations).
func TestP6_PacingRealRunOnXvfb(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		windowtest.SkipOrFail(t, "real stack missing", errors.New("DISPLAY is not set"))
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	var code int
	window.Do(func() {
		code = run([]string{"pacing", "-frames", "60", "-intervals", "0,1,2", "-out", dir, "-quiet"}, nil, &out, &errb)
	})
	if code != 0 && windowtest.StackMissing(errors.New(errb.String())) {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(errb.String()))
	}
	if code != 0 || errb.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	summary := out.String()
	t.Logf("summary:\n%s", summary)
	rows := readPacingCSV(t, dir)
	if len(rows) != 180 {
		t.Fatalf("%d CSV rows, want 3 x 60", len(rows))
	}
	for i, r := range rows {
		if r.interval != i/60 || r.frame != i%60 || r.displayed != -1 || r.torn != "" {
			t.Fatalf("row %d: %+v; want interval %d frame %d without display fields", i, r, i/60, i%60)
		}
		if r.frame > 0 && r.p2p <= 0 {
			t.Fatalf("row %d: present-to-present %d ns, want > 0", i, r.p2p)
		}
	}
	checkPNGs(t, dir, []string{"pacing-hist-interval0.png", "pacing-hist-interval1.png",
		"pacing-hist-interval2.png", seriesPlotName})
	for iv, mode := range []string{"IMMEDIATE", "FIFO", "FIFO_RELAXED"} {
		if !strings.Contains(summary, fmt.Sprintf("\n%d  ", iv)) || !strings.Contains(summary, mode) {
			t.Errorf("summary lacks interval %d (%s)", iv, mode)
		}
	}
	if !strings.Contains(summary, "real window 640x480") {
		t.Errorf("summary does not say it measured a real window")
	}
	if isXvfbDisplay() {
		if !strings.Contains(summary, "NOTE: "+noVBlankCaveat) {
			t.Errorf("on Xvfb the summary lacks %q", noVBlankCaveat)
		}
	} else {
		t.Logf("DISPLAY is not served by an Xvfb process: the caveat is not checked")
	}
}

// pacingChildEnv asks a child test process to run the real pacing run
// with DISPLAY unset.
const pacingChildEnv = "METRONOME_TEST_PACING_NODISPLAY"

// Without a display the real run exits 1 with one message that says what
// is missing (W6) and writes no CSV. The child process runs it, so this
// process's GLFW state is not touched.
func TestW6_PacingRealRunNoDisplayExits1(t *testing.T) {
	if dir := os.Getenv(pacingChildEnv); dir != "" {
		var out, errb bytes.Buffer
		var code int
		window.Do(func() { code = run([]string{"pacing", "-frames", "5", "-out", dir}, nil, &out, &errb) })
		fmt.Printf("CODE %d %s", code, errb.String())
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(exe, "-test.run=^TestW6_PacingRealRunNoDisplayExits1$", "-test.count=1")
	cmd.Env = append(os.Environ(), pacingChildEnv+"="+dir, "DISPLAY=", "WAYLAND_DISPLAY=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "CODE 1 sample pacing: ") || !strings.Contains(string(out), "DISPLAY") {
		t.Fatalf("want exit 1 and a message about DISPLAY, got:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, pacingCSVName)); err == nil {
		t.Fatal("wrote a CSV without a display")
	}
}

// On the real stack a frame of the pacing run (the sample game's update
// and draw with both balls, the present and its record) allocates nothing
// between title refreshes, so the measurement does not measure
// the garbage collector.
func TestT5_PacingRealFrameAllocatesNothing(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		windowtest.SkipOrFail(t, "real stack missing", errors.New("DISPLAY is not set"))
	}
	opt, err := parseGameFlags([]string{"-size", "320x240"})
	if err != nil {
		t.Fatal(err)
	}
	ecfg, err := opt.engineConfig()
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSampleGame(opt, ecfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	h := &pacingGame{sampleGame: s, log: newPresentLog(400, ecfg.Source), progress: func(float64) {}, frames: 400}
	var allocs float64
	window.Do(func() {
		g, gerr := newTimedGame(h, ecfg, 0)
		if err = gerr; err != nil {
			return
		}
		defer func() { err = errors.Join(err, g.Close(), s.validationErr()) }()
		if err = s.configure(g); err != nil {
			return
		}
		for range 5 {
			if err = g.RunOneFrame(); err != nil {
				return
			}
		}
		s.status.at = s.status.at.Add(time.Hour) // no title refresh during the measurement
		allocs = testing.AllocsPerRun(100, func() { _ = g.RunOneFrame() })
	})
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(h.log.samples) < 100 || s.objsFailed {
		t.Fatalf("%d presents recorded, balls refused %v", len(h.log.samples), s.objsFailed)
	}
	if allocs != 0 {
		t.Fatalf("%v allocations per frame, want 0", allocs)
	}
}
