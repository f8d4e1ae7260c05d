package pacing

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
)

// shownStream is a synthetic real run: presents with their updates, and
// the display's answers about them.
type shownStream struct {
	samples []pacingSample
	events  []displayEvent
}

// present adds a present carrying updates, returned at at.
func (s *shownStream) present(updates int, at time.Duration) uint64 {
	s.samples = append(s.samples, pacingSample{Frame: len(s.samples), PresentAt: at, Updates: updates})
	return uint64(len(s.samples)) // present indices start at 1
}

// TestP9_PacingJudderFromPresentedTimes counts a hand-made stream of
// presented times at a reported 16.667 ms refresh: a refresh with no new
// frame is a repeat, and a discarded frame's updates show with the next
// shown frame.
func TestP9_PacingJudderFromPresentedTimes(t *testing.T) {
	const p = 16_666_667 * time.Nanosecond
	var s shownStream
	shown := func(updates int, refresh int64) {
		f := s.present(updates, time.Duration(refresh)*p-3*time.Millisecond)
		s.events = append(s.events, displayEvent{Frame: f, Kind: engine.DisplayPresented,
			At: time.Duration(refresh) * p, Refresh: p})
	}
	shown(5, 10) // the baseline: its start-up updates are not counted
	shown(1, 11) // refresh 11: 1
	f := s.present(2, 11*p+5*time.Millisecond)
	s.events = append(s.events, displayEvent{Frame: f, Kind: engine.DisplayDiscarded})
	shown(1, 13)                          // refresh 12 repeats; refresh 13 shows 2 (discarded) + 1
	shown(1, 14)                          // refresh 14: 1
	s.present(7, 14*p+2*time.Millisecond) // never answered (the run ended): not counted

	j := judderFromDisplay(1, s.samples, s.events, 0, 0)
	want := shownJudder{Source: shownPresented, Period: p, Reported: p, Shown: 4, Discarded: 1, Refreshes: 4, Repeats: 1}
	want.NewUpdates[0], want.NewUpdates[1], want.NewUpdates[3] = 1, 2, 1
	if j != want {
		t.Fatalf("judder %+v\nwant   %+v", j, want)
	}
	if got := percents(j.shares()); got != "25.0/50.0/0.0/25.0" || j.repeatShare() != 25 {
		t.Errorf("shares %s, repeats %.1f%%; want 25.0/50.0/0.0/25.0 and 25%%", got, j.repeatShare())
	}
}

// frameDoneStream simulates a fixed tick of tick on a display refreshing
// every period: each update's frame is presented at once and shows at the
// next vblank, whose time the compositor reports truncated to the
// millisecond (a frame callback) when ms is set. It returns the stream
// and the true judder histogram from the refresh indices.
func frameDoneStream(tick, period time.Duration, frames int, ms bool) (shownStream, [pacing.JudderBuckets]int, int) {
	var s shownStream
	var hist [pacing.JudderBuckets]int
	repeats := 0
	origin := 1234567 * time.Microsecond
	last := int64(-1)
	for i := range frames {
		at := origin + time.Duration(i)*tick + 300*time.Microsecond
		r := int64((at-origin)/period) + 1 // the next vblank
		if r == last {
			r++ // FIFO: one frame per refresh
		}
		shownAt := origin + time.Duration(r)*period
		if ms {
			shownAt = shownAt.Truncate(time.Millisecond)
		}
		f := s.present(1, at)
		s.events = append(s.events, displayEvent{Frame: f, Kind: engine.DisplayFrameDone, At: shownAt})
		if last >= 0 {
			for range r - last - 1 {
				hist[0]++
				repeats++
			}
			hist[1]++
		}
		last = r
	}
	return s, hist, repeats
}

// TestP9_PacingJudderFromFrameDoneAt157Hz: a 60 Hz tick on headless
// sway's "144 Hz" (really ~157 Hz), seen through millisecond frame-done
// times only: the period is measured from the times (the reported 144 Hz
// is only the first guess), and every refresh is counted as it happened:
// about 62% repeats, 38% one new update.
func TestP9_PacingJudderFromFrameDoneAt157Hz(t *testing.T) {
	period := time.Second / 157
	s, hist, repeats := frameDoneStream(time.Second/60, period, 600, true)
	j := judderFromDisplay(1, s.samples, s.events, time.Second/144, 0)
	if j.Source != shownFrameDone || j.Shown != 600 {
		t.Fatalf("source %q, %d shown; want %q and 600", j.Source, j.Shown, shownFrameDone)
	}
	if off := math.Abs(float64(j.Period-period)) / float64(period); off > 0.001 {
		t.Errorf("period %v, want %v within 0.1%%", j.Period, period)
	}
	if j.NewUpdates != hist || j.Repeats != repeats {
		t.Errorf("histogram %v, %d repeats; want %v, %d", j.NewUpdates, j.Repeats, hist, repeats)
	}
	if sh := j.shares(); math.Abs(sh[0]-100*(1-60.0/157)) > 1 || math.Abs(sh[1]-100*60.0/157) > 1 {
		t.Errorf("shares %s, want about %.1f/%.1f", percents(sh), 100*(1-60.0/157), 100*60.0/157)
	}
}

// TestP9_PacingJudderFromFrameDoneBeat: a 60 Hz tick on sway's 60.2 Hz:
// one refresh in ~300 repeats, the beat, counted exactly from millisecond
// frame-done times.
func TestP9_PacingJudderFromFrameDoneBeat(t *testing.T) {
	period := 16_611_296 * time.Nanosecond
	s, hist, repeats := frameDoneStream(time.Second/60, period, 1200, true)
	j := judderFromDisplay(1, s.samples, s.events, time.Second/60, 0)
	if j.NewUpdates != hist || j.Repeats != repeats || repeats < 3 {
		t.Errorf("histogram %v, %d repeats; want %v, %d (at least 3)", j.NewUpdates, j.Repeats, hist, repeats)
	}
}

// TestP9_PacingPeriodFromDisplayTimes: measurePeriod finds the refresh
// period under millisecond jitter, with the reported refresh off by 9% or
// absent, and whether frames show every refresh or every 2-3.
func TestP9_PacingPeriodFromDisplayTimes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name         string
		period, hint time.Duration
		step         func() int64
	}{
		{"every refresh, 60.2 Hz, hint 60 Hz", 16_611_296 * time.Nanosecond, time.Second / 60, func() int64 { return 1 }},
		{"every refresh, 60.2 Hz, no hint", 16_611_296 * time.Nanosecond, 0, func() int64 { return 1 }},
		{"2 or 3 refreshes, 157 Hz, hint 144 Hz", time.Second / 157, time.Second / 144, func() int64 { return 2 + rng.Int64N(2) }},
		{"1 to 3 refreshes, 240 Hz, no hint", time.Second / 240, 0, func() int64 { return 1 + rng.Int64N(3) }},
	} {
		var times []time.Duration
		r := int64(0)
		for range 500 {
			times = append(times, (time.Duration(r)*tc.period + time.Duration(rng.Int64N(int64(time.Millisecond)))).Truncate(time.Millisecond))
			r += tc.step()
		}
		if got := measurePeriod(times, tc.hint); math.Abs(float64(got-tc.period))/float64(tc.period) > 0.002 {
			t.Errorf("%s: period %v, want %v within 0.2%%", tc.name, got, tc.period)
		}
	}
	if got := measurePeriod([]time.Duration{time.Second}, time.Second/60); got != 0 {
		t.Errorf("one time: period %v, want 0", got)
	}
}

// TestP9_PacingJudderWithoutFeedback: where nothing is measured (X11,
// Xvfb) the judder comes from the times the presents returned, binned on
// the refresh the display reports, and says so; with no refresh reported
// nothing is counted.
func TestP9_PacingJudderWithoutFeedback(t *testing.T) {
	var s shownStream
	for i, r := range []int64{0, 1, 2, 4, 5} {
		s.present(1+i%2, time.Duration(r)*20*time.Millisecond+time.Millisecond)
	}
	j := judderFromDisplay(1, s.samples, nil, 20*time.Millisecond, 0)
	want := shownJudder{Source: shownReturned, Period: 20 * time.Millisecond, Reported: 20 * time.Millisecond, Refreshes: 5, Repeats: 1}
	want.NewUpdates[0], want.NewUpdates[1], want.NewUpdates[2] = 1, 2, 2
	if j != want {
		t.Fatalf("judder %+v\nwant   %+v", j, want)
	}
	j = judderFromDisplay(1, s.samples, nil, 0, 0)
	if j.Source != shownReturned || j.Refreshes != 0 || !strings.Contains(j.String(), "not counted") {
		t.Errorf("no refresh reported: %+v (%v); want present returned, nothing counted, and saying so", j, &j)
	}
}

// shownRealRun is a real run on a display that answers with frame-done
// times: FIFO at 60 Hz, every frame shown on the next refresh.
type shownRealRun struct{}

func (shownRealRun) Describe() string { return "window on a fake Wayland display" }
func (shownRealRun) Caveat() string   { return "" }

func (shownRealRun) Run(swapInterval int, progress func(float64)) (pacingSeries, error) {
	choice, err := present.ChooseMode(swapInterval, present.AllModes)
	st, _, _ := frameDoneStream(time.Second/60, time.Second/60, 120, true)
	j := judderFromDisplay(1, st.samples, st.events, time.Second/60, 0)
	progress(1)
	return pacingSeries{Choice: choice, Samples: st.samples, Elapsed: 2 * time.Second, Updates: 120, Shown: &j}, err
}

// TestP9_PacingSummaryNamesJudderSource: the real run's summary gives the
// judder and repeat share per interval and says which times they came from.
func TestP9_PacingSummaryNamesJudderSource(t *testing.T) {
	var out bytes.Buffer
	if err := pacingPipeline(shownRealRun{}, []int{1}, t.TempDir(), &pacingProgress{}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"judder % 0/1/2/3+", "repeats %", "judder from", "0.0/100.0/0.0/0.0",
		"judder of interval 1 from frame done, 120 frames shown, 0 discarded, binned on 16.6"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	if f := summaryFields(t, text, 1); f[len(f)-2] != "frame" || f[len(f)-1] != "done" {
		t.Errorf("row %q: want the source last", f)
	}
}

// TestP9_PacingJudderOnGivenRefresh: a display that refreshes on demand
// (headless sway: its frame timer starts at a commit, so an idle output
// shows a frame as soon as it comes) shows a 60 Hz tick every 16.7 ms
// whatever its refresh; binned on the refresh given with -refresh (~157
// Hz) its refreshes repeat as a fixed-refresh display's would.
func TestP9_PacingJudderOnGivenRefresh(t *testing.T) {
	tick := time.Second / 60
	s, _, _ := frameDoneStream(tick, tick, 600, true) // shown as presented
	j := judderFromDisplay(1, s.samples, s.events, time.Second/144, time.Second/157)
	if !j.Given || j.Period != time.Second/157 || !strings.Contains(j.String(), "given with -refresh") {
		t.Fatalf("judder %+v (%v); want binned on the given 157 Hz and saying so", j, &j)
	}
	if sh := j.shares(); math.Abs(sh[0]-100*(1-60.0/157)) > 1 || math.Abs(sh[1]-100*60.0/157) > 1 || sh[2] != 0 {
		t.Errorf("shares %s, want about %.1f/%.1f/0", percents(sh), 100*(1-60.0/157), 100*60.0/157)
	}
	// Measured from such times, the period is the tick's (or half of it),
	// far from the refresh reported: the description says so.
	j = judderFromDisplay(1, s.samples, s.events, time.Second/144, 0)
	if j.Given || !strings.Contains(j.String(), "give it with -refresh") {
		t.Errorf("measured %v: %v; want a note to give the refresh", j.Period, &j)
	}
}

// TestP9_PacingRefreshFlagBinsRealRun: -refresh without -simulate is the
// refresh a real run bins the display's times on; with -simulate it sets
// only the simulated display.
func TestP9_PacingRefreshFlagBinsRealRun(t *testing.T) {
	opt, err := parsePacingFlags([]string{"-refresh", "157.3"})
	if err != nil || opt.simulate || opt.binPeriod != 6_357_279*time.Nanosecond {
		t.Fatalf("-refresh 157.3: bin period %v, err %v; want 6.357279ms", opt.binPeriod, err)
	}
	if opt, err = parsePacingFlags([]string{"-simulate", "-refresh", "157.3"}); err != nil || opt.binPeriod != 0 {
		t.Errorf("-simulate -refresh 157.3: bin period %v, err %v; want 0", opt.binPeriod, err)
	}
	if opt, err = parsePacingFlags(nil); err != nil || opt.binPeriod != 0 {
		t.Errorf("no -refresh: bin period %v, err %v; want 0 (measured)", opt.binPeriod, err)
	}
}

// TestP9_PacingJudderOnWanderingRefresh: a display whose refresh wanders
// (headless sway: 6 ms from each commit plus the compositor's own work)
// showing one new frame on each of its refreshes, seen through
// millisecond frame-done times, shows one new update per refresh: the
// binning follows the display's phase instead of reporting 0/2 pairs where
// the mean period's grid drifts from it.
func TestP9_PacingJudderOnWanderingRefresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s shownStream
	at := time.Second
	for range 600 {
		at += 6*time.Millisecond + time.Duration(rng.Int64N(int64(700*time.Microsecond)))
		f := s.present(1, at-2*time.Millisecond)
		s.events = append(s.events, displayEvent{Frame: f, Kind: engine.DisplayFrameDone, At: at.Truncate(time.Millisecond)})
	}
	j := judderFromDisplay(1, s.samples, s.events, time.Second/144, 0)
	if j.Refreshes != 599 || j.NewUpdates[1] != 599 {
		t.Errorf("%d refreshes, histogram %v (period %v); want 599 refreshes of 1 new update", j.Refreshes, j.NewUpdates, j.Period)
	}
}

// TestP9_PacingNoNoteOnFasterDisplay: a display running faster than it
// reports (sway's 144 Hz at ~158 Hz) with a frame on every refresh is
// measured, not flagged.
func TestP9_PacingNoNoteOnFasterDisplay(t *testing.T) {
	s, _, _ := frameDoneStream(time.Second/158, time.Second/158, 300, true)
	j := judderFromDisplay(1, s.samples, s.events, time.Second/144, 0)
	if strings.Contains(j.String(), "NOTE") || math.Abs(float64(j.Period-time.Second/158)) > float64(10*time.Microsecond) {
		t.Errorf("%v; want the 158 Hz period measured without a note", &j)
	}
}
