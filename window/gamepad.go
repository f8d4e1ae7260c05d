package window

/*
// Same layout as GLFW 3.3's GLFWgamepadstate.
typedef struct {
	unsigned char buttons[15];
	float axes[6];
} metronomeGamepadState;

extern int glfwGetGamepadState(int jid, void* state);

static int metronomeGamepadStateOf(int jid, metronomeGamepadState* state) {
	return glfwGetGamepadState(jid, state);
}
*/
import "C"

import "github.com/go-gl/glfw/v3.3/glfw"

// GamepadButton indexes GamepadState.Buttons (Xbox names; GLFW's standard
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
	gamepadButtons
)

// GamepadAxis indexes GamepadState.Axes.
type GamepadAxis int

// Gamepad axes. Sticks run -1..1 (Y positive down); triggers -1 (released) .. 1.
const (
	AxisLeftX GamepadAxis = iota
	AxisLeftY
	AxisRightX
	AxisRightY
	AxisLeftTrigger
	AxisRightTrigger
	gamepadAxes
)

// GamepadState is a gamepad's buttons and axes through GLFW's gamepad
// mappings (SDL_GameControllerDB format, built into GLFW).
type GamepadState struct {
	Buttons [gamepadButtons]bool // true: held
	Axes    [gamepadAxes]float32 // see the GamepadAxis constants for ranges
}

// Pressed reports whether button b is held; false for an unknown button.
func (s *GamepadState) Pressed(b GamepadButton) bool {
	return b >= 0 && b < gamepadButtons && s.Buttons[b]
}

// Axis returns axis a's value; 0 for an unknown axis.
func (s *GamepadState) Axis(a GamepadAxis) float32 {
	if a < 0 || a >= gamepadAxes {
		return 0
	}
	return s.Axes[a]
}

// GamepadState returns the state of joystick slot joystick (0..15) if a
// joystick with a gamepad mapping is connected there; false otherwise,
// including for slots out of range. The first call opens the joystick
// devices, so call it only once the game asks for a gamepad. Allocates
// nothing. Must be called from the main thread.
func (w *Window) GamepadState(joystick int) (GamepadState, bool) {
	var s GamepadState
	if w.win == nil || joystick < 0 || joystick > int(glfw.JoystickLast) {
		return s, false
	}
	var c C.metronomeGamepadState
	if C.metronomeGamepadStateOf(C.int(joystick), &c) == 0 {
		return s, false
	}
	for i := range s.Buttons {
		s.Buttons[i] = c.buttons[i] != 0
	}
	for i := range s.Axes {
		s.Axes[i] = float32(c.axes[i])
	}
	return s, true
}
