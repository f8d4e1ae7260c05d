package engine

import (
	"errors"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// simDisplay is a display in virtual time: vblank k is at phase + k*period
// on the engine's clock; a frame presented at t is shown at the first
// vblank at or after t not already taken by an earlier frame (FIFO), and
// its answer arrives latency later.
type simDisplay struct {
	period, phase, latency time.Duration
	refresh                time.Duration // reported with each answer
	lastVblank             int64         // the vblank that showed the last frame; -1: none
}

// show returns the vblank number that shows a frame presented at t.
func (d *simDisplay) show(t time.Duration) int64 {
	k := int64(0)
	if t > d.phase {
		k = int64((t - d.phase + d.period - 1) / d.period)
	}
	if k <= d.lastVblank {
		k = d.lastVblank + 1
	}
	d.lastVblank = k
	return k
}

func (d *simDisplay) at(k int64) time.Duration { return d.phase + time.Duration(k)*d.period }

// feedbackRenderer is the fake renderer with presentation feedback: each
// present is shown by the simulated display (or answered from script),
// and DrainDisplayed hands out the answers whose time has come.
type feedbackRenderer struct {
	*fakeRenderer
	disp     *simDisplay
	measured bool
	stopped  bool                // answers stop (a hidden window)
	script   []Displayed         // when set, answers for presents 1.. come from here instead
	pending  []Displayed         // answers not yet delivered, in order
	due      []time.Duration     // when each pending answer may be drained
	shownAt  map[uint64]int64    // vblank of each present, by Index (simulated display only)
	answers  int                 // answers made
	block    *timing.ManualClock // when set, a present blocks while two frames are queued (FIFO)
}

func (r *feedbackRenderer) EndDraw(f *graphics.Frame, capture bool) (PresentInfo, error) {
	info, err := r.fakeRenderer.EndDraw(f, capture)
	if err != nil || r.stopped {
		return info, err
	}
	if r.script != nil {
		if i := int(info.Index) - 1; i < len(r.script) {
			e := r.script[i]
			r.answers++
			r.pending = append(r.pending, e)
			r.due = append(r.due, info.Returned)
		}
		return info, nil
	}
	k := r.disp.show(info.Returned)
	// FIFO with two images queued at most: the present blocks until the
	// vblank two before its own frees one.
	if r.block != nil && k >= 2 && r.disp.at(k-2) > r.block.Now() {
		r.block.Set(r.disp.at(k - 2))
		info.Returned = r.block.Now()
	}
	r.shownAt[info.Index] = k
	at := r.disp.at(k)
	r.answers++
	r.pending = append(r.pending, Displayed{Kind: DisplayPresented, Frame: info.Index, At: at, PlatformTime: at + time.Hour,
		Clock: 1, Refresh: r.disp.refresh, Seq: uint64(k) + 1000, Flags: PresentVsync | PresentHWClock})
	r.due = append(r.due, at+r.disp.latency)
	return info, nil
}

func (r *feedbackRenderer) MeasuresPresentation() bool { return r.measured }

func (r *feedbackRenderer) DrainDisplayed(dst []Displayed) int {
	now := r.clock.Now()
	n := 0
	for n < len(dst) && n < len(r.pending) && r.due[n] <= now {
		dst[n] = r.pending[n]
		n++
	}
	r.pending, r.due = r.pending[n:], r.due[n:]
	return n
}

// feedbackPlatform is the fake platform whose renderer has feedback.
type feedbackPlatform struct {
	*fakePlatform
	fr *feedbackRenderer
}

func (p *feedbackPlatform) CreateRenderer(cfg RendererConfig) (Renderer, error) {
	if _, err := p.fakePlatform.CreateRenderer(cfg); err != nil {
		return nil, err
	}
	return p.fr, nil
}

// newFeedbackGame makes a game over the fake platform whose renderer
// answers from a simulated display of the given period; cfg's Source and
// Waiter default to the platform's manual clock.
func newFeedbackGame(t *testing.T, period time.Duration, cfg Config) (*Game, *scriptGame, *feedbackPlatform) {
	t.Helper()
	p := newFakePlatform(nil)
	p.perPoll = 500 * time.Microsecond // the loop's own work per tick
	fp := &feedbackPlatform{fakePlatform: p, fr: &feedbackRenderer{fakeRenderer: p.renderer, measured: true, shownAt: map[uint64]int64{},
		disp: &simDisplay{period: period, phase: 3 * time.Millisecond, latency: time.Millisecond, refresh: period, lastVblank: -1}}}
	if cfg.Source == nil {
		cfg.Source, cfg.Waiter = p.clock, p.clock
		fp.fr.block = p.clock
	}
	s := &scriptGame{}
	g, err := NewGame(s, fp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.setActive(true) // as Run does: an inactive game sleeps first in each tick (T24)
	return g, s, fp
}

// TestP9_NotMeasuredWithoutFeedback: a renderer without feedback (the
// fake platform, as X11 and Windows) makes every Presented event say "not
// measured", raises no Displayed event, and the display lock, asked for,
// says it has no feedback.
func TestP9_NotMeasuredWithoutFeedback(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	if err := g.SetDisplayLock(true); err != nil {
		t.Fatal(err)
	}
	displayed, presented := 0, 0
	for i := range 30 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		dev := g.GraphicsDevice()
		if i == 0 {
			dev.Displayed.Add(func(*Displayed) { displayed++ })
			dev.Presented.Add(func(p *Presented) {
				presented++
				if p.Display.Kind != DisplayNotMeasured || p.Display.Measured() || p.Display.String() != "not measured" {
					t.Errorf("present %d: Display %+v (%q), want not measured", p.Index, p.Display, p.Display.String())
				}
			})
		}
	}
	dev := g.GraphicsDevice()
	if dev.PresentationMeasured() || dev.LastDisplayed().Kind != DisplayNotMeasured {
		t.Errorf("measured %v, last %v; want not measured", dev.PresentationMeasured(), dev.LastDisplayed())
	}
	if presented == 0 || displayed != 0 {
		t.Errorf("%d Presented, %d Displayed events; want some and none", presented, displayed)
	}
	if st := g.DisplayLock(); st.Locked || st.Reason != timing.LockNoFeedback || !st.Requested {
		t.Errorf("display lock %+v, want requested, not locked, no feedback", st)
	}
}

// TestP9_DisplayedDeliversEachAnswerInOrder: the answers the renderer
// collects reach the game from the poll, one Displayed event each with the
// fields as given (presented, discarded); each later Presented event
// carries the latest one; presented ones feed the scheduler.
func TestP9_DisplayedDeliversEachAnswerInOrder(t *testing.T) {
	g, _, fp := newFeedbackGame(t, 16_666_667, Config{})
	defer g.Close()
	fp.fr.script = []Displayed{
		{Kind: DisplayDiscarded, Frame: 1},
		{Kind: DisplayPresented, Frame: 2, At: 40 * time.Millisecond, PlatformTime: 5*time.Second + 40*time.Millisecond, Clock: 1, Refresh: 16_666_667, Seq: 77, Flags: PresentVsync | PresentZeroCopy},
		{Kind: DisplayFrameDone, Frame: 3, At: 57 * time.Millisecond},
	}
	var got []Displayed
	var displays []Displayed // Presented.Display, by present
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	dev := g.GraphicsDevice()
	if !dev.PresentationMeasured() {
		t.Fatal("a feedback renderer that measures: PresentationMeasured false")
	}
	dev.Displayed.Add(func(d *Displayed) { got = append(got, *d) })
	dev.Presented.Add(func(p *Presented) { displays = append(displays, p.Display) })
	for range 5 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 3 {
		t.Fatalf("%d Displayed events, want 3: %+v", len(got), got)
	}
	for i := range got {
		if got[i] != fp.fr.script[i] {
			t.Errorf("Displayed %d: %+v, want %+v", i, got[i], fp.fr.script[i])
		}
	}
	if want := "frame 2 presented at 40ms (refresh 16.666667ms, seq 77, vsync|zero-copy)"; got[1].String() != want {
		t.Errorf("String %q, want %q", got[1].String(), want)
	}
	// Present 1's Presented was raised before the handler existed; present
	// 2 comes after the poll that delivered frame 1's answer, and so on.
	for i, d := range displays {
		want := fp.fr.script[min(i, 2)]
		if d != want {
			t.Errorf("present %d: Display %+v, want %+v", i+2, d, want)
		}
	}
	if raised, fed := dev.DisplayedCount(); raised != 3 || fed != 2 {
		t.Errorf("DisplayedCount %d raised, %d fed; want 3 and 2 (the discard is not fed)", raised, fed)
	}
	if last := dev.LastDisplayed(); last != fp.fr.script[2] {
		t.Errorf("LastDisplayed %+v", last)
	}
}

// TestP9_PendingBeforeTheFirstAnswer: where the platform measures, the
// first present, whose answer cannot have come yet, says "pending", not
// "not measured"; the next carries the first frame's answer.
func TestP9_PendingBeforeTheFirstAnswer(t *testing.T) {
	g, s, _ := newFeedbackGame(t, 16_666_667, Config{})
	defer g.Close()
	var displays []Displayed
	s.onDraw = func(g *Game, n int, _ timing.GameTime) {
		if n == 1 {
			g.GraphicsDevice().Presented.Add(func(p *Presented) { displays = append(displays, p.Display) })
		}
	}
	for range 2 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(displays) != 2 {
		t.Fatalf("%d Presented events, want 2", len(displays))
	}
	if d := displays[0]; d.Kind != DisplayPending || !d.Measured() || d.String() != "measured, no answer yet" {
		t.Errorf("first present's Display %+v (%q), want pending", d, d.String())
	}
	// Frame 1 was shown at the vblank after its present; its answer came
	// before the second tick's poll.
	if d := displays[1]; d.Kind != DisplayPresented || d.Frame != 1 {
		t.Errorf("second present's Display %v, want frame 1 presented", d)
	}
}

// TestG12_NoFeedbackTakenUnderFixedDt: on a virtual time source the
// engine drains the renderer's answers and drops them: no Displayed event,
// Presented says "not measured", the lock gets nothing, and the run is
// update for update the run without feedback.
func TestG12_NoFeedbackTakenUnderFixedDt(t *testing.T) {
	run := func(feedback bool) (totals []timing.TimeSpan, displayed int, g *Game, fr *feedbackRenderer) {
		clock, err := timing.NewFixedDt(time.Second / 60)
		if err != nil {
			t.Fatal(err)
		}
		g, s, fp := newFeedbackGame(t, 16_600_000, Config{Source: clock, Waiter: clock})
		fp.fr.measured = feedback
		if !feedback {
			fp.fr.stopped = true
		}
		if err := g.SetDisplayLock(true); err != nil {
			t.Fatal(err)
		}
		s.onUpdate = func(_ *Game, _ int, gt timing.GameTime) { totals = append(totals, gt.TotalGameTime) }
		s.onDraw = func(g *Game, n int, _ timing.GameTime) {
			if n == 1 {
				g.GraphicsDevice().Displayed.Add(func(*Displayed) { displayed++ })
				g.GraphicsDevice().Presented.Add(func(p *Presented) {
					if p.Display.Kind != DisplayNotMeasured {
						t.Errorf("present %d under fixed dt: Display %v", p.Index, p.Display)
					}
				})
			}
		}
		for range 120 {
			if err := g.RunOneFrame(); err != nil {
				t.Fatal(err)
			}
		}
		return totals, displayed, g, fp.fr
	}
	with, displayed, g, fr := run(true)
	defer g.Close()
	without, _, g2, _ := run(false)
	defer g2.Close()
	if displayed != 0 || fr.answers < 100 || len(fr.pending) > 2 {
		t.Errorf("%d Displayed events; %d answers made, %d left undrained; want none raised, all drained", displayed, fr.answers, len(fr.pending))
	}
	if g.GraphicsDevice().PresentationMeasured() {
		t.Error("PresentationMeasured under a fixed dt")
	}
	if st := g.DisplayLock(); st.Locked || st.Reason != timing.LockNoFeedback {
		t.Errorf("lock under fixed dt: %v", st)
	}
	if len(with) != len(without) || len(with) == 0 {
		t.Fatalf("%d updates with feedback, %d without", len(with), len(without))
	}
	for i := range with {
		if with[i] != without[i] {
			t.Fatalf("update %d: total %d with feedback, %d without", i, with[i], without[i])
		}
	}
}

// TestP10_GameNeverLocksUnderXNAProfile: the engine refuses the lock under
// the XNA profile, with an error that says so, and stays off.
func TestP10_GameNeverLocksUnderXNAProfile(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileXNA)
	defer g.Close()
	err := g.SetDisplayLock(true)
	if !errors.Is(err, timing.ErrDisplayLockXNA) {
		t.Fatalf("SetDisplayLock under XNA: %v, want ErrDisplayLockXNA", err)
	}
	if st := g.DisplayLock(); st.Requested || st.Reason != timing.LockOff {
		t.Errorf("after the refusal: %+v", st)
	}
	if err := g.SetDisplayLock(false); err != nil {
		t.Errorf("turning it off under XNA: %v", err)
	}
}

// beats runs g for d of virtual time and counts, from the simulated
// display's vblanks, the refreshes after warm whose frame carried 0 or 2+
// new updates (a refresh that showed no new frame counts as 0).
type beatCount struct {
	refreshes, zero, two int
	maxSteps             int // most updates in one tick
}

func runBeats(t *testing.T, g *Game, s *scriptGame, fp *feedbackPlatform, d, warm time.Duration) beatCount {
	t.Helper()
	updates := 0
	carried := map[uint64]int{} // new updates by present index
	s.onUpdate = func(*Game, int, timing.GameTime) { updates++ }
	s.onDraw = func(*Game, int, timing.GameTime) {
		carried[fp.fr.presents+1] = updates // the index this frame's present gets
		updates = 0
	}
	var res beatCount
	clock := fp.clock
	start := clock.Now()
	for clock.Now()-start < d {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		res.maxSteps = max(res.maxSteps, g.Scheduler().Stats().LastSteps)
	}
	perRefresh := map[int64]int{}
	first, last := int64(-1), int64(-1)
	for idx, u := range carried {
		k, ok := fp.fr.shownAt[idx]
		if !ok {
			t.Fatalf("present %d was not shown", idx)
		}
		perRefresh[k] += u
		if fp.fr.disp.at(k) >= start+warm && (first < 0 || k < first) {
			first = k
		}
		last = max(last, k)
	}
	if first < 0 {
		t.Fatal("no frame shown after the warm-up")
	}
	for k := first; k <= last; k++ {
		res.refreshes++
		switch u := perRefresh[k]; {
		case u == 0:
			res.zero++
		case u >= 2:
			res.two++
		}
	}
	return res
}

// TestP10_GameLocksToAnOffRateDisplay: a 60 Hz game on a display that
// runs at 60.3 Hz (or 59.7 Hz) with feedback: the ordinary step beats
// (refreshes with 0, or 2, new updates); with SetDisplayLock the engine
// feeds the scheduler the presented times, the lock engages at one refresh
// per step with the measured period, no refresh after the warm-up shows 0
// or 2 new updates, and every Update still sees exactly the target.
func TestP10_GameLocksToAnOffRateDisplay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		period time.Duration
	}{{"60.3Hz", time.Second * 1000 / 60300}, {"59.7Hz", time.Second * 1000 / 59700}} {
		t.Run(tc.name, func(t *testing.T) {
			period := tc.period
			const run, warm = 20 * time.Second, 2 * time.Second
			g, s, fp := newFeedbackGame(t, period, Config{})
			defer g.Close()
			ordinary := runBeats(t, g, s, fp, run, warm)
			if ordinary.zero+ordinary.two < 3 {
				t.Errorf("ordinary step: %+v; the simulated display should beat against it (a 0.3 Hz beat: a few in 18 s)", ordinary)
			}

			g2, s2, fp2 := newFeedbackGame(t, period, Config{})
			defer g2.Close()
			if err := g2.SetDisplayLock(true); err != nil {
				t.Fatal(err)
			}
			locked := runBeats(t, g2, s2, fp2, run, warm)
			st := g2.DisplayLock()
			if !st.Locked || st.Refreshes != 1 {
				t.Fatalf("lock: %v (%+v)", st, st)
			}
			if p := st.Period; p < period-period/1000 || p > period+period/1000 {
				t.Errorf("measured period %v, want %v within 0.1%%", p, period)
			}
			stats := g2.Scheduler().Stats()
			t.Logf("ordinary: %+v; locked: %+v; %v; locked ticks %d of %d, drift %v", ordinary, locked, st, stats.LockedTicks, stats.Ticks, stats.DisplayDrift.Duration())
			if locked.zero != 0 || locked.two != 0 {
				t.Errorf("locked: %d of %d refreshes showed 0 new updates, %d showed 2+; want none", locked.zero, locked.refreshes, locked.two)
			}
			if raised, fed := g2.GraphicsDevice().DisplayedCount(); fed == 0 || fed != raised {
				t.Errorf("DisplayedCount: %d raised, %d fed", raised, fed)
			}
			// The drift is the rate difference: about 0.5% of the run.
			if d := stats.DisplayDrift.Duration(); d.Abs() < 50*time.Millisecond || d.Abs() > 150*time.Millisecond {
				t.Errorf("drift %v after %v locked, want about 0.5%% of it", d, run)
			}
			target := g2.TargetElapsedTime()
			bad := 0
			s2.onUpdate = func(_ *Game, _ int, gt timing.GameTime) {
				if gt.ElapsedGameTime != target {
					bad++
				}
			}
			for range 60 {
				if err := g2.RunOneFrame(); err != nil {
					t.Fatal(err)
				}
			}
			if bad != 0 {
				t.Errorf("%d locked updates saw an elapsed time other than the target", bad)
			}
		})
	}
}

// ringFeedback is an allocation-free feedback renderer: each drain answers
// the last present as shown 1 ms before now, at a fixed refresh.
type ringFeedback struct {
	*fakeRenderer
	answered uint64
}

func (r *ringFeedback) MeasuresPresentation() bool { return true }

func (r *ringFeedback) DrainDisplayed(dst []Displayed) int {
	if r.presents == r.answered || len(dst) == 0 {
		return 0
	}
	r.answered = r.presents
	dst[0] = Displayed{Kind: DisplayPresented, Frame: r.presents, At: r.clock.Now() - time.Millisecond,
		Refresh: 16_666_667, Seq: r.presents, Flags: PresentVsync}
	return 1
}

type ringPlatform struct {
	*fakePlatform
	r *ringFeedback
}

func (p *ringPlatform) CreateRenderer(cfg RendererConfig) (Renderer, error) {
	if _, err := p.fakePlatform.CreateRenderer(cfg); err != nil {
		return nil, err
	}
	return p.r, nil
}

// TestP9_FeedbackTickAllocatesNothing: a steady tick that drains an
// answer, raises Displayed and Presented with handlers, and feeds the
// locked step allocates nothing.
func TestP9_FeedbackTickAllocatesNothing(t *testing.T) {
	p := newFakePlatform(nil)
	rp := &ringPlatform{fakePlatform: p, r: &ringFeedback{fakeRenderer: p.renderer}}
	g, err := NewGame(&scriptGame{}, rp, Config{Source: p.clock, Waiter: p.clock})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.setActive(true)
	if err := g.SetDisplayLock(true); err != nil {
		t.Fatal(err)
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	var seen uint64
	var kinds int
	g.GraphicsDevice().Displayed.Add(func(d *Displayed) { seen = d.Frame })
	g.GraphicsDevice().Presented.Add(func(pr *Presented) {
		if pr.Display.Kind == DisplayPresented {
			kinds++
		}
	})
	for range 30 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testing.AllocsPerRun(200, func() {
		if err := g.Tick(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per tick, want 0", allocs)
	}
	if seen == 0 || kinds == 0 {
		t.Errorf("no answer reached the game (last frame %d, %d presents carried one)", seen, kinds)
	}
	if st := g.DisplayLock(); !st.Locked {
		t.Errorf("lock fed by the ticks: %v", st)
	}
}

// TestP10_GameFallsBackWhenFeedbackStops: once the display stops
// answering (a hidden window), the lock is released with the reason
// "presentation feedback stopped" and the ordinary step runs on with no
// burst: no tick runs more than two updates and updates keep coming at
// the target rate.
func TestP10_GameFallsBackWhenFeedbackStops(t *testing.T) {
	period := time.Second * 1000 / 60300
	g, s, fp := newFeedbackGame(t, period, Config{})
	defer g.Close()
	if err := g.SetDisplayLock(true); err != nil {
		t.Fatal(err)
	}
	runBeats(t, g, s, fp, 3*time.Second, time.Second)
	if st := g.DisplayLock(); !st.Locked {
		t.Fatalf("not locked before the stop: %v", st)
	}
	fp.fr.stopped = true
	updates, maxSteps := 0, 0
	s.onUpdate = func(*Game, int, timing.GameTime) { updates++ }
	start := fp.clock.Now()
	for fp.clock.Now()-start < 2*time.Second {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		maxSteps = max(maxSteps, g.Scheduler().Stats().LastSteps)
	}
	st := g.DisplayLock()
	if st.Locked || st.Reason != timing.LockFeedbackStopped {
		t.Errorf("after the feedback stopped: %v, want released with reason feedback stopped", st)
	}
	if maxSteps > 2 {
		t.Errorf("a tick ran %d updates after the fallback, want at most 2", maxSteps)
	}
	// 2 s at 60 Hz: 120 updates, give or take the switch.
	if updates < 115 || updates > 125 {
		t.Errorf("%d updates in 2 s after the stop, want about 120", updates)
	}
	// The answers return: the lock engages again.
	fp.fr.stopped = false
	runBeats(t, g, s, fp, 2*time.Second, 0)
	if st := g.DisplayLock(); !st.Locked {
		t.Errorf("feedback back: %v, want locked again", st)
	}
}

// TestP9_FlagsString: the presentation flags print by name, unknown bits in
// hex.
func TestP9_FlagsString(t *testing.T) {
	for f, want := range map[PresentFlags]string{
		0:                              "none",
		PresentVsync:                   "vsync",
		PresentVsync | PresentHWClock:  "vsync|hw-clock",
		PresentZeroCopy | 0x40:         "zero-copy|0x40",
		PresentHWCompletion | 0x10 | 1: "vsync|hw-completion|0x10",
	} {
		if got := f.String(); got != want {
			t.Errorf("%#x: %q, want %q", uint32(f), got, want)
		}
	}
}
