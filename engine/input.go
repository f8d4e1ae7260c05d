package engine

// KeyboardState is a snapshot of the keys held. The zero value has no key
// down. A value: copy it to keep a snapshot.
type KeyboardState struct {
	down [(int(KeyLast) + 64) / 64]uint64
}

// IsKeyDown reports whether k is held; keys outside 0..KeyLast report false.
func (s KeyboardState) IsKeyDown(k Key) bool {
	if k < 0 || k > KeyLast {
		return false
	}
	return s.down[k/64]&(1<<(k%64)) != 0
}

// IsKeyUp reports whether k is not held.
func (s KeyboardState) IsKeyUp(k Key) bool { return !s.IsKeyDown(k) }

// set marks k held or not; keys outside 0..KeyLast are ignored.
func (s *KeyboardState) set(k Key, down bool) {
	if k < 0 || k > KeyLast {
		return
	}
	bit := uint64(1) << (k % 64)
	if down {
		s.down[k/64] |= bit
	} else {
		s.down[k/64] &^= bit
	}
}

// MouseState is a snapshot of the mouse. The zero value has the cursor at
// 0,0, no button held and no wheel movement.
type MouseState struct {
	X, Y float64 // cursor, screen coordinates from the content area's top-left
	// ScrollX, ScrollY are the wheel steps scrolled since the game started
	// (XNA's ScrollWheelValue is ScrollY x 120).
	ScrollX, ScrollY float64
	buttons          uint8
}

// IsButtonDown reports whether b is held; unknown buttons report false.
func (s MouseState) IsButtonDown(b MouseButton) bool {
	if b < 0 || b > MouseButtonLast {
		return false
	}
	return s.buttons&(1<<b) != 0
}

// GamepadButton indexes GamepadState.Buttons (Xbox names, GLFW's standard
// gamepad layout).
type GamepadButton int

// Gamepad buttons.
const (
	GamepadA GamepadButton = iota
	GamepadB
	GamepadX
	GamepadY
	GamepadLeftBumper
	GamepadRightBumper
	GamepadBack
	GamepadStart
	GamepadGuide
	GamepadLeftThumb
	GamepadRightThumb
	GamepadDpadUp
	GamepadDpadRight
	GamepadDpadDown
	GamepadDpadLeft
	// GamepadButtonCount is the number of gamepad buttons.
	GamepadButtonCount
)

// GamepadAxis indexes GamepadState.Axes.
type GamepadAxis int

// Gamepad axes: sticks run -1..1 (Y positive down), triggers -1..1.
const (
	AxisLeftX GamepadAxis = iota
	AxisLeftY
	AxisRightX
	AxisRightY
	AxisLeftTrigger
	AxisRightTrigger
	// GamepadAxisCount is the number of gamepad axes.
	GamepadAxisCount
)

// MaxGamepads is the number of gamepad slots (GLFW's joystick slots).
const MaxGamepads = 16

// GamepadState is a gamepad's buttons and axes. The zero value is a
// gamepad with nothing pressed.
type GamepadState struct {
	Buttons [GamepadButtonCount]bool  // true: held
	Axes    [GamepadAxisCount]float32 // see the GamepadAxis constants
}

// IsButtonDown reports whether b is held; false for an unknown button.
func (s GamepadState) IsButtonDown(b GamepadButton) bool {
	return b >= 0 && b < GamepadButtonCount && s.Buttons[b]
}

// inputBridge is the input state machine every event reaches first (the
// seed's PlatformInputBridge): it tracks the live keyboard and mouse and
// the characters typed in the current batch. Snapshots are published from
// it after the whole batch.
type inputBridge struct {
	keys  KeyboardState
	mouse MouseState
	text  []rune
}

// apply feeds one event to the bridge.
func (b *inputBridge) apply(ev *PlatformEvent) {
	switch ev.Kind {
	case EventKey:
		b.keys.set(ev.Key, ev.Action != Release)
	case EventChar:
		b.text = append(b.text, ev.Char)
	case EventMouseButton:
		if ev.Button < 0 || ev.Button > MouseButtonLast {
			return
		}
		if ev.Action == Release {
			b.mouse.buttons &^= 1 << ev.Button
		} else {
			b.mouse.buttons |= 1 << ev.Button
		}
	case EventCursor:
		b.mouse.X, b.mouse.Y = ev.X, ev.Y
	case EventScroll:
		b.mouse.ScrollX += ev.DX
		b.mouse.ScrollY += ev.DY
	}
}
