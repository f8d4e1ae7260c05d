package desktop_test

import (
	"fmt"
	"math"
	"os"
	"os/signal"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// cube draws a spinning lit cube through the public API and quits on
// Escape, however short the press (IsKeyJustPressed, I1).
type cube struct {
	vb     *graphics.VertexBuffer
	effect *graphics.BasicEffect
}

func (c *cube) Update(g *engine.Game, _ timing.GameTime) {
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
}

// Draw makes the content on the first frame, then turns the cube with the
// game time interpolated between updates with Alpha (T8).
func (c *cube) Draw(g *engine.Game, gt timing.GameTime) {
	dev := g.GraphicsDevice().Device
	if c.effect == nil {
		c.vb, _ = graphics.NewVertexBuffer(dev, graphics.VertexPositionColor{}.VertexDeclaration(), 3)
		_ = graphics.SetVertexData(c.vb, 0, []graphics.VertexPositionColor{ // clockwise: XNA's front face
			{Position: mgl32.Vec3{0, 1, 0}, Color: graphics.Red},
			{Position: mgl32.Vec3{1, -1, 0}, Color: graphics.Green},
			{Position: mgl32.Vec3{-1, -1, 0}, Color: graphics.Blue}})
		c.effect = graphics.NewBasicEffect(dev)
		c.effect.VertexColorEnabled = true
		c.effect.View = graphics.CreateLookAt(mgl32.Vec3{0, 0, 4}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		c.effect.Projection, _ = graphics.CreatePerspectiveFieldOfView(math.Pi/4, 640.0/480, 0.1, 10)
	}
	t := gt.TotalGameTime + timing.TimeSpan(gt.Alpha*float64(g.TargetElapsedTime()))
	c.effect.World = mgl32.HomogRotate3DY(float32(t.Seconds()))
	_ = dev.Clear(graphics.CornflowerBlue)
	dev.SetRasterizerState(graphics.CullNone)
	dev.SetVertexBuffer(c.vb)
	c.effect.Apply()
	if err := dev.DrawPrimitives(graphics.TriangleList, 0, 1); err != nil {
		fmt.Fprintln(os.Stderr, err)
		g.Exit()
	}
}

// A desktop program: the main package locks the main OS thread in init
// (runtime.LockOSThread, rule W1) and calls this from main. Settings made
// before Run apply at device creation (P1, P2); SIGINT ends the loop like a
// closed window, with the ordered teardown (W4).
func Example() {
	g, err := desktop.NewGame(&cube{}, desktop.Config{Title: "cube", Width: 640, Height: 480, Resizable: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err) // W6: says what is missing and how to fix it
		os.Exit(1)
	}
	g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false // Immediate, swap interval 0
	g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		fmt.Println("preparing:", info.PresentationParameters.PresentationInterval)
	})
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() { <-sig; g.RequestExit() }()
	if err := g.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// pong sets its presentation settings in Configure, which Run calls before
// it creates the device (XNA sets them in the Game's constructor).
type pong struct{ *cube }

func (pong) Configure(g *engine.Game) error {
	gm := g.GraphicsDeviceManager()
	gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 1280, 720
	gm.SynchronizeWithVerticalRetrace = false // Immediate, swap interval 0
	return g.SetTargetElapsedTime(timing.FromSeconds(1.0 / 120))
}

// The one-call path with settings before the device: the handler
// implements engine.Configurer, and the device is created with what
// Configure set (a 1280x720 back buffer, no vertical sync, 120 updates a
// second).
func ExampleRun() {
	if err := desktop.Run(pong{&cube{}}, desktop.Config{Title: "pong"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
