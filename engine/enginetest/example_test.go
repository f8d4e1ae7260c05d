package enginetest_test

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// jumper is a game under test: Space jumps, the mouse aims, Esc quits; it
// clears the screen blue while in the air.
type jumper struct {
	jumps  int
	aimX   float64
	inAir  int // updates left in the air
	canvas *graphics.Texture2D
}

func (j *jumper) LoadContent(g *engine.Game) (err error) {
	j.canvas, err = graphics.NewTexture2D(g.GraphicsDevice().Device, 8, 8)
	return err
}

func (j *jumper) Update(g *engine.Game, _ timing.GameTime) {
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
	if g.IsKeyJustPressed(engine.KeySpace) {
		j.jumps, j.inAir = j.jumps+1, 2
	} else if j.inAir > 0 {
		j.inAir--
	}
	j.aimX = g.Mouse().X
}

func (j *jumper) Draw(g *engine.Game, _ timing.GameTime) {
	c := graphics.Color{R: 20, G: 20, B: 20, A: 255}
	if j.inAir > 0 {
		c = graphics.Color{B: 255, A: 255}
	}
	_ = g.GraphicsDevice().Clear(c)
}

// A game's test on the fake platform: no window, no GPU, virtual time. The
// test scripts input between frames (a tap shorter than a frame still
// counts), counts the frames, and reads what was drawn from the fake
// drawing backend.
func Example() {
	g, err := enginetest.NewGame(&jumper{}, enginetest.Config{Width: 320, Height: 240})
	if err != nil {
		fmt.Println(err)
		return
	}
	j := g.Handler().(*jumper)
	if err := g.RunFrames(2); err != nil { // the first frame loads the content
		fmt.Println(err)
		return
	}
	p := g.Platform
	p.Tap(engine.KeySpace) // pressed and released within one frame
	p.MoveMouse(100, 50)
	if err := g.RunFrames(1); err != nil {
		fmt.Println(err)
		return
	}
	r := g.Renderer()
	fmt.Printf("jumps %d, aim %g, frames %d, clear %v\n", j.jumps, j.aimX, r.Presents, r.LastClear)
	fmt.Println("textures:", len(r.Graphics().Textures))
	p.Tap(engine.KeyEscape)
	// The exit comes in the fourth frame's update, whose draw Exit skips;
	// RunFrames stops there. Game time: four polls of a 60 Hz frame each,
	// plus the InactiveSleepTime (20 ms) the first frame slept before its
	// poll delivered the window's focus.
	if err := g.RunFrames(10); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exiting %v after %d frames, %v of game time\n", g.IsExiting(), r.Presents, p.Clock.Now())
	fmt.Println("close:", g.Close(), "window closed:", p.Destroyed())
	// Output:
	// jumps 1, aim 100, frames 3, clear {0 0 255 255}
	// textures: 1
	// exiting true after 3 frames, 86.6668ms of game time
	// close: <nil> window closed: true
}
