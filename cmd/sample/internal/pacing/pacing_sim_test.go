package pacing

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// TestSim_60HzTickOn60HzFIFO_OneNewUpdatePerRefresh is the first
// hand-worked case of issue 6: a 60 Hz tick on a 60 Hz FIFO display shows
// exactly one new update in every refresh: no repeats, no skips.
func TestSim_60HzTickOn60HzFIFO_OneNewUpdatePerRefresh(t *testing.T) {
	dir := t.TempDir()
	out := mustRunPacing(t, dir, "-refresh", "60", "-hz", "60", "-intervals", "1", "-frames", "600")
	rows := readPacingCSV(t, dir)
	if len(rows) != 600 {
		t.Fatalf("%d rows, want 600", len(rows))
	}
	for i, d := range onScreen(t, rows, 60, 0) {
		if d != 1 || rows[i].updates != 1 || rows[i].torn != "false" || rows[i].dropped != "false" {
			t.Fatalf("frame %d: on screen %d refreshes, %d updates, torn %s, dropped %s; want 1, 1, false, false",
				i, d, rows[i].updates, rows[i].torn, rows[i].dropped)
		}
	}
	// The summary agrees: every refresh shows one new update, no repeats.
	if f := summaryFields(t, out, 1); f[sumJudder] != "0.0/100.0/0.0/0.0" || f[sumRepeats] != "0" {
		t.Errorf("summary judder %s, repeats %s; want 0.0/100.0/0.0/0.0 and 0:\n%s", f[sumJudder], f[sumRepeats], out)
	}
}

// cadence32322 is how many refreshes each frame of an exact 60 Hz tick
// stays up on a 144 Hz FIFO display: 5 frames in 12 refreshes.
var cadence32322 = []int64{3, 2, 3, 2, 2}

// TestSim_60HzTickOn144HzFIFO_Cadence32322 is the second hand-worked case
// of issue 6, through the real scheduler: each frame stays up for 3, 2, 3,
// 2, 2 refreshes, repeating every 12, and no refresh shows more than one
// new update.
//
// The default display has vblank 0 at the scheduler's start, so the first
// present (after one 166,667-tick step, rule T1) falls 0.4 refresh after
// vblank 2, and the cadence runs from frame 1: durations[i] =
// cadence32322[(i-1) mod 5].
func TestSim_60HzTickOn144HzFIFO_Cadence32322(t *testing.T) {
	dir := t.TempDir()
	out := mustRunPacing(t, dir, "-refresh", "144", "-intervals", "1", "-frames", "600")
	got := onScreen(t, readPacingCSV(t, dir), 144, 0)
	for i, d := range got {
		if want := cadence32322[(i+4)%5]; d != want {
			t.Fatalf("frame %d on screen %d refreshes, want %d (first 12: %v)", i, d, want, got[:12])
		}
	}
	if f := summaryFields(t, out, 1); f[sumJudder] != "58.3/41.7/0.0/0.0" {
		t.Errorf("summary judder %s, want 58.3/41.7/0.0/0.0 (7 of 12 refreshes repeat):\n%s", f[sumJudder], out)
	}
}

// TestSim_60HzTickOn144HzFIFO_FirstPresentOnAVBlank is the hand-worked case
// literally: the display's vblank 0 on the first present (-align first).
// The scheduler's 60 Hz step is 166,667 ticks (rule T1), 33 ns longer than
// 1/60 s, so the sixth present, due exactly on vblank 12, comes 167 ns
// after it and waits for vblank 13: frame 4 stays up 3 refreshes, not 2.
// From frame 2 on the cadence is 3, 2, 3, 2, 2 again, every 12 refreshes
// (it drifts by a further refresh only after about 41,000 frames).
func TestSim_60HzTickOn144HzFIFO_FirstPresentOnAVBlank(t *testing.T) {
	dir := t.TempDir()
	mustRunPacing(t, dir, "-refresh", "144", "-intervals", "1", "-frames", "600", "-align", "first")
	rows := readPacingCSV(t, dir)
	origin := rows[0].present
	if rows[0].displayed != origin || rows[0].latency != 0 {
		t.Fatalf("first frame presented at %d shows at %d, want on vblank 0 at once", origin, rows[0].displayed)
	}
	got := onScreen(t, rows, 144, origin)
	if got[0] != 3 || got[1] != 2 {
		t.Fatalf("frames 0, 1 on screen %v, want [3 2]", got[:2])
	}
	for i := 2; i < len(got); i++ {
		if want := cadence32322[(i-2)%5]; got[i] != want {
			t.Fatalf("frame %d on screen %d refreshes, want %d (first 12: %v)", i, got[i], want, got[:12])
		}
	}
}

// scriptedCost costs base for every frame except frame spikeAt, which
// costs spike. It counts the frames it has costed.
type scriptedCost struct {
	base, spike time.Duration
	spikeAt     int
	n           *int
}

func (c scriptedCost) next(*rand.Rand) time.Duration {
	i := *c.n
	*c.n++
	if i == c.spikeAt {
		return c.spike
	}
	return c.base
}

func (c scriptedCost) String() string { return "scripted" }

// TestSim_OverrunFrameUnderFIFORepeatsThePreviousImage is the third
// hand-worked case of issue 6: on a 60 Hz FIFO display, frame 10 takes
// 20 ms (above the 16.7 ms refresh) and misses its vblank, so frame 9 stays
// up a second refresh: one repeat, nothing dropped or torn, and every
// other frame up for exactly one refresh.
func TestSim_OverrunFrameUnderFIFORepeatsThePreviousImage(t *testing.T) {
	opt, err := parsePacingFlags([]string{"-simulate", "-refresh", "60", "-intervals", "1", "-frames", "120"})
	if err != nil {
		t.Fatal(err)
	}
	opt.cost = scriptedCost{base: 2 * time.Millisecond, spike: 20 * time.Millisecond, spikeAt: 10, n: new(int)}
	dir := t.TempDir()
	var out bytes.Buffer
	if err := pacingPipeline(newSimRun(opt), opt.intervals, dir, &pacingProgress{}, &out); err != nil {
		t.Fatal(err)
	}
	rows := readPacingCSV(t, dir)
	for i, d := range onScreen(t, rows, 60, 0) {
		want := int64(1)
		if i == 9 {
			want = 2
		}
		if d != want || rows[i].dropped != "false" || rows[i].torn != "false" {
			t.Errorf("frame %d: on screen %d refreshes, dropped %s, torn %s; want %d, false, false", i, d, rows[i].dropped, rows[i].torn, want)
		}
	}
	f := summaryFields(t, out.String(), 1)
	if f[sumRepeats] != "1" || f[sumTears] != "0" || f[sumDrops] != "0" {
		t.Errorf("summary repeats %s, tears %s, drops %s; want 1, 0, 0:\n%s", f[sumRepeats], f[sumTears], f[sumDrops], out.String())
	}
}

// TestT8_UpdatesPerDrawMatchDrawElapsed checks the experiment's "updates
// per draw" against rule T8 under heavy, random frame costs: each Draw sees
// ElapsedGameTime = TargetElapsedTime x the updates since the last Draw.
func TestT8_UpdatesPerDrawMatchDrawElapsed(t *testing.T) {
	opt, err := parsePacingFlags([]string{"-simulate", "-refresh", "144", "-intervals", "1", "-frames", "500", "-cost", "uniform:1ms-45ms", "-seed", "8"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSimRun(opt).Run(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	multi, total := 0, 0
	for _, p := range s.Samples {
		if want := opt.target * timing.TimeSpan(p.Updates); p.DrawElapsed != want {
			t.Fatalf("frame %d: Draw saw %v for %d updates, want %v", p.Frame, p.DrawElapsed, p.Updates, want)
		}
		if p.Updates >= 2 {
			multi++
		}
		total += p.Updates
	}
	if multi == 0 || total != s.Updates {
		t.Fatalf("%d frames with catch-up updates (want some); updates per draw sum to %d, run counted %d", multi, total, s.Updates)
	}
}

// TestSim_SameSeedSameBytes: two runs with the same flags and seed write
// byte-identical CSVs; another seed writes a different one.
func TestSim_SameSeedSameBytes(t *testing.T) {
	read := func(seed string) []byte {
		dir := t.TempDir()
		mustRunPacing(t, dir, "-refresh", "144", "-frames", "300", "-cost", "normal:6ms,3ms", "-seed", seed)
		b, err := os.ReadFile(filepath.Join(dir, pacingCSVName))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b, c := read("7"), read("7"), read("8")
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with seed 7 wrote different CSVs")
	}
	if bytes.Equal(a, c) {
		t.Fatal("seeds 7 and 8 wrote the same CSV: the seed has no effect")
	}
}

// TestSim_DurationIsVirtualTime: -duration 1s at a 60 Hz tick runs 60
// draws of virtual time, whatever the machine's speed.
func TestSim_DurationIsVirtualTime(t *testing.T) {
	dir := t.TempDir()
	mustRunPacing(t, dir, "-intervals", "0", "-duration", "1s")
	rows := readPacingCSV(t, dir)
	if len(rows) != 60 {
		t.Fatalf("%d frames in 1 s of virtual time, want 60", len(rows))
	}
}

// TestSim_StalledVirtualTimeIsAnError: variable step with free frames and
// a mode that never blocks would loop forever; the run stops with an error.
func TestSim_StalledVirtualTimeIsAnError(t *testing.T) {
	_, errs, code := runPacingText("-simulate", "-quiet", "-out", t.TempDir(), "-variable", "-intervals", "0")
	if code != 1 || !strings.Contains(errs, "virtual time stopped") {
		t.Fatalf("exit %d, stderr %q; want 1 and a message about virtual time", code, errs)
	}
}

// TestSim_TimelineStepsOnVBlanks: in the on-screen timeline, FIFO's picture
// changes only on vblanks, while IMMEDIATE's changes mid-refresh (a tear);
// the count of updates on screen never falls.
func TestSim_TimelineStepsOnVBlanks(t *testing.T) {
	opt, err := parsePacingFlags([]string{"-simulate", "-refresh", "144", "-frames", "60", "-intervals", "0,1"})
	if err != nil {
		t.Fatal(err)
	}
	var series []pacingSeries
	for _, iv := range opt.intervals {
		s, err := newSimRun(opt).Run(iv, nil)
		if err != nil {
			t.Fatal(err)
		}
		series = append(series, s)
	}
	k0, rate, ok := firstShownRefresh(series)
	if !ok {
		t.Fatal("no frame shown")
	}
	onVBlank := map[float64]bool{}
	for _, tk := range vblankTicks(rate, k0, timelineRefreshes) {
		onVBlank[tk.Value] = true
	}
	for _, s := range series {
		xy := staircase(s, rate.VBlank(k0), rate.VBlank(k0+timelineRefreshes)-rate.VBlank(k0))
		torn := 0
		for i := 1; i < len(xy); i++ {
			if xy[i].Y < xy[i-1].Y {
				t.Fatalf("%s: updates on screen fall at %v ms", s.label(), xy[i].X)
			}
			if xy[i].Y > xy[i-1].Y && !onVBlank[xy[i].X] {
				torn++
			}
		}
		if fifo := s.Choice.Requested == 1; fifo != (torn == 0) {
			t.Errorf("%s: %d steps between vblanks", s.label(), torn)
		}
	}
}
