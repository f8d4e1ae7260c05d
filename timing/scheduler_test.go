package timing

import (
	"errors"
	"strings"
	"testing"
	"time"
)

const target = DefaultTargetElapsedTime

func TestT2_BackwardsSourceIsNoTimePassed(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	g.tick(t, 100_000)
	g.clock.Set(0) // an injected source reset
	g.tick(t, 0)
	g.tick(t, 50_000)
	u := g.rec.of("update")
	want := []TimeSpan{100_000, 0, 50_000}
	for i, w := range want {
		if u[i].gt.ElapsedGameTime != w {
			t.Errorf("update %d elapsed %d, want %d", i+1, u[i].gt.ElapsedGameTime, w)
		}
	}
}

func TestT3_SubTickRemainderIsCarried(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	g.s.Start()
	for range 4 {
		g.clock.Advance(150 * time.Nanosecond)
		if err := g.s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	var sum TimeSpan
	for _, u := range g.rec.of("update") {
		sum += u.gt.ElapsedGameTime
	}
	// 600 ns is 6 ticks; truncating each 150 ns delta would give 4.
	if sum != 6 {
		t.Fatalf("sum of elapsed = %d ticks, want 6", sum)
	}
}

func TestT4_Defaults(t *testing.T) {
	g := newRig(t)
	s := g.s
	if !s.IsFixedTimeStep() || s.TargetElapsedTime() != 166_667 || s.MaxElapsedTime() != 5_000_000 {
		t.Fatalf("defaults: fixed=%v target=%d max=%d", s.IsFixedTimeStep(), s.TargetElapsedTime(), s.MaxElapsedTime())
	}
	if s.InactiveSleepTime() != 20*Millisecond || s.WaitPolicy() != WaitAdaptive || s.Profile() != ProfileDefault {
		t.Fatal("defaults: inactive sleep, policy or profile")
	}
	if _, err := NewScheduler(nil, g.clock, g.rec); err == nil {
		t.Fatal("nil source accepted")
	}
}

func TestT5_TickOrderWaitPollClampUpdateDraw(t *testing.T) {
	g := newRig(t)
	g.s.Start()
	start := g.clock.Now()
	g.tick(t, 0)
	got := joinCalls(g.rec.calls)
	want := "poll\nupdate elapsed=0 total=0 slow=false\ndraw elapsed=166667 total=0 slow=false\n"
	if got != want {
		t.Fatalf("calls:\n%s\nwant:\n%s", got, want)
	}
	// The wait ended exactly when one step was owed, before the poll.
	if at := g.rec.calls[0].at - start; at != target.Duration() {
		t.Fatalf("poll ran %v after the start, want %v", at, target.Duration())
	}
}

func TestT5_ClampAppliesAfterPoll(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.rec.onPoll = func() { g.clock.Advance(time.Second) } // time passing in Poll is not measured this tick
	g.tick(t, 10*Second)
	if n := len(g.rec.of("update")); n != 1+29 {
		t.Fatalf("updates = %d, want 30", n)
	}
	if d := g.s.Stats().Dropped; d != 10*Second-29*target-(5_000_000-29*target) {
		t.Fatalf("dropped = %d", d)
	}
}

func TestT6_EstimatorSlidingMaximum(t *testing.T) {
	var e sleepEstimator
	e.reset(false)
	if e.worst != time.Millisecond {
		t.Fatalf("initial estimate %v", e.worst)
	}
	e.add(10 * time.Millisecond)
	if e.worst != 4*time.Millisecond {
		t.Fatalf("a sample is capped at 4 ms: %v", e.worst)
	}
	for i := range 127 {
		e.add(time.Millisecond)
		if e.worst != 4*time.Millisecond {
			t.Fatalf("fell after %d quiet samples", i+1)
		}
	}
	e.add(time.Millisecond) // the 4 ms sample leaves the ring
	if e.worst != time.Millisecond {
		t.Fatalf("after 128 quiet samples: %v, want 1ms", e.worst)
	}
}

func TestT6_FNAEstimatorNeverFalls(t *testing.T) {
	var e sleepEstimator
	e.reset(true)
	e.add(3 * time.Millisecond)
	for range 1000 {
		e.add(time.Millisecond)
	}
	if e.worst != 3*time.Millisecond {
		t.Fatalf("FNA estimate %v, want 3ms forever", e.worst)
	}
}

// slowSleeper sleeps longer than asked: every 1 ms sleep takes 2.5 ms.
type slowSleeper struct{ *ManualClock }

func (s slowSleeper) Sleep(d time.Duration) { s.Advance(d * 5 / 2) }

func TestT6_WaitSleepsWhileTheEstimateFitsThenYields(t *testing.T) {
	clock := NewManualClock(0)
	rec := &recorder{clock: clock}
	s, _ := NewScheduler(clock, slowSleeper{clock}, rec)
	s.Start()
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	// Sleeps of 2.5 ms from 0: 2.5, 5, ..., 12.5 ms; at 12.5 ms the owed
	// 4.1667 ms exceeds the 2.5 ms estimate, so one more: 15 ms; then owed
	// 1.6667 ms < 2.5 ms, and the yield lands on 16.6667 ms exactly.
	if got := rec.calls[0].at; got != target.Duration() {
		t.Fatalf("poll at %v, want %v", got, target.Duration())
	}
	if s.SleepEstimate() != 2500*time.Microsecond {
		t.Fatalf("estimate %v", s.SleepEstimate())
	}
}

func TestT6_BusyPolicyNeverSleeps(t *testing.T) {
	clock := NewManualClock(0)
	sleeps := 0
	w := countingWaiter{clock, &sleeps}
	s, _ := NewScheduler(clock, w, &recorder{clock: clock})
	if err := s.SetWaitPolicy(WaitBusy); err != nil {
		t.Fatal(err)
	}
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if sleeps != 0 {
		t.Fatalf("busy policy slept %d times", sleeps)
	}
	if err := s.SetWaitPolicy(WaitPolicy(9)); err == nil {
		t.Fatal("bad policy accepted")
	}
}

type countingWaiter struct {
	*ManualClock
	n *int
}

func (w countingWaiter) Sleep(d time.Duration) { *w.n++; w.ManualClock.Sleep(d) }

func TestT7_FirstUpdateSeesZeroAndTotalLags(t *testing.T) {
	g := newRig(t)
	for range 4 {
		g.tick(t, target)
	}
	u := g.rec.of("update")
	wantElapsed := []TimeSpan{0, target, target, target}
	wantTotal := []TimeSpan{0, 0, target, 2 * target}
	for i := range 4 {
		if u[i].gt.ElapsedGameTime != wantElapsed[i] || u[i].gt.TotalGameTime != wantTotal[i] {
			t.Errorf("update %d: %v, want elapsed=%d total=%d", i+1, u[i], wantElapsed[i], wantTotal[i])
		}
	}
	if g.s.TotalGameTime() != 3*target {
		t.Errorf("total after 4 updates %d", g.s.TotalGameTime())
	}
}

func TestT8_DrawSeesStepsTimesTargetAndAlpha(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.tick(t, 2*target+target/4)
	d := g.rec.of("draw")[1]
	if d.gt.ElapsedGameTime != 2*target || d.gt.TotalGameTime != 2*target {
		t.Fatalf("draw %v", d)
	}
	left := target / 4
	if g.s.Accumulated() != left {
		t.Fatalf("left %d", g.s.Accumulated())
	}
	if want := float64(left) / float64(target); d.gt.Alpha != want {
		t.Fatalf("alpha %v, want %v", d.gt.Alpha, want)
	}
	for _, u := range g.rec.of("update") {
		if u.gt.Alpha != 0 {
			t.Fatal("updates see no alpha")
		}
	}
}

func TestT9_WorkedNumbers(t *testing.T) {
	cases := []struct {
		name    string
		acc     TimeSpan
		updates int
		draw    TimeSpan
		left    TimeSpan
	}{
		{"50.5ms", 505_000, 3, 500_001, 4_999},
		{"50.0ms", 500_000, 2, 333_334, 166_666},
	}
	for _, c := range cases {
		g := newRig(t)
		g.tick(t, 0) // the game's first update, with zero elapsed
		g.rec.reset()
		g.tick(t, c.acc)
		if n := len(g.rec.of("update")); n != c.updates {
			t.Errorf("%s: %d updates, want %d", c.name, n, c.updates)
		}
		if d := g.rec.of("draw")[0].gt.ElapsedGameTime; d != c.draw {
			t.Errorf("%s: draw elapsed %d, want %d", c.name, d, c.draw)
		}
		if g.s.Accumulated() != c.left {
			t.Errorf("%s: %d carried, want %d", c.name, g.s.Accumulated(), c.left)
		}
	}
}

func TestT9_StallRunsAtMost29Updates(t *testing.T) {
	for _, stall := range []TimeSpan{5_000_000, 5_000_010, 6 * Second, 100 * Second} {
		g := newRig(t)
		g.tick(t, 0)
		g.rec.reset()
		g.tick(t, stall)
		if n := len(g.rec.of("update")); n != 29 {
			t.Errorf("stall %v: %d updates, want 29", stall, n)
		}
	}
}

func TestT9_BadTargetsAreRejected(t *testing.T) {
	g := newRig(t)
	for _, bad := range []TimeSpan{0, -1, 5_000_001} {
		err := g.s.SetTargetElapsedTime(bad)
		if err == nil {
			t.Fatalf("target %d accepted", bad)
		}
	}
	err := g.s.SetTargetElapsedTime(5_000_001)
	if !strings.Contains(err.Error(), "no Update would ever run") {
		t.Errorf("error does not say why: %v", err)
	}
	if g.s.TargetElapsedTime() != target {
		t.Error("a rejected target changed the setting")
	}
	if err := g.s.SetTargetElapsedTime(5_000_000); err != nil {
		t.Errorf("target == max rejected: %v", err)
	}
	if err := g.s.SetMaxElapsedTime(400 * Millisecond); err == nil {
		t.Error("max below target accepted")
	}
	if err := g.s.SetMaxElapsedTime(0); err == nil {
		t.Error("zero max accepted")
	}
}

func TestT10_StallReadsSlowFor28TicksThenClears(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.rec.reset()
	g.tick(t, 500*Millisecond) // 29 steps: lag 28
	u := g.rec.of("update")
	if u[len(u)-1].gt.IsRunningSlowly {
		t.Fatal("the stall tick's own updates must not see the flag")
	}
	if !g.rec.of("draw")[0].gt.IsRunningSlowly {
		t.Fatal("the stall tick's draw must see the flag")
	}
	for i := 1; i <= 29; i++ {
		g.rec.reset()
		g.tick(t, target)
		slow := g.rec.of("draw")[0].gt.IsRunningSlowly
		if want := i <= 28; slow != want {
			t.Fatalf("single-step tick %d after the stall: slow=%v, want %v", i, slow, want)
		}
		if g.rec.of("update")[0].gt.IsRunningSlowly != true {
			t.Fatalf("tick %d: updates see the previous tick's flag", i)
		}
	}
	g.rec.reset()
	g.tick(t, target)
	if g.rec.of("update")[0].gt.IsRunningSlowly {
		t.Fatal("the tick after clearing still reads slow in its update")
	}
}

func TestT10_FiveExtraStepsSetTheFlag(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.tick(t, 5*target) // 5 steps: lag 4
	if g.s.IsRunningSlowly() {
		t.Fatal("lag 4 set the flag")
	}
	g.tick(t, 2*target) // lag 5
	if !g.s.IsRunningSlowly() {
		t.Fatal("lag 5 did not set the flag")
	}
}

func TestT11_ResetElapsedTimeVariableStep(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	g.tick(t, 100_000)
	g.s.ResetElapsedTime()
	g.tick(t, 300_000)
	g.tick(t, 50_000)
	u := g.rec.of("update")
	if u[1].gt.ElapsedGameTime != 0 || u[1].gt.TotalGameTime != 100_000 {
		t.Fatalf("update after reset: %v", u[1])
	}
	if u[2].gt.TotalGameTime != 100_000 || u[2].gt.ElapsedGameTime != 50_000 {
		t.Fatalf("total advanced for the reset update: %v", u[2])
	}
}

func TestT11_ResetElapsedTimeFixedStepDiscardsBacklog(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.tick(t, 8*target) // lag 7: slow
	g.rec.onUpdate = func(n int, gt GameTime) {
		if n == 10 { // a blocking 400 ms load inside this update
			g.clock.Advance(400 * time.Millisecond)
			g.s.ResetElapsedTime()
		}
	}
	g.rec.reset()
	g.tick(t, target)
	g.rec.reset()
	g.tick(t, target)
	if n := len(g.rec.of("update")); n != 1 {
		t.Fatalf("%d updates after the load, want 1 (no catch-up burst)", n)
	}
	if g.s.IsRunningSlowly() {
		t.Fatal("the lag was not zeroed")
	}
}

// TestT12_ExitEndsCatchUpAndSuppressesDraw: Exit from the second Update of
// a three-step tick ends the burst there (the third Update never starts),
// suppresses the draw and ends the loop.
func TestT12_ExitEndsCatchUpAndSuppressesDraw(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.rec.reset()
	start := g.rec.updates
	g.rec.onUpdate = func(n int, gt GameTime) {
		if n == start+2 {
			g.s.Exit()
		}
	}
	g.tick(t, 3*target)
	if n := len(g.rec.of("update")); n != 2 {
		t.Fatalf("%d updates, want 2: the burst ends with the Update that called Exit", n)
	}
	if n := len(g.rec.of("draw")); n != 0 {
		t.Fatal("the exiting tick drew")
	}
	if g.s.Running() {
		t.Fatal("still running")
	}
}

func TestT12_SuppressDrawSkipsOnce(t *testing.T) {
	g := newRig(t)
	g.s.SuppressDraw()
	g.tick(t, 0)
	g.tick(t, target)
	g.tick(t, target)
	if n := len(g.rec.of("draw")); n != 2 {
		t.Fatalf("%d draws, want 2", n)
	}
	if st := g.s.Stats(); st.Ticks != 3 || st.Updates != 3 || st.Draws != 2 {
		t.Fatalf("stats %+v", st)
	}
}

func TestT12_StartSeedsTheCounter(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	g.clock.Advance(time.Hour) // time before Start is not measured
	g.s.Start()
	g.tick(t, 10_000)
	if e := g.rec.of("update")[0].gt.ElapsedGameTime; e != 10_000 {
		t.Fatalf("first variable update elapsed %d, want 10000", e)
	}
}

func TestT13_VariableStep(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	deltas := []TimeSpan{120_000, 250_000, 9 * Second, 1}
	for _, d := range deltas {
		g.tick(t, d)
	}
	u, dr := g.rec.of("update"), g.rec.of("draw")
	want := []TimeSpan{120_000, 250_000, 5_000_000, 1}
	var total TimeSpan
	for i, w := range want {
		if u[i].gt.ElapsedGameTime != w || u[i].gt.TotalGameTime != total || u[i].gt.IsRunningSlowly {
			t.Errorf("update %d: %v, want elapsed=%d total=%d", i+1, u[i], w, total)
		}
		total += w
		if dr[i].gt.ElapsedGameTime != w || dr[i].gt.TotalGameTime != total || dr[i].gt.Alpha != 1 {
			t.Errorf("draw %d: %v", i+1, dr[i])
		}
	}
	if g.s.Accumulated() != 0 {
		t.Error("accumulator not cleared")
	}
}

func TestT13_VariableStepClearsASlowFlag(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.tick(t, Second) // slow
	g.s.SetFixedTimeStep(false)
	g.rec.reset()
	g.tick(t, target)
	if g.rec.of("draw")[0].gt.IsRunningSlowly || g.s.IsRunningSlowly() {
		t.Fatal("variable step kept a stale slow flag")
	}
}

// stoppedSource never advances, and its waiter does nothing.
type stoppedSource struct{}

func (stoppedSource) Now() time.Duration    { return time.Second }
func (stoppedSource) Sleep(time.Duration)   {}
func (stoppedSource) Yield(d time.Duration) {}

func TestT14_StalledSourceIsAnErrorNotAHang(t *testing.T) {
	for _, p := range []WaitPolicy{WaitAdaptive, WaitBusy} {
		src := stoppedSource{}
		s, _ := NewScheduler(src, src, &recorder{clock: src})
		if err := s.SetWaitPolicy(p); err != nil {
			t.Fatal(err)
		}
		err := s.Tick()
		if !errors.Is(err, ErrSourceStalled) {
			t.Fatalf("%v: err = %v, want ErrSourceStalled", p, err)
		}
		if !strings.Contains(err.Error(), "16.6667ms step") {
			t.Errorf("error lacks context: %v", err)
		}
	}
}

func TestT15_GameTimeIsACopy(t *testing.T) {
	g := newRig(t)
	mutating := &mutator{recorder: g.rec}
	s, _ := NewScheduler(g.clock, g.clock, mutating)
	for range 3 {
		g.clock.Advance(target.Duration())
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if s.TotalGameTime() != 2*target {
		t.Fatalf("a callback's write reached the scheduler: total %d", s.TotalGameTime())
	}
}

type mutator struct{ *recorder }

func (m *mutator) Update(gt GameTime) {
	gt.TotalGameTime = 0
	gt.ElapsedGameTime = -5 * Second
	m.recorder.Update(gt)
}

func TestT24_InactiveTicksSleepFirst(t *testing.T) {
	clock := NewManualClock(0)
	sleeps := 0
	rec := &recorder{clock: clock}
	s, _ := NewScheduler(clock, countingWaiter{clock, &sleeps}, rec)
	s.SetFixedTimeStep(false)
	s.Start()
	s.SetActive(false)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if sleeps != 1 || rec.of("update")[0].gt.ElapsedGameTime != 20*Millisecond {
		t.Fatalf("sleeps=%d elapsed=%v", sleeps, rec.of("update")[0].gt.ElapsedGameTime)
	}
	if err := s.SetInactiveSleepTime(0); err != nil {
		t.Fatal(err)
	}
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if sleeps != 1 {
		t.Fatal("a zero inactive sleep slept")
	}
	if err := s.SetInactiveSleepTime(-1); err == nil {
		t.Fatal("negative inactive sleep accepted")
	}
	s.SetActive(true)
	_ = s.SetInactiveSleepTime(Second)
	if err := s.Tick(); err != nil || sleeps != 1 {
		t.Fatal("an active tick slept")
	}
}

func TestT25_NewTargetAppliesFromNextTickAndKeepsAccumulator(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.rec.onUpdate = func(n int, gt GameTime) {
		if n == 2 {
			if err := g.s.SetTargetElapsedTime(100_000); err != nil {
				t.Error(err)
			}
		}
	}
	g.rec.reset()
	g.tick(t, 2*target+50_000) // 2 updates at the old target, 50,000 left
	if n := len(g.rec.of("update")); n != 2 {
		t.Fatalf("%d updates in the changing tick, want 2", n)
	}
	if g.rec.of("draw")[0].gt.ElapsedGameTime != 2*target {
		t.Fatal("draw of the changing tick used the new target")
	}
	g.rec.onUpdate = nil
	g.rec.reset()
	g.tick(t, 160_000) // 210,000 accumulated: 2 steps of 100,000
	u := g.rec.of("update")
	if len(u) != 2 || u[0].gt.ElapsedGameTime != 100_000 || g.s.Accumulated() != 10_000 {
		t.Fatalf("next tick: %d updates %v, left %d", len(u), u, g.s.Accumulated())
	}
}

func TestT25_FixedToVariableHandsOverTheAccumulator(t *testing.T) {
	g := newRig(t)
	g.tick(t, 0)
	g.tick(t, target+7_000) // 7,000 left
	g.s.SetFixedTimeStep(false)
	g.rec.reset()
	g.tick(t, 3_000)
	if e := g.rec.of("update")[0].gt.ElapsedGameTime; e != 10_000 {
		t.Fatalf("variable update got %d, want 10000", e)
	}
	g.s.SetFixedTimeStep(true)
	g.rec.reset()
	g.tick(t, target+1)
	u := g.rec.of("update")
	if len(u) != 1 || u[0].gt.ElapsedGameTime != target || g.s.Accumulated() != 1 {
		t.Fatalf("variable->fixed: %v left %d (no second zero update, measured from the next tick)", u, g.s.Accumulated())
	}
}

func TestT25_StartingVariableNeverGivesAZeroUpdateLater(t *testing.T) {
	g := newRig(t)
	g.s.SetFixedTimeStep(false)
	g.tick(t, 1_000)
	g.s.SetFixedTimeStep(true)
	g.rec.reset()
	g.tick(t, target)
	if e := g.rec.of("update")[0].gt.ElapsedGameTime; e != target {
		t.Fatalf("first fixed update after a switch saw %d", e)
	}
}

// TestT3_NoDriftOverJitteredFrames feeds 6,000 jittered frames (60 Hz ±
// 1.3 ms, in 100 ns ticks and in odd nanoseconds) and checks that game time
// tracks wall time exactly: every whole step of the wall time ran, and what
// did not is in the accumulator.
func TestT3_NoDriftOverJitteredFrames(t *testing.T) {
	g := newRig(t)
	for i, d := range frameTimes(target, []TimeSpan{13_000, -13_000, 7_001, -2_999, 0}, 6000) {
		extra := time.Duration(i%7) * 13 * time.Nanosecond // sub-tick noise
		g.clock.Advance(d.Duration() + extra)
		if err := g.s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	wall := g.clock.Now() - time.Second // the last tick may have waited
	steps := TimeSpan(g.s.Stats().Updates)
	if got := steps*target + g.s.Accumulated(); got != FromDuration(wall) {
		t.Fatalf("steps x target + accumulator = %d ticks, wall time %d ticks: %d lost", got, FromDuration(wall), FromDuration(wall)-got)
	}
}
