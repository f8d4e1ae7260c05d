package pacing

import (
	"time"

	"github.com/metronome-engine/metronome/cmd/sample/internal/game"
	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// realProgressEvery is how many draws pass between progress reports.
const realProgressEvery = 16

// pacingGame is the bookkeeping of one real pacing run around the sample
// game (game.RunMeasured's hooks): updates per draw, the Draw's elapsed
// time, the presents (through the device's Presented event), progress and
// the mode in use at the end.
type pacingGame struct {
	log      *presentLog
	progress func(done float64)
	frames   int           // the run's draws; 0: it runs for duration
	duration time.Duration // wall time, when frames is 0
	draws    int
	choice   present.Choice
	updates  uint64 // Updates the scheduler ran (read at EndRun)
	// refreshHint is the refresh period the display reports (0: none), the
	// first guess for binning the display's times (judderFromDisplay).
	refreshHint time.Duration
	// binPeriod is the refresh period to bin on instead (-refresh; 0: none).
	binPeriod time.Duration
}

// hooks returns m with p's hooks set.
func (p *pacingGame) hooks(m game.Measured) game.Measured {
	m.BeginRun, m.Update, m.Draw, m.EndRun = p.beginRun, p.update, p.draw, p.endRun
	return m
}

// beginRun starts the run's clock (present times count from here) and
// records each present and each of the display's answers (P9) as the
// device reports them.
func (p *pacingGame) beginRun(g *engine.Game, now time.Duration) {
	p.log.start = now
	if hz := g.RefreshRate(); hz > 0 {
		p.refreshHint = time.Second / time.Duration(hz)
	}
	if dev := g.GraphicsDevice(); dev != nil {
		dev.Presented.Add(func(e *engine.Presented) { p.log.presented(e.Index, e.Returned) })
		dev.Displayed.Add(func(e *engine.Displayed) { p.log.displayed(e) })
	}
}

// update counts the update for the next present's sample; a full log ends
// the run.
func (p *pacingGame) update(*engine.Game) (stop bool) {
	p.log.updates++
	return p.log.full
}

// draw notes the Draw's elapsed time (T8) for the present that follows.
func (p *pacingGame) draw(_ *engine.Game, gt timing.GameTime) {
	p.log.elapsed = gt.ElapsedGameTime
	p.draws++
	if p.draws%realProgressEvery == 0 {
		p.progress(p.done())
	}
}

// done is the share of the run done, in [0, 1].
func (p *pacingGame) done() float64 {
	if p.frames > 0 {
		return min(float64(p.draws)/float64(p.frames), 1)
	}
	return min(max(float64(p.log.last-p.log.start), 0)/float64(p.duration), 1)
}

// endRun notes the present mode in use and the update count while the
// device still exists.
func (p *pacingGame) endRun(g *engine.Game) {
	if dev := g.GraphicsDevice(); dev != nil {
		p.choice = dev.Presentation()
	}
	p.updates = g.Scheduler().Stats().Updates
	p.progress(1)
}

// series returns what the run measured.
func (p *pacingGame) series() pacingSeries {
	s := pacingSeries{Choice: p.choice, Samples: p.log.samples, Updates: int(p.updates)}
	if n := len(s.Samples); n > 0 {
		s.Elapsed = s.Samples[n-1].PresentAt
	}
	for _, e := range p.log.events {
		if (e.Kind == engine.DisplayPresented || e.Kind == engine.DisplayFrameDone) && e.Frame-p.log.first < uint64(len(s.Samples)) {
			s.Samples[e.Frame-p.log.first].DisplayedAt = e.At
		}
	}
	j := judderFromDisplay(p.log.first, p.log.samples, p.log.events, p.refreshHint, p.binPeriod)
	s.Shown = &j
	return s
}
