package vulkan

import (
	"math"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// Scene constants: a unit cube turning about a tilted axis, seen from +Z.
const (
	// SpinRate is the cube's rotation speed in radians per second of the time
	// passed to DrawFrame.
	SpinRate       = 0.9
	cameraDistance = 3.0
	fieldOfView    = 45 // degrees, vertical
	nearPlane      = 0.1
	farPlane       = 10.0
	ambient        = 0.25
)

// clearColor is the background colour (linear RGBA in 0..1; the swapchain is
// UNORM, so it is stored as is: about (26, 31, 46) in 8 bits).
var clearColor = [4]float32{0.10, 0.12, 0.18, 1}

// cubeColor is the cube's surface colour before lighting (RGB in 0..1).
var cubeColor = [3]float32{1.0, 0.55, 0.10}

var (
	spinAxis = mgl32.Vec3{0.4, 1, 0.25}.Normalize()
	lightDir = mgl32.Vec3{0.3, 0.6, 0.75}.Normalize() // towards the light
	// vulkanClip turns mathgl's OpenGL clip space into Vulkan's: Y down,
	// depth 0..1 (column-major).
	vulkanClip = mgl32.Mat4{1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 1}
)

// uniforms mirrors the shaders' Transforms block (std140, 496 bytes; the
// offsets are checked against the compiled SPIR-V by a test).
type uniforms struct {
	MVP      mgl32.Mat4 // Vulkan clip space
	Normal   mgl32.Mat4 // inverse transpose of the model matrix
	Light    [4]float32 // xyz towards the light, w ambient
	Color    [4]float32 // rgb: the cube's surface colour
	ViewProj mgl32.Mat4 // projection * view in Vulkan clip space (objects)
	Count    [4]uint32  // x: objects in use
	Objects  [MaxObjects]objectUniform
}

// objectUniform mirrors the shaders' Object struct (std140, 32 bytes).
type objectUniform struct {
	PosScale [4]float32 // xyz centre, w scale
	Color    [4]float32 // rgb
}

const uniformSize = int(unsafe.Sizeof(uniforms{}))

// sceneUniforms returns the transforms for time t on a width x height
// target: a pure function of its arguments, so the clock drives the scene.
func sceneUniforms(t time.Duration, width, height int) uniforms {
	angle := float32(math.Mod(t.Seconds()*SpinRate, 2*math.Pi))
	model := mgl32.HomogRotate3D(angle, spinAxis)
	vp := viewProjection(width, height)
	return uniforms{
		MVP:      vp.Mul4(model),
		Normal:   model.Inv().Transpose(),
		Light:    [4]float32{lightDir[0], lightDir[1], lightDir[2], ambient},
		Color:    [4]float32{cubeColor[0], cubeColor[1], cubeColor[2], 1},
		ViewProj: vp,
	}
}

// viewProjection is the camera's projection * view in Vulkan clip space for
// a width x height target (a non-positive size counts as square).
func viewProjection(width, height int) mgl32.Mat4 {
	view := mgl32.LookAtV(mgl32.Vec3{0, 0, cameraDistance}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	aspect := float32(1)
	if width > 0 && height > 0 {
		aspect = float32(width) / float32(height)
	}
	proj := mgl32.Perspective(mgl32.DegToRad(fieldOfView), aspect, nearPlane, farPlane)
	return vulkanClip.Mul4(proj).Mul4(view)
}

// Project returns where the world-space point p lands on a width x height
// frame, in pixels from the top-left corner (x right, y down), with the
// camera DrawFrame uses; visible is false when p is behind the camera or
// outside the view volume (x and y are then meaningless).
func Project(p [3]float32, width, height int) (x, y float32, visible bool) {
	c := viewProjection(width, height).Mul4x1(mgl32.Vec4{p[0], p[1], p[2], 1})
	if c[3] <= 0 {
		return 0, 0, false
	}
	nx, ny, nz := c[0]/c[3], c[1]/c[3], c[2]/c[3]
	visible = nx >= -1 && nx <= 1 && ny >= -1 && ny <= 1 && nz >= 0 && nz <= 1
	return (nx + 1) / 2 * float32(width), (ny + 1) / 2 * float32(height), visible
}

// vertex is one cube corner of one face: position and face normal.
type vertex struct{ pos, normal [3]float32 }

const vertexSize = int(unsafe.Sizeof(vertex{}))

// cubeMesh returns the 24 vertices (4 per face, so each face has its own
// normal) and 36 indices (counter-clockwise seen from outside) of a cube of
// side 1 centred on the origin.
func cubeMesh() ([]vertex, []uint16) {
	faces := [6]struct{ n, u, v [3]float32 }{
		{[3]float32{1, 0, 0}, [3]float32{0, 1, 0}, [3]float32{0, 0, 1}},
		{[3]float32{-1, 0, 0}, [3]float32{0, 0, 1}, [3]float32{0, 1, 0}},
		{[3]float32{0, 1, 0}, [3]float32{0, 0, 1}, [3]float32{1, 0, 0}},
		{[3]float32{0, -1, 0}, [3]float32{1, 0, 0}, [3]float32{0, 0, 1}},
		{[3]float32{0, 0, 1}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0}},
		{[3]float32{0, 0, -1}, [3]float32{0, 1, 0}, [3]float32{1, 0, 0}},
	}
	var verts []vertex
	var idx []uint16
	for _, f := range faces {
		base := uint16(len(verts))
		for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			var p [3]float32
			for k := range 3 {
				p[k] = 0.5*f.n[k] + 0.5*c[0]*f.u[k] + 0.5*c[1]*f.v[k]
			}
			verts = append(verts, vertex{pos: p, normal: f.n})
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	return verts, idx
}
