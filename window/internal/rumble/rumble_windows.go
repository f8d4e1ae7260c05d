//go:build windows

package rumble

import (
	"strings"
	"unsafe"

	"golang.org/x/sys/windows"
)

// xinputSetState is XInputSetState in xinput1_4.dll (Windows 8 and later).
var xinputSetState = windows.NewLazySystemDLL("xinput1_4.dll").NewProc("XInputSetState")

// xinputVibration is XINPUT_VIBRATION.
type xinputVibration struct {
	leftMotorSpeed, rightMotorSpeed uint16
}

// xuserMaxCount is XUSER_MAX_COUNT: XInput's four user indices.
const xuserMaxCount = 4

// Set sends vibration to XInput pads. The zero value is ready.
type Set struct{}

func xinputIndex(p Pad) (uint32, bool) {
	if !strings.HasPrefix(p.GUID, XInputGUIDPrefix) || p.XInput < 0 || p.XInput >= xuserMaxCount {
		return 0, false
	}
	return uint32(p.XInput), xinputSetState.Find() == nil
}

// CanVibrate reports whether p is an XInput pad (every XInput gamepad has
// the two motors) and XInput is present.
func (s *Set) CanVibrate(p Pad) bool {
	_, ok := xinputIndex(p)
	return ok
}

// Vibrate sets p's low-frequency (left) and high-frequency (right) motors
// to low and high (0..1) with XInputSetState; false for a pad that is not
// XInput's or that XInput reports as not connected.
func (s *Set) Vibrate(p Pad, low, high float32) bool {
	i, ok := xinputIndex(p)
	if !ok {
		return false
	}
	v := xinputVibration{magnitude(low), magnitude(high)}
	r, _, _ := xinputSetState.Call(uintptr(i), uintptr(unsafe.Pointer(&v)))
	return r == 0 // ERROR_SUCCESS
}

// Close does nothing: XInput keeps no handles.
func (s *Set) Close() {}
