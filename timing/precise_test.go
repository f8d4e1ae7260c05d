package timing

import (
	"testing"
	"time"
)

// preciseClock is a virtual clock for WaitPrecise: SleepUntil wakes at the
// asked time plus the next scripted overshoot, and Yield moves time by a
// fixed spin step. It records what it was asked.
type preciseClock struct {
	now        time.Duration
	overshoots []time.Duration // cycled
	k          int
	spin       time.Duration
	wakes      []time.Duration // SleepUntil deadlines
	sleeps     int             // plain Sleep calls
	yields     int
}

func (c *preciseClock) Now() time.Duration { return c.now }
func (c *preciseClock) Sleep(d time.Duration) {
	c.sleeps++
	c.now += max(d, 0)
}
func (c *preciseClock) Yield(time.Duration) { c.yields++; c.now += c.spin }
func (c *preciseClock) SleepUntil(deadline time.Duration) {
	c.wakes = append(c.wakes, deadline)
	c.now = max(c.now, deadline+c.overshoots[c.k%len(c.overshoots)])
	c.k++
}

func preciseRig(t *testing.T, c *preciseClock) (*Scheduler, *recorder) {
	t.Helper()
	rec := &recorder{clock: c}
	s, err := NewScheduler(c, c, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetWaitPolicy(WaitPrecise); err != nil {
		t.Fatal(err)
	}
	s.Start()
	return s, rec
}

// TestT6_PreciseSleepsOnceToDeadlineMinusMargin: each tick sleeps once,
// to the deadline minus the margin, then spins; the first margin is the
// cautious initial guess (500 µs + 20 µs).
func TestT6_PreciseSleepsOnceToDeadlineMinusMargin(t *testing.T) {
	c := &preciseClock{overshoots: []time.Duration{50 * time.Microsecond}, spin: time.Microsecond}
	s, rec := preciseRig(t, c)
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	deadline := target.Duration()
	if len(c.wakes) != 1 || c.wakes[0] != deadline-520*time.Microsecond || c.sleeps != 0 {
		t.Fatalf("wakes %v, sleeps %d; want one SleepUntil at %v", c.wakes, c.sleeps, deadline-520*time.Microsecond)
	}
	// Woke 50 µs late: 470 µs left, spun in 1 µs yields, the poll lands
	// on the first reading at or after the deadline.
	if c.yields != 470 || rec.calls[0].at != deadline {
		t.Fatalf("%d yields, poll at %v; want 470 and %v", c.yields, rec.calls[0].at, deadline)
	}
}

// TestT6_PreciseMarginIsASlidingP99OfOvershoots: after 128 ticks whose
// sleeps overshoot 40 µs, except two of 900 µs, the margin is the 99th
// percentile (rank 126 of 0..127: the second largest, 900 µs) plus 20 µs;
// 128 quiet ticks later it falls to 60 µs; a fixed margin overrides it.
func TestT6_PreciseMarginIsASlidingP99OfOvershoots(t *testing.T) {
	over := make([]time.Duration, 128)
	for i := range over {
		over[i] = 40 * time.Microsecond
	}
	over[10], over[70] = 900*time.Microsecond, 900*time.Microsecond
	c := &preciseClock{overshoots: over, spin: time.Microsecond}
	s, _ := preciseRig(t, c)
	for range 128 {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if m := s.WaitMargin(); m != 920*time.Microsecond {
		t.Fatalf("margin %v with two 900 µs outliers in 128, want 920µs (p99 = rank 126 of 0..127)", m)
	}
	c.overshoots = []time.Duration{40 * time.Microsecond}
	for range 128 {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if m := s.WaitMargin(); m != 60*time.Microsecond {
		t.Fatalf("margin %v after 128 quiet sleeps, want 60µs", m)
	}
	// With the margin learned, a tick spins only what is left of it.
	y := c.yields
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if spun := c.yields - y; spun != 20 {
		t.Fatalf("spun %d µs, want the 20 µs safety left after a 40 µs overshoot", spun)
	}
	if err := s.SetWaitMargin(200 * time.Microsecond); err != nil {
		t.Fatal(err)
	}
	if s.WaitMargin() != 200*time.Microsecond || s.SetWaitMargin(-1) == nil {
		t.Fatal("a fixed margin is not used, or a negative one accepted")
	}
	y = c.yields
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if spun := c.yields - y; spun != 160 {
		t.Fatalf("spun %d µs, want 160: a 200 µs margin less the 40 µs overshoot", spun)
	}
}

// TestT6_PreciseWithoutDeadlineSleeperSleepsTheSpan: a Waiter with no
// SleepUntil gets one Sleep of the span to the wake-up time.
func TestT6_PreciseWithoutDeadlineSleeperSleepsTheSpan(t *testing.T) {
	clock := NewManualClock(0)
	sleeps := 0
	w := countingWaiter{clock, &sleeps}
	s, _ := NewScheduler(clock, w, &recorder{clock: clock})
	if err := s.SetWaitPolicy(WaitPrecise); err != nil {
		t.Fatal(err)
	}
	s.Start()
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if sleeps != 1 || clock.Now() != target.Duration() {
		t.Fatalf("%d sleeps, clock %v", sleeps, clock.Now())
	}
	if s.WaitPolicy().String() != "precise" {
		t.Fatal(s.WaitPolicy())
	}
}

// TestT6_OvershootWindowStaysSorted feeds the window random-looking
// samples and checks the sorted copy against the ring after each.
func TestT6_OvershootWindowStaysSorted(t *testing.T) {
	var w overshootWindow
	w.reset()
	x := uint64(7)
	for range 2000 {
		x = x*6364136223846793005 + 1442695040888963407
		w.add(time.Duration(x>>40) - time.Millisecond)
		counts := map[time.Duration]int{}
		for _, v := range w.ring {
			counts[v]++
		}
		for i, v := range w.sorted {
			counts[v]--
			if i > 0 && w.sorted[i-1] > v {
				t.Fatal("not sorted")
			}
			if v < 0 || v > overshootCap {
				t.Fatalf("sample %v not clamped", v)
			}
		}
		for v, n := range counts {
			if n != 0 {
				t.Fatalf("sorted copy differs from the ring at %v", v)
			}
		}
	}
}

// TestT6_PoliciesByName: every policy parses from its String.
func TestT6_PoliciesByName(t *testing.T) {
	for p := WaitAdaptive; p <= WaitPrecise; p++ {
		if got, err := ParseWaitPolicy(p.String()); err != nil || got != p {
			t.Errorf("ParseWaitPolicy(%q) = %v, %v", p.String(), got, err)
		}
	}
	if _, err := ParseWaitPolicy("spin"); err == nil {
		t.Error("an unknown name parsed")
	}
}
