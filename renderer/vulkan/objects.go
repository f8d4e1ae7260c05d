package vulkan

import (
	"errors"
	"fmt"
	"math"
)

// MaxObjects is how many extra objects (see Object) a frame can draw beside
// the cube. It is fixed because the draw commands are recorded once per
// swapchain image: every slot is drawn, and the unused ones are collapsed in
// the vertex shader (shaders/cube.vert's MAX_OBJECTS has the same value).
const MaxObjects = 8

// Object is a lit ball drawn beside the cube, in the cube's world space
// (the camera looks at the origin from +Z, 3 units away; +Y is up; the cube
// has side 1 and sits at the origin).
type Object struct {
	// Position is the ball's centre in world units.
	Position [3]float32
	// Scale is the ball's diameter in world units (the cube's side is 1);
	// 0 draws nothing; negative is an error.
	Scale float32
	// Color is the surface colour before lighting, RGB in 0..1 (values
	// outside are clamped by the 8-bit target).
	Color [3]float32
}

// SetObjects sets the objects drawn by the next frames, beside the cube: it
// copies objs (at most MaxObjects; nil or empty draws the cube alone) and
// keeps them until the next call. It checks every value (finite, Scale not
// negative) and on error leaves the objects as they were. It allocates
// nothing and touches no Vulkan object: the next DrawFrame writes them into
// the uniform buffer of the image it draws.
func (r *Renderer) SetObjects(objs []Object) error {
	if r == nil {
		return errors.New("set objects: nil renderer")
	}
	if err := checkObjects(objs); err != nil {
		return fmt.Errorf("set objects: %w", err)
	}
	r.nObjects = uint32(packObjects(&r.objects, objs))
	return nil
}

// Objects returns how many objects SetObjects set.
func (r *Renderer) Objects() int { return int(r.nObjects) }

// checkObjects reports the first object SetObjects cannot draw.
func checkObjects(objs []Object) error {
	if len(objs) > MaxObjects {
		return fmt.Errorf("%d objects, at most %d (MaxObjects)", len(objs), MaxObjects)
	}
	for i, o := range objs {
		vals := [7]float32{o.Position[0], o.Position[1], o.Position[2], o.Scale, o.Color[0], o.Color[1], o.Color[2]}
		for _, v := range vals {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fmt.Errorf("object %d: %v is not a finite number", i, v)
			}
		}
		if o.Scale < 0 {
			return fmt.Errorf("object %d: scale %v is negative", i, o.Scale)
		}
	}
	return nil
}

// packObjects writes objs (already checked) into dst in the shader's layout
// and returns how many it wrote; the slots after them are zeroed.
func packObjects(dst *[MaxObjects]objectUniform, objs []Object) int {
	for i := range dst {
		if i >= len(objs) {
			dst[i] = objectUniform{}
			continue
		}
		o := objs[i]
		dst[i] = objectUniform{
			PosScale: [4]float32{o.Position[0], o.Position[1], o.Position[2], o.Scale},
			Color:    [4]float32{o.Color[0], o.Color[1], o.Color[2], 1},
		}
	}
	return len(objs)
}

// Sphere mesh resolution: slices around the Y axis, stacks from pole to pole.
const (
	sphereSlices = 16
	sphereStacks = 10
)

// sphereMesh returns a sphere of diameter 1 centred on the origin, with
// smooth normals: (stacks+1) x (slices+1) vertices (the seam repeats) and
// counter-clockwise triangles seen from outside. Its indices start at 0.
func sphereMesh() ([]vertex, []uint16) {
	var verts []vertex
	for st := 0; st <= sphereStacks; st++ {
		phi := math.Pi * float64(st) / sphereStacks // 0 at +Y
		for sl := 0; sl <= sphereSlices; sl++ {
			theta := 2 * math.Pi * float64(sl) / sphereSlices
			n := [3]float32{
				float32(math.Sin(phi) * math.Sin(theta)),
				float32(math.Cos(phi)),
				float32(math.Sin(phi) * math.Cos(theta)),
			}
			verts = append(verts, vertex{pos: [3]float32{n[0] / 2, n[1] / 2, n[2] / 2}, normal: n})
		}
	}
	var idx []uint16
	row := sphereSlices + 1
	for st := range sphereStacks {
		for sl := range sphereSlices {
			a := uint16(st*row + sl) // upper left
			b := a + uint16(row)     // lower left
			idx = append(idx, a, b, b+1, a, b+1, a+1)
		}
	}
	return verts, idx
}
