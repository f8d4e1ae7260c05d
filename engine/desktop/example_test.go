package desktop_test

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/timing"
)

// cube spins the renderer's cube and quits on Escape.
type cube struct{}

func (cube) Update(g *engine.Game, _ timing.GameTime) {
	if g.Keyboard().IsKeyDown(engine.KeyEscape) {
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
