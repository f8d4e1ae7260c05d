package engine_test

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
)

// quiet is a game that does nothing; the examples below watch the engine.
type quiet struct{}

func (quiet) Update(*engine.Game, timing.GameTime) {}
func (quiet) Draw(*engine.Game, timing.GameTime)   {}

// Adding a handler returns the func that removes it (Go funcs cannot be
// compared, so there is no Remove(fn)). A raise calls the handlers that
// were there when it began: a handler that removes itself still finishes
// this raise and is not called again, like a C# event.
func ExampleEvent_Add() {
	clock := timing.NewManualClock(0)
	g, err := engine.NewGame(quiet{}, headless{}, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	gm := g.Graphics()
	var removeOnce func()
	removeOnce = gm.PreparingDeviceSettings.Add(func(*engine.GraphicsDeviceInformation) {
		fmt.Println("once: at device creation")
		removeOnce() // a one-shot handler
	})
	gm.PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		fmt.Println("every time:", info.PresentationParameters.PresentationInterval)
	})
	if err := gm.ApplyChanges(); err != nil { // creates the device
		fmt.Println(err)
		return
	}
	gm.SynchronizeWithVerticalRetrace = false
	if err := gm.ApplyChanges(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("handlers left:", gm.PreparingDeviceSettings.Len())
	_ = g.Close()
	// Output:
	// once: at device creation
	// every time: One
	// every time: Immediate
	// handlers left: 1
}
