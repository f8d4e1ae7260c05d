package timing

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// vsyncDisplay is a Handler on a ManualClock whose Draw presents with
// vertical sync: the present blocks until the next vblank of a display of
// the given period, strictly after the draw. hitches add time to the draw
// that first starts at or after each wall time (a slow frame), the same
// wall-clock trace whatever the draw mode.
type vsyncDisplay struct {
	recorder
	period   time.Duration
	hitchAt  []time.Duration
	hitchFor []time.Duration
	presents int
}

func (d *vsyncDisplay) Draw(gt GameTime) {
	d.recorder.Draw(gt)
	c := d.clock.(*ManualClock)
	if len(d.hitchAt) > 0 && c.Now() >= d.hitchAt[0] {
		c.Advance(d.hitchFor[0])
		d.hitchAt, d.hitchFor = d.hitchAt[1:], d.hitchFor[1:]
	}
	c.Set((c.Now()/d.period + 1) * d.period)
	d.presents++
}

// runDisplay runs a fixed-step scheduler in mode on a vsync display of
// period until the clock reads at least until, and returns the display
// with its recorded callbacks.
func runDisplay(t *testing.T, mode DrawMode, profile Profile, period, until time.Duration, hitchAt, hitchFor []time.Duration) (*vsyncDisplay, *Scheduler) {
	t.Helper()
	clock := NewManualClock(0)
	d := &vsyncDisplay{recorder: recorder{clock: clock}, period: period,
		hitchAt: append([]time.Duration(nil), hitchAt...), hitchFor: append([]time.Duration(nil), hitchFor...)}
	s, err := NewScheduler(clock, clock, d)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetProfile(profile); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDrawMode(mode); err != nil {
		t.Fatal(err)
	}
	s.Start()
	for clock.Now() < until {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		if w := s.IdleWait(false); w > 0 {
			clock.Sleep(w)
		}
	}
	return d, s
}

// updateTranscript is the Updates' GameTimes, one line each.
func updateTranscript(r *recorder) []string {
	var out []string
	for _, c := range r.of("update") {
		out = append(out, c.String())
	}
	return out
}

// sameUpdates fails t unless the two transcripts agree on their common
// prefix and differ in length by at most one Update (the runs stop at the
// same wall time, where one may have run the next Update already).
func sameUpdates(t *testing.T, what string, a, b []string) {
	t.Helper()
	n := min(len(a), len(b))
	if d := len(a) - len(b); d < -1 || d > 1 {
		t.Errorf("%s: %d updates per tick, %d free-running", what, len(a), len(b))
	}
	for i := range n {
		if a[i] != b[i] {
			t.Errorf("%s: update %d: per tick %q, free-running %q", what, i+1, a[i], b[i])
			return
		}
	}
}

// TestT27_FreeRunningDrawsOncePerPresentWithTheSameUpdates: at 60 Hz
// updates on a 144 Hz vsync display, the per-tick mode presents once per
// Update (60 a second) and the free-running mode once per refresh (144 a
// second), and both run the same Updates: count, ElapsedGameTime,
// TotalGameTime and IsRunningSlowly, Update for Update, in both profiles.
func TestT27_FreeRunningDrawsOncePerPresentWithTheSameUpdates(t *testing.T) {
	const period = time.Second / 144
	for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
		tick, _ := runDisplay(t, DrawPerTick, profile, period, 2*time.Second, nil, nil)
		free, fs := runDisplay(t, DrawFreeRunning, profile, period, 2*time.Second, nil, nil)
		ups := len(free.of("update"))
		if ups < 119 || ups > 121 {
			t.Errorf("%v: %d updates in 2 s, want 120 (+-1)", profile, ups)
		}
		if got := len(tick.of("draw")); got > len(tick.of("update")) {
			t.Errorf("%v: per tick: %d draws for %d updates, want at most one per update", profile, got, len(tick.of("update")))
		}
		if free.presents < 286 || free.presents > 289 {
			t.Errorf("%v: free-running: %d presents in 2 s on a 144 Hz display, want 288 (one per refresh)", profile, free.presents)
		}
		if free.presents <= ups {
			t.Errorf("%v: free-running: %d presents for %d updates, want more presents than updates", profile, free.presents, ups)
		}
		if st := fs.Stats(); st.Draws != uint64(free.presents) || st.Updates != uint64(ups) {
			t.Errorf("%v: stats %d draws %d updates, display saw %d presents %d updates", profile, st.Draws, st.Updates, free.presents, ups)
		}
		sameUpdates(t, profile.String(), updateTranscript(&tick.recorder), updateTranscript(&free.recorder))
	}
}

// TestT27_FreeRunningAlphaIsTheFractionOfAStepPastTheLatestUpdate: every
// free-running draw's Alpha is exactly (wall time since the start, in
// whole ticks, less the steps updated) / TargetElapsedTime, read when the
// tick measured, in [0, 1); a draw after no Update sees ElapsedGameTime
// zero and the TotalGameTime of the latest Update. Draws come after the
// first Update only.
func TestT27_FreeRunningAlphaIsTheFractionOfAStepPastTheLatestUpdate(t *testing.T) {
	const period = time.Second / 144
	d, _ := runDisplay(t, DrawFreeRunning, ProfileDefault, period, time.Second, nil, nil)
	if d.calls[1].kind != "update" {
		t.Fatalf("first callbacks %v, want poll then update", d.calls[:2])
	}
	updates := 0
	var measured time.Duration // the clock when the tick measured: its poll's reading
	zeroStep := 0
	for _, c := range d.calls {
		switch c.kind {
		case "poll":
			measured = c.at
		case "update":
			updates++
		case "draw":
			owed := TimeSpan(measured/nsPerTick) - target*TimeSpan(updates)
			want := float64(owed) / float64(target)
			if c.gt.Alpha != want || c.gt.Alpha < 0 || c.gt.Alpha >= 1 {
				t.Fatalf("draw at %v after %d updates: alpha %v, want %v", c.at, updates, c.gt.Alpha, want)
			}
			if want := target * TimeSpan(updates-1); c.gt.TotalGameTime != want {
				t.Fatalf("draw at %v: total %d, want %d", c.at, c.gt.TotalGameTime, want)
			}
		}
	}
	for i := 2; i < len(d.calls); i++ {
		if d.calls[i].kind == "draw" && d.calls[i-1].kind == "poll" {
			zeroStep++
			if e := d.calls[i].gt.ElapsedGameTime; e != 0 {
				t.Fatalf("draw after no update: elapsed %d, want 0", e)
			}
		}
	}
	if zeroStep < 80 {
		t.Errorf("%d draws after no update in 1 s at 144 Hz, want about 84", zeroStep)
	}
}

// TestT27_FreeRunningUpdatesAfterHitches: slow frames (hitches below
// MaxElapsedTime) at the same wall times leave the same Updates in both
// draw modes, catch-up bursts and IsRunningSlowly included, on a trace
// whose bursts hold the same steps in both modes: a free-running tick
// that owed no step leaves the running-slowly state alone (T10's
// hysteresis counts ticks that ran Updates; counting the others cleared
// the flag one Update early here).
func TestT27_FreeRunningUpdatesAfterHitches(t *testing.T) {
	const period = time.Second / 144
	// The second hitch follows the first closely enough for ProfileXNA to
	// run slowly (two bursts fewer than 20 ticks apart, T22).
	at := []time.Duration{300 * time.Millisecond, 500 * time.Millisecond, 1200 * time.Millisecond, 2000 * time.Millisecond}
	dur := []time.Duration{100 * time.Millisecond, 50 * time.Millisecond, 250 * time.Millisecond, 40 * time.Millisecond}
	for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
		tick, _ := runDisplay(t, DrawPerTick, profile, period, 3*time.Second, at, dur)
		free, _ := runDisplay(t, DrawFreeRunning, profile, period, 3*time.Second, at, dur)
		a, b := updateTranscript(&tick.recorder), updateTranscript(&free.recorder)
		slow := 0
		for _, c := range free.of("update") {
			if c.gt.IsRunningSlowly {
				slow++
			}
		}
		if slow == 0 {
			t.Errorf("%v: no update ran slowly after the hitches", profile)
		}
		sameUpdates(t, fmt.Sprintf("%v with hitches", profile), a, b)
	}
}

// TestT27_DrawModeSettings: an unknown mode is an error and changes
// nothing; the mode's names.
func TestT27_DrawModeSettings(t *testing.T) {
	r := newRig(t)
	if r.s.DrawMode() != DrawPerTick {
		t.Fatalf("default mode %v", r.s.DrawMode())
	}
	if err := r.s.SetDrawMode(DrawMode(7)); err == nil || r.s.DrawMode() != DrawPerTick {
		t.Fatalf("SetDrawMode(7): %v, mode %v", err, r.s.DrawMode())
	}
	if err := r.s.SetDrawMode(DrawFreeRunning); err != nil || r.s.DrawMode() != DrawFreeRunning {
		t.Fatalf("SetDrawMode(free): %v, mode %v", err, r.s.DrawMode())
	}
	if DrawPerTick.String() != "per tick" || DrawFreeRunning.String() != "free-running" || DrawMode(9).String() != "DrawMode(9)" {
		t.Errorf("names %q %q %q", DrawPerTick, DrawFreeRunning, DrawMode(9))
	}
}

// withoutSlow drops IsRunningSlowly from a transcript line.
func withoutSlow(line string) string {
	if i := strings.Index(line, " slow="); i >= 0 {
		return line[:i]
	}
	return line
}

// TestT27_FreeRunningUpdatesAfterRandomHitches: for random traces of
// hitches below MaxElapsedTime, every Update's ElapsedGameTime and
// TotalGameTime, and the number of Updates, are the same in both draw
// modes. IsRunningSlowly is not compared here: which tick runs an owed
// Update depends on when the mode's ticks fall, so a catch-up burst can
// have one step more or fewer in one mode (documented at SetDrawMode).
func TestT27_FreeRunningUpdatesAfterRandomHitches(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	for trial := range 100 {
		var at, dur []time.Duration
		var w time.Duration
		for range 5 {
			w += time.Duration(rng.Int63n(int64(400 * time.Millisecond)))
			at = append(at, w)
			dur = append(dur, time.Duration(rng.Int63n(int64(300*time.Millisecond))))
		}
		for _, profile := range []Profile{ProfileDefault, ProfileXNA} {
			tick, _ := runDisplay(t, DrawPerTick, profile, time.Second/144, 3*time.Second, at, dur)
			free, _ := runDisplay(t, DrawFreeRunning, profile, time.Second/144, 3*time.Second, at, dur)
			a, b := updateTranscript(&tick.recorder), updateTranscript(&free.recorder)
			for i := range a {
				a[i] = withoutSlow(a[i])
			}
			for i := range b {
				b[i] = withoutSlow(b[i])
			}
			sameUpdates(t, fmt.Sprintf("trial %d, %v, hitches at %v for %v", trial, profile, at, dur), a, b)
		}
	}
}

// TestT27_FreeRunningIdleWaitWhenNothingWasDrawn: a free-running tick that
// drew a frame asks for no idle wait (its present paced it); one whose
// draw was skipped asks for the time until the next step, so a loop whose
// draws are skipped does not spin; a minimized game waits as in variable
// step (InactiveSleepTime, else one target).
func TestT27_FreeRunningIdleWaitWhenNothingWasDrawn(t *testing.T) {
	clock := NewManualClock(0)
	h := &skipper{recorder: recorder{clock: clock}, drawOK: true}
	s, _ := NewScheduler(clock, clock, h)
	if err := s.SetDrawMode(DrawFreeRunning); err != nil {
		t.Fatal(err)
	}
	s.Start()
	if err := s.Tick(); err != nil { // waits for the first Update
		t.Fatal(err)
	}
	if clock.Now() != target.Duration() || s.Stats().Updates != 1 {
		t.Fatalf("first tick: clock %v, %d updates; want it to wait for the first step", clock.Now(), s.Stats().Updates)
	}
	clock.Advance(5 * time.Millisecond)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if s.Stats().Updates != 1 || s.Stats().Draws != 2 || clock.Now() != target.Duration()+5*time.Millisecond {
		t.Fatalf("second tick: %d updates %d draws at %v; want a draw without waiting or updating", s.Stats().Updates, s.Stats().Draws, clock.Now())
	}
	if w := s.IdleWait(false); w != 0 {
		t.Errorf("after a drawn frame: IdleWait %v, want 0", w)
	}
	h.drawOK = false
	clock.Advance(5 * time.Millisecond)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if w, want := s.IdleWait(false), target.Duration()-10*time.Millisecond; w != want {
		t.Errorf("after a skipped draw: IdleWait %v, want %v (until the next step)", w, want)
	}
	if w := s.IdleWait(true); w != 0 {
		t.Errorf("minimized with InactiveSleepTime: IdleWait %v, want 0", w)
	}
	if err := s.SetInactiveSleepTime(0); err != nil {
		t.Fatal(err)
	}
	if w := s.IdleWait(true); w != target.Duration() {
		t.Errorf("minimized without InactiveSleepTime: IdleWait %v, want %v", w, target.Duration())
	}
	if err := s.SetDrawMode(DrawPerTick); err != nil {
		t.Fatal(err)
	}
	if w := s.IdleWait(true); w != 0 {
		t.Errorf("per tick, minimized: IdleWait %v, want 0 (the tick waits for its step)", w)
	}
}
