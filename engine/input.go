package engine

import (
	"math/bits"
	"strconv"
	"time"
)

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

// GetPressedKeys returns the keys held, in ascending code order (XNA's
// KeyboardState.GetPressedKeys, I7); nil when none is. It allocates: a
// game that asks every frame uses AppendPressedKeys with a reused slice.
func (s KeyboardState) GetPressedKeys() []Key { return s.AppendPressedKeys(nil) }

// AppendPressedKeys appends the keys held to dst, in ascending code
// order, and returns it; it allocates nothing when cap(dst) suffices (I7).
func (s KeyboardState) AppendPressedKeys(dst []Key) []Key {
	for w, word := range s.down {
		for word != 0 {
			dst = append(dst, Key(w*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	return dst
}

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
	// X, Y are the cursor in screen coordinates from the content area's
	// top-left, not pixels: Window().PixelRatio converts to back-buffer
	// pixels where they differ (HiDPI on macOS, Wayland), and
	// Window().ContentScale reports the monitor's scale.
	X, Y float64
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
	// The pseudo-buttons (I6): the engine derives them from the sticks and
	// triggers after the dead zone, as XNA does: a stick direction is held
	// while the processed stick is past that stick's dead-zone size in that
	// direction, a trigger while its processed value is past
	// GamepadTriggerThreshold. Platforms leave them false.
	GamepadLeftThumbstickUp
	GamepadLeftThumbstickDown
	GamepadLeftThumbstickLeft
	GamepadLeftThumbstickRight
	GamepadRightThumbstickUp
	GamepadRightThumbstickDown
	GamepadRightThumbstickLeft
	GamepadRightThumbstickRight
	GamepadLeftTrigger
	GamepadRightTrigger
	// GamepadButtonCount is the number of gamepad buttons, pseudo-buttons
	// included.
	GamepadButtonCount
)

// GamepadPhysicalButtons is the number of buttons a platform reports
// (GamepadA..GamepadDpadLeft); the pseudo-buttons follow them.
const GamepadPhysicalButtons = GamepadLeftThumbstickUp

// GamepadAxis indexes GamepadState.Axes.
type GamepadAxis int

// Gamepad axes, raw as the platform reports them (GLFW's ranges): sticks
// run -1..1 with Y positive down, triggers -1 (released) .. 1. XNA's
// ranges (Y up, triggers 0..1, dead zones) are GamepadState.ThumbSticks and
// Triggers.
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
// gamepad with nothing pressed. A platform fills Buttons (the physical
// ones) and Axes; the engine fills the rest (I6): ThumbSticks, Triggers,
// the pseudo-buttons and IsConnected.
type GamepadState struct {
	Buttons [GamepadButtonCount]bool  // true: held
	Axes    [GamepadAxisCount]float32 // raw; see the GamepadAxis constants
	// ThumbSticks are the sticks as XNA reads them: Y up, after the dead
	// zone the state was read with (Game.GamePad: independent axes).
	ThumbSticks GamepadThumbSticks
	// Triggers are the triggers as XNA reads them: 0 (released) .. 1, after
	// the dead zone.
	Triggers GamepadTriggers
	// IsConnected reports whether a gamepad is connected in the slot.
	IsConnected bool
}

// IsButtonDown reports whether b is held; false for an unknown button.
func (s GamepadState) IsButtonDown(b GamepadButton) bool {
	return b >= 0 && b < GamepadButtonCount && s.Buttons[b]
}

// IsButtonUp reports whether b is not held.
func (s GamepadState) IsButtonUp(b GamepadButton) bool { return !s.IsButtonDown(b) }

// InputEventKind says which fields of an [InputEvent] are set.
type InputEventKind uint8

// Input event kinds. The zero kind is not valid.
const (
	InputKey         InputEventKind = iota + 1 // a key changed: Key, Action
	InputMouseButton                           // a mouse button changed: Button, Action, X, Y
	InputText                                  // a character was typed: Char
)

var inputKindNames = [...]string{InputKey: "Key", InputMouseButton: "MouseButton", InputText: "Text"}

// String returns the kind's name, as in "MouseButton".
func (k InputEventKind) String() string {
	if int(k) < len(inputKindNames) && inputKindNames[k] != "" {
		return inputKindNames[k]
	}
	return "InputEventKind(" + strconv.Itoa(int(k)) + ")"
}

// InputEvent is one entry of the stream [Game.InputEvents] returns: a key,
// mouse-button or text event, in the order they happened (I2). Kind says
// which fields are set.
type InputEvent struct {
	Kind   InputEventKind
	Key    Key         // InputKey
	Button MouseButton // InputMouseButton
	Action Action      // InputKey, InputMouseButton: Press, Release or Repeat (keys only)
	Char   rune        // InputText
	X, Y   float64     // InputMouseButton: the cursor when the button changed
	// Time is the game's clock (Config.Source) when the poll that
	// delivered the event ran. The events of one poll share it; their
	// order in the stream is the order they happened in.
	Time time.Duration
}

// inputEdges are the presses and releases seen in a span of polls: a bit
// is set when the key or button went down (or up) at least once (I1).
type inputEdges struct {
	keysPressed, keysReleased       KeyboardState
	buttonsPressed, buttonsReleased uint8
	dx, dy                          float64 // the cursor's motion (I4)
}

// inputBridge is the input state machine every event reaches first: it
// tracks the live keyboard and mouse, and collects the edges, the event
// stream and the text that arrived since the last update began. The
// snapshots are published from it after each whole batch; the edges and
// the stream are handed to the next update (takeUpdate).
type inputBridge struct {
	keys   KeyboardState
	mouse  MouseState
	edges  inputEdges
	events []InputEvent
	text   []rune
	now    time.Duration // the clock at the current poll
}

// apply feeds one event to the bridge.
func (b *inputBridge) apply(ev *PlatformEvent) {
	switch ev.Kind {
	case EventKey:
		b.keys.set(ev.Key, ev.Action != Release)
		switch ev.Action {
		case Press:
			b.edges.keysPressed.set(ev.Key, true)
		case Release:
			b.edges.keysReleased.set(ev.Key, true)
		}
		b.events = append(b.events, InputEvent{Kind: InputKey, Key: ev.Key, Action: ev.Action, Time: b.now})
	case EventChar:
		b.text = append(b.text, ev.Char)
		b.events = append(b.events, InputEvent{Kind: InputText, Char: ev.Char, Time: b.now})
	case EventMouseButton:
		b.events = append(b.events, InputEvent{Kind: InputMouseButton, Button: ev.Button, Action: ev.Action,
			X: b.mouse.X, Y: b.mouse.Y, Time: b.now})
		if ev.Button < 0 || ev.Button > MouseButtonLast {
			return
		}
		bit := uint8(1) << ev.Button
		if ev.Action == Release {
			b.mouse.buttons &^= bit
			b.edges.buttonsReleased |= bit
		} else {
			b.mouse.buttons |= bit
			if ev.Action == Press {
				b.edges.buttonsPressed |= bit
			}
		}
	case EventCursor:
		b.edges.dx += ev.X - b.mouse.X
		b.edges.dy += ev.Y - b.mouse.Y
		b.mouse.X, b.mouse.Y = ev.X, ev.Y
	case EventScroll:
		b.mouse.ScrollX += ev.DX
		b.mouse.ScrollY += ev.DY
	}
}

// takeUpdate hands what arrived since the last update to the update about
// to run (I1): the edges, the event stream and the text. The loop calls it
// at the start of every update, so a burst's first update gets them and the
// others get none; a tick that runs no update keeps them for the next.
func (g *Game) takeUpdate() {
	b := &g.bridge
	g.edges, b.edges = b.edges, inputEdges{}
	g.events, b.events = b.events, g.events[:0]
	g.text, b.text = b.text, g.text[:0]
	g.pads.update, g.pads.edges = g.pads.edges, padEdges{}
}

// IsKeyJustPressed reports whether k went down between the previous update
// and this one (I1), even when it went up again before this update (a tap
// shorter than a tick: IsKeyDown is then false). Auto-repeats do not count.
// It reads the same in Update and in the Draw after it; a catch-up burst
// sees the press in its first update only.
func (g *Game) IsKeyJustPressed(k Key) bool { return g.edges.keysPressed.IsKeyDown(k) }

// IsKeyJustReleased reports whether k went up between the previous update
// and this one (I1), even when it went down again before this update.
func (g *Game) IsKeyJustReleased(k Key) bool { return g.edges.keysReleased.IsKeyDown(k) }

// IsMouseButtonJustPressed reports whether b went down between the previous
// update and this one (I1), even when it went up again before this update.
func (g *Game) IsMouseButtonJustPressed(b MouseButton) bool {
	return b >= 0 && b <= MouseButtonLast && g.edges.buttonsPressed&(1<<b) != 0
}

// IsMouseButtonJustReleased reports whether b went up between the previous
// update and this one (I1), even when it went down again before this update.
func (g *Game) IsMouseButtonJustReleased(b MouseButton) bool {
	return b >= 0 && b <= MouseButtonLast && g.edges.buttonsReleased&(1<<b) != 0
}

// InputEvents returns the key, mouse-button and text events that arrived
// between the previous update and this one, in order, with their times
// (I2): two taps of one key are four events. Like the edges it reads the
// same in Update and the Draw after it. The slice is reused after the next
// update: copy what you keep.
func (g *Game) InputEvents() []InputEvent { return g.events }
