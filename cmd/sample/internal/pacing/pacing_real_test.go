package pacing

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// The caveat measures: FIFO's median present interval against the refresh
// the display reports (within 5%: none); no refresh reported with FIFO
// measured (Xvfb) or a reported refresh FIFO did not keep (Xwayland's 59 Hz
// monitor at 513 presents/s; sway's 144 Hz at 156.8/s) gives a caveat with
// both numbers; so does a fixed step no faster than the refresh, which
// hides what FIFO does; without a FIFO measurement only a missing refresh
// does.
func TestP6_PacingFIFOCaveatMeasures(t *testing.T) {
	us := time.Microsecond
	cases := []struct {
		refresh int
		median  time.Duration
		step    time.Duration // fixed step; 0: variable
		says    []string      // nil for no caveat
	}{
		{60, 16570 * us, 0, nil}, // headless sway at 60 Hz: 60.35/s
		{60, 17400 * us, 0, nil}, // 4.4% slow: still that refresh
		{60, 1950 * us, 0, []string{"1.950 ms (512.8/s)", "60 Hz (16.667 ms)", noVBlankCaveat}},
		{144, 6378 * us, 0, []string{"6.378 ms (156.8/s)", "144 Hz (6.944 ms)", noVBlankCaveat}},
		{0, 310 * us, 0, []string{"no refresh rate", "0.310 ms (3225.8/s)", noVBlankCaveat}},
		{0, 0, 0, []string{unknownRefreshCaveat}},
		{144, 0, 0, nil},
		// A fixed step as slow as the refresh paces the presents itself.
		{59, 16667 * us, 16667 * us, []string{"fixed 60.0 Hz step", "59 Hz", "-variable"}},
		{60, 16570 * us, 16667 * us, []string{"fixed 60.0 Hz step", "cannot show"}},
		// A fixed step faster than the refresh leaves FIFO to show.
		{60, 16570 * us, 4 * time.Millisecond, nil},
		{60, 4000 * us, 4 * time.Millisecond, []string{"4.000 ms (250.0/s)", noVBlankCaveat}},
	}
	for _, c := range cases {
		got := fifoCaveat(c.refresh, c.median, c.step)
		if len(c.says) == 0 {
			if got != "" {
				t.Errorf("fifoCaveat(%d Hz, %v, step %v) = %q, want none", c.refresh, c.median, c.step, got)
			}
			continue
		}
		for _, s := range c.says {
			if !strings.Contains(got, s) {
				t.Errorf("fifoCaveat(%d Hz, %v, step %v) = %q, want it to say %q", c.refresh, c.median, c.step, got, s)
			}
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
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	var code int
	desktop.Do(func() {
		code = Run([]string{"-frames", "60", "-intervals", "0,1,2", "-out", dir, "-quiet"}, &out, &errb)
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
	// Where the platform says when frames were shown (P9: Wayland), the CSV
	// has each shown frame's time; elsewhere no display fields at all.
	measured := strings.Contains(summary, " from "+shownFrameDone+", ") || strings.Contains(summary, " from "+shownPresented+", ")
	shown := 0
	for i, r := range rows {
		if r.interval != i/60 || r.frame != i%60 || (!measured && r.displayed != -1) || r.torn != "" {
			t.Fatalf("row %d: %+v; want interval %d frame %d without display fields (measured: %v)", i, r, i/60, i%60, measured)
		}
		if r.displayed > 0 {
			shown++
		}
		if r.frame > 0 && r.p2p <= 0 {
			t.Fatalf("row %d: present-to-present %d ns, want > 0", i, r.p2p)
		}
	}
	if measured && shown < len(rows)/2 {
		t.Errorf("the display answered, yet only %d of %d CSV rows have its time", shown, len(rows))
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
		if !strings.Contains(summary, "NOTE: the display reports no refresh rate") || !strings.Contains(summary, noVBlankCaveat) {
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
	windowtest.SkipWithoutDisplayVar(t)
	if dir := os.Getenv(pacingChildEnv); dir != "" {
		var out, errb bytes.Buffer
		var code int
		desktop.Do(func() { code = Run([]string{"-frames", "5", "-out", dir}, &out, &errb) })
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

// The pacing run's hooks (an update, a draw, the Presented handler's
// record) allocate nothing once the log exists, so the measurement does
// not measure the garbage collector; the game's frame itself is checked on
// the real stack by the game's TestT5_MeasuredFrameAllocatesNothing.
func TestT5_PacingHooksAllocateNothing(t *testing.T) {
	h := &pacingGame{log: newPresentLog(400), progress: func(float64) {}, frames: 400}
	h.log.start = time.Second
	at := time.Second
	gt := timing.GameTime{ElapsedGameTime: timing.FromSeconds(1.0 / 60)}
	var index uint64
	shown := engine.Displayed{Kind: engine.DisplayFrameDone}
	allocs := testing.AllocsPerRun(100, func() {
		h.update(nil)
		h.draw(nil, gt)
		at += 16 * time.Millisecond
		index++
		h.log.presented(index, at)
		shown.Frame, shown.At = index, at+5*time.Millisecond
		h.log.displayed(&shown)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per frame, want 0", allocs)
	}
	s := h.log.samples
	if len(s) < 100 || s[1].PresentAt != 32*time.Millisecond || s[1].Updates != 1 || s[1].DrawElapsed != gt.ElapsedGameTime {
		t.Fatalf("%d samples, second %+v; want PresentAt 32ms from the start, 1 update, the draw's elapsed time", len(s), s[1])
	}
	if e := h.log.events; len(e) != len(s) || e[1].Frame != 2 || e[1].At != 37*time.Millisecond {
		t.Fatalf("%d display events for %d presents, second %+v; want one each, frame 2 shown 37ms from the start", len(e), len(s), e[1])
	}
}
