package enginetest

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
)

// Config configures NewGame. The zero value is a 640x480 window, focused,
// on the default clock profile.
type Config struct {
	// Width and Height are the window's content area and framebuffer
	// size; 0: 640x480.
	Width, Height int
	// Profile is the clock semantics (engine.Config.Profile).
	Profile timing.Profile
	// Unfocused starts the window without focus; by default the first
	// poll delivers a focus event, as a new desktop window gets one, so the
	// game is active (IsActive) and sleeps no InactiveSleepTime.
	Unfocused bool
	// ContentDir is the folder Game.Content reads (engine.Config.ContentDir).
	ContentDir string
}

// Game is a game on the fake platform: the engine.Game to drive (Run,
// RunOneFrame, Close) and the Platform to script and inspect; its
// Renderer is Platform.Renderer.
type Game struct {
	*engine.Game
	Platform *Platform
}

// NewGame returns h on a new fake Platform, with the platform's clock as
// the engine's time source. The game is not initialized yet: its first
// RunOneFrame (or Run) creates the device and loads the content.
func NewGame(h engine.Handler, cfg Config) (*Game, error) {
	p := NewPlatform()
	if cfg.Width > 0 && cfg.Height > 0 {
		p.SetClientSize(cfg.Width, cfg.Height)
	}
	if !cfg.Unfocused {
		p.Focus(true)
	}
	g, err := engine.NewGame(h, p, engine.Config{Source: p.Clock, Waiter: p.Clock, Profile: cfg.Profile, ContentDir: cfg.ContentDir})
	if err != nil {
		return nil, err
	}
	return &Game{Game: g, Platform: p}, nil
}

// Open is NewGame for a test: it fails t when the game cannot be made,
// and closes the game when t ends (Close; an error there fails t too).
func Open(t testing.TB, h engine.Handler, cfg Config) *Game {
	t.Helper()
	g, err := NewGame(h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := g.Close(); err != nil {
			t.Errorf("enginetest: closing the game: %v", err)
		}
	})
	return g
}

// Renderer returns the fake renderer (Platform.Renderer).
func (g *Game) Renderer() *Renderer { return g.Platform.Renderer }

// RunFrames runs n frames with RunOneFrame (the first one initializes the
// game), stopping early when the game exits, and returns the first error.
func (g *Game) RunFrames(n int) error {
	for range n {
		if g.IsExiting() {
			return nil
		}
		if err := g.RunOneFrame(); err != nil {
			return err
		}
	}
	return nil
}
