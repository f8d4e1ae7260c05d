package engine

import "github.com/metronome-engine/metronome/timing"

// Handler is the game's own code: what a game must implement. Update and
// Draw get the Game that runs them, for Exit, input and settings, and the
// clock by value (T15).
type Handler interface {
	// Update advances the game by gt.ElapsedGameTime. It runs before the
	// components' updates.
	Update(g *Game, gt timing.GameTime)
	// Draw draws the current state; gt.Alpha says how far the clock is
	// between this update and the next (T8). Under fixed step it runs
	// once per tick, after the tick's Updates, or with
	// Game.SetDrawMode(timing.DrawFreeRunning) once per presented frame,
	// often with no Update since the last Draw (T27). It runs before the
	// components' draws, between BeginDraw and EndDraw.
	Draw(g *Game, gt timing.GameTime)
}

// Optional hooks. A Handler that also implements one of these interfaces
// gets the call; the engine checks by type assertion. Run calls them in the
// order Configure, (device creation), Initialize, LoadContent, BeginRun,
// (Update/Draw)*, EndRun, UnloadContent; OnActivated, OnDeactivated and
// OnExiting run before the handlers added to the matching Game events.

// Configurer is called once, first, before the graphics device is created
// (by Run, or the first RunOneFrame): the place for presentation and clock
// settings (Graphics' preferred sizes and SynchronizeWithVerticalRetrace,
// PreparingDeviceSettings handlers, TargetElapsedTime), as an XNA game
// sets them in its constructor. Settings made here apply at device
// creation. It is how a game run by a one-call entry point (desktop.Run),
// which never hands the Game out before Run, gets that chance. An error
// ends Run before the device exists.
//
// The device does not exist yet: subscribe to its events (Presented,
// Displayed) and load content in Initialize or LoadContent. Inside
// Configure, GraphicsDevice returns a placeholder, and a handler added to
// one of its events makes Run fail with an error that says so.
type Configurer interface {
	Configure(g *Game) error
}

// Initializer is called once, after the graphics device exists and before
// LoadContent. An error ends Run before the loop starts.
type Initializer interface {
	Initialize(g *Game) error
}

// ContentLoader is called once after Initialize. An error ends Run.
type ContentLoader interface {
	LoadContent(g *Game) error
}

// BeginRunner is called by Run after LoadContent, before the first tick.
type BeginRunner interface {
	BeginRun(g *Game)
}

// EndRunner is called by Run after the loop has ended and Exiting was
// raised.
type EndRunner interface {
	EndRun(g *Game)
}

// ContentUnloader is called once at the end of Run, after EndRun and before
// the device is destroyed (also when Run ends with an error).
type ContentUnloader interface {
	UnloadContent(g *Game)
}

// ActivatedHandler is called when the game becomes active (focused).
type ActivatedHandler interface {
	OnActivated(g *Game)
}

// DeactivatedHandler is called when the game stops being active.
type DeactivatedHandler interface {
	OnDeactivated(g *Game)
}

// ExitingHandler is called when the loop has ended (T12).
type ExitingHandler interface {
	OnExiting(g *Game)
}
