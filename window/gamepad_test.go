package window

import "testing"

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

// TestI6_NoPadNoVibration: with no joystick (Xvfb has none), every slot's
// info is empty and SetGamepadVibration reports false, for any slot, and
// allocates nothing.
func TestI6_NoPadNoVibration(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	Do(func() {
		for _, j := range []int{-1, 0, 15, 16} {
			if info := w.GamepadInfo(j); info != (GamepadInfo{}) {
				t.Errorf("GamepadInfo(%d) = %+v, want the zero value", j, info)
			}
			if w.SetGamepadVibration(j, 1, 1) {
				t.Errorf("SetGamepadVibration(%d) reported true with no pad", j)
			}
		}
		if a := testing.AllocsPerRun(20, func() { w.SetGamepadVibration(0, 0.5, 0.5) }); a != 0 {
			t.Errorf("SetGamepadVibration allocates %v per call", a)
		}
	})
}
