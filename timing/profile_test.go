package timing

import (
	"strings"
	"testing"
	"time"
)

func newXNARig(t *testing.T, fixed bool) *rig {
	t.Helper()
	clock := NewManualClock(time.Second)
	rec := &recorder{clock: clock}
	s, err := NewScheduler(clock, clock, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetProfile(ProfileXNA); err != nil {
		t.Fatal(err)
	}
	s.SetFixedTimeStep(fixed)
	s.Start()
	return &rig{clock: clock, rec: rec, s: s}
}

func TestT22_ProfileParsingAndLock(t *testing.T) {
	if p, err := ParseProfile("xna"); err != nil || p != ProfileXNA || p.String() != "xna" {
		t.Fatal("xna")
	}
	if _, err := ParseProfile("fna"); err == nil {
		t.Fatal("unknown profile accepted")
	}
	g := newRig(t)
	if err := g.s.SetProfile(ProfileXNA); err == nil {
		t.Fatal("profile changed after start")
	}
}

// Values measured on XNA 4.0 (CNA's GameClockFirstUpdateTests.cpp).
func TestT22_MeasuredXNAFixedStepValues(t *testing.T) {
	g := newXNARig(t, true)
	for range 3 {
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
	if wantTotal[3] != 333_334 {
		t.Fatal("arithmetic")
	}
}

func TestT22_MeasuredXNAVariableStepTotals(t *testing.T) {
	g := newXNARig(t, false)
	for _, d := range []TimeSpan{120_000, 170_001, 90_000, 3} {
		g.tick(t, d)
	}
	u := g.rec.of("update")
	if u[0].gt.TotalGameTime != 0 {
		t.Fatal("total[1] != 0")
	}
	for i := 1; i < len(u); i++ {
		if u[i].gt.TotalGameTime != u[i-1].gt.TotalGameTime+u[i-1].gt.ElapsedGameTime {
			t.Fatalf("total[%d] = %d, want total[i-1]+elapsed[i-1]", i+1, u[i].gt.TotalGameTime)
		}
	}
}

func TestT22_PrimingUpdateBeforeAnyTick(t *testing.T) {
	g := newXNARig(t, true)
	if got := joinCalls(g.rec.calls); got != "update elapsed=0 total=0 slow=false\n" {
		t.Fatalf("after Start: %q", got)
	}
}

func TestT22_SnapIsStrict(t *testing.T) {
	snap := target >> 6 // 2604 ticks
	cases := []struct {
		d     TimeSpan
		steps int
		left  TimeSpan
	}{
		{target + snap - 1, 1, 0},          // snapped to the target
		{target - snap + 1, 1, 0},          // snapped up: one step, nothing left
		{target + snap, 1, snap},           // exactly target>>6 away: no snap
		{target - snap, 0, 0},              // no snap, less than a step: zero-step tick
		{2*target + snap - 1, 2, snap - 1}, // the snap is only near one target
	}
	for _, c := range cases {
		g := newXNARig(t, true)
		g.rec.reset()
		g.tick(t, c.d)
		if n := len(g.rec.of("update")); n != c.steps || g.s.Accumulated() != c.left {
			t.Errorf("delta %d: %d updates, %d left; want %d, %d", c.d, n, g.s.Accumulated(), c.steps, c.left)
		}
	}
}

func TestT22_ZeroStepTickChangesNothingAndKeepsTime(t *testing.T) {
	g := newXNARig(t, true)
	g.tick(t, target)
	before := g.s.Stats()
	g.rec.reset()
	g.tick(t, 100_000)
	if n := len(g.rec.calls); n != 1 || g.rec.calls[0].kind != "poll" {
		t.Fatalf("zero-step tick called back: %s", joinCalls(g.rec.calls))
	}
	if g.s.Accumulated() != 0 || g.s.IsRunningSlowly() || g.s.Stats().Updates != before.Updates {
		t.Fatal("zero-step tick changed state")
	}
	g.tick(t, 64_064) // 164,064 measured since the last consuming tick: snaps to one step
	if n := len(g.rec.of("update")); n != 1 || g.s.Accumulated() != 0 {
		t.Fatalf("the kept time was lost: %d updates, %d left", n, g.s.Accumulated())
	}
}

func TestT22_ClampIsPerFrame(t *testing.T) {
	g := newXNARig(t, true)
	g.rec.reset()
	g.tick(t, 10*Second) // clamped to 500 ms: 29 steps, 166,657 left
	g.tick(t, 10*Second) // 166,657 + 5,000,000: 30 steps
	u := g.rec.of("update")
	if len(u) != 59 || g.s.Accumulated() != 166_647 {
		t.Fatalf("%d updates, %d left; want 59 (29+30), 166647", len(u), g.s.Accumulated())
	}
}

// The 20 rule: slow while the older of the last two multi-step ticks lies
// fewer than 20 ticks back.
func TestT22_TwentyRule(t *testing.T) {
	run := func(between int) (slowAtSecond bool, long bool) {
		g := newXNARig(t, true)
		g.tick(t, 5*Second) // one long multi-step tick
		long = g.s.IsRunningSlowly()
		for range between {
			g.tick(t, target)
		}
		g.rec.reset()
		g.tick(t, 2*target)
		return g.rec.of("update")[0].gt.IsRunningSlowly, long
	}
	if s, long := run(19); !s || long {
		t.Fatalf("19 between: slow=%v (want true), long tick alone slow=%v (want false)", s, long)
	}
	if s, _ := run(20); s {
		t.Fatal("20 between: slow, want not")
	}
}

func TestT22_SlowIsAssignedBeforeTheUpdatesAndDrawSeesIt(t *testing.T) {
	g := newXNARig(t, true)
	g.tick(t, 2*target)
	g.tick(t, target)
	g.rec.reset()
	g.tick(t, 2*target)
	for _, c := range g.rec.calls[1:] {
		if !c.gt.IsRunningSlowly {
			t.Fatalf("%v: want slow in every callback of the tick", c)
		}
	}
}

func TestT22_ResetElapsedTimeFixedDefersTheBurst(t *testing.T) {
	g := newXNARig(t, true)
	g.tick(t, 2*target)
	g.tick(t, 2*target) // slow
	g.s.ResetElapsedTime()
	if g.s.IsRunningSlowly() {
		t.Fatal("ResetElapsedTime did not clear the slow state")
	}
	g.rec.reset()
	g.tick(t, 300*Millisecond) // measured as zero: no step, time kept
	if n := len(g.rec.of("update")); n != 0 {
		t.Fatalf("the reset tick ran %d updates", n)
	}
	g.tick(t, target) // 300 ms + one step reappear
	if n, want := len(g.rec.of("update")), int((300*Millisecond+target)/target); n != want || want != 18 {
		t.Fatalf("the deferred burst ran %d updates, want %d", n, want)
	}
}

func TestT22_ResetElapsedTimeVariable(t *testing.T) {
	g := newXNARig(t, false)
	g.tick(t, 100_000)
	g.s.ResetElapsedTime()
	g.tick(t, 300_000)
	g.tick(t, 5_000)
	u := g.rec.of("update")
	if u[2].gt.ElapsedGameTime != 0 || u[3].gt.ElapsedGameTime != 5_000 || u[3].gt.TotalGameTime != 100_000 {
		t.Fatalf("variable reset: %s", joinCalls(u))
	}
}

func TestT22_ExitInsideCatchUpStopsUpdatesAndDrawThenLatches(t *testing.T) {
	g := newXNARig(t, true)
	g.rec.onUpdate = func(n int, gt GameTime) {
		if n == 3 { // the second update of a 4-step tick
			g.s.Exit()
		}
	}
	g.tick(t, 4*target)
	if n, d := len(g.rec.of("update")), len(g.rec.of("draw")); n != 3 || d != 0 {
		t.Fatalf("%d updates, %d draws; want 3 (priming + 2), 0", n, d)
	}
	g.rec.reset()
	g.tick(t, target)
	if len(g.rec.calls) != 0 {
		t.Fatal("a tick after Exit did something")
	}
}

func TestT22_SuppressDrawSkipsExactlyOne(t *testing.T) {
	g := newXNARig(t, true)
	g.s.SuppressDraw()
	g.tick(t, target)
	g.tick(t, target)
	if d := len(g.rec.of("draw")); d != 1 {
		t.Fatalf("%d draws, want 1", d)
	}
}

func TestT22_InactiveSleepAsT24(t *testing.T) {
	clock := NewManualClock(0)
	n := 0
	s, _ := NewScheduler(clock, countingWaiter{clock, &n}, &recorder{clock: clock})
	_ = s.SetProfile(ProfileXNA)
	s.SetActive(false)
	_ = s.Tick()
	if n != 1 {
		t.Fatalf("%d inactive sleeps, want 1", n)
	}
}

// TestT22_ProfilesSideBySide runs the same traces under both profiles and
// pins the differences docs/clock.md describes.
func TestT22_ProfilesSideBySide(t *testing.T) {
	runBoth := func(deltas ...TimeSpan) (def, xna string) {
		out := [2]string{}
		for i, p := range []Profile{ProfileDefault, ProfileXNA} {
			clock := NewManualClock(0)
			rec := &recorder{clock: clock}
			s, _ := NewScheduler(clock, clock, rec)
			_ = s.SetProfile(p)
			s.Start()
			for _, d := range deltas {
				clock.Advance(d.Duration())
				_ = s.Tick()
			}
			var b strings.Builder
			for _, c := range rec.calls {
				if c.kind != "poll" {
					b.WriteString(c.String() + "\n")
				}
			}
			out[i] = b.String()
		}
		return out[0], out[1]
	}
	cases := []struct {
		name     string
		deltas   []TimeSpan
		def, xna string
	}{
		{"first update: zero elapsed in both, XNA's is a priming update before any tick",
			[]TimeSpan{target},
			"update elapsed=0 total=0 slow=false\ndraw elapsed=166667 total=0 slow=false\n",
			"update elapsed=0 total=0 slow=false\nupdate elapsed=166667 total=0 slow=false\ndraw elapsed=166667 total=166667 slow=false\n"},
		{"short frame: default waits for a step, XNA runs nothing",
			[]TimeSpan{target, 50_000},
			"update elapsed=0 total=0 slow=false\ndraw elapsed=166667 total=0 slow=false\nupdate elapsed=166667 total=0 slow=false\ndraw elapsed=166667 total=166667 slow=false\n",
			"update elapsed=0 total=0 slow=false\nupdate elapsed=166667 total=0 slow=false\ndraw elapsed=166667 total=166667 slow=false\n"},
		{"near-target frame: XNA snaps, default carries the difference",
			[]TimeSpan{target, target + 2000},
			"update elapsed=0 total=0 slow=false\ndraw elapsed=166667 total=0 slow=false\nupdate elapsed=166667 total=0 slow=false\ndraw elapsed=166667 total=166667 slow=false\n",
			"update elapsed=0 total=0 slow=false\nupdate elapsed=166667 total=0 slow=false\ndraw elapsed=166667 total=166667 slow=false\nupdate elapsed=166667 total=166667 slow=false\ndraw elapsed=166667 total=333334 slow=false\n"},
	}
	for _, c := range cases {
		def, xna := runBoth(c.deltas...)
		if def != c.def {
			t.Errorf("%s: default\n%s\nwant\n%s", c.name, def, c.def)
		}
		if xna != c.xna {
			t.Errorf("%s: xna\n%s\nwant\n%s", c.name, xna, c.xna)
		}
	}
	// IsRunningSlowly: one long stall sets the default flag, never XNA's.
	def, xna := runBoth(target, 500*Millisecond, target)
	if !strings.Contains(def, "slow=true") || strings.Contains(xna, "slow=true") {
		t.Error("a single 500 ms stall: default should read slow, XNA should not")
	}
}
