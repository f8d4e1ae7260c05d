package graphics_test

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// A program poses a skinned model on the fake backend: load, start clip
// 0, update to a clip time and read the joint matrices a skinned effect
// would draw with.
func ExampleAnimationPlayer() {
	dev, err := graphics.NewDevice(graphicstest.New())
	if err != nil {
		panic(err)
	}
	m, err := graphics.LoadModelFile(dev, "testdata/animated/chain.glb")
	if err != nil {
		panic(err)
	}
	p := graphics.NewAnimationPlayer(m)
	if err := p.StartClip(m.Animations[0]); err != nil {
		panic(err)
	}
	p.Update(700*time.Millisecond, false, mgl32.Ident4())
	tip := p.SkinTransforms(0)[1].Mul4x1(mgl32.Vec4{0, 2, 0, 1}) // the top of joint 1's segment
	fmt.Printf("%s at %v: (0, 2, 0) is drawn at (%.3f, %.3f, %.3f)\n", p.CurrentClip().Name, p.CurrentTime(), tip[0], tip[1], tip[2])
	// Output: mixed at 700ms: (0, 2, 0) is drawn at (-0.264, 2.039, 0.000)
}
