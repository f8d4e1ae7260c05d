package desktop_test

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
)

// cube spins the renderer's cube and quits on Escape, however short the
// press (IsKeyJustPressed, I1).
type cube struct{}

func (cube) Update(g *engine.Game, _ timing.GameTime) {
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
}

// Draw interpolates the scene time between updates with Alpha (T8).
func (cube) Draw(g *engine.Game, gt timing.GameTime) {
	t := gt.TotalGameTime + timing.TimeSpan(gt.Alpha*float64(g.TargetElapsedTime()))
	desktop.SceneTime(g, t.Duration())
}

// A desktop program: the main package locks the main OS thread in init
// (runtime.LockOSThread, rule W1) and calls this from main. Settings made
// before Run apply at device creation (P1, P2); SIGINT ends the loop like a
// closed window, with the ordered teardown (W4).
func Example() {
	g, err := desktop.NewGame(cube{}, desktop.Config{Title: "cube", Width: 640, Height: 480, Resizable: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err) // W6: says what is missing and how to fix it
		os.Exit(1)
	}
	g.Graphics().SynchronizeWithVerticalRetrace = false // Immediate, swap interval 0
	g.Graphics().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
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

// bouncer drops a ball beside the cube: simulated on the fixed step in
// Update, drawn in Draw at the position interpolated with Alpha (T8).
type bouncer struct {
	prevY, y, vy float32         // world units and units per second
	balls        []vulkan.Object // reused: SetObjects copies it
}

func (b *bouncer) Update(g *engine.Game, gt timing.GameTime) {
	const gravity, floor = -9.8, -1.0
	dt := float32(gt.ElapsedGameTime.Seconds())
	b.prevY = b.y
	b.vy += gravity * dt
	b.y += b.vy * dt
	if b.y < floor {
		b.y, b.vy = floor+(floor-b.y), -b.vy*0.9 // bounce, losing some energy
	}
}

func (b *bouncer) Draw(g *engine.Game, gt timing.GameTime) {
	y := b.prevY + (b.y-b.prevY)*float32(gt.Alpha)
	b.balls = append(b.balls[:0], vulkan.Object{Position: [3]float32{-1.3, y, 0}, Scale: 0.4, Color: [3]float32{0.1, 0.9, 0.2}})
	desktop.SceneTime(g, gt.TotalGameTime.Duration())
	if err := desktop.SetObjects(g, b.balls); err != nil {
		fmt.Fprintln(os.Stderr, err)
		g.Exit()
	}
}

// A ball bouncing under gravity beside the cube (SetObjects draws up to
// vulkan.MaxObjects of them, in the cube's world space; T8 interpolation).
func ExampleSetObjects() {
	if err := desktop.Run(&bouncer{y: 1}, desktop.Config{Title: "ball"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// pong sets its presentation settings in Configure, which Run calls before
// it creates the device (XNA sets them in the Game's constructor).
type pong struct{ cube }

func (pong) Configure(g *engine.Game) error {
	gm := g.Graphics()
	gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 1280, 720
	gm.SynchronizeWithVerticalRetrace = false // Immediate, swap interval 0
	return g.SetTargetElapsedTime(timing.FromSeconds(1.0 / 120))
}

// The one-call path with settings before the device: the handler
// implements engine.Configurer, and the device is created with what
// Configure set (a 1280x720 back buffer, no vertical sync, 120 updates a
// second).
func ExampleRun() {
	if err := desktop.Run(pong{}, desktop.Config{Title: "pong"}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
