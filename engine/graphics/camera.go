package graphics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Camera helpers with XNA's conventions and Vulkan's clip space (rule G8):
// right-handed (the camera looks down -Z), depth 0 at the near plane and 1
// at the far plane, and Y flipped inside the projections so that +Y is up
// on screen while Vulkan's clip space has +Y down. Winding is therefore as
// seen on screen: XNA's default CullCounterClockwise keeps clockwise faces,
// and a mesh from an XNA game renders the same. Matrices are mathgl's
// (column vectors): a world-view-projection is Projection*View*World.

// CreateLookAt returns the view matrix of a camera at eye looking at
// target with up as its up direction (XNA's Matrix.CreateLookAt).
func CreateLookAt(eye, target, up mgl32.Vec3) mgl32.Mat4 {
	return mgl32.LookAtV(eye, target, up)
}

// CreatePerspectiveFieldOfView returns a perspective projection with a
// vertical field of view fovY (radians, 0 < fovY < pi), aspect ratio
// width/height and near and far plane distances (0 < near < far), mapping
// view depth -near to 0 and -far to 1 (XNA's
// Matrix.CreatePerspectiveFieldOfView, Y flipped).
func CreatePerspectiveFieldOfView(fovY, aspect, near, far float32) (mgl32.Mat4, error) {
	if !(fovY > 0 && fovY < math.Pi) || !(aspect > 0) || !(near > 0) || !(far > near) {
		return mgl32.Mat4{}, fmt.Errorf("graphics: perspective fov %v aspect %v near %v far %v: want 0 < fov < pi, aspect > 0, 0 < near < far: %w",
			fovY, aspect, near, far, ErrInvalid)
	}
	f := float32(1 / math.Tan(float64(fovY)/2))
	return mgl32.Mat4{
		f / aspect, 0, 0, 0,
		0, -f, 0, 0,
		0, 0, far / (near - far), -1,
		0, 0, near * far / (near - far), 0,
	}, nil
}

// CreateOrthographic returns an orthographic projection of a width x
// height volume centred on the view axis, depth -near to 0 and -far to 1
// (XNA's Matrix.CreateOrthographic, Y flipped).
func CreateOrthographic(width, height, near, far float32) (mgl32.Mat4, error) {
	return CreateOrthographicOffCenter(-width/2, width/2, -height/2, height/2, near, far)
}

// CreateOrthographicOffCenter returns an orthographic projection of the
// volume left..right, bottom..top, depth -near to 0 and -far to 1 (XNA's
// Matrix.CreateOrthographicOffCenter, Y flipped). For 2D in pixels with
// the origin at the top-left, pass (0, width, height, 0, 0, 1).
func CreateOrthographicOffCenter(left, right, bottom, top, near, far float32) (mgl32.Mat4, error) {
	if left == right || bottom == top || near == far {
		return mgl32.Mat4{}, fmt.Errorf("graphics: orthographic %v..%v, %v..%v, %v..%v: empty volume: %w",
			left, right, bottom, top, near, far, ErrInvalid)
	}
	return mgl32.Mat4{
		2 / (right - left), 0, 0, 0,
		0, -2 / (top - bottom), 0, 0,
		0, 0, 1 / (near - far), 0,
		(left + right) / (left - right), -(top + bottom) / (bottom - top), near / (near - far), 1,
	}, nil
}
