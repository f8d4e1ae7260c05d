package window

import (
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

func TestKeyboardStateApply(t *testing.T) {
	var s KeyboardState
	steps := []struct {
		ev   Event
		key  KeyCode
		down bool
	}{
		{Event{Kind: Key, Key: KeyW, Action: Press}, KeyW, true},
		{Event{Kind: Key, Key: KeyW, Action: Repeat}, KeyW, true},
		{Event{Kind: Key, Key: KeyLast, Action: Press}, KeyLast, true},
		{Event{Kind: Char, Char: 'w'}, KeyW, true},
		{Event{Kind: Key, Key: KeyW, Action: Release}, KeyW, false},
		{Event{Kind: Key, Key: KeyUnknown, Action: Press}, KeyUnknown, false},
		{Event{Kind: Key, Key: KeyLast + 1, Action: Press}, KeyLast + 1, false},
	}
	for i, st := range steps {
		s.Apply(st.ev)
		if got := s.Down(st.key); got != st.down {
			t.Fatalf("step %d (%+v): Down(%d) = %v, want %v", i, st.ev, st.key, got, st.down)
		}
	}
	if !s.Down(KeyLast) || s.Down(KeySpace) {
		t.Fatal("KeyLast should still be down and Space up")
	}
}

func TestMouseStateApply(t *testing.T) {
	var s MouseState
	for _, ev := range []Event{
		{Kind: MouseButton, Button: ButtonMiddle, Action: Press},
		{Kind: MouseButton, Button: ButtonLast, Action: Press},
		{Kind: MouseButton, Button: ButtonLast + 1, Action: Press},
		{Kind: MouseButton, Button: -1, Action: Press},
		{Kind: CursorPos, X: 10, Y: 20},
		{Kind: Scroll, DX: -1, DY: 0.5},
		{Kind: Scroll, DY: 0.5},
		{Kind: MouseButton, Button: ButtonMiddle, Action: Release},
		{Kind: Key, Key: KeyA, Action: Press},
	} {
		s.Apply(ev)
	}
	if s.Down(ButtonMiddle) || !s.Down(ButtonLast) || s.Down(ButtonLast+1) || s.Down(-1) {
		t.Fatalf("buttons = %08b, want only ButtonLast", s.buttons)
	}
	if s.X != 10 || s.Y != 20 || s.ScrollX != -1 || s.ScrollY != 1 {
		t.Fatalf("state = %+v, want cursor 10,20 and scroll -1,1", s)
	}
}

func TestGamepadStateAccessors(t *testing.T) {
	var s GamepadState
	s.Buttons[GamepadStart] = true
	s.Axes[AxisRightTrigger] = 0.75
	if !s.Pressed(GamepadStart) || s.Pressed(GamepadA) || s.Pressed(-1) || s.Pressed(gamepadButtons) {
		t.Fatal("Pressed: want only Start")
	}
	if s.Axis(AxisRightTrigger) != 0.75 || s.Axis(-1) != 0 || s.Axis(gamepadAxes) != 0 {
		t.Fatal("Axis: want 0.75 for the right trigger and 0 out of range")
	}
}

func TestGamepadStateRejectsBadSlots(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	for _, j := range []int{-1, 16, 1 << 20} {
		var ok bool
		Do(func() { _, ok = w.GamepadState(j) })
		if ok {
			t.Errorf("GamepadState(%d) reported a gamepad", j)
		}
	}
	var allocs float64
	Do(func() { allocs = testing.AllocsPerRun(20, func() { w.GamepadState(0) }) })
	if allocs != 0 {
		t.Errorf("GamepadState allocates %v per call", allocs)
	}
}

func TestSnapshotsReadWithoutAVariable(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	var key, button bool
	Do(func() {
		w.onKey(nil, glfw.KeyA, 38, glfw.Press, 0)
		w.onMouseButton(nil, glfw.MouseButtonLeft, glfw.Press, 0)
		key, button = w.KeyboardState().Down(KeyA), w.MouseState().Down(ButtonLeft)
	})
	if !key || !button {
		t.Fatalf("KeyboardState().Down(KeyA) = %v, MouseState().Down(ButtonLeft) = %v; want true", key, button)
	}
}
