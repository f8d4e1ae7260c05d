package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// clockOptions are the flags of `sample clock`.
type clockOptions struct {
	variable bool
	target   int64
	max      int64
	profile  string
}

// runClock is `sample clock` (rule T23): it replays the trace on stdin
// through a Scheduler on a virtual clock and prints one line per callback.
func runClock(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opt, err := parseClockFlags(args, stderr)
	if err == flag.ErrHelp {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample clock: %v\n", err)
		return 2
	}
	deltas, err := parseTrace(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sample clock: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	if err := replay(opt, deltas, out); err != nil {
		fmt.Fprintf(stderr, "sample clock: %v\n", err)
		return 2
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "sample clock: write: %v\n", err)
		return 1
	}
	return 0
}

func parseClockFlags(args []string, stderr io.Writer) (clockOptions, error) {
	var opt clockOptions
	fs := flag.NewFlagSet("sample clock", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&opt.variable, "variable", false, "variable step (default: fixed step)")
	fs.Int64Var(&opt.target, "target", int64(timing.DefaultTargetElapsedTime), "TargetElapsedTime in 100 ns ticks")
	fs.Int64Var(&opt.max, "max", int64(timing.DefaultMaxElapsedTime), "MaxElapsedTime in 100 ns ticks")
	fs.StringVar(&opt.profile, "profile", "default", "clock semantics: default or xna")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: sample clock [flags] < trace

Reads frame deltas from stdin and prints, one line per callback, what the game
would see:
  update N elapsed=E total=T slow=S
  draw N elapsed=E total=T slow=S left=L
  # ticks=K updates=U draws=D
A delta is a plain integer (100 ns ticks) or a Go duration (50.5ms, 1s500ms)
that is a whole number of ticks; negative deltas count as zero; '#' starts a
comment. Times printed are in ticks.

flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return opt, err
	}
	if fs.NArg() > 0 {
		return opt, fmt.Errorf("unexpected argument %q (the trace comes on stdin)", fs.Arg(0))
	}
	return opt, nil
}

// replayClock is the replay's virtual clock: a ManualClock that a waiting
// tick moves straight to its deadline (timing.VirtualWaiter), so a wait
// costs one call however long the step is.
type replayClock struct{ *timing.ManualClock }

// WaitUntil moves the clock to deadline.
func (c *replayClock) WaitUntil(deadline time.Duration) { c.Yield(deadline) }

// newClockScheduler builds the scheduler the options describe.
func newClockScheduler(opt clockOptions, clock *replayClock, h timing.Handler) (*timing.Scheduler, error) {
	target, maxElapsed := timing.TimeSpan(opt.target), timing.TimeSpan(opt.max)
	if maxElapsed <= 0 {
		return nil, fmt.Errorf("-max %d: MaxElapsedTime must be positive", opt.max)
	}
	if target <= 0 {
		return nil, fmt.Errorf("-target %d: TargetElapsedTime must be positive", opt.target)
	}
	if target > maxElapsed {
		return nil, fmt.Errorf("-target %d is above -max %d: no update could ever run; lower -target or raise -max", opt.target, opt.max)
	}
	profile, err := timing.ParseProfile(opt.profile)
	if err != nil {
		return nil, fmt.Errorf("-profile: %w", err)
	}
	s, err := timing.NewScheduler(clock, clock, h)
	if err != nil {
		return nil, err
	}
	if err := s.SetProfile(profile); err != nil {
		return nil, err
	}
	s.SetFixedTimeStep(!opt.variable)
	// Order the two so neither is ever checked against the other's default.
	setTarget := func() error {
		if err := s.SetTargetElapsedTime(target); err != nil {
			return fmt.Errorf("-target %d: %w", opt.target, err)
		}
		return nil
	}
	setMax := func() error {
		if err := s.SetMaxElapsedTime(maxElapsed); err != nil {
			return fmt.Errorf("-max %d: %w", opt.max, err)
		}
		return nil
	}
	if target <= s.MaxElapsedTime() {
		err = firstErr(setTarget(), setMax())
	} else {
		err = firstErr(setMax(), setTarget())
	}
	return s, err
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// replay runs every delta as one tick and writes the transcript.
func replay(opt clockOptions, deltas []timing.TimeSpan, w io.Writer) error {
	clock := &replayClock{timing.NewManualClock(0)}
	tr := &transcript{w: w}
	s, err := newClockScheduler(opt, clock, tr)
	if err != nil {
		return err
	}
	tr.s = s
	s.Start()
	// A delta counts as zero when negative; above twice MaxElapsedTime it
	// prints the same as twice MaxElapsedTime (every profile clamps it), so
	// it is capped there.
	limit := timing.MaxTimeSpan
	if m := s.MaxElapsedTime(); m <= timing.MaxTimeSpan/2 {
		limit = 2 * m
	}
	for i, d := range deltas {
		step := min(max(d, 0), limit).Duration()
		if step > math.MaxInt64-clock.Now() {
			return fmt.Errorf("delta %d: the trace's time so far passes the virtual clock's range (%v, about 292 years)", i+1, time.Duration(math.MaxInt64))
		}
		clock.Advance(step)
		if err := s.Tick(); err != nil {
			return err
		}
	}
	st := s.Stats()
	_, err = fmt.Fprintf(w, "# ticks=%d updates=%d draws=%d\n", st.Ticks, st.Updates, st.Draws)
	return err
}

// transcript is the Handler that prints the callbacks.
type transcript struct {
	w       io.Writer
	s       *timing.Scheduler
	updates int
	draws   int
}

func (t *transcript) Poll() {}

func (t *transcript) Update(gt timing.GameTime) {
	t.updates++
	fmt.Fprintf(t.w, "update %d elapsed=%d total=%d slow=%t\n", t.updates, gt.ElapsedGameTime, gt.TotalGameTime, gt.IsRunningSlowly)
}

func (t *transcript) Draw(gt timing.GameTime) {
	t.draws++
	fmt.Fprintf(t.w, "draw %d elapsed=%d total=%d slow=%t left=%d\n", t.draws, gt.ElapsedGameTime, gt.TotalGameTime, gt.IsRunningSlowly, t.s.Accumulated())
}
