package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestT5_BurstSeesOneSnapshot: events are polled once per tick, after the
// wait, so every update of a catch-up burst sees the same snapshot, and a
// reaction in the middle of the batch still sees the previous one (the
// snapshot is published after the whole batch).
func TestT5_BurstSeesOneSnapshot(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	p.script = make([][]PlatformEvent, p.polls+1)
	p.script[p.polls] = []PlatformEvent{
		{Kind: EventKey, Key: KeySpace, Action: Press}, focusIn,
		{Kind: EventCursor, X: 10, Y: 20}, {Kind: EventMouseButton, Button: MouseLeft, Action: Press},
	}
	midBatch := true
	g.Activated.Add(func(g *Game) { midBatch = g.Keyboard().IsKeyDown(KeySpace) })
	var seen []bool
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		m := g.Mouse()
		seen = append(seen, g.Keyboard().IsKeyDown(KeySpace) && m.X == 10 && m.Y == 20 && m.IsButtonDown(MouseLeft))
	}
	p.clock.Advance(3*frame60 + frame60/2) // a stall: a burst of updates
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if len(seen) < 3 {
		t.Fatalf("%d updates in the burst, want at least 3", len(seen))
	}
	for i, ok := range seen {
		if !ok {
			t.Errorf("update %d of the burst did not see the batch's snapshot", i)
		}
	}
	if midBatch {
		t.Error("a reaction in the middle of the batch saw the new snapshot")
	}
}

// TestI2_TextInputPerUpdate: the characters typed before an update are
// there in that update (and the draw after it), in order, and only then.
func TestI2_TextInputPerUpdate(t *testing.T) {
	g, _, p := newTestGame(nil, timing.ProfileDefault)
	p.script = [][]PlatformEvent{{{Kind: EventChar, Char: 'h'}, {Kind: EventChar, Char: 'é'}}, {}}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if got := string(g.TextInput()); got != "hé" {
		t.Errorf("text %q, want %q", got, "hé")
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if got := string(g.TextInput()); got != "" {
		t.Errorf("text after an empty batch %q", got)
	}
	_ = g.Close()
}

// TestT5_GamepadPolledOnlyOnceAsked: no gamepad is read until the game asks
// for one; the first request reads it at once, and every later poll
// refreshes that slot only.
func TestT5_GamepadPolledOnlyOnceAsked(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	for range 3 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if p.gamepadCall != 0 {
		t.Fatalf("gamepads read %d times before any request", p.gamepadCall)
	}
	p.padsOn[1] = true
	p.pads[1].Buttons[GamepadA] = true
	var connected, pressed bool
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		st, ok := g.GamePad(1)
		connected, pressed = ok, st.IsButtonDown(GamepadA)
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if !connected || !pressed {
		t.Errorf("first request: connected %v pressed %v", connected, pressed)
	}
	calls := p.gamepadCall
	p.pads[1].Buttons[GamepadA] = false
	for range 2 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if p.gamepadCall != calls+2 || pressed {
		t.Errorf("after the request: %d reads over 2 polls (want 2), pressed %v", p.gamepadCall-calls, pressed)
	}
	if _, ok := g.GamePad(MaxGamepads); ok {
		t.Error("slot out of range reported connected")
	}
	_ = g.Close()
}

// TestKeyboardStateBounds checks key bits at the edges and out of range.
func TestKeyboardStateBounds(t *testing.T) {
	var s KeyboardState
	for _, k := range []Key{0, 63, 64, KeyEscape, KeyLast} {
		s.set(k, true)
		if !s.IsKeyDown(k) || s.IsKeyUp(k) {
			t.Errorf("key %d not down after set", k)
		}
		s.set(k, false)
		if s.IsKeyDown(k) {
			t.Errorf("key %d still down", k)
		}
	}
	s.set(KeyLast+1, true)
	s.set(KeyUnknown, true)
	if s != (KeyboardState{}) || s.IsKeyDown(KeyLast+1) || s.IsKeyDown(KeyUnknown) {
		t.Error("out-of-range keys changed the state")
	}
}

// TestW2_AllowUserResizingAndRefreshRate: the settings reach the platform.
func TestW2_AllowUserResizingAndRefreshRate(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	g.SetAllowUserResizing(true)
	if !g.AllowUserResizing() || rec.lines[len(rec.lines)-1] != "platform.SetResizable true" {
		t.Errorf("resizing not applied: %v", rec.lines)
	}
	p.refresh = 144
	if g.RefreshRate() != 144 {
		t.Errorf("refresh rate %d", g.RefreshRate())
	}
}
