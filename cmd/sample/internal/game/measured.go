package game

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/timing"
)

// Measured is how a measuring program (sample pacing) runs the sample game
// on a window of its own: the settings of the run and the hooks through
// which it observes the game. RunMeasured is the only way other packages
// reach the game; it sees the engine only through its public API (the
// Presented event for presents).
type Measured struct {
	// Interval is the swap interval (0, 1 or 2) the game asks for.
	Interval int
	// Variable runs a variable step; otherwise a fixed step of Hz.
	Variable bool
	// Hz is the target update rate (timing.TargetForRate's range).
	Hz float64
	// Width and Height are the window's size in screen coordinates.
	Width, Height int
	// Frames ends the run after that many draws; 0: Duration or a signal.
	Frames int
	// Duration ends the run after that much wall time; 0: Frames or a
	// signal (SIGINT, SIGTERM, SIGHUP always end it).
	Duration time.Duration
	// FramesInFlight is the renderer's frames in flight (0: 2).
	FramesInFlight int
	// HUD draws the HUD over the scene; off, the frame is the scene only
	// (what the pacing experiment measures).
	HUD bool
	// Title is the window's title.
	Title string
	// Stderr receives the game's messages.
	Stderr io.Writer

	// Opened, when set, runs once the window exists, before the loop.
	Opened func(g *engine.Game)
	// BeginRun, when set, runs at the game's BeginRun (the device exists)
	// with the time on the engine's clock, the clock of the Presented
	// event's times.
	BeginRun func(g *engine.Game, now time.Duration)
	// Update, when set, runs before each Update of the game; returning
	// true ends the run (g.Exit) instead of updating.
	Update func(g *engine.Game) (stop bool)
	// Draw, when set, runs after each Draw with its game time.
	Draw func(g *engine.Game, gt timing.GameTime)
	// EndRun, when set, runs at the game's EndRun, while the device exists.
	EndRun func(g *engine.Game)
}

// RunMeasured opens the window, runs the sample game with m's settings
// and hooks until it ends, and tears it down. It returns the platform's,
// the game's and the validation layer's errors. Main thread only (W1).
func RunMeasured(m Measured) error {
	g, h, err := openMeasured(m)
	if err != nil {
		return err
	}
	stop := exitOn(g.RequestExit, m.Duration)
	err = g.Run()
	stop()
	return errors.Join(err, h.err, h.validationErr())
}

// openMeasured opens m's window and returns the game on it, configured and
// not yet run (Opened has run).
func openMeasured(m Measured) (*engine.Game, *measuredGame, error) {
	target, err := timing.TargetForRate(m.Hz)
	if err != nil {
		return nil, nil, fmt.Errorf("hz %v: %w", m.Hz, err)
	}
	if m.FramesInFlight == 0 {
		m.FramesInFlight = 2
	}
	if m.Stderr == nil {
		m.Stderr = io.Discard
	}
	opt := gameOptions{interval: m.Interval, variable: m.Variable, hz: m.Hz, target: target,
		width: m.Width, height: m.Height, frames: m.Frames, framesInFlight: m.FramesInFlight, hud: m.HUD}
	ecfg, err := opt.engineConfig()
	if err != nil {
		return nil, nil, err
	}
	s, err := newSampleGame(opt, ecfg, m.Stderr)
	if err != nil {
		return nil, nil, err
	}
	h := &measuredGame{sampleGame: s, m: &m}
	g, err := desktop.NewGame(h, desktop.Config{
		Title: m.Title, Width: m.Width, Height: m.Height,
		FramesInFlight: m.FramesInFlight, Engine: ecfg,
		Audio: desktop.AudioOffline, // a measuring run plays no sound
	})
	if err != nil {
		return nil, nil, err
	}
	if err := s.configure(g); err != nil {
		return nil, nil, errors.Join(err, g.Close())
	}
	if m.Opened != nil {
		m.Opened(g)
	}
	return g, h, nil
}

// measuredGame is the sample game with a Measured's hooks around it.
type measuredGame struct {
	*sampleGame
	m *Measured
}

var (
	_ engine.BeginRunner = (*measuredGame)(nil)
	_ engine.EndRunner   = (*measuredGame)(nil)
)

// BeginRun runs the BeginRun hook with the engine's time.
func (h *measuredGame) BeginRun(g *engine.Game) {
	if h.m.BeginRun != nil {
		h.m.BeginRun(g, h.source.Now())
	}
}

// Update runs the Update hook, then the game's Update unless it ends the
// run.
func (h *measuredGame) Update(g *engine.Game, gt timing.GameTime) {
	if h.m.Update != nil && h.m.Update(g) {
		g.Exit()
		return
	}
	h.sampleGame.Update(g, gt)
}

// Draw draws the game, then runs the Draw hook.
func (h *measuredGame) Draw(g *engine.Game, gt timing.GameTime) {
	h.sampleGame.Draw(g, gt)
	if h.m.Draw != nil {
		h.m.Draw(g, gt)
	}
}

// EndRun runs the EndRun hook, then the game's EndRun.
func (h *measuredGame) EndRun(g *engine.Game) {
	if h.m.EndRun != nil {
		h.m.EndRun(g)
	}
	h.sampleGame.EndRun(g)
}
