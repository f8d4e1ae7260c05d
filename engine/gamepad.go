package engine

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// GamepadDeadZone says how the sticks' dead zones are applied (XNA's
// GamePadDeadZone, I6).
type GamepadDeadZone int

// Dead-zone modes. The zero value is XNA's default.
const (
	// DeadZoneIndependentAxes zeroes each axis of a stick on its own while
	// it is within the dead zone, and rescales the rest of its travel to
	// 0..1; the result is clamped to the square -1..1.
	DeadZoneIndependentAxes GamepadDeadZone = iota
	// DeadZoneCircular zeroes a stick while its length is within the dead
	// zone and rescales its length beyond it to 0..1, keeping its
	// direction; the result is clamped to the unit circle.
	DeadZoneCircular
	// DeadZoneNone applies no dead zone: the raw values (Y up, triggers
	// 0..1), clamped to the square -1..1.
	DeadZoneNone
)

// XNA's dead-zone sizes (those of XInput, I6), as fractions of a stick's or
// trigger's travel.
const (
	GamepadLeftDeadZone     = 7849.0 / 32768.0 // left stick, about 0.2395
	GamepadRightDeadZone    = 8689.0 / 32768.0 // right stick, about 0.2652
	GamepadTriggerThreshold = 30.0 / 255.0     // triggers, about 0.1176
)

// GamepadThumbSticks are a gamepad's two sticks as XNA reads them: X right,
// Y up, each -1..1 (XNA's GamePadThumbSticks).
type GamepadThumbSticks struct {
	Left, Right mgl32.Vec2
}

// GamepadTriggers are a gamepad's two triggers as XNA reads them: 0
// released .. 1 fully pressed (XNA's GamePadTriggers).
type GamepadTriggers struct {
	Left, Right float32
}

// excludeAxisDeadZone zeroes v within ±dz and rescales the rest of its
// travel so that it starts at 0 just past the dead zone and reaches 1 at 1.
func excludeAxisDeadZone(v, dz float32) float32 {
	switch {
	case v < -dz:
		v += dz
	case v > dz:
		v -= dz
	default:
		return 0
	}
	return v / (1 - dz)
}

// excludeCircularDeadZone zeroes s while its length is within dz and
// rescales its length beyond it to 0..1, keeping its direction.
func excludeCircularDeadZone(s mgl32.Vec2, dz float32) mgl32.Vec2 {
	l := s.Len()
	if l <= dz {
		return mgl32.Vec2{}
	}
	return s.Mul((l - dz) / (1 - dz) / l)
}

func clampUnit(v float32) float32 { return max(-1, min(1, v)) }

// cook fills the XNA half of s from its raw Axes and physical Buttons with
// dead-zone mode dz (I6): ThumbSticks (Y flipped to up), Triggers (-1..1
// mapped to 0..1), then the pseudo-buttons from the processed values, as
// XNA derives them. An unknown mode counts as DeadZoneIndependentAxes.
func (s *GamepadState) cook(dz GamepadDeadZone) {
	a := &s.Axes
	left := mgl32.Vec2{a[AxisLeftX], -a[AxisLeftY]}
	right := mgl32.Vec2{a[AxisRightX], -a[AxisRightY]}
	lt := (a[AxisLeftTrigger] + 1) / 2
	rt := (a[AxisRightTrigger] + 1) / 2
	switch dz {
	case DeadZoneNone:
	case DeadZoneCircular:
		left = excludeCircularDeadZone(left, GamepadLeftDeadZone)
		right = excludeCircularDeadZone(right, GamepadRightDeadZone)
	default:
		left = mgl32.Vec2{excludeAxisDeadZone(left[0], GamepadLeftDeadZone), excludeAxisDeadZone(left[1], GamepadLeftDeadZone)}
		right = mgl32.Vec2{excludeAxisDeadZone(right[0], GamepadRightDeadZone), excludeAxisDeadZone(right[1], GamepadRightDeadZone)}
	}
	if dz == DeadZoneCircular {
		left, right = clampCircle(left), clampCircle(right)
	} else {
		left = mgl32.Vec2{clampUnit(left[0]), clampUnit(left[1])}
		right = mgl32.Vec2{clampUnit(right[0]), clampUnit(right[1])}
	}
	if dz != DeadZoneNone {
		lt = excludeAxisDeadZone(lt, GamepadTriggerThreshold)
		rt = excludeAxisDeadZone(rt, GamepadTriggerThreshold)
	}
	s.ThumbSticks = GamepadThumbSticks{Left: left, Right: right}
	s.Triggers = GamepadTriggers{Left: max(0, min(1, lt)), Right: max(0, min(1, rt))}

	b := &s.Buttons
	stickButtons(b, left, GamepadLeftDeadZone, GamepadLeftThumbstickUp)
	stickButtons(b, right, GamepadRightDeadZone, GamepadRightThumbstickUp)
	b[GamepadLeftTrigger] = s.Triggers.Left > GamepadTriggerThreshold
	b[GamepadRightTrigger] = s.Triggers.Right > GamepadTriggerThreshold
}

// clampCircle shortens s to length 1 when it is longer.
func clampCircle(s mgl32.Vec2) mgl32.Vec2 {
	if l := s.Len(); l > 1 {
		return s.Mul(1 / l)
	}
	return s
}

// stickButtons sets the four pseudo-buttons starting at up (Up, Down,
// Left, Right) from stick s: a direction is held past dz.
func stickButtons(b *[GamepadButtonCount]bool, s mgl32.Vec2, dz float32, up GamepadButton) {
	b[up] = s[1] > dz
	b[up+1] = s[1] < -dz
	b[up+2] = s[0] < -dz
	b[up+3] = s[0] > dz
}

// GamepadType is the kind of controller in a slot (XNA's GamePadType).
type GamepadType int

// Gamepad types, in XNA's order.
const (
	GamepadTypeUnknown GamepadType = iota
	GamepadTypeGamePad
	GamepadTypeWheel
	GamepadTypeArcadeStick
	GamepadTypeFlightStick
	GamepadTypeDancePad
	GamepadTypeGuitar
	GamepadTypeAlternateGuitar
	GamepadTypeDrumKit
	GamepadTypeBigButtonPad
)

// GamepadCapabilities says what the controller in a slot has (XNA's
// GamePadCapabilities). The zero value is an empty slot.
type GamepadCapabilities struct {
	IsConnected bool
	GamePadType GamepadType

	HasAButton, HasBButton, HasXButton, HasYButton bool
	HasBackButton, HasStartButton, HasBigButton    bool
	HasLeftShoulderButton, HasRightShoulderButton  bool
	HasLeftStickButton, HasRightStickButton        bool
	HasDPadUpButton, HasDPadDownButton             bool
	HasDPadLeftButton, HasDPadRightButton          bool
	HasLeftXThumbStick, HasLeftYThumbStick         bool
	HasRightXThumbStick, HasRightYThumbStick       bool
	HasLeftTrigger, HasRightTrigger                bool
	HasLeftVibrationMotor, HasRightVibrationMotor  bool
	HasVoiceSupport                                bool
}

// GamepadDevices is an optional Platform interface for what XNA's GamePad
// has beyond the state (I6). engine/desktop implements it; without it a
// slot's capabilities are only IsConnected and SetVibration reports false.
type GamepadDevices interface {
	// GamepadCapabilities describes the controller in slot index; the
	// zero value when none is connected.
	GamepadCapabilities(index int) GamepadCapabilities
	// SetGamepadVibration sets the low-frequency (left) and
	// high-frequency (right) motors of slot index to low and high, each
	// 0..1, and reports whether the controller took it. It never fails
	// the game: a controller or platform that cannot rumble reports false.
	SetGamepadVibration(index int, low, high float32) bool
}

// GamePadState returns the snapshot of gamepad slot index as GamePad does,
// with its ThumbSticks, Triggers and pseudo-buttons worked out with
// dead-zone mode deadZone instead of DeadZoneIndependentAxes (XNA's
// GamePad.GetState(player, deadZoneMode), I6). The raw Axes and the
// physical buttons are the same; the edges (IsButtonJustPressed) follow
// the default mode.
func (g *Game) GamePadState(index int, deadZone GamepadDeadZone) (GamepadState, bool) {
	s, ok := g.GamePad(index)
	if deadZone != DeadZoneIndependentAxes {
		s.cook(deadZone)
	}
	return s, ok
}

// GamePadCapabilities describes the controller in slot index (XNA's
// GamePad.GetCapabilities, I6); the zero value for an empty slot or an
// index out of range.
func (g *Game) GamePadCapabilities(index int) GamepadCapabilities {
	if index < 0 || index >= MaxGamepads {
		return GamepadCapabilities{}
	}
	if d, ok := g.platform.(GamepadDevices); ok {
		return d.GamepadCapabilities(index)
	}
	_, connected := g.platform.Gamepad(index)
	return GamepadCapabilities{IsConnected: connected}
}

// SetVibration sets the motors of the gamepad in slot index: low drives
// the low-frequency (left) motor, high the high-frequency (right) one,
// each clamped to 0..1; 0, 0 stops them. The motors keep running until
// the next call (XNA's GamePad.SetVibration, I6). It reports whether the
// controller took the setting: false for an empty slot, a controller
// without motors, or a platform that cannot rumble; never an error.
func (g *Game) SetVibration(index int, low, high float32) bool {
	if index < 0 || index >= MaxGamepads {
		return false
	}
	d, ok := g.platform.(GamepadDevices)
	if !ok {
		return false
	}
	return d.SetGamepadVibration(index, clamp01(low), clamp01(high))
}

// clamp01 clamps v to 0..1; NaN becomes 0.
func clamp01(v float32) float32 {
	if math.IsNaN(float64(v)) {
		return 0
	}
	return max(0, min(1, v))
}
