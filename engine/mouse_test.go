package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// cursorFake is the fake platform with a cursor: it records the modes it
// is put in and the moves the game makes, and answers a mode change with
// the position a real capture would leave (the window's centre).
type cursorFake struct {
	*fakePlatform
	modes []CursorMode
	moves [][2]float64
}

func (c *cursorFake) SetCursorMode(m CursorMode) (x, y float64) {
	c.modes = append(c.modes, m)
	return 320, 240
}

func (c *cursorFake) SetCursorPosition(x, y float64) { c.moves = append(c.moves, [2]float64{x, y}) }

// newCursorGame is a game on the cursor fake; every frame runs one update.
func newCursorGame(t *testing.T) (*Game, *scriptGame, *cursorFake) {
	t.Helper()
	p := &cursorFake{fakePlatform: newFakePlatform(nil)}
	s := &scriptGame{}
	g, err := NewGame(s, p, Config{Source: p.clock, Waiter: p.clock, Profile: timing.ProfileDefault})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetInactiveSleepTime(0); err != nil {
		t.Fatal(err)
	}
	return g, s, p
}

// TestI4_CapturedMotionIsLatchedPerUpdate: while captured, the cursor's
// motion between two updates (several events, measured from where the
// capture left the cursor) is the next update's MouseDelta, the update
// after sees none, SetMousePosition is not motion, focus loss releases
// the capture (hidden, not held), focus gain restores it, and the end of
// the game gives the cursor back.
func TestI4_CapturedMotionIsLatchedPerUpdate(t *testing.T) {
	g, s, p := newCursorGame(t)
	type view struct{ dx, dy float64 }
	var views []view
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		dx, dy := g.MouseDelta()
		views = append(views, view{dx, dy})
	}
	frame := func(batch ...PlatformEvent) view {
		t.Helper()
		p.script = make([][]PlatformEvent, p.polls+1)
		p.script[p.polls] = batch
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		return views[len(views)-1]
	}
	frame(PlatformEvent{Kind: EventFocus, Focused: true}) // RunOneFrame does not activate the game: the window's focus does
	if !g.IsMouseVisible() || g.IsMouseCaptured() || g.CursorMode() != CursorVisible {
		t.Fatalf("at start: visible %v, captured %v, mode %v; want a visible, free cursor", g.IsMouseVisible(), g.IsMouseCaptured(), g.CursorMode())
	}
	g.SetMouseCaptured(true)
	if g.CursorMode() != CursorCaptured || len(p.modes) != 1 || p.modes[0] != CursorCaptured {
		t.Fatalf("captured: mode %v, platform told %v", g.CursorMode(), p.modes)
	}
	// Three motion events between two updates, from the centre the
	// capture left the cursor at.
	if v := frame(PlatformEvent{Kind: EventCursor, X: 330, Y: 240}, PlatformEvent{Kind: EventCursor, X: 345, Y: 236},
		PlatformEvent{Kind: EventCursor, X: 352, Y: 230}); v != (view{32, -10}) {
		t.Errorf("delta %+v, want {32 -10}: the sum of the motion since the last update", v)
	}
	if v := frame(); v != (view{}) {
		t.Errorf("the next update's delta %+v, want none", v)
	}
	g.SetMousePosition(100, 100)
	if v := frame(PlatformEvent{Kind: EventCursor, X: 101, Y: 98}); v != (view{1, -2}) {
		t.Errorf("after SetMousePosition(100, 100) and a move to 101, 98: delta %+v, want {1 -2}", v)
	}
	if len(p.moves) != 1 || p.moves[0] != [2]float64{100, 100} {
		t.Errorf("platform moves %v, want [100 100]", p.moves)
	}
	frame(PlatformEvent{Kind: EventFocus, Focused: false})
	if g.CursorMode() != CursorHidden || !g.IsMouseCaptured() {
		t.Errorf("focus lost: mode %v (captured asked %v), want hidden and free, the wish kept", g.CursorMode(), g.IsMouseCaptured())
	}
	frame(PlatformEvent{Kind: EventFocus, Focused: true})
	if g.CursorMode() != CursorCaptured {
		t.Errorf("focus back: mode %v, want captured again", g.CursorMode())
	}
	if v := frame(PlatformEvent{Kind: EventCursor, X: 325, Y: 240}); v != (view{5, 0}) {
		t.Errorf("after the recapture: delta %+v, want {5 0} from the centre", v)
	}
	g.SetMouseCaptured(false)
	g.SetMouseVisible(false)
	if g.CursorMode() != CursorHidden {
		t.Errorf("released and invisible: mode %v, want hidden", g.CursorMode())
	}
	g.SetMouseCaptured(true)
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	want := []CursorMode{CursorCaptured, CursorHidden, CursorCaptured, CursorVisible, CursorHidden, CursorCaptured, CursorVisible}
	if len(p.modes) != len(want) {
		t.Fatalf("platform modes %v, want %v", p.modes, want)
	}
	for i := range want {
		if p.modes[i] != want[i] {
			t.Fatalf("platform modes %v, want %v (ending with the cursor given back)", p.modes, want)
		}
	}
}

// TestI4_MouseDeltaAllocatesNothing: reading the motion per update
// allocates nothing.
func TestI4_MouseDeltaAllocatesNothing(t *testing.T) {
	g, _, p := newCursorGame(t)
	p.repeat = []PlatformEvent{{Kind: EventCursor, X: 1, Y: 2}, {Kind: EventCursor, X: 3, Y: 1}}
	p.script = [][]PlatformEvent{{{Kind: EventFocus, Focused: true}}}
	g.SetMouseCaptured(true)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if g.CursorMode() != CursorCaptured {
		t.Fatalf("mode %v, want captured", g.CursorMode())
	}
	n := testing.AllocsPerRun(50, func() {
		_ = g.RunOneFrame()
		_, _ = g.MouseDelta()
	})
	if n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
	_ = g.Close()
}
