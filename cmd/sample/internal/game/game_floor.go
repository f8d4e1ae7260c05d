package game

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The floor the balls bounce on and the fog (-fog, on at first): a
// checkerboard of unlit tiles from under the camera to the far plane,
// drawn with the balls (-balls=false hides both, leaving the lone cube).
// BasicEffect's linear fog fades everything from fogStart to fogEnd
// units in front of the camera into the clear colour, so the floor melts
// into the background in the distance while the cube and the balls,
// nearer than fogStart, keep their colours.

// Fog distances, in world units along the camera's view (XNA's FogStart
// and FogEnd).
const (
	fogStart = 4.0
	fogEnd   = 9.0
)

// The floor: its height is the balls' lowest centre (-0.85) less their
// radius (0.15); it spans x in ±floorHalfWidth and z from floorNear to
// floorFar (the camera is at z = 3, the far plane 10 units away), in
// tiles of one unit.
const (
	floorY         = -1.0
	floorHalfWidth = 8
	floorNear      = 2
	floorFar       = -7
)

// floorColors are the checkerboard's two tile colours.
var floorColors = [2]graphics.Color{{R: 168, G: 150, B: 120, A: 255}, {R: 105, G: 96, B: 82, A: 255}}

// fogColor is the clear colour, which the fog fades into.
var fogColor = mgl32.Vec3{float32(sceneClear.R) / 255, float32(sceneClear.G) / 255, float32(sceneClear.B) / 255}

// setFog turns the scene's fog on e.
func setFog(e *graphics.BasicEffect) {
	e.FogEnabled, e.FogStart, e.FogEnd, e.FogColor = true, fogStart, fogEnd, fogColor
}

// floorMesh returns the floor's tiles as an indexed triangle list, each
// tile four vertices of its colour, clockwise seen from above.
func floorMesh() ([]graphics.VertexPositionColor, []uint16) {
	var v []graphics.VertexPositionColor
	var idx []uint16
	for z := floorFar; z < floorNear; z++ {
		for x := -floorHalfWidth; x < floorHalfWidth; x++ {
			c := floorColors[(x+z)&1]
			at := func(x, z int) graphics.VertexPositionColor {
				return graphics.VertexPositionColor{Position: mgl32.Vec3{float32(x), floorY, float32(z)}, Color: c}
			}
			n := uint16(len(v))
			v = append(v, at(x, z), at(x+1, z), at(x+1, z+1), at(x, z+1))
			idx = append(idx, n, n+1, n+2, n, n+2, n+3)
		}
	}
	return v, idx
}

// floor is the floor's buffers and effect.
type floor struct {
	vb        *graphics.VertexBuffer
	ib        *graphics.IndexBuffer
	triangles int
	effect    *graphics.BasicEffect
}

// newFloor uploads the floor, with fog when fog is set.
func newFloor(dev *graphics.Device, fog bool) (*floor, error) {
	v, idx := floorMesh()
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionColor{}.VertexDeclaration(), len(v))
	if err != nil {
		return nil, err
	}
	if err := graphics.SetVertexData(vb, 0, v); err != nil {
		return nil, err
	}
	ib, err := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx))
	if err != nil {
		return nil, err
	}
	if err := graphics.SetIndexData(ib, 0, idx); err != nil {
		return nil, err
	}
	f := &floor{vb: vb, ib: ib, triangles: len(idx) / 3, effect: graphics.NewBasicEffect(dev)}
	f.effect.VertexColorEnabled = true
	if fog {
		setFog(f.effect)
	}
	return f, nil
}

// draw draws the floor seen through view and proj.
func (f *floor) draw(dev *graphics.Device, view, proj mgl32.Mat4) error {
	dev.SetVertexBuffer(f.vb)
	dev.SetIndices(f.ib)
	f.effect.View, f.effect.Projection = view, proj
	f.effect.Apply()
	return dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, f.triangles)
}
