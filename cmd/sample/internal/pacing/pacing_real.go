package pacing

import (
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"
	"io"
	"math"
	"time"

	"github.com/metronome-engine/metronome/cmd/sample/internal/game"
	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"github.com/metronome-engine/metronome/timing"
)

// The real run's window, the size the project's reference measurements used.
const realPacingWidth, realPacingHeight = 640, 480

// maxRealFramesPerSecond sizes a -duration run's sample storage: far above
// the ~1200 frames/s measured on lavapipe. A run that fills it stops early
// and says so.
const maxRealFramesPerSecond = 20_000

// unknownRefreshCaveat is the real run's caveat on a display that reports
// no refresh rate when FIFO was not measured.
const unknownRefreshCaveat = "the display reports no refresh rate: FIFO numbers here may not be display pacing"

// fifoTolerance is how far FIFO's measured median present interval may be
// from the reported refresh period before the real run says they disagree.
const fifoTolerance = 0.05

// realRun is the swap-interval experiment on a real window (pacingRun):
// for each interval it opens the sample game, asks for the interval
// through the PreparingDeviceSettings handler, runs -frames draws (or
// -duration of wall time) and records the CPU-side time after each
// present returns, on the engine's system clock. Main thread only (W1).
type realRun struct {
	opt    pacingOptions
	stderr io.Writer
	// vendor and refreshHz describe the display, read while the first
	// window was open: the X server's vendor string ("" without X) and
	// the monitor's refresh rate (0: unknown, as on Xvfb).
	vendor    string
	refreshHz int
	// fifoMedian is the median present interval of the first run that
	// presented with FIFO (0: none did).
	fifoMedian time.Duration
}

// newRealRun returns the real run of opt; messages go to stderr.
func newRealRun(opt pacingOptions, stderr io.Writer) *realRun {
	return &realRun{opt: opt, stderr: stderr}
}

// Describe names the window, the step and the display.
func (r *realRun) Describe() string {
	step := fmt.Sprintf("fixed %g Hz step", r.opt.hz)
	if r.opt.variable {
		step = "variable step"
	}
	refresh := "refresh rate unknown"
	if r.refreshHz > 0 {
		refresh = fmt.Sprintf("%d Hz monitor", r.refreshHz)
	}
	vendor := "no X server"
	if r.vendor != "" {
		vendor = fmt.Sprintf("X server %q", r.vendor)
	}
	return fmt.Sprintf("real window %dx%d, %s, %s, %s", realPacingWidth, realPacingHeight, step, vendor, refresh)
}

// Caveat compares FIFO's measured median present interval with the refresh
// the display reports (see fifoCaveat).
func (r *realRun) Caveat() string {
	var step time.Duration
	if !r.opt.variable {
		step = r.opt.target.Duration()
	}
	return fifoCaveat(r.refreshHz, r.fifoMedian, step)
}

// fifoCaveat returns "" when FIFO's measured median present interval
// (fifoMedian, 0 when FIFO was not measured) is within fifoTolerance of the
// period of the refresh rate the display reports (refreshHz, 0 when it
// reports none), and otherwise a caveat that gives both numbers: the
// display reports a rate FIFO did not keep (Xwayland with a software
// driver ignores vertical blank; headless sway's rates are at 1 ms
// granularity), or reports none (Xvfb), and then FIFO is not known to pace
// to anything. It measures rather than guesses from the window system's
// name. With a fixed step (step, the TargetElapsedTime; 0 for a variable
// step) no shorter than the refresh period, presents follow the step
// whatever the display does, so the comparison cannot tell: that is a
// caveat too.
func fifoCaveat(refreshHz int, fifoMedian, step time.Duration) string {
	if fifoMedian <= 0 {
		if refreshHz > 0 {
			return ""
		}
		return unknownRefreshCaveat
	}
	rate := float64(time.Second) / float64(fifoMedian)
	if refreshHz <= 0 {
		return fmt.Sprintf("the display reports no refresh rate (Xvfb has no vertical blank) and FIFO's median "+
			"present interval is %s ms (%.1f/s): %s", ms(fifoMedian), rate, noVBlankCaveat)
	}
	period := time.Second / time.Duration(refreshHz)
	if step > 0 && float64(step) >= float64(period)*(1-fifoTolerance) {
		return fmt.Sprintf("the fixed %.1f Hz step is not faster than the %d Hz the display reports, so FIFO's "+
			"median present interval (%s ms) follows the step and cannot show display pacing: measure with -variable",
			float64(time.Second)/float64(step), refreshHz, ms(fifoMedian))
	}
	if off := math.Abs(float64(fifoMedian-period)) / float64(period); off <= fifoTolerance {
		return ""
	}
	return fmt.Sprintf("FIFO's median present interval %s ms (%.1f/s) disagrees with the %d Hz (%s ms) "+
		"the display reports: %s", ms(fifoMedian), rate, refreshHz, ms(period), noVBlankCaveat)
}

// Run measures one swap interval on a fresh window.
func (r *realRun) Run(swapInterval int, progress func(done float64)) (pacingSeries, error) {
	h := &pacingGame{log: newPresentLog(r.capacity()), progress: progress,
		frames: r.opt.frames, duration: r.opt.duration, binPeriod: r.opt.binPeriod}
	err := game.RunMeasured(h.hooks(game.Measured{
		Interval: swapInterval, Variable: r.opt.variable, Hz: r.opt.hz,
		Width: realPacingWidth, Height: realPacingHeight, Frames: r.opt.frames, Duration: r.opt.duration,
		Title:  fmt.Sprintf("metronome sample pacing: swap interval %d", swapInterval),
		Stderr: r.stderr,
		Opened: func(g *engine.Game) { r.vendor, r.refreshHz = desktop.DisplayServer(), g.RefreshRate() },
	}))
	if err != nil {
		return pacingSeries{}, fmt.Errorf("interval %d: %w", swapInterval, err)
	}
	if h.log.full {
		fmt.Fprintf(r.stderr, "sample pacing: interval %d stopped after %d frames: the sample storage is full\n",
			swapInterval, len(h.log.samples))
	}
	series := h.series()
	if (series.Choice.Mode == present.ModeFIFO || series.Choice.Emulated) && r.fifoMedian == 0 {
		r.fifoMedian = pacing.Summarize(series.intervals()).Median
	}
	return series, nil
}

// capacity is how many presents one interval's run can record.
func (r *realRun) capacity() int {
	if r.opt.frames > 0 {
		return r.opt.frames
	}
	return min(maxPacingFrames, int(math.Ceil(r.opt.duration.Seconds()*maxRealFramesPerSecond)))
}

// presentLog records the presents of one run into storage made up front,
// so the frame loop allocates nothing.
type presentLog struct {
	start   time.Duration // the run's start on the engine's clock (BeginRun)
	last    time.Duration // the last present's return on that clock
	samples []pacingSample
	full    bool // a present found no room
	// pending is what the next present's sample gets: the updates since
	// the previous draw and the ElapsedGameTime of the draw it presents.
	updates int
	elapsed timing.TimeSpan
	// first is the Presented.Index of samples[0].
	first uint64
	// events holds the display's answers (P9), at most one per present.
	events []displayEvent
}

// newPresentLog returns a log with room for capacity presents.
func newPresentLog(capacity int) *presentLog {
	return &presentLog{samples: make([]pacingSample, 0, capacity), events: make([]displayEvent, 0, capacity)}
}

// presented records present index (the Presented event's Index) that
// returned at the engine's time at (its Returned).
func (l *presentLog) presented(index uint64, at time.Duration) {
	if len(l.samples) == 0 {
		l.first = index
	}
	l.last = at
	if len(l.samples) == cap(l.samples) {
		l.full = true
		return
	}
	l.samples = append(l.samples, pacingSample{Frame: len(l.samples), PresentAt: at - l.start,
		Updates: l.updates, DrawElapsed: l.elapsed})
	l.updates = 0
}

// displayed records the display's answer e about a logged frame; answers
// about frames before the log or beyond its room are dropped.
func (l *presentLog) displayed(e *engine.Displayed) {
	if len(l.samples) == 0 || e.Frame < l.first || len(l.events) == cap(l.events) {
		return
	}
	l.events = append(l.events, displayEvent{Frame: e.Frame, Kind: e.Kind, At: e.At - l.start, Refresh: e.Refresh})
}
