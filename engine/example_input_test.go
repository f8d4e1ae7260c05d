package engine_test

import (
	"fmt"
	"time"

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
	gm := g.GraphicsDeviceManager()
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

// scripted is a headless Platform whose polls return the batches of a
// script, one per poll, and whose window size the script can change, as a
// user would.
type scripted struct {
	headless
	polls  [][]engine.PlatformEvent
	resize map[int][2]int // poll number -> the size the user dragged to
	n      int
	w, h   int
}

func (s *scripted) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent {
	defer func() { s.n++ }()
	if size, ok := s.resize[s.n]; ok {
		s.w, s.h = size[0], size[1]
		dst = append(dst, engine.PlatformEvent{Kind: engine.EventResize}, engine.PlatformEvent{Kind: engine.EventFramebufferResize})
	}
	if s.n < len(s.polls) {
		dst = append(dst, s.polls[s.n]...)
	}
	return dst
}

func (s *scripted) ClientSize() (int, int)      { return s.w, s.h }
func (s *scripted) FramebufferSize() (int, int) { return s.w, s.h }
func (s *scripted) SetClientSize(w, h int) {
	s.w, s.h = w, h
	fmt.Printf("window set to %dx%d\n", w, h)
}

// After the user resizes the window, the device's back buffer has the new
// size, but the preferred sizes stay what the game asked, so the next
// ApplyChanges (here: a switch of vertical sync) would snap the window
// back. The XNA idiom copies the client size into the preferred sizes in
// ClientSizeChanged, and the window keeps the user's size (W9).
func ExampleGame_clientSizeChanged() {
	clock := timing.NewManualClock(0)
	p := &scripted{w: 640, h: 480, resize: map[int][2]int{1: {1024, 600}}}
	g, err := engine.NewGame(quiet{}, p, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	gm := g.GraphicsDeviceManager()
	g.ClientSizeChanged.Add(func(g *engine.Game) {
		gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = g.ClientSize()
	})
	for range 2 { // the user resizes the window during the second frame
		if err := g.RunOneFrame(); err != nil {
			fmt.Println(err)
			return
		}
	}
	pp := g.GraphicsDevice().PresentationParameters()
	fmt.Printf("back buffer %dx%d, preferred %dx%d\n", pp.BackBufferWidth, pp.BackBufferHeight,
		gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight)
	gm.SynchronizeWithVerticalRetrace = false
	if err := gm.ApplyChanges(); err != nil { // no "window set to" line: the size stays
		fmt.Println(err)
		return
	}
	w, h := g.ClientSize()
	fmt.Printf("after ApplyChanges: window %dx%d\n", w, h)
	_ = g.Close()
	// Output:
	// back buffer 1024x600, preferred 1024x600
	// after ApplyChanges: window 1024x600
}

// jumper jumps once per press of Space, however short the press.
type jumper struct{ updates, jumps int }

func (j *jumper) Update(g *engine.Game, gt timing.GameTime) {
	j.updates++
	if g.IsKeyJustPressed(engine.KeySpace) {
		j.jumps++
	}
	presses := 0
	for _, ev := range g.InputEvents() {
		if ev.Kind == engine.InputKey && ev.Key == engine.KeySpace && ev.Action == engine.Press {
			presses++
		}
	}
	fmt.Printf("update %d: just pressed %v, down %v, presses in the stream %d, jumps %d\n", j.updates,
		g.IsKeyJustPressed(engine.KeySpace), g.Keyboard().IsKeyDown(engine.KeySpace), presses, j.jumps)
}

func (j *jumper) Draw(*engine.Game, timing.GameTime) {}

// A tap shorter than a tick is not lost (I1): pressed and released before
// the next update, Space reads as just pressed there although the snapshot
// says it is up, and the ordered stream (I2) counts both taps of a double
// tap. The edge reads true in one update only.
func ExampleGame_IsKeyJustPressed() {
	tap := []engine.PlatformEvent{
		{Kind: engine.EventKey, Key: engine.KeySpace, Action: engine.Press},
		{Kind: engine.EventKey, Key: engine.KeySpace, Action: engine.Release},
	}
	p := &scripted{w: 640, h: 480, polls: [][]engine.PlatformEvent{1: append(tap, tap...)}}
	clock := timing.NewManualClock(0)
	g, err := engine.NewGame(&jumper{}, p, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = g.SetInactiveSleepTime(0) // one update per frame here
	for range 3 {
		clock.Advance(time.Second / 60)
		if err := g.RunOneFrame(); err != nil {
			fmt.Println(err)
			return
		}
	}
	_ = g.Close()
	// Output:
	// update 1: just pressed false, down false, presses in the stream 0, jumps 0
	// update 2: just pressed true, down false, presses in the stream 2, jumps 1
	// update 3: just pressed false, down false, presses in the stream 0, jumps 1
}
