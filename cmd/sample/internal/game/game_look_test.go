package game

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestI4_FreeLookTurnsFromTheStart: until the mouse turns it, the
// free-look camera's view is the sample's fixed one (screenshots and
// scripted runs are unchanged); a yaw turns the view about Y, a pitch is
// clamped short of straight up.
func TestI4_FreeLookTurnsFromTheStart(t *testing.T) {
	var l freeLook
	fixed := graphics.CreateLookAt(cameraEye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	if l.view(cameraEye) != fixed {
		t.Fatal("the unturned camera differs from the fixed one")
	}
	l.turned, l.yaw = true, mgl32.DegToRad(90)
	f := l.forward(mgl32.Vec3{0, 0, -1})
	if f.Sub(mgl32.Vec3{-1, 0, 0}).Len() > 1e-6 {
		t.Errorf("a 90-degree yaw (left) looks along %v, want -X", f)
	}
	l.yaw, l.pitch = 0, 0.5
	if f := l.forward(mgl32.Vec3{0, 0, -1}); f[1] <= 0 {
		t.Errorf("a positive pitch looks along %v, want upwards", f)
	}
	if o := l.orbit(mgl32.Vec3{0, 0, 1}); o[1] <= 0 || mgl32.Abs(o.Len()-1) > 1e-6 {
		t.Errorf("orbit direction %v, want a unit vector above the model", o)
	}
}
