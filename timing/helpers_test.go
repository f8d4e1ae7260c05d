package timing

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// call is one recorded Handler callback.
type call struct {
	kind string // "poll", "update", "draw"
	gt   GameTime
	at   time.Duration // the source's reading when the callback ran
}

func (c call) String() string {
	if c.kind == "poll" {
		return "poll"
	}
	return fmt.Sprintf("%s elapsed=%d total=%d slow=%t", c.kind, c.gt.ElapsedGameTime, c.gt.TotalGameTime, c.gt.IsRunningSlowly)
}

// recorder is a Handler that records every callback and can run hooks.
type recorder struct {
	clock    Source
	calls    []call
	onUpdate func(n int, gt GameTime)
	onPoll   func()
	updates  int
}

func (r *recorder) Poll() {
	r.calls = append(r.calls, call{kind: "poll", at: r.clock.Now()})
	if r.onPoll != nil {
		r.onPoll()
	}
}

func (r *recorder) Update(gt GameTime) {
	r.updates++
	r.calls = append(r.calls, call{kind: "update", gt: gt, at: r.clock.Now()})
	if r.onUpdate != nil {
		r.onUpdate(r.updates, gt)
	}
}

func (r *recorder) Draw(gt GameTime) {
	r.calls = append(r.calls, call{kind: "draw", gt: gt, at: r.clock.Now()})
}

// of returns the recorded calls of one kind.
func (r *recorder) of(kind string) []call {
	var out []call
	for _, c := range r.calls {
		if c.kind == kind {
			out = append(out, c)
		}
	}
	return out
}

func (r *recorder) reset() { r.calls = r.calls[:0] }

// rig is a scheduler on a ManualClock with a recorder.
type rig struct {
	clock *ManualClock
	rec   *recorder
	s     *Scheduler
}

func newRig(t testing.TB) *rig {
	t.Helper()
	clock := NewManualClock(time.Second)
	rec := &recorder{clock: clock}
	s, err := NewScheduler(clock, clock, rec)
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	return &rig{clock: clock, rec: rec, s: s}
}

// tick advances the clock by d (the counter time the tick measures at its
// start), then runs one tick.
func (g *rig) tick(t testing.TB, d TimeSpan) {
	t.Helper()
	g.clock.Advance(d.Duration())
	if err := g.s.Tick(); err != nil {
		t.Fatalf("Tick: %v", err)
	}
}

// frameTimes returns n frame deltas around period, each moved by the
// pattern jitter[i % len(jitter)] (a deterministic scenario generator).
func frameTimes(period TimeSpan, jitter []TimeSpan, n int) []TimeSpan {
	out := make([]TimeSpan, n)
	for i := range out {
		out[i] = period
		if len(jitter) > 0 {
			out[i] += jitter[i%len(jitter)]
		}
	}
	return out
}

func joinCalls(cs []call) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}
