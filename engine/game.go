package engine

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/timing"
)

// Config configures NewGame. The zero value runs on the system clock with
// the default clock profile.
type Config struct {
	// Source is the clock the scheduler reads (T2); nil: the system's
	// monotonic clock. Tests pass a timing.ManualClock. A *timing.FixedDt
	// (T21) is driven by the loop: AdvanceTick once per tick and Present
	// once per presented frame, so whole runs are reproducible.
	Source timing.Source
	// Waiter is how the scheduler waits; nil: real sleeps. It must be set
	// when Source is, and is usually the same value.
	Waiter timing.Waiter
	// Profile selects the clock semantics: timing.ProfileDefault, or
	// timing.ProfileXNA for XNA 4.0's own loop (T22).
	Profile timing.Profile
	// Audio configures the game's audio System (Game.Audio). The zero
	// value renders silently in lockstep with game time; engine/desktop
	// fills in a real output.
	Audio audio.Config
	// ContentDir is the folder Game.Content reads assets from; "" means
	// DefaultContentDir in the working directory (rule C1).
	ContentDir string
}

// DefaultContentDir is the folder Game.Content reads when Config.ContentDir
// is empty, relative to the working directory (XNA's Content.RootDirectory).
const DefaultContentDir = "Content"

// Game runs a Handler: it owns the loop, the clock (a timing.Scheduler),
// the platform, the graphics device manager and the components. Make one
// with NewGame. Not safe for concurrent use.
type Game struct {
	handler  Handler
	platform Platform
	src      timing.Source // the scheduler's clock; stamps input events (I2) and is handed to the renderer
	sched    *timing.Scheduler
	waiter   timing.Waiter // the scheduler's, for the XNA profile's idle wait
	fixedDt  fixedDtSource // the Source when it is driven per tick (T21), else nil
	graphics *GraphicsDeviceManager
	comps    Components
	services GameServiceContainer // services.go
	audio    *audio.System

	content    *content.Manager // content.go: made by the first Content call (C1)
	contentDir string

	batch    []PlatformEvent
	bridge   inputBridge
	cursor   cursorState // mouse.go
	keyboard KeyboardState
	mouse    MouseState
	pads     gamepads
	// The current update's input, handed over by takeUpdate (I1, I2).
	edges  inputEdges
	events []InputEvent
	text   []rune

	clientW, clientH int
	fbW, fbH         int
	active           bool
	minimized        bool
	allowResizing    bool

	configured  bool            // Configure was called
	configuring *GraphicsDevice // the placeholder GraphicsDevice returns inside Configure
	initialized bool
	running     bool // inside Run
	contentUp   bool // LoadContent succeeded, UnloadContent owed
	updatedOnce bool // the first Update returned (launch trace)
	drawnOnce   bool // the first Draw returned (launch trace)
	tornDown    bool
	err         error       // a renderer error that ends the loop
	exitAsked   atomic.Bool // RequestExit was called (from any goroutine)

	// Activated is raised when the game becomes active: by Run before the
	// first tick, and when the window gains focus. A poll's last focus
	// event decides: focus lost and regained within one poll (X11 as the
	// window is shown) raises neither event.
	Activated Event[*Game]
	// Deactivated is raised when the window loses focus (as a poll's last
	// focus event).
	Deactivated Event[*Game]
	// Exiting is raised by Run after its loop has ended (T12), not by Exit.
	Exiting Event[*Game]
	// ClientSizeChanged is raised when the window's content area changed
	// size, as re-queried from the platform (event payloads are not
	// trusted).
	ClientSizeChanged Event[*Game]
}

// batchCap is the initial capacity of the reused event batch.
const batchCap = 256

// NewGame returns a Game that runs h on p. Neither may be nil. Its
// GraphicsDeviceManager (Graphics) exists at once, so settings made before
// Run apply at device creation.
func NewGame(h Handler, p Platform, cfg Config) (*Game, error) {
	if h == nil || p == nil {
		return nil, errors.New("engine: NewGame needs a non-nil Handler and Platform")
	}
	src, w, err := clockOf(cfg)
	if err != nil {
		return nil, err
	}
	g := &Game{handler: h, platform: p, src: src, waiter: w, batch: make([]PlatformEvent, 0, batchCap)}
	g.fixedDt, _ = src.(fixedDtSource)
	g.sched, err = timing.NewScheduler(src, w, (*loop)(g))
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := g.sched.SetProfile(cfg.Profile); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	g.comps.g = g
	g.bridge.text = make([]rune, 0, 64)
	g.text = make([]rune, 0, 64)
	g.bridge.events = make([]InputEvent, 0, 64)
	g.events = make([]InputEvent, 0, 64)
	g.graphics = newGraphicsDeviceManager(g)
	if err := AddService(g, g.graphics); err != nil {
		return nil, err // cannot happen: the container is empty
	}
	if g.audio, err = newAudio(cfg.Audio); err != nil {
		return nil, err
	}
	g.contentDir = cfg.ContentDir
	if g.contentDir == "" {
		g.contentDir = DefaultContentDir
	}
	g.clientW, g.clientH = p.ClientSize()
	g.fbW, g.fbH = p.FramebufferSize()
	g.syncSchedulerActive() // inactive until Run or a focus event (T24)
	return g, nil
}

func clockOf(cfg Config) (timing.Source, timing.Waiter, error) {
	switch {
	case cfg.Source == nil && cfg.Waiter == nil:
		c := timing.NewSystemClock()
		return c, c, nil
	case cfg.Source == nil || cfg.Waiter == nil:
		return nil, nil, errors.New("engine: Config needs both Source and Waiter, or neither")
	}
	return cfg.Source, cfg.Waiter, nil
}

// Audio returns the game's audio System (A1): made with the game, closed
// after the graphics device at teardown. Sounds played in Update start on
// that Update's game time (A3).
func (g *Game) Audio() *audio.System { return g.audio }

// newAudio makes the audio System; an Output that fails to start leaves
// the game silent (Available false, Err saying why), never failing it (A5).
func newAudio(cfg audio.Config) (*audio.System, error) {
	s, err := audio.New(cfg)
	if err == nil || cfg.Output == nil {
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		return s, nil
	}
	cfg.Output, cfg.Sink, cfg.Unavailable = nil, nil, err
	s, err = audio.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return s, nil
}

// Handler returns the game's handler.
func (g *Game) Handler() Handler { return g.handler }

// Platform returns the platform the game runs on.
func (g *Game) Platform() Platform { return g.platform }

// GraphicsDeviceManager returns the game's GraphicsDeviceManager: the
// presentation settings (preferred back-buffer size, vertical sync, full
// screen), ApplyChanges and the device's life-cycle events.
func (g *Game) GraphicsDeviceManager() *GraphicsDeviceManager { return g.graphics }

// GraphicsDevice returns the device: it draws (Clear, render targets,
// draws) and raises Presented and Displayed. Run creates it before
// Initialize and destroys it when it ends; nil before and after that
// (so not yet after desktop.NewGame), except inside Configure, where it returns a placeholder without a
// renderer so that a subscription to its events is reported as an error
// by Run (subscribe to device events in Initialize) instead of failing
// with a nil dereference.
func (g *Game) GraphicsDevice() *GraphicsDevice {
	if g.graphics.device == nil && g.configuring != nil {
		return g.configuring
	}
	return g.graphics.device
}

// Scheduler returns the game's clock, for its statistics and the settings
// Game does not forward. Do not call its Tick, Start or Exit directly.
func (g *Game) Scheduler() *timing.Scheduler { return g.sched }

// IsActive reports whether the game is active: true from Run's start and
// while the window has focus. Minimizing alone does not change it.
func (g *Game) IsActive() bool { return g.active }

// IsMinimized reports whether the window is minimized (draws are skipped).
func (g *Game) IsMinimized() bool { return g.minimized || g.fbW <= 0 || g.fbH <= 0 }

// Exit ends the loop: the current tick's draw is suppressed, no further
// Update starts (a catch-up burst ends with the Update in progress), and
// Run raises Exiting once the loop has ended (T12). The event batch being
// polled still drains.
func (g *Game) Exit() { g.sched.Exit() }

// RequestExit asks the loop to Exit at its next poll, as a window close
// does. Unlike every other method it is safe from any goroutine: a SIGINT
// handler calls it.
func (g *Game) RequestExit() { g.exitAsked.Store(true) }

// IsExiting reports whether Exit was called (or the window closed).
func (g *Game) IsExiting() bool { return !g.sched.Running() }

// SuppressDraw skips the next draw, once (T12).
func (g *Game) SuppressDraw() { g.sched.SuppressDraw() }

// ResetElapsedTime forgets the time since the last tick; see
// timing.Scheduler.ResetElapsedTime for the exact rule per mode (T11).
func (g *Game) ResetElapsedTime() { g.sched.ResetElapsedTime() }

// IsFixedTimeStep reports whether updates run at a fixed step (default true).
func (g *Game) IsFixedTimeStep() bool { return g.sched.IsFixedTimeStep() }

// SetFixedTimeStep switches fixed or variable step from the next tick (T25).
func (g *Game) SetFixedTimeStep(fixed bool) { g.sched.SetFixedTimeStep(fixed) }

// DrawMode returns when the game draws under fixed step (T27):
// timing.DrawPerTick (XNA's, the default) or timing.DrawFreeRunning.
func (g *Game) DrawMode() timing.DrawMode { return g.sched.DrawMode() }

// SetDrawMode chooses when the game draws under fixed step, from the next
// tick (T27). timing.DrawPerTick is XNA's: each tick waits for a step, runs
// the owed Updates and draws once, so the game draws at most at its update
// rate. timing.DrawFreeRunning keeps the Updates on the fixed step, the
// same Updates with the same GameTime, but draws once per presented frame:
// a tick does not wait for a step, runs the Updates owed (often none) and
// draws with GameTime.Alpha the fraction of a step past the latest Update,
// so Draw interpolates with lerp(prev, cur, Alpha) and a 144 Hz display
// shows 144 frames a second of a 60 Hz game. Vertical sync paces the loop
// then; without it the game draws as fast as it can. With
// IsFixedTimeStep false the mode changes nothing: variable step already
// runs one Update and one Draw per tick, Alpha 1. An unknown mode is an
// error. See timing.Scheduler.SetDrawMode for the exact rule.
func (g *Game) SetDrawMode(m timing.DrawMode) error {
	if err := g.sched.SetDrawMode(m); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// TargetElapsedTime returns the fixed step (default 166,667 ticks, 1/60 s).
func (g *Game) TargetElapsedTime() timing.TimeSpan { return g.sched.TargetElapsedTime() }

// SetTargetElapsedTime sets the fixed step from the next tick, keeping the
// accumulated time (T25). Zero, negative or above MaxElapsedTime is an
// error and changes nothing (T9).
func (g *Game) SetTargetElapsedTime(t timing.TimeSpan) error { return g.sched.SetTargetElapsedTime(t) }

// MaxElapsedTime returns the clamp on one tick's time (default 500 ms).
func (g *Game) MaxElapsedTime() timing.TimeSpan { return g.sched.MaxElapsedTime() }

// SetMaxElapsedTime sets the clamp; positive and at least
// TargetElapsedTime, or an error.
func (g *Game) SetMaxElapsedTime(t timing.TimeSpan) error { return g.sched.SetMaxElapsedTime(t) }

// InactiveSleepTime returns how long each tick sleeps first while the game
// is inactive or minimized (T24; default 20 ms).
func (g *Game) InactiveSleepTime() timing.TimeSpan { return g.sched.InactiveSleepTime() }

// SetInactiveSleepTime sets it; zero allowed, negative an error (T24).
func (g *Game) SetInactiveSleepTime(t timing.TimeSpan) error {
	return g.sched.SetInactiveSleepTime(t)
}

// Profile returns the clock profile chosen in Config.
func (g *Game) Profile() timing.Profile { return g.sched.Profile() }

// AllowUserResizing reports whether the user may resize the window.
func (g *Game) AllowUserResizing() bool { return g.allowResizing }

// SetAllowUserResizing allows or forbids resizing by the user; it applies
// to the window at once.
func (g *Game) SetAllowUserResizing(on bool) {
	g.allowResizing = on
	g.platform.SetResizable(on)
}

// ClientSize returns the window's content area as last queried from the
// platform, in screen coordinates.
func (g *Game) ClientSize() (width, height int) { return g.clientW, g.clientH }

// RefreshRate returns the current monitor's refresh rate in Hz, 0 when the
// platform does not know it.
func (g *Game) RefreshRate() int { return g.platform.RefreshRate() }

// Keyboard returns the keyboard snapshot published by the last poll.
func (g *Game) Keyboard() KeyboardState { return g.keyboard }

// Mouse returns the mouse snapshot published by the last poll.
func (g *Game) Mouse() MouseState { return g.mouse }

// TextInput returns the characters typed between the previous update and
// this one, in order (none is lost when a tick runs no update: I1). It
// reads the same in Update and the Draw after it. The slice is reused
// after the next update: copy what you keep.
func (g *Game) TextInput() []rune { return g.text }

// Components returns the game's component collection.
func (g *Game) Components() *Components { return &g.comps }

// fixedDtSource is a Source the loop drives (timing.FixedDt, rule T21).
type fixedDtSource interface {
	AdvanceTick()
	Present()
}
