package engine

import (
	"slices"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestI7_GetPressedKeys: the keys held, in code order, from the snapshot
// the last poll published; released keys leave it; the appending form
// allocates nothing with room in its slice.
func TestI7_GetPressedKeys(t *testing.T) {
	g, _, p := newInputGame(t, timing.ProfileDefault)
	defer g.Close()
	press := func(k Key, a Action) PlatformEvent { return PlatformEvent{Kind: EventKey, Key: k, Action: a} }
	p.script = [][]PlatformEvent{
		{press(KeyZ, Press), press(KeySpace, Press), press(KeyMenu, Press), press(KeyLeftShift, Press), press(KeyA, Press)},
		{press(KeyZ, Release), press(KeyA, Repeat)},
		{press(KeySpace, Release), press(KeyMenu, Release), press(KeyLeftShift, Release), press(KeyA, Release)},
	}
	for i, want := range [][]Key{
		{KeySpace, KeyA, KeyZ, KeyLeftShift, KeyMenu},
		{KeySpace, KeyA, KeyLeftShift, KeyMenu},
		nil,
	} {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		if got := g.Keyboard().GetPressedKeys(); !slices.Equal(got, want) {
			t.Errorf("poll %d: pressed %v, want %v", i, got, want)
		}
	}
	var s KeyboardState
	for k := Key(0); k <= KeyLast; k += 7 {
		s.set(k, true)
	}
	buf := make([]Key, 0, 64)
	if a := testing.AllocsPerRun(50, func() { buf = s.AppendPressedKeys(buf[:0]) }); a != 0 {
		t.Errorf("AppendPressedKeys allocates %v per call", a)
	}
	if len(buf) != int(KeyLast)/7+1 || buf[1] != 7 || buf[len(buf)-1] != KeyLast/7*7 {
		t.Errorf("every seventh key: got %d keys %v", len(buf), buf)
	}
}

// TestI7_EveryGLFWKeyIsNamed: the named keys' names and codes, spot
// checked against GLFW 3.3's list (engine/desktop compares every one with
// GLFW's own constants).
func TestI7_EveryGLFWKeyIsNamed(t *testing.T) {
	n := 0
	for k := Key(0); k <= KeyLast; k++ {
		if keyNames[k] != "" {
			n++
		}
	}
	if n != 120 { // GLFW 3.3 names 120 keys besides UNKNOWN (and LAST, an alias of MENU)
		t.Errorf("%d named keys, want GLFW 3.3's 120", n)
	}
	for k, want := range map[Key]string{KeyGraveAccent: "GraveAccent", KeyWorld2: "World2", KeyF25: "F25",
		KeyKPEqual: "KPEqual", KeyRightSuper: "RightSuper", KeyMenu: "Menu", KeyUnknown: "Unknown", 250: "Key(250)"} {
		if got := k.String(); got != want {
			t.Errorf("Key(%d).String() = %q, want %q", int(k), got, want)
		}
	}
	if KeyGraveAccent != 96 || KeyWorld1 != 161 || KeyPrintScreen != 283 || KeyF25 != 314 || KeyKPEqual != 336 || KeyMenu != KeyLast {
		t.Error("a key's code differs from GLFW's")
	}
}

// TestI7_MouseButtonsAreNamed: buttons print by name, as keys do, so a
// logged press reads "Right", not 1.
func TestI7_MouseButtonsAreNamed(t *testing.T) {
	for b, want := range map[MouseButton]string{MouseLeft: "Left", MouseRight: "Right", MouseMiddle: "Middle",
		3: "Button4", MouseButtonLast: "Button8", 8: "MouseButton(8)", -1: "MouseButton(-1)"} {
		if got := b.String(); got != want {
			t.Errorf("MouseButton(%d).String() = %q, want %q", int(b), got, want)
		}
	}
}
