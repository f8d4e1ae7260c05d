package vulkan

import (
	"errors"
	"image"
	"math"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The tests' content: a lit cube turning with time, drawn as a game would
// (a BasicEffect mesh of graphics.Frame records), so the tests of
// presentation (switches, resizes, half rate, teardown) draw something real.

// Test scene constants: a unit cube turning about a tilted axis, seen from +Z.
const (
	spinRate       = 0.9 // radians per second
	cameraDistance = 3.0
)

var (
	clearColor = graphics.Color{R: 26, G: 31, B: 46, A: 255}
	spinAxis   = mgl32.Vec3{0.4, 1, 0.25}.Normalize()
	// vulkanClip turns mathgl's OpenGL clip space into Vulkan's: Y down,
	// depth 0..1 (what the projection helpers of engine/graphics do).
	vulkanClip = mgl32.Mat4{1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 1}
)

// seconds converts float seconds to a Duration.
func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// cubeVertices returns the 36 vertices of a cube of side 1 centred on the
// origin, 6 per face with the face's normal, wound clockwise as seen from
// outside (XNA's front faces).
func cubeVertices() []graphics.VertexPositionNormalTexture {
	faces := [6]struct{ n, u, v [3]float32 }{
		{[3]float32{1, 0, 0}, [3]float32{0, 1, 0}, [3]float32{0, 0, 1}},
		{[3]float32{-1, 0, 0}, [3]float32{0, 0, 1}, [3]float32{0, 1, 0}},
		{[3]float32{0, 1, 0}, [3]float32{0, 0, 1}, [3]float32{1, 0, 0}},
		{[3]float32{0, -1, 0}, [3]float32{1, 0, 0}, [3]float32{0, 0, 1}},
		{[3]float32{0, 0, 1}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0}},
		{[3]float32{0, 0, -1}, [3]float32{0, 1, 0}, [3]float32{1, 0, 0}},
	}
	var out []graphics.VertexPositionNormalTexture
	corners := [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	for _, f := range faces {
		var q [4]graphics.VertexPositionNormalTexture
		for i, c := range corners {
			var p mgl32.Vec3
			for k := range 3 {
				p[k] = 0.5*f.n[k] + 0.5*c[0]*f.u[k] + 0.5*c[1]*f.v[k]
			}
			q[i] = graphics.VertexPositionNormalTexture{Position: p, Normal: f.n,
				TextureCoordinate: mgl32.Vec2{(c[0] + 1) / 2, (c[1] + 1) / 2}}
		}
		// u x v is the outward normal, so 0,1,2 is counter-clockwise seen
		// from outside: reverse it.
		out = append(out, q[0], q[2], q[1], q[0], q[3], q[2])
	}
	return out
}

var testCube = cubeVertices()

// cubeUniforms returns the BasicEffect block of the cube at time t on a
// w x h target: lit by one white light, orange.
func cubeUniforms(t time.Duration, w, h int) graphics.EffectUniforms {
	angle := float32(math.Mod(t.Seconds()*spinRate, 2*math.Pi))
	world := mgl32.HomogRotate3D(angle, spinAxis)
	eye := mgl32.Vec3{0, 0, cameraDistance}
	view := mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	aspect := float32(1)
	if w > 0 && h > 0 {
		aspect = float32(w) / float32(h)
	}
	proj := vulkanClip.Mul4(mgl32.Perspective(mgl32.DegToRad(45), aspect, 0.1, 10))
	light := mgl32.Vec3{-0.3, -0.6, -0.75}.Normalize() // the direction light travels
	return graphics.EffectUniforms{
		World:                 world,
		WorldViewProjection:   proj.Mul4(view).Mul4(world),
		WorldInverseTranspose: world.Inv().Transpose(),
		DiffuseColor:          mgl32.Vec4{1, 0.55, 0.10, 1},
		EmissiveColor:         mgl32.Vec4{0.25, 0.1375, 0.025, 0},
		SpecularColor:         mgl32.Vec4{0, 0, 0, 16},
		EyePosition:           eye.Vec4(1),
		LightDirection:        [3]mgl32.Vec4{light.Vec4(1)},
		LightDiffuse:          [3]mgl32.Vec4{{1, 1, 1, 0}},
		Flags:                 [4]uint32{uint32(graphics.ShaderLighting)},
	}
}

// bytesOf returns the memory of a slice of vertices.
func bytesOf[T any](v []T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*int(unsafe.Sizeof(v[0])))
}

// meshKey is the pipeline of a depth-tested, culled BasicEffect mesh.
var meshKey = graphics.PipelineKey{Blend: graphics.Opaque, DepthStencil: graphics.DepthDefault,
	Rasterizer: graphics.CullCounterClockwise, Vertex: graphics.VertexPositionNormalTexture{}.VertexDeclaration(),
	Shader: graphics.ShaderLighting}

// testFrame is reused by cubeFrame, so drawing it allocates nothing.
var testFrame graphics.Frame

// cubeFrame records the back buffer cleared and the cube at time t, for a
// w x h back buffer.
func cubeFrame(t time.Duration, w, h int) *graphics.Frame {
	f := &testFrame
	f.Index++
	f.Present, f.BackBufferWidth, f.BackBufferHeight = true, w, h
	f.Uploads, f.UploadData, f.Releases = f.Uploads[:0], f.UploadData[:0], f.Releases[:0]
	f.Vertices = append(f.Vertices[:0], bytesOf(testCube)...)
	f.Uniforms = append(f.Uniforms[:0], cubeUniforms(t, w, h))
	full := graphics.Rectangle{Width: w, Height: h}
	f.Draws = append(f.Draws[:0], graphics.Draw{Pipeline: meshKey, Viewport: graphics.NewViewport(0, 0, w, h),
		Scissor: full, Count: len(testCube)})
	f.Passes = append(f.Passes[:0], graphics.Pass{Width: w, Height: h, Depth: graphics.Depth24Stencil8,
		Clear: graphics.ClearTarget | graphics.ClearDepthBuffer, ClearColor: clearColor, ClearDepth: 1,
		DrawCount: 1})
	return f
}

// DrawFrame (tests only) begins a frame and draws the cube at time t.
func (r *Renderer) DrawFrame(t time.Duration) (bool, error) {
	drawn, err := r.BeginFrame()
	if err != nil || !drawn {
		return drawn, err
	}
	w, h := r.Extent()
	r.frames.lastT = t
	return true, r.Execute(cubeFrame(t, w, h))
}

// ReadBack (tests only) draws the frame of the last DrawFrame again with
// a capture and returns it.
func (r *Renderer) ReadBack() (*image.RGBA, error) {
	r.CaptureNext()
	drawn, err := r.DrawFrame(r.frames.lastT)
	if err != nil {
		return nil, err
	}
	if !drawn {
		r.pres.captureOne = false
		return nil, errors.New("read back: no frame drawn (framebuffer 0x0 or swapchain out of date)")
	}
	return r.LastCapture()
}
