package main

import (
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// realProgressEvery is how many draws pass between progress reports.
const realProgressEvery = 16

// pacingGame is the sample game with the bookkeeping of the real pacing
// run: updates per draw, the Draw's elapsed time, progress, the mode in
// use at the end.
type pacingGame struct {
	*sampleGame
	log      *presentLog
	progress func(done float64)
	frames   int           // the run's draws; 0: it runs for duration
	duration time.Duration // wall time, when frames is 0
	choice   present.Choice
	updates  uint64 // Updates the scheduler ran (read at EndRun)
}

var (
	_ engine.BeginRunner = (*pacingGame)(nil)
	_ engine.EndRunner   = (*pacingGame)(nil)
)

// BeginRun starts the run's clock: present times count from here.
func (p *pacingGame) BeginRun(g *engine.Game) { p.log.start = p.log.src.Now() }

// Update counts the update for the next present's sample, then runs the
// sample game's update; a full log ends the run.
func (p *pacingGame) Update(g *engine.Game, gt timing.GameTime) {
	p.log.updates++
	if p.log.full {
		g.Exit()
		return
	}
	p.sampleGame.Update(g, gt)
}

// Draw notes the Draw's elapsed time (T8) and draws the sample scene.
func (p *pacingGame) Draw(g *engine.Game, gt timing.GameTime) {
	p.log.elapsed = gt.ElapsedGameTime
	p.sampleGame.Draw(g, gt)
	if p.draws%realProgressEvery == 0 {
		p.progress(p.done())
	}
}

// done is the share of the run done, in [0, 1].
func (p *pacingGame) done() float64 {
	if p.frames > 0 {
		return min(float64(p.draws)/float64(p.frames), 1)
	}
	return min(float64(p.log.src.Now()-p.log.start)/float64(p.duration), 1)
}

// EndRun notes the present mode in use and the update count while the
// device still exists, then runs the sample game's EndRun.
func (p *pacingGame) EndRun(g *engine.Game) {
	if dev := g.GraphicsDevice(); dev != nil {
		p.choice = dev.Presentation()
	}
	p.updates = g.Scheduler().Stats().Updates
	p.sampleGame.EndRun(g)
	p.progress(1)
}

// series returns what the run measured.
func (p *pacingGame) series(g *engine.Game) pacingSeries {
	s := pacingSeries{Choice: p.choice, Samples: p.log.samples, Updates: int(p.updates)}
	if n := len(s.Samples); n > 0 {
		s.Elapsed = s.Samples[n-1].PresentAt
	}
	return s
}

// timedPlatform is the desktop platform whose renderer is timed.
type timedPlatform struct {
	*desktop.Platform
	log *presentLog
}

// CreateRenderer creates the desktop renderer and wraps it so that every
// present is recorded.
func (p *timedPlatform) CreateRenderer(rc engine.RendererConfig) (engine.Renderer, error) {
	r, err := p.Platform.CreateRenderer(rc)
	if err != nil {
		return nil, err
	}
	return &timedRenderer{Renderer: r, log: p.log}, nil
}

// timedRenderer is the platform's renderer, wrapped to read the clock when
// a present returns (CPU side: after queue present, and for FIFO after the
// wait for a free image). It needs nothing beyond engine.Renderer.
type timedRenderer struct {
	engine.Renderer
	log *presentLog
}

// EndDraw draws and presents, then records the present.
func (r *timedRenderer) EndDraw(f *graphics.Frame, capture bool) (engine.PresentInfo, error) {
	info, err := r.Renderer.EndDraw(f, capture)
	if err == nil {
		r.log.presented()
	}
	return info, err
}
