package window

/*
// Same layout as GLFW 3.3's GLFWgamepadstate.
typedef struct {
	unsigned char buttons[15];
	float axes[6];
} metronomeGamepadState;

extern int glfwGetGamepadState(int jid, void* state);

typedef struct {
	int ok;
	metronomeGamepadState state;
} metronomeGamepad;

// metronomeGamepadOf returns the state by value, so no Go pointer crosses
// into C and the caller's variable stays on its stack.
static metronomeGamepad metronomeGamepadOf(int jid) {
	metronomeGamepad g = {0};
	g.ok = glfwGetGamepadState(jid, &g.state);
	return g;
}
*/
import "C"

import (
	"strings"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/metronome-engine/metronome/window/internal/rumble"
)

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
func (s GamepadState) Pressed(b GamepadButton) bool {
	return b >= 0 && b < gamepadButtons && s.Buttons[b]
}

// Axis returns axis a's value; 0 for an unknown axis.
func (s GamepadState) Axis(a GamepadAxis) float32 {
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
	g := C.metronomeGamepadOf(C.int(joystick))
	if g.ok == 0 {
		return s, false
	}
	for i := range s.Buttons {
		s.Buttons[i] = g.state.buttons[i] != 0
	}
	for i := range s.Axes {
		s.Axes[i] = float32(g.state.axes[i])
	}
	return s, true
}

// GamepadInfo describes a joystick slot for a gamepad's capabilities.
type GamepadInfo struct {
	// Present reports whether a joystick is connected in the slot.
	Present bool
	// IsGamepad reports whether it has a gamepad mapping (GLFW's
	// SDL_GameControllerDB mappings): only then is GamepadState filled.
	IsGamepad bool
	// Name is the joystick's name, GamepadName its mapping's name, GUID
	// GLFW's joystick GUID (SDL's format).
	Name, GamepadName, GUID string
	// CanVibrate reports whether SetGamepadVibration can drive it.
	CanVibrate bool
}

// GamepadInfo describes joystick slot joystick (0..15); the zero value for
// an empty slot or one out of range. It reads the system's device lists,
// so call it when the capabilities are asked for, not every frame. Must
// be called from the main thread.
func (w *Window) GamepadInfo(joystick int) GamepadInfo {
	if w.win == nil || joystick < 0 || joystick > int(glfw.JoystickLast) {
		return GamepadInfo{}
	}
	j := glfw.Joystick(joystick)
	if !j.Present() {
		return GamepadInfo{}
	}
	info := GamepadInfo{Present: true, IsGamepad: j.IsGamepad(), Name: j.GetName(), GUID: j.GetGUID()}
	if info.IsGamepad {
		info.GamepadName = j.GetGamepadName()
	}
	if p, ok := w.pads.pad(joystick); ok {
		info.CanVibrate = w.pads.set.CanVibrate(p)
	}
	return info
}

// SetGamepadVibration sets the low-frequency (left) and high-frequency
// (right) motors of the gamepad in joystick slot joystick to low and high
// (0..1; 0, 0 stops them) and reports whether the pad took it: on Linux
// through its evdev node's force feedback (the node must be writable, as
// it is for a seat's user with the usual udev rules), on Windows through
// XInput. False for an empty slot, a pad without motors, or another
// platform; never an error. Must be called from the main thread.
func (w *Window) SetGamepadVibration(joystick int, low, high float32) bool {
	if w.win == nil {
		return false
	}
	p, ok := w.pads.pad(joystick)
	return ok && w.pads.set.Vibrate(p, low, high)
}

// joystickGen counts GLFW's joystick connections and disconnections, so a
// padCache knows when its identities are stale.
var joystickGen uint64

// installJoystickCallback counts connections in joystickGen. GLFW forgets
// its callbacks when it terminates, so every New installs it again.
func installJoystickCallback() {
	glfw.SetJoystickCallback(func(glfw.Joystick, glfw.PeripheralEvent) { joystickGen++ })
}

// padCache keeps each slot's identity for vibration, worked out once per
// connection change (so a game may vibrate every frame without
// allocating), and the open devices.
type padCache struct {
	gen   uint64
	known [glfw.JoystickLast + 1]bool
	pads  [glfw.JoystickLast + 1]rumble.Pad
	set   rumble.Set
}

// pad returns slot joystick's identity: its GUID and name, and how many
// earlier slots hold an identical pad or an XInput pad.
func (c *padCache) pad(joystick int) (rumble.Pad, bool) {
	if joystick < 0 || joystick > int(glfw.JoystickLast) || !glfw.Joystick(joystick).Present() {
		return rumble.Pad{}, false
	}
	if c.gen != joystickGen {
		c.gen, c.known = joystickGen, [glfw.JoystickLast + 1]bool{}
	}
	if c.known[joystick] {
		return c.pads[joystick], true
	}
	j := glfw.Joystick(joystick)
	p := rumble.Pad{GUID: j.GetGUID(), Name: j.GetName()}
	for i := range joystick {
		o := glfw.Joystick(i)
		if !o.Present() {
			continue
		}
		guid := o.GetGUID()
		if guid == p.GUID && o.GetName() == p.Name {
			p.Nth++
		}
		if strings.HasPrefix(guid, rumble.XInputGUIDPrefix) {
			p.XInput++
		}
	}
	c.pads[joystick], c.known[joystick] = p, true
	return p, true
}
