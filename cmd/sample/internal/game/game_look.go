package game

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// The free-look camera: the right mouse button captures the mouse (rule
// I4) and the mouse then turns the camera where it stands; Esc (or the
// right button again) releases it. Until the mouse is first captured the
// camera looks at the cube as it always did, so scripted runs and
// screenshots are unchanged.

// lookSpeed is the turn in radians per screen coordinate of motion.
const lookSpeed = 0.003

// freeLook is the camera's turn: yaw about Y (positive: to the left) and
// pitch about the camera's X (positive: up).
type freeLook struct {
	yaw, pitch float32
	turned     bool // the camera left its start
}

// update captures or releases the mouse on a right-button press and turns
// the camera by the update's MouseDelta while captured.
func (l *freeLook) update(g *engine.Game) {
	if g.IsMouseButtonJustPressed(engine.MouseRight) {
		g.SetMouseCaptured(!g.IsMouseCaptured())
	}
	if g.CursorMode() != engine.CursorCaptured {
		return
	}
	dx, dy := g.MouseDelta()
	if dx == 0 && dy == 0 {
		return
	}
	l.turned = true
	l.yaw -= float32(dx) * lookSpeed
	l.pitch = max(-1.5, min(1.5, l.pitch-float32(dy)*lookSpeed))
}

// view returns the camera's view from eye: towards the origin until the
// camera has turned, then along its yaw and pitch from that start.
func (l *freeLook) view(eye mgl32.Vec3) mgl32.Mat4 {
	if !l.turned {
		return graphics.CreateLookAt(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	}
	return graphics.CreateLookAt(eye, eye.Add(l.forward(eye.Mul(-1).Normalize())), mgl32.Vec3{0, 1, 0})
}

// forward turns the start direction by the yaw and the pitch.
func (l *freeLook) forward(start mgl32.Vec3) mgl32.Vec3 {
	return mgl32.HomogRotate3DY(l.yaw).Mul4(mgl32.HomogRotate3DX(l.pitch)).Mul4x1(start.Vec4(0)).Vec3()
}

// orbit returns the direction from a framed model to the eye: the start
// direction turned the other way, so looking right shows the model's
// right side.
func (l *freeLook) orbit(start mgl32.Vec3) mgl32.Vec3 {
	if !l.turned {
		return start
	}
	d := mgl32.HomogRotate3DY(l.yaw).Mul4(mgl32.HomogRotate3DX(-l.pitch)).Mul4x1(start.Vec4(0)).Vec3()
	if d.Len() == 0 || math.IsNaN(float64(d[0])) {
		return start
	}
	return d.Normalize()
}
