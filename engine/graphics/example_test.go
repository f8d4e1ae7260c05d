package graphics_test

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// Example draws a lit, textured cube. A game gets its Device from the
// engine, which also begins and presents the frame; here the fake backend
// stands in for the GPU.
func Example() {
	backend := graphicstest.New()
	dev, _ := graphics.NewDevice(backend)

	// LoadContent: a mesh, a texture and an effect, made once.
	verts, indices := graphics.Cube()
	vb, _ := graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(verts))
	_ = graphics.SetVertexData(vb, 0, verts)
	ib, _ := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(indices))
	_ = graphics.SetIndexData(ib, 0, indices)
	checker, _ := graphics.NewTexture2D(dev, 2, 2)
	_ = checker.SetColors([]graphics.Color{graphics.White, graphics.Gray, graphics.Gray, graphics.White})
	effect := graphics.NewBasicEffect(dev)
	effect.EnableDefaultLighting()
	effect.TextureEnabled, effect.Texture = true, checker
	effect.View = graphics.CreateLookAt(mgl32.Vec3{2, 2, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	effect.Projection, _ = graphics.CreatePerspectiveFieldOfView(math.Pi/4, 640.0/480, 0.1, 100)

	// Draw: the engine begins the frame before Game.Draw.
	_ = dev.BeginFrame(640, 480)
	_ = dev.Clear(graphics.CornflowerBlue)
	dev.SetDepthStencilState(graphics.DepthDefault)
	dev.SetSamplerState(graphics.PointClamp)
	dev.SetVertexBuffer(vb)
	dev.SetIndices(ib)
	effect.World = mgl32.HomogRotate3DY(0.5)
	effect.Apply()
	if err := dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
		fmt.Println(err)
	}

	// Present: the engine ends the frame and its renderer executes it.
	frame, _ := dev.EndFrame()
	if err := backend.Execute(frame); err != nil {
		fmt.Println(err)
	}
	fmt.Println(len(frame.Draws), "draw of", frame.Draws[0].Count, "indices")
	// Output: 1 draw of 36 indices
}
