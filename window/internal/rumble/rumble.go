// Package rumble drives a gamepad's vibration motors without cgo: on
// Linux through the pad's evdev node (force feedback, FF_RUMBLE), on
// Windows through XInput. Package window finds the pad from what GLFW
// reports about a joystick (Pad). Everything here reports false where a
// pad or the platform cannot rumble; nothing returns an error, since a
// game never fails for want of vibration. Not safe for concurrent use.
package rumble

// Pad identifies a joystick as GLFW reports it.
type Pad struct {
	// GUID and Name are GLFW's joystick GUID and name.
	GUID, Name string
	// Nth counts the joysticks in earlier GLFW slots with the same GUID
	// and name (two identical pads): the Nth matching device is the pad.
	Nth int
	// XInput counts the XInput joysticks (GUID prefix "78696e707574",
	// "xinput") in earlier GLFW slots: on Windows, the pad's XInput user
	// index, since GLFW adds XInput pads in index order.
	XInput int
}

// XInputGUIDPrefix starts the GUID GLFW gives an XInput pad on Windows.
const XInputGUIDPrefix = "78696e707574"

// magnitude maps 0..1 to 0..65535 (NaN and out of range clamped).
func magnitude(v float32) uint16 {
	if !(v > 0) {
		return 0
	}
	if v >= 1 {
		return 0xFFFF
	}
	return uint16(v*0xFFFF + 0.5)
}
