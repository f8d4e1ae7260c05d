package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestI5_GamepadEdgesOnTheLatch: a gamepad button's press and release
// read as JustPressed / JustReleased in the update after the polls that
// saw them, once; a press and release seen by two polls of ticks that ran
// no update both reach the next update, though the snapshot is up again.
func TestI5_GamepadEdgesOnTheLatch(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	p.padsOn[1] = true
	type view struct{ down, pressed, released bool }
	var views []view
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		st, _ := g.GamePad(1)
		views = append(views, view{st.IsButtonDown(GamepadA), g.IsButtonJustPressed(1, GamepadA), g.IsButtonJustReleased(1, GamepadA)})
	}
	frame := func(a bool) {
		t.Helper()
		p.pads[1].Buttons[GamepadA] = a
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	frame(false) // the first GamePad call marks slot 1 wanted
	for i, c := range []struct {
		a    bool
		want view
	}{
		{true, view{true, true, false}},
		{true, view{true, false, false}},
		{false, view{false, false, true}},
		{false, view{}},
	} {
		n := len(views)
		frame(c.a)
		if len(views) != n+1 || views[n] != c.want {
			t.Fatalf("frame %d: saw %+v, want %+v", i, views[n:], c.want)
		}
	}
	// Two polls between updates (as a tick that runs no update has): the
	// first sees the press, the second the release; the next update sees
	// both edges, with the snapshot up.
	p.pads[1].Buttons[GamepadA] = true
	g.poll()
	p.pads[1].Buttons[GamepadA] = false
	g.poll()
	n := len(views)
	frame(false)
	// The polls' time makes the frame a catch-up burst: its first update
	// has the edges, the others none.
	if len(views) < n+1 || views[n] != (view{false, true, true}) {
		t.Errorf("a press shorter than a tick: the updates saw %+v, want both edges and the button up first", views[n:])
	}
	for _, v := range views[n+1:] {
		if v != (view{}) {
			t.Errorf("a later update of the burst saw %+v, want nothing", v)
		}
	}
	if g.IsButtonJustPressed(-1, GamepadA) || g.IsButtonJustPressed(MaxGamepads, GamepadA) || g.IsButtonJustPressed(1, GamepadButtonCount) {
		t.Error("out-of-range slot or button reported an edge")
	}
	_ = g.Close()
}
