//go:build !linux && !windows

package rumble

// Set is the pads' open devices: none on this platform.
type Set struct{}

// CanVibrate reports false: this platform has no vibration support here.
func (s *Set) CanVibrate(Pad) bool { return false }

// Vibrate reports false: this platform has no vibration support here.
func (s *Set) Vibrate(Pad, float32, float32) bool { return false }

// Close does nothing.
func (s *Set) Close() {}
