package pacing

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"github.com/metronome-engine/metronome/timing"
)

// Bounds of the experiment's flags.
const (
	// maxPacingFrames bounds the frames of one interval's run (-frames, and
	// what -duration may produce), so a run's samples fit in memory.
	maxPacingFrames = 2_000_000
	// defaultPacingDuration is the run length per interval when neither
	// -frames nor -duration is given.
	defaultPacingDuration = 10 * time.Second
	// maxPacingDuration bounds -duration, and the virtual time a -frames
	// run may take.
	maxPacingDuration = time.Hour
	// minRateHz and maxRateHz bound -refresh and -hz: a simulated run steps
	// through every vblank and every update, so the bounds keep a run of
	// maxPacingDuration within about 4e7 of each.
	minRateHz, maxRateHz = 1, 10_000
)

// errPacingHelp is parsePacingFlags' answer to -h.
var errPacingHelp = errors.New("help requested")

// pacingOptions are the flags of `sample pacing`, parsed and checked.
type pacingOptions struct {
	simulate  bool
	refresh   pacing.Rate
	target    timing.TimeSpan // from -hz (T1 rounding)
	hz        float64
	intervals []int
	frames    int           // 0: run for duration
	duration  time.Duration // used when frames is 0
	cost      costModel
	seed      uint64
	out       string
	variable  bool
	quiet     bool
	supported present.ModeSet
	images    int
	// alignFirst puts the display's vblank 0 on the first present instead
	// of at the scheduler's start (-align).
	alignFirst bool
	// binPeriod is the refresh period a real run bins the display's times
	// on: -refresh's period when given, else 0 (measured from the times).
	binPeriod time.Duration
}

// pacingFlagText holds the raw flag values before they are checked.
type pacingFlagText struct {
	refresh, intervals, duration, cost, supported, align string
}

func newPacingFlagSet(opt *pacingOptions, raw *pacingFlagText) *flag.FlagSet {
	fs := flag.NewFlagSet("sample pacing", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&opt.simulate, "simulate", false, "measure against a simulated display in virtual time instead of a real window")
	fs.StringVar(&raw.refresh, "refresh", "60", "simulated refresh rate in Hz, 1..10000: whole (144), decimal (59.94) or fraction (60000/1001); "+
		"without -simulate, the refresh to bin the display's times on for judder (default: measured from them)")
	fs.Float64Var(&opt.hz, "hz", 60, "fixed-step tick rate in Hz, 2..10000 (TargetElapsedTime = 1/hz s rounded to 100 ns)")
	fs.StringVar(&raw.intervals, "intervals", "0,1,2", "comma-separated swap intervals to run, each 0, 1 or 2 (0: IMMEDIATE, 1: FIFO, 2: FIFO_RELAXED)")
	fs.IntVar(&opt.frames, "frames", 0, "frames (draws) per interval; excludes -duration")
	fs.StringVar(&raw.duration, "duration", "", "run length per interval, a Go duration such as 10s (default 10s); excludes -frames")
	fs.StringVar(&raw.cost, "cost", "0s", "CPU time of each simulated Draw: a duration (2ms), uniform:MIN-MAX (uniform:1ms-6ms) or normal:MEAN,SD (normal:4ms,1ms; clamped at 0)")
	fs.Uint64Var(&opt.seed, "seed", 1, "seed of the random costs; every interval replays the same sequence")
	fs.StringVar(&opt.out, "out", ".", "directory for pacing.csv and the PNG plots (created if missing)")
	fs.BoolVar(&opt.variable, "variable", false, "variable step instead of fixed step: one update per frame with the measured time")
	fs.BoolVar(&opt.quiet, "quiet", false, "no progress bar (it is also off when stderr is not a terminal)")
	fs.StringVar(&raw.supported, "supported", "IMMEDIATE,MAILBOX,FIFO,FIFO_RELAXED", "present modes the simulated surface supports; others fall back (IMMEDIATE to MAILBOX, then FIFO; FIFO_RELAXED to FIFO)")
	fs.IntVar(&opt.images, "images", 3, "swapchain images of the simulated display, 2..16")
	fs.StringVar(&raw.align, "align", "start", "where the simulated display's vblank 0 falls: start (the scheduler's start) or first (on the first present)")
	return fs
}

// parsePacingFlags parses and checks the flags; -h returns errPacingHelp.
func parsePacingFlags(args []string) (pacingOptions, error) {
	var opt pacingOptions
	var raw pacingFlagText
	fs := newPacingFlagSet(&opt, &raw)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return opt, errPacingHelp
		}
		return opt, err
	}
	if fs.NArg() > 0 {
		return opt, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return opt, checkPacingFlags(&opt, raw, set)
}

// simOnlyFlags describe the simulated display: the real run refuses them.
var simOnlyFlags = []string{"cost", "seed", "supported", "images", "align"}

// checkPacingFlags fills the parsed fields of opt from raw and checks them.
func checkPacingFlags(opt *pacingOptions, raw pacingFlagText, set map[string]bool) error {
	var err error
	if !opt.simulate {
		for _, name := range simOnlyFlags {
			if set[name] {
				return fmt.Errorf("-%s describes the simulated display: it needs -simulate", name)
			}
		}
	}
	if opt.refresh, err = pacing.ParseRate(raw.refresh); err != nil {
		return fmt.Errorf("-refresh: %w", err)
	}
	if hz := opt.refresh.Hertz(); hz < minRateHz || hz > maxRateHz {
		return fmt.Errorf("-refresh %s: want %d to %d Hz", raw.refresh, minRateHz, maxRateHz)
	}
	if !opt.simulate && set["refresh"] {
		opt.binPeriod = time.Duration(math.Round(1e9 * float64(opt.refresh.Den) / float64(opt.refresh.Num)))
	}
	if opt.target, err = timing.TargetForRate(opt.hz); err != nil {
		return fmt.Errorf("-hz %v: %w", opt.hz, err)
	}
	if opt.intervals, err = parseIntervals(raw.intervals); err != nil {
		return fmt.Errorf("-intervals %q: %w", raw.intervals, err)
	}
	if err := checkRunLength(opt, raw.duration, set); err != nil {
		return err
	}
	if opt.cost, err = parseCost(raw.cost); err != nil {
		return fmt.Errorf("-cost %q: %w", raw.cost, err)
	}
	if opt.supported, err = parseModeSet(raw.supported); err != nil {
		return fmt.Errorf("-supported %q: %w", raw.supported, err)
	}
	if opt.images < 2 || opt.images > 16 {
		return fmt.Errorf("-images %d: want 2..16", opt.images)
	}
	switch raw.align {
	case "start":
	case "first":
		opt.alignFirst = true
	default:
		return fmt.Errorf("-align %q: want start or first", raw.align)
	}
	if opt.out == "" {
		return errors.New("-out: empty directory name (use . for the current directory)")
	}
	return nil
}

// parseIntervals reads "0,1,2": swap intervals 0..2, no repeats.
func parseIntervals(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 2 {
			return nil, fmt.Errorf("%q is not a swap interval (want 0, 1 or 2)", f)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("swap interval %d given twice", n)
		}
		out = append(out, n)
	}
	return out, nil
}

// checkRunLength sets frames or duration from -frames / -duration.
func checkRunLength(opt *pacingOptions, duration string, set map[string]bool) error {
	if set["frames"] && set["duration"] {
		return errors.New("-frames and -duration exclude each other: give one")
	}
	if set["frames"] {
		if opt.frames < 1 || opt.frames > maxPacingFrames {
			return fmt.Errorf("-frames %d: want 1..%d", opt.frames, maxPacingFrames)
		}
		return nil
	}
	opt.duration = defaultPacingDuration
	if !set["duration"] {
		return nil
	}
	d, err := time.ParseDuration(duration)
	if err != nil {
		return fmt.Errorf("-duration: %w", err)
	}
	if d <= 0 || d > maxPacingDuration {
		return fmt.Errorf("-duration %v: want above 0 and at most %v", d, maxPacingDuration)
	}
	opt.duration = d
	return nil
}

// parseModeSet reads a comma-separated list of present mode names.
func parseModeSet(s string) (present.ModeSet, error) {
	var set present.ModeSet
	for f := range strings.SplitSeq(s, ",") {
		name := strings.ToUpper(strings.TrimSpace(f))
		m := present.PresentMode(0)
		for _, c := range present.AllModes.Modes() {
			if c.String() == name {
				m = c
			}
		}
		if !m.Valid() {
			return 0, fmt.Errorf("%q is not a present mode (want IMMEDIATE, MAILBOX, FIFO or FIFO_RELAXED)", f)
		}
		set = set.Add(m)
	}
	return set, nil
}

// pacingUsage documents every flag of `sample pacing`.
func pacingUsage(w io.Writer) {
	fmt.Fprint(w, `usage: sample pacing [-simulate] [flags]

The swap-interval experiment. For each swap interval it runs the real
fixed-step scheduler and records every present: present-to-present interval,
updates per draw, the present mode in use and any fallback to another mode.
Swap interval 0 is IMMEDIATE, 1 FIFO, 2 FIFO_RELAXED: Vulkan's late swap
tearing, not half-rate presentation; for a 30 Hz game use -hz 30.

With -simulate, the scheduler runs in virtual time against a simulated
display that models IMMEDIATE, MAILBOX, FIFO and FIFO_RELAXED at an exact
refresh rate: each Draw costs -cost of virtual time, then presents; a
present blocked by FIFO back-pressure advances virtual time too. It reports
what a player would see: how many new updates each refresh shows (judder),
repeated refreshes, torn and dropped frames, present-to-display latency.
Runs are deterministic for a given -seed. The display's vblank 0 is at the
scheduler's start, or with -align first on the first present.

Without -simulate it opens the sample game in a 640x480 window for each
interval (asked for through the PreparingDeviceSettings handler),
runs -frames draws or -duration of wall time, and records the CPU-side time
at which each present returns on the system clock. Where the platform says
when each frame was shown (presented times, or frame-done times on
a compositor without presentation feedback), it reports judder and repeats
from those: each refresh, on the period measured from the display's times
(or -refresh's), shows the updates run since the previous frame shown.
Where nothing is measured (X11, Xvfb) it bins the times the presents
returned on the refresh the display reports (or -refresh's); the summary
says which times it used. The flags -cost, -seed, -supported, -images and
-align describe the simulated display and need -simulate. On Xvfb, which
has no vertical blank, the summary and every plot title say so: FIFO there
is not display pacing.

Writes into -out: pacing.csv (one row per frame), pacing-hist-intervalN.png
(histogram of present-to-present intervals per interval), pacing-series.png
(intervals over time, all modes) and, with -simulate, pacing-judder.png
(new updates per refresh), pacing-timeline.png (updates on screen over the
first 30 refreshes) and pacing-overview.png (those two in one figure);
prints a summary table to stdout. Exit status: 0 done, 1 a run or an output
failed, 2 bad flags.

flags:
`)
	var opt pacingOptions
	var raw pacingFlagText
	fs := newPacingFlagSet(&opt, &raw)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
