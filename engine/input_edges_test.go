package engine

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// newInputGame is newTestGame with no inactive sleep, so each frame of
// RunOneFrame runs one update (the fake's polls are a step apart).
func newInputGame(t *testing.T, profile timing.Profile) (*Game, *scriptGame, *fakePlatform) {
	g, s, p := newTestGame(nil, profile)
	if err := g.SetInactiveSleepTime(0); err != nil {
		t.Fatal(err)
	}
	return g, s, p
}

// tap returns the press and release of key k, one after the other.
func tap(k Key) []PlatformEvent {
	return []PlatformEvent{{Kind: EventKey, Key: k, Action: Press}, {Kind: EventKey, Key: k, Action: Release}}
}

// click returns the press and release of button b at the cursor x, y.
func click(b MouseButton, x, y float64) []PlatformEvent {
	return []PlatformEvent{
		{Kind: EventCursor, X: x, Y: y},
		{Kind: EventMouseButton, Button: b, Action: Press}, {Kind: EventMouseButton, Button: b, Action: Release},
	}
}

// updateView is what one update saw of the input.
type updateView struct {
	keyDown, keyPressed, keyReleased          bool
	buttonDown, buttonPressed, buttonReleased bool
	keyPresses, buttonPresses, events         int
	text                                      string
}

// watchInput records, for every update, what it saw of key k and button b.
func watchInput(s *scriptGame, k Key, b MouseButton) *[]updateView {
	var views []updateView
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		v := updateView{
			keyDown: g.Keyboard().IsKeyDown(k), keyPressed: g.IsKeyJustPressed(k), keyReleased: g.IsKeyJustReleased(k),
			buttonDown: g.Mouse().IsButtonDown(b), buttonPressed: g.IsMouseButtonJustPressed(b),
			buttonReleased: g.IsMouseButtonJustReleased(b), events: len(g.InputEvents()), text: string(g.TextInput()),
		}
		for _, ev := range g.InputEvents() {
			switch {
			case ev.Kind == InputKey && ev.Key == k && ev.Action == Press:
				v.keyPresses++
			case ev.Kind == InputMouseButton && ev.Button == b && ev.Action == Press:
				v.buttonPresses++
			}
		}
		views = append(views, v)
	}
	return &views
}

// TestI1_TwoTapsBetweenUpdates: two taps of one key and two clicks of one
// button, all between two updates, read in the next update as pressed and
// released this update with the snapshot up, as two presses each in the
// stream; the update after that sees no edge.
func TestI1_TwoTapsBetweenUpdates(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	views := watchInput(s, KeyL, MouseRight)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	var batch []PlatformEvent
	batch = append(batch, tap(KeyL)...)
	batch = append(batch, click(MouseRight, 5, 6)...)
	batch = append(batch, tap(KeyL)...)
	batch = append(batch, click(MouseRight, 7, 8)...)
	p.script = make([][]PlatformEvent, p.polls+2)
	p.script[p.polls] = batch
	n := len(*views)
	for range 2 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	got := (*views)[n:]
	if len(got) != 2 {
		t.Fatalf("%d updates over two frames, want 2", len(got))
	}
	want := updateView{keyPressed: true, keyReleased: true, buttonPressed: true, buttonReleased: true,
		keyPresses: 2, buttonPresses: 2, events: 8}
	if got[0] != want {
		t.Errorf("update after the taps saw %+v, want %+v", got[0], want)
	}
	if got[1] != (updateView{}) {
		t.Errorf("the update after that saw %+v, want no edge and no event", got[1])
	}
	_ = g.Close()
}

// TestI2_StreamInOrderWithTimes: the stream holds key, button and text
// events in arrival order, with the cursor at each button event and the
// game clock's reading at the poll that delivered them.
func TestI2_StreamInOrderWithTimes(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	p.script = make([][]PlatformEvent, p.polls+1)
	p.script[p.polls] = []PlatformEvent{
		{Kind: EventKey, Key: KeyA, Action: Press}, {Kind: EventChar, Char: 'a'},
		{Kind: EventKey, Key: KeyA, Action: Repeat}, {Kind: EventChar, Char: 'a'},
		{Kind: EventCursor, X: 3, Y: 4}, {Kind: EventMouseButton, Button: MouseLeft, Action: Press},
		{Kind: EventScroll, DY: 1}, {Kind: EventFocus, Focused: true},
		{Kind: EventKey, Key: KeyA, Action: Release},
	}
	var got []InputEvent
	var pollTime time.Duration
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		if got == nil {
			got = append([]InputEvent{}, g.InputEvents()...)
			pollTime = p.clock.Now()
		}
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	want := []InputEvent{
		{Kind: InputKey, Key: KeyA, Action: Press}, {Kind: InputText, Char: 'a'},
		{Kind: InputKey, Key: KeyA, Action: Repeat}, {Kind: InputText, Char: 'a'},
		{Kind: InputMouseButton, Button: MouseLeft, Action: Press, X: 3, Y: 4},
		{Kind: InputKey, Key: KeyA, Action: Release},
	}
	if len(got) != len(want) {
		t.Fatalf("stream %+v, want %+v", got, want)
	}
	for i := range want {
		want[i].Time = pollTime
		if got[i] != want[i] {
			t.Errorf("event %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if pollTime == 0 {
		t.Error("the clock did not move: the time check proves nothing")
	}
	if g.IsKeyJustPressed(KeyA) != true || string(g.TextInput()) != "aa" {
		t.Errorf("after the update: JustPressed(A) %v, text %q", g.IsKeyJustPressed(KeyA), string(g.TextInput()))
	}
	_ = g.Close()
}

// TestI1_BurstSeesEdgesOnce: a catch-up burst of updates sees the batch's
// edges and events in its first update only; the snapshot in all of them.
func TestI1_BurstSeesEdgesOnce(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	views := watchInput(s, KeySpace, MouseLeft)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	p.script = make([][]PlatformEvent, p.polls+1)
	p.script[p.polls] = []PlatformEvent{{Kind: EventKey, Key: KeySpace, Action: Press}}
	n := len(*views)
	p.clock.Advance(3*frame60 + frame60/2) // a stall: a burst of updates
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	got := (*views)[n:]
	if len(got) < 3 {
		t.Fatalf("%d updates in the burst, want at least 3", len(got))
	}
	for i, v := range got {
		first := i == 0
		if !v.keyDown || v.keyPressed != first || v.keyPresses != map[bool]int{true: 1}[first] {
			t.Errorf("update %d of the burst: %+v (down in all, pressed in the first only)", i, v)
		}
	}
	_ = g.Close()
}

// TestI1_TickWithoutUpdateKeepsEdges: under the XNA profile a tick that
// runs no update (its time is short of a step) keeps the tap, its events and
// its text for the next update instead of dropping them at the next poll.
func TestI1_TickWithoutUpdateKeepsEdges(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileXNA)
	views := watchInput(s, KeyL, MouseLeft)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	p.perPoll = frame60 / 4 // four polls per step: most ticks run no update
	start := p.polls
	p.script = make([][]PlatformEvent, start+8)
	p.script[start] = append(tap(KeyL), PlatformEvent{Kind: EventChar, Char: 'l'})
	p.script[start+1] = tap(KeyL)
	n := len(*views)
	for p.polls < start+8 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	got := (*views)[n:]
	if len(got) == 0 || len(got) >= p.polls-start {
		t.Fatalf("%d updates over %d ticks: the scenario needs ticks without an update", len(got), p.polls-start)
	}
	presses, pressedIn := 0, 0
	text := ""
	for _, v := range got {
		presses += v.keyPresses
		text += v.text
		if v.keyPressed {
			pressedIn++
		}
		if v.keyDown {
			t.Errorf("an update saw L down: %+v", v)
		}
	}
	if presses != 2 || pressedIn == 0 || text != "l" {
		t.Errorf("updates saw %d presses (want 2), JustPressed in %d updates (want at least 1), text %q (want \"l\"): %+v",
			presses, pressedIn, text, got)
	}
	_ = g.Close()
}

// TestI1_JustQueriesRejectBadCodes: keys and buttons out of range are never
// just pressed or released, and out-of-range events change no edge.
func TestI1_JustQueriesRejectBadCodes(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	p.script = [][]PlatformEvent{{
		{Kind: EventKey, Key: KeyLast + 1, Action: Press}, {Kind: EventKey, Key: KeyUnknown, Action: Press},
		{Kind: EventMouseButton, Button: MouseButtonLast + 1, Action: Press}, {Kind: EventMouseButton, Button: -1, Action: Press},
	}}
	var bad bool
	var events int
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		events += len(g.InputEvents())
		bad = bad || g.IsKeyJustPressed(KeyLast+1) || g.IsKeyJustPressed(KeyUnknown) ||
			g.IsMouseButtonJustPressed(MouseButtonLast+1) || g.IsMouseButtonJustPressed(-1) ||
			g.IsMouseButtonJustReleased(-1) || g.edges != (inputEdges{})
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if bad || events != 4 {
		t.Errorf("bad codes set an edge (%v) or the stream lost them (%d events, want 4)", bad, events)
	}
	if InputMouseButton.String() != "MouseButton" || InputEventKind(0).String() != "InputEventKind(0)" {
		t.Errorf("kind names: %q %q", InputMouseButton, InputEventKind(0))
	}
	_ = g.Close()
}
