// Package pacing is `sample pacing`, the swap-interval experiment: frame
// pacing per present mode on a real window (the sample game, reached only
// through game.RunMeasured) or against the simulated display of
// renderer/present/pacing, written as CSV, PNG plots and a summary.
package pacing

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"github.com/metronome-engine/metronome/timing"
)

// pacingRun is where the swap-interval experiment gets its samples. The
// pipeline (CSV, plots, summary: pacingPipeline) is the same for every
// source; a source only measures.
//
// simRun (pacing_sim.go) drives the real scheduler against a simulated
// display in virtual time. realRun (pacing_real.go) runs the sample game
// on a window, one Run per swap interval, and fills pacingSample's
// CPU-side fields (PresentAt, Updates, DrawElapsed), leaving Fate false;
// its Choice is the mode the renderer reports in use (P6).
//
// Displays that do not pace FIFO at their reported refresh: the real run
// compares FIFO's measured median present interval with the refresh rate
// the display reports (see fifoCaveat); when they disagree, or there is
// none (Xvfb has no vertical blank), its Caveat says so with both numbers.
// The pipeline prints the caveat above the summary and puts it in every
// plot title, so FIFO numbers measured there are never mistaken for
// display pacing.
type pacingRun interface {
	// Describe says in one line what is measured, for the summary header
	// and the plot titles (for example "simulated 144 Hz display").
	Describe() string
	// Caveat returns "" or a warning that must accompany every output of
	// the run (FIFO not paced at the reported refresh, on Xvfb for
	// example). It is asked after the runs.
	Caveat() string
	// Run measures one swap interval (0, 1 or 2). It calls progress with
	// the fraction of the interval's run done so far, in [0, 1].
	Run(swapInterval int, progress func(done float64)) (pacingSeries, error)
}

// noVBlankCaveat ends the real run's caveat when FIFO did not keep the
// refresh the display reports, or it reports none: see pacingRun.
const noVBlankCaveat = "FIFO here is not display pacing at a reported refresh"

// pacingSeries is what one swap interval's run measured.
type pacingSeries struct {
	// Choice is the present mode used for the interval and whether it fell
	// back (rules P4, P6).
	Choice present.Choice
	// Samples holds one entry per presented frame, in present order.
	Samples []pacingSample
	// Elapsed is the run's length, from the scheduler's start to the end
	// of the last frame (virtual time in a simulation).
	Elapsed time.Duration
	// Updates counts every Update of the run.
	Updates int
	// Display is the simulated display's report; nil for a real run.
	Display *pacing.Report
	// Shown is a real run's judder from what the display showed (or, where
	// nothing is measured, from when the presents returned); nil for a
	// simulation.
	Shown *shownJudder
	// VBlankOrigin is when the simulated display's vblank 0 happened, on
	// the run's clock (zero unless -align first).
	VBlankOrigin time.Duration
}

// pacingSample is one presented frame.
type pacingSample struct {
	// Frame numbers the frames 0, 1, 2, ... of the interval's run.
	Frame int
	// PresentAt is the time of the present call (CPU side).
	PresentAt time.Duration
	// Updates is how many Updates ran since the previous Draw.
	Updates int
	// DrawElapsed is the ElapsedGameTime the frame's Draw saw: in fixed
	// step TargetElapsedTime x Updates (rule T8).
	DrawElapsed timing.TimeSpan
	// Fate reports whether the fields below are known (a simulated display
	// knows them; a real run does not).
	Fate bool
	// Dropped is true when the frame never showed (MAILBOX replaced it).
	Dropped bool
	// Torn is true when the frame began to show mid-refresh.
	Torn bool
	// DisplayedAt is when the frame began to show, on the same clock as
	// PresentAt; zero when dropped. A real run sets it (without Fate) from
	// the display's answer (P9) when there is one.
	DisplayedAt time.Duration
	// Refresh is the index of the refresh in which the frame began to
	// show (vblank 0 at pacingSeries.VBlankOrigin).
	Refresh int64
}

// interval returns the present-to-present interval of samples[i] and
// false for the first frame, which has none.
func interval(samples []pacingSample, i int) (time.Duration, bool) {
	if i == 0 {
		return 0, false
	}
	return samples[i].PresentAt - samples[i-1].PresentAt, true
}

// latency returns the present-to-display latency of s and whether it is
// known (a frame with a fate that showed).
func (s pacingSample) latency() (time.Duration, bool) {
	if !s.Fate || s.Dropped {
		return 0, false
	}
	return s.DisplayedAt - s.PresentAt, true
}

// intervals returns every present-to-present interval of the series.
func (s pacingSeries) intervals() []time.Duration {
	out := make([]time.Duration, 0, max(len(s.Samples)-1, 0))
	for i := range s.Samples {
		if d, ok := interval(s.Samples, i); ok {
			out = append(out, d)
		}
	}
	return out
}

// label names the series in tables, legends and file names.
func (s pacingSeries) label() string {
	return fmt.Sprintf("interval %d: %v", s.Choice.Requested, s.Choice.DisplayMode())
}

// perSecond returns n events over d as a rate per second (0 when d is 0).
func perSecond(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// Run is `sample pacing`: it parses the flags, runs each requested
// swap interval through the source (a simulated display with -simulate,
// else a real window: must be called from the main thread, W1) and writes
// the CSV, the plots and the summary. Exit status: 0 done, 1 a run or an
// output failed, 2 bad flags.
func Run(args []string, stdout, stderr io.Writer) int {
	opt, err := parsePacingFlags(args)
	if errors.Is(err, errPacingHelp) {
		pacingUsage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample pacing: %v\n(run 'sample pacing -h' for the flags)\n", err)
		return 2
	}
	var src pacingRun = newSimRun(opt)
	if !opt.simulate {
		src = newRealRun(opt, stderr)
	}
	prog := newPacingProgress(stderr, opt.quiet, len(opt.intervals))
	if err := pacingPipeline(src, opt.intervals, opt.out, prog, stdout); err != nil {
		fmt.Fprintf(stderr, "sample pacing: %v\n", err)
		return 1
	}
	return 0
}
