package desktop

import (
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// The tests' content, drawn through the public API as a game would: a lit
// cube turning with game time and, when asked, two balls beside it.

// testScene is the content made on a device's first frame.
type testScene struct {
	cubeVB, ballVB *graphics.VertexBuffer
	cubeIB, ballIB *graphics.IndexBuffer
	effect         *graphics.BasicEffect
	ballIndices    int
}

var scenes = map[*graphics.Device]*testScene{}

// drawScene draws the cube at time t (and the balls, world positions and
// colours, when not empty) on g's device. It allocates nothing once the
// content exists.
func drawScene(g *engine.Game, t time.Duration, balls []ball) error {
	dev := g.GraphicsDevice().Device
	s := scenes[dev]
	if s == nil {
		var err error
		if s, err = newTestScene(dev); err != nil {
			return err
		}
		scenes[dev] = s
	}
	if err := dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer, graphics.Color{R: 26, G: 31, B: 46, A: 255}, 1, 0); err != nil {
		return err
	}
	vp := dev.Viewport()
	e := s.effect
	e.View = graphics.CreateLookAt(mgl32.Vec3{0, 0, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	e.Projection, _ = graphics.CreatePerspectiveFieldOfView(math.Pi/4, float32(vp.Width)/float32(vp.Height), 0.1, 10)
	dev.SetDepthStencilState(graphics.DepthDefault)
	e.World = mgl32.HomogRotate3D(float32(math.Mod(t.Seconds()*0.9, 2*math.Pi)), mgl32.Vec3{0.4, 1, 0.25}.Normalize())
	e.DiffuseColor = mgl32.Vec3{1, 0.55, 0.1}
	if err := drawMesh(dev, e, s.cubeVB, s.cubeIB, 12); err != nil {
		return err
	}
	for _, b := range balls {
		e.World = mgl32.Translate3D(b.pos[0], b.pos[1], b.pos[2]).Mul4(mgl32.Scale3D(b.size, b.size, b.size))
		e.DiffuseColor = b.color
		if err := drawMesh(dev, e, s.ballVB, s.ballIB, s.ballIndices/3); err != nil {
			return err
		}
	}
	return nil
}

// ball is a sphere of diameter size at pos, coloured color.
type ball struct {
	pos, color mgl32.Vec3
	size       float32
}

func drawMesh(dev *graphics.Device, e *graphics.BasicEffect, vb *graphics.VertexBuffer, ib *graphics.IndexBuffer, tris int) error {
	dev.SetVertexBuffer(vb)
	dev.SetIndices(ib)
	e.Apply()
	return dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, tris)
}

func newTestScene(dev *graphics.Device) (*testScene, error) {
	s := &testScene{effect: graphics.NewBasicEffect(dev)}
	s.effect.EnableDefaultLighting()
	var err error
	cv, ci := graphics.Cube()
	if s.cubeVB, s.cubeIB, err = upload(dev, cv, ci); err != nil {
		return nil, err
	}
	bv, bi, err := graphics.Sphere(16, 10)
	if err != nil {
		return nil, err
	}
	s.ballIndices = len(bi)
	if s.ballVB, s.ballIB, err = upload(dev, bv, bi); err != nil {
		return nil, err
	}
	return s, nil
}

func upload(dev *graphics.Device, v []graphics.VertexPositionNormalTexture, idx []uint16) (*graphics.VertexBuffer, *graphics.IndexBuffer, error) {
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(v))
	if err != nil {
		return nil, nil, err
	}
	if err := graphics.SetVertexData(vb, 0, v); err != nil {
		return nil, nil, err
	}
	ib, err := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx))
	if err != nil {
		return nil, nil, err
	}
	return vb, ib, graphics.SetIndexData(ib, 0, idx)
}
