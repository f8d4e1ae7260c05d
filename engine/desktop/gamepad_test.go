package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
)

// TestI6_GamepadCapabilitiesFromGLFW: a mapped pad has the standard
// layout and a type from its names; an unmapped joystick is only
// connected; motors follow what the platform can drive.
func TestI6_GamepadCapabilitiesFromGLFW(t *testing.T) {
	if c := gamepadCapabilities(window.GamepadInfo{}); c != (engine.GamepadCapabilities{}) {
		t.Errorf("empty slot: %+v", c)
	}
	c := gamepadCapabilities(window.GamepadInfo{Present: true, IsGamepad: true, Name: "Microsoft X-Box 360 pad",
		GamepadName: "Xbox Controller", CanVibrate: true})
	if !c.IsConnected || c.GamePadType != engine.GamepadTypeGamePad || !c.HasAButton || !c.HasBigButton ||
		!c.HasRightYThumbStick || !c.HasLeftTrigger || !c.HasLeftVibrationMotor || !c.HasRightVibrationMotor || c.HasVoiceSupport {
		t.Errorf("mapped pad: %+v", c)
	}
	c = gamepadCapabilities(window.GamepadInfo{Present: true, Name: "Some joystick"})
	if c != (engine.GamepadCapabilities{IsConnected: true}) {
		t.Errorf("unmapped joystick: %+v", c)
	}
	for name, want := range map[string]engine.GamepadType{
		"Logitech G29 Driving Force Racing Wheel": engine.GamepadTypeWheel,
		"Mad Catz Fight Stick TE":                 engine.GamepadTypeArcadeStick,
		"Thrustmaster T.Flight HOTAS X":           engine.GamepadTypeFlightStick,
		"Harmonix Guitar for Xbox 360":            engine.GamepadTypeGuitar,
		"Rock Band Drum Kit":                      engine.GamepadTypeDrumKit,
		"PS4 Controller":                          engine.GamepadTypeGamePad,
	} {
		if got := gamepadType(name); got != want {
			t.Errorf("gamepadType(%q) = %v, want %v", name, got, want)
		}
	}
}
