package pacing

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"github.com/metronome-engine/metronome/timing"
)

// maxStalledFrames is how many frames in a row may pass without virtual
// time moving before a simulation gives up (variable step, zero cost and a
// mode that never blocks would otherwise loop forever).
const maxStalledFrames = 10_000

// progressEvery is how many ticks pass between progress reports.
const progressEvery = 256

// simRun is the pacingRun of -simulate: the real timing.Scheduler on a
// virtual clock, presenting to a pacing.Display. The display's vblank 0 is
// at the scheduler's start (virtual time 0), or with -align first on the
// first present; times in samples are on the scheduler's clock.
type simRun struct {
	opt pacingOptions
}

func newSimRun(opt pacingOptions) *simRun { return &simRun{opt: opt} }

// Describe names the simulated display and the tick.
func (r *simRun) Describe() string {
	step := "fixed"
	if r.opt.variable {
		step = "variable"
	}
	align := ""
	if r.opt.alignFirst {
		align = ", vblank on the first present"
	}
	return fmt.Sprintf("simulated %v display, %d images%s, %g Hz %s-step tick, cost %v, seed %d",
		r.opt.refresh, r.opt.images, align, r.opt.hz, step, r.opt.cost, r.opt.seed)
}

// Caveat is empty: a simulated display has an exact vertical blank.
func (r *simRun) Caveat() string { return "" }

// Run simulates one swap interval: present.ChooseMode picks the mode from
// the modes of -supported (rule P4), then the scheduler runs until -frames
// draws or -duration of virtual time. Every interval replays the same cost
// sequence (the same -seed).
func (r *simRun) Run(swapInterval int, progress func(float64)) (pacingSeries, error) {
	choice, err := present.ChooseMode(swapInterval, r.opt.supported)
	if err != nil {
		return pacingSeries{}, err
	}
	sim, err := newSimulation(r.opt, choice.Mode, progress)
	if err != nil {
		return pacingSeries{}, fmt.Errorf("simulate swap interval %d: %w", swapInterval, err)
	}
	if err := sim.run(); err != nil {
		return pacingSeries{}, fmt.Errorf("simulate swap interval %d (%v): %w", swapInterval, choice.Mode, err)
	}
	rep := sim.disp.Report()
	return pacingSeries{
		Choice:  choice,
		Samples: sim.samples,
		Elapsed: sim.clock.Now(),
		Updates: sim.updates,
		Display: &rep,

		VBlankOrigin: sim.origin,
	}, nil
}

// simulation is one interval's run; it is the scheduler's Handler.
type simulation struct {
	opt      pacingOptions
	clock    *timing.ManualClock
	sched    *timing.Scheduler
	disp     *pacing.Display
	rng      *rand.Rand
	progress func(float64)

	origin  time.Duration // scheduler time of the display's vblank 0
	samples []pacingSample
	pending int // updates since the last draw
	updates int
	stalled int // frames in a row presented at the previous frame's time
	err     error
}

func newSimulation(opt pacingOptions, mode present.PresentMode, progress func(float64)) (*simulation, error) {
	s := &simulation{
		opt:      opt,
		clock:    timing.NewManualClock(0),
		rng:      rand.New(rand.NewPCG(opt.seed, 0x6d65_7472_6f6e_6f6d)),
		progress: progress,
	}
	var err error
	s.disp, err = pacing.NewDisplay(pacing.DisplayConfig{
		Rate: opt.refresh, Mode: mode, Images: opt.images, OnFrame: s.fate,
	})
	if err != nil {
		return nil, err
	}
	if s.sched, err = timing.NewScheduler(s.clock, s.clock, s); err != nil {
		return nil, err
	}
	if err := s.sched.SetTargetElapsedTime(opt.target); err != nil {
		return nil, fmt.Errorf("-hz %g: %w", opt.hz, err)
	}
	s.sched.SetFixedTimeStep(!opt.variable)
	return s, nil
}

// run ticks the scheduler until the run is long enough, then lets the
// display show what is still queued.
func (s *simulation) run() error {
	s.sched.Start()
	for ticks := 0; !s.done(); ticks++ {
		if err := s.sched.Tick(); err != nil {
			return err
		}
		if s.err != nil {
			return s.err
		}
		if ticks%progressEvery == 0 && s.progress != nil {
			s.progress(s.fraction())
		}
	}
	return s.disp.Finish(s.clock.Now() - s.origin)
}

// done reports whether -frames draws or -duration of virtual time passed.
func (s *simulation) done() bool {
	if s.opt.frames > 0 {
		return len(s.samples) >= s.opt.frames
	}
	return s.clock.Now() >= s.opt.duration
}

// fraction is how much of the run is done, in [0, 1].
func (s *simulation) fraction() float64 {
	if s.opt.frames > 0 {
		return float64(len(s.samples)) / float64(s.opt.frames)
	}
	return min(s.clock.Now().Seconds()/s.opt.duration.Seconds(), 1)
}

// Poll has no platform events to process.
func (s *simulation) Poll() {}

// Update counts the update for the next present.
func (s *simulation) Update(timing.GameTime) {
	s.pending++
	s.updates++
}

// Draw spends the frame's CPU cost in virtual time, then presents; the
// present's return (FIFO back-pressure) moves virtual time too.
func (s *simulation) Draw(gt timing.GameTime) {
	if s.err != nil {
		return
	}
	s.clock.Advance(s.opt.cost.next(s.rng))
	at := s.clock.Now()
	if s.opt.alignFirst && len(s.samples) == 0 {
		s.origin = at
	}
	s.samples = append(s.samples, pacingSample{
		Frame: len(s.samples), PresentAt: at, Updates: s.pending, DrawElapsed: gt.ElapsedGameTime,
	})
	returns, err := s.disp.Present(at-s.origin, s.pending)
	if err != nil {
		s.err = err
		return
	}
	s.clock.Set(returns + s.origin)
	s.pending = 0
	s.err = s.checkProgress()
}

// checkProgress stops a run that makes no progress in virtual time or
// outgrows its memory bound.
func (s *simulation) checkProgress() error {
	if n := len(s.samples); n > 1 && s.samples[n-1].PresentAt == s.samples[n-2].PresentAt {
		s.stalled++
	} else {
		s.stalled = 0
	}
	if s.stalled >= maxStalledFrames {
		return errors.New("virtual time stopped: frames cost nothing and the mode never blocks; give -cost a positive value or use fixed step")
	}
	if len(s.samples) > maxPacingFrames {
		return fmt.Errorf("more than %d frames: shorten -duration or use -frames", maxPacingFrames)
	}
	if s.opt.frames > 0 && s.clock.Now() > maxPacingDuration {
		return fmt.Errorf("more than %v of virtual time: use fewer -frames", maxPacingDuration)
	}
	return nil
}

// fate records what the display did with a frame (pacing.Display's
// OnFrame); frame IDs are sample indices, one present per sample.
func (s *simulation) fate(f pacing.Frame) {
	p := &s.samples[f.ID]
	p.Fate, p.Dropped, p.Torn = true, f.Dropped, f.Torn
	if !f.Dropped {
		p.DisplayedAt, p.Refresh = f.ShownAt+s.origin, f.Refresh
	}
}

// compile-time check that simRun is a pacingRun.
var _ pacingRun = (*simRun)(nil)
