// Package clocktool is `sample clock`: it replays a frame-time trace through
// the scheduler without a window and prints what the game would see, one
// line per callback (rule T23).
package clocktool

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
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

// Run is `sample clock` (rule T23): it replays the trace on stdin
// through a Scheduler on a virtual clock and prints one line per callback.
// It streams: each delta is read, ticked and printed before the next is
// read, output is flushed whenever the input would block, and memory stays
// flat however long the trace. A bad trace exits 2 naming its line; a
// failed write stops the replay at once and exits 1.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opt, err := parseClockFlags(args, stderr)
	if err == flag.ErrHelp {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample clock: %v\n", err)
		return 2
	}
	tr := newTranscript(stdout)
	err = replay(opt, stdin, tr)
	if ferr := tr.flush(); err == nil && ferr != nil {
		err = &writeError{ferr}
	}
	var werr *writeError
	switch {
	case errors.As(err, &werr):
		fmt.Fprintf(stderr, "sample clock: write: %v\n", werr.err)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "sample clock: %v\n", err)
		return 2
	}
	return 0
}

// writeError is a failed write of the transcript.
type writeError struct{ err error }

func (e *writeError) Error() string { return "write: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

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

// replay reads the trace delta by delta, runs each as one tick and writes
// the transcript to tr as it goes. The caller flushes tr.
func replay(opt clockOptions, trace io.Reader, tr *transcript) error {
	clock := &replayClock{timing.NewManualClock(0)}
	s, err := newClockScheduler(opt, clock, tr)
	if err != nil {
		return err
	}
	tr.s = s
	s.Start()
	if tr.err != nil {
		return &writeError{tr.err}
	}
	in := newTraceReader(trace, func() error {
		if err := tr.flush(); err != nil {
			return &writeError{err}
		}
		return nil
	})
	// A delta counts as zero when negative; above twice MaxElapsedTime it
	// prints the same as twice MaxElapsedTime (every profile clamps it), so
	// it is capped there.
	limit := timing.MaxTimeSpan
	if m := s.MaxElapsedTime(); m <= timing.MaxTimeSpan/2 {
		limit = 2 * m
	}
	for {
		d, err := in.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return err
		}
		step := min(max(d, 0), limit).Duration()
		if step >= math.MaxInt64-clock.Now() { // a reading of the largest Duration would fail the tick
			return fmt.Errorf("line %d: the trace's time so far passes the virtual clock's range (%v, about 292 years)", in.Line(), time.Duration(math.MaxInt64))
		}
		clock.Advance(step)
		if err := s.Tick(); err != nil {
			return fmt.Errorf("line %d: %w", in.Line(), err)
		}
		if tr.err != nil {
			return &writeError{tr.err}
		}
	}
	st := s.Stats()
	if tr.err == nil && tr.n > outSize {
		tr.flush()
	}
	if tr.err != nil {
		return &writeError{tr.err}
	}
	b := append(tr.buf[tr.n:tr.n], "# ticks="...)
	b = appendInt(b, int64(st.Ticks))
	b = append(b, " updates="...)
	b = appendInt(b, int64(st.Updates))
	b = append(b, " draws="...)
	b = appendInt(b, int64(st.Draws))
	b = append(b, '\n')
	tr.n += len(b)
	return nil
}

// outSize is how much transcript is gathered before one write; outSlack
// is room past it for one more line, the longest line included (and the
// fixed-size copies that format a line may write past its end).
const (
	outSize  = 256 << 10
	outSlack = 512
)

// transcript is the Handler that prints the callbacks. It formats each
// line straight into its own output buffer with fixed-size copies of
// cached texts, writes the buffer whole when it fills, and keeps the first
// write error; after it, it writes nothing more. The counts are kept as
// text, and the " elapsed=E total=T slow=S" part that a draw and the next
// update usually share is formatted once.
type transcript struct {
	w       io.Writer
	s       *timing.Scheduler
	buf     []byte // outSize + outSlack; the transcript not yet written is buf[:n]
	n       int
	err     error
	updates counter
	draws   counter
	times   timesText
	left    fieldText
}

// newTranscript returns a transcript that writes to w.
func newTranscript(w io.Writer) *transcript {
	return &transcript{w: w, buf: make([]byte, outSize+outSlack), left: fieldText{label: " left="}}
}

// flush writes the buffered transcript; it returns the first write error,
// now or earlier.
func (t *transcript) flush() error {
	if t.err != nil || t.n == 0 {
		return t.err
	}
	n, err := t.w.Write(t.buf[:t.n])
	if err == nil && n < t.n {
		err = io.ErrShortWrite
	}
	t.n = 0
	t.err = err
	return err
}

// room makes room for one line; it reports false after a write error.
func (t *transcript) room() bool {
	if t.n > outSize {
		t.flush()
	}
	return t.err == nil
}

// The line heads, padded to a fixed copy.
var (
	updateHead = [8]byte{'u', 'p', 'd', 'a', 't', 'e', ' '}
	drawHead   = [8]byte{'d', 'r', 'a', 'w', ' '}
)

// Poll does nothing: the replay has no input to poll.
func (t *transcript) Poll() {}

// Update prints "update N elapsed=E total=T slow=S".
func (t *transcript) Update(gt timing.GameTime) {
	t.updates.inc()
	t.times.set(int64(gt.ElapsedGameTime), int64(gt.TotalGameTime), gt.IsRunningSlowly)
	if !t.room() {
		return
	}
	b := t.buf[t.n:]
	*(*[8]byte)(b) = updateHead
	n := len("update ")
	*(*[counterSize]byte)(b[n:]) = t.updates.text
	n += t.updates.n
	*(*[timesSize]byte)(b[n:]) = t.times.text
	n += t.times.n
	b[n] = '\n'
	t.n += n + 1
}

// Draw prints "draw N elapsed=E total=T slow=S left=L".
func (t *transcript) Draw(gt timing.GameTime) {
	t.draws.inc()
	t.times.set(int64(gt.ElapsedGameTime), int64(gt.TotalGameTime), gt.IsRunningSlowly)
	t.left.set(int64(t.s.Accumulated()))
	if !t.room() {
		return
	}
	b := t.buf[t.n:]
	*(*[8]byte)(b) = drawHead
	n := len("draw ")
	*(*[counterSize]byte)(b[n:]) = t.draws.text
	n += t.draws.n
	*(*[timesSize]byte)(b[n:]) = t.times.text
	n += t.times.n
	*(*[fieldSize]byte)(b[n:]) = t.left.text
	n += t.left.n
	b[n] = '\n'
	t.n += n + 1
}

// timesSize holds " elapsed=E total=T slow=false" for any two int64s.
const timesSize = 80

// timesText is the text " elapsed=E total=T slow=S" for the last values
// set. A total from 10^8 up is written as its high digits, reused while
// they stay the same, and eight low digits.
type timesText struct {
	ok             bool
	elapsed, total int64
	slow           bool
	hi             int64 // total / 1e8 of the text's high digits, -1 for none
	hiEnd          int   // end of " elapsed=E total=" and the high digits
	pre            int   // length of " elapsed=E total="
	n              int
	text           [timesSize]byte
}

// The slow field's texts, padded to a fixed copy.
var (
	slowFalse = [16]byte{' ', 's', 'l', 'o', 'w', '=', 'f', 'a', 'l', 's', 'e'}
	slowTrue  = [16]byte{' ', 's', 'l', 'o', 'w', '=', 't', 'r', 'u', 'e'}
)

// set makes the text that of elapsed, total and slow.
func (x *timesText) set(elapsed, total int64, slow bool) {
	if x.ok && elapsed == x.elapsed && total == x.total && slow == x.slow {
		return
	}
	x.format(elapsed, total, slow)
}

func (x *timesText) format(elapsed, total int64, slow bool) {
	if !x.ok || elapsed != x.elapsed {
		b := append(x.text[:0], " elapsed="...)
		b = appendInt(b, elapsed)
		b = append(b, " total="...)
		x.pre, x.hi = len(b), -1
	}
	var i int
	if total < 1e8 {
		i = len(appendInt(x.text[:x.pre], total))
		x.hi = -1
	} else {
		if hi := total / 1e8; hi != x.hi {
			x.hi = hi
			x.hiEnd = len(appendInt(x.text[:x.pre], hi))
		}
		lo := uint64(total - x.hi*1e8)
		i = x.hiEnd
		put4(x.text[i:], lo/1e4)
		put4(x.text[i+4:], lo%1e4)
		i += 8
	}
	if slow {
		*(*[16]byte)(x.text[i:]) = slowTrue
		i += len(" slow=true")
	} else {
		*(*[16]byte)(x.text[i:]) = slowFalse
		i += len(" slow=false")
	}
	x.ok, x.elapsed, x.total, x.slow, x.n = true, elapsed, total, slow, i
}

// put4 writes v (below 10^4) as four digits, zeros first.
func put4(b []byte, v uint64) {
	hi, lo := v/100, v%100
	b = b[:4]
	b[0], b[1] = digitPairs[2*hi], digitPairs[2*hi+1]
	b[2], b[3] = digitPairs[2*lo], digitPairs[2*lo+1]
}

// fieldSize holds a short label and any int64.
const fieldSize = 32

// fieldText is the text of a field, its label included (" left=4999"), for
// the last value set. The label is at most fieldSize-20 bytes.
type fieldText struct {
	label string
	ok    bool
	v     int64
	n     int
	text  [fieldSize]byte
}

// set makes the text that of v.
func (f *fieldText) set(v int64) {
	if f.ok && f.v == v {
		return
	}
	f.format(v)
}

func (f *fieldText) format(v int64) {
	b := appendInt(append(f.text[:0], f.label...), v)
	f.ok, f.v, f.n = true, v, len(b)
}

// counterSize holds any uint64 in decimal.
const counterSize = 24

// counter is a decimal count kept as text: each line's number is one
// increment, not a conversion.
type counter struct {
	n    int
	text [counterSize]byte
}

// inc adds one.
func (c *counter) inc() {
	i := c.n - 1
	for ; i >= 0 && c.text[i] == '9'; i-- {
		c.text[i] = '0'
	}
	if i >= 0 {
		c.text[i]++
		return
	}
	copy(c.text[1:c.n+1], c.text[:c.n])
	c.text[0] = '1'
	c.n++
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// appendInt appends v in base 10, writing the digits in place (the
// transcript's hot path).
func appendInt(b []byte, v int64) []byte {
	u := uint64(v)
	if v < 0 {
		b = append(b, '-')
		u = -u
	}
	n := decimalDigits(u)
	start := len(b)
	b = append(b, zeros[:n]...)
	i := start + n
	for u >= 100 {
		q := u / 100
		r := u - q*100
		i -= 2
		b[i], b[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		u = q
	}
	if u >= 10 {
		i -= 2
		b[i], b[i+1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		i--
		b[i] = byte('0' + u)
	}
	return b
}

// zeros is room for the longest int64.
var zeros [20]byte

// pow10 holds 10^0 to 10^19.
var pow10 = [20]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// decimalDigits returns the number of decimal digits of u (1 for 0).
func decimalDigits(u uint64) int {
	n := (bits.Len64(u) * 1233) >> 12 // about log10(2) x bit length
	if n < 20 && u >= pow10[n] {
		n++
	}
	return max(n, 1)
}
