package game

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
)

// tap is a zero-length tap of k: its press and its release in one poll,
// between two updates, so no update's keyboard snapshot shows k down.
func tap(k engine.Key) []engine.PlatformEvent {
	return []engine.PlatformEvent{key(k, engine.Press), key(k, engine.Release)}
}

// TestI1_SampleZeroLengthTapsActOncePerTap: ten zero-length taps of L, one
// every 30 polls, serve ten loads; two taps in one poll serve two; a press
// held over several polls with auto-repeats, and a press released a poll
// later, serve one each. Before the fix the sample read its keys from the
// snapshot (down now and not before) and served none of the zero-length
// taps.
func TestI1_SampleZeroLengthTapsActOncePerTap(t *testing.T) {
	const taps, gap = 10, 30
	var script [][]engine.PlatformEvent
	for range taps {
		script = append(script, tap(engine.KeyL))
		script = append(script, make([][]engine.PlatformEvent, gap-1)...)
	}
	g, s, _ := newKeyGame(t, script)
	tick(t, g, len(script)+2)
	if s.loads != taps {
		t.Fatalf("%d zero-length taps of L served %d loads, want %d", taps, s.loads, taps)
	}

	double := [][]engine.PlatformEvent{{}, append(tap(engine.KeyL), tap(engine.KeyL)...)}
	g, s, _ = newKeyGame(t, double)
	tick(t, g, len(double)+2)
	if s.loads != 2 {
		t.Errorf("two taps of L in one poll served %d loads, want 2", s.loads)
	}

	held := [][]engine.PlatformEvent{
		{}, {key(engine.KeyL, engine.Press)}, {key(engine.KeyL, engine.Repeat)},
		{key(engine.KeyL, engine.Repeat), key(engine.KeyL, engine.Repeat)}, {}, {key(engine.KeyL, engine.Release)},
		{key(engine.KeyL, engine.Press)}, {key(engine.KeyL, engine.Release)},
	}
	g, s, _ = newKeyGame(t, held)
	tick(t, g, len(held)+2)
	if s.loads != 2 {
		t.Errorf("a held L with auto-repeats, then a press released a poll later, served %d loads, want 2", s.loads)
	}
}

// TestI1_SampleEveryActionKeyActsOnAZeroLengthTap: a zero-length tap of
// each key the sample acts on performs its action once. Before the fix
// none of them did.
func TestI1_SampleEveryActionKeyActsOnAZeroLengthTap(t *testing.T) {
	type check func(g *engine.Game, s *sampleGame) bool
	interval := func(n int) check {
		return func(g *engine.Game, s *sampleGame) bool {
			return s.interval == n && g.GraphicsDevice().SwapInterval() == n
		}
	}
	rate := func(hz float64) check {
		return func(_ *engine.Game, s *sampleGame) bool { return s.hz == hz }
	}
	cases := []struct {
		name string
		key  engine.Key
		args []string
		done check
	}{
		{"Esc", engine.KeyEscape, nil, func(g *engine.Game, _ *sampleGame) bool { return g.IsExiting() }},
		{"0", engine.Key0, nil, interval(0)},
		{"keypad 0", engine.KeyKP0, nil, interval(0)},
		{"1", engine.Key1, []string{"-interval", "2"}, interval(1)},
		{"keypad 1", engine.KeyKP0 + 1, []string{"-interval", "2"}, interval(1)},
		{"2", engine.Key2, nil, interval(2)},
		{"keypad 2", engine.KeyKP0 + 2, nil, interval(2)},
		{"H", engine.KeyH, []string{"-interval", "2"}, func(_ *engine.Game, s *sampleGame) bool { return s.halfRate }},
		{"F", engine.KeyF, nil, func(g *engine.Game, _ *sampleGame) bool { return !g.IsFixedTimeStep() }},
		{"=", engine.KeyEqual, nil, rate(75)},
		{"keypad +", engine.KeyKPAdd, nil, rate(75)},
		{"-", engine.KeyMinus, nil, rate(50)},
		{"keypad -", engine.KeyKPSubtract, nil, rate(50)},
		{"P", engine.KeyP, nil, func(_ *engine.Game, s *sampleGame) bool { return s.paused }},
		{"L", engine.KeyL, nil, func(_ *engine.Game, s *sampleGame) bool { return s.loads == 1 }},
		{"D", engine.KeyD, nil, func(g *engine.Game, _ *sampleGame) bool { return g.DisplayLock().Requested }},
		{"G", engine.KeyG, nil, func(_ *engine.Game, s *sampleGame) bool { return s.post }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, s, _ := newKeyGame(t, [][]engine.PlatformEvent{{}, tap(c.key)}, c.args...)
			tick(t, g, 1)
			if c.done(g, s) {
				t.Fatalf("the action happened before the tap")
			}
			tick(t, g, 1)
			if !c.done(g, s) {
				t.Fatalf("a zero-length tap of %s did nothing", c.name)
			}
		})
	}

	// R: a load (L) then R in one poll: R discards the load's backlog, so
	// the next tick runs one update instead of a catch-up burst (T11).
	updatesAfterLoad := func(events []engine.PlatformEvent) uint64 {
		g, _, _ := newKeyGame(t, [][]engine.PlatformEvent{{}, events})
		tick(t, g, 2)
		before := g.Scheduler().Stats().Updates
		tick(t, g, 1)
		return g.Scheduler().Stats().Updates - before
	}
	burst, reset := updatesAfterLoad(tap(engine.KeyL)), updatesAfterLoad(append(tap(engine.KeyL), tap(engine.KeyR)...))
	if burst < 2 || reset != 1 {
		t.Errorf("the tick after a load ran %d updates, after a load and a tap of R %d; want a burst, then 1", burst, reset)
	}
}
