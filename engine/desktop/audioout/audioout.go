// Package audioout is the real audio output of engine/audio (rule A5).
//
// On Linux, where a PulseAudio server is configured (PULSE_SERVER, or
// its socket in XDG_RUNTIME_DIR), it talks to it through
// github.com/jfreymuth/pulse, the pure-Go client oto itself uses, so it
// can reconnect when the server goes away and comes back: oto allows one
// context per process, ever, and cannot. Elsewhere, and on Linux without
// a PulseAudio server (ALSA), it plays through
// github.com/ebitengine/oto/v3, which cannot reconnect: a lost oto
// device leaves the game silent.
//
// The PulseAudio stream asks for the period as its whole latency and has
// no prebuffering: after an underrun it plays on at the wall clock's pace
// and drops what comes too late, so the stream's timeline, to which
// engine/audio maps game time (A3), never moves. The server's minimum
// request is reported through RequestFrames (A9).
//
// The process's file descriptors are never touched: the ALSA library's
// own messages are silenced through its error handler (alsa_linux.go).
//
// A connection that does not answer within Options.ConnectTimeout is
// given up (the attempt ends on its own later, and closes what it
// opened). That bound ends once the server has set up the stream: its
// sink then has at least 10 s to start playing it, since a sink that is
// waking up (a null sink between its blocks, a suspended card, a
// Bluetooth sink) can take seconds. A lost server (the connection closed, or no frames asked for
// during Options.StallTimeout while the output should play) is reported
// once; the output then keeps pulling the mix at the wall clock's rate
// and drops it, so game time keeps its place, says it is Lost, and, for
// PulseAudio, reconnects with a backoff (Options.RetryMin to RetryMax).
//
// Goroutines: the output's supervisor (one, ended by Close), the client
// library's two per connection (ended when the connection closes), and
// what the library cannot end: a connection given up at its time-out
// goes on until the library's own 1 s request time-out (at most one at a
// time), and a server that stalls (open but silent) leaves the library's
// stream goroutine waiting for ever (one per stall), since closing the
// stream under a server that does not answer could make the library send
// on a closed channel.
//
// The client library allocates one message value for every message the
// server sends (about 90 a second at a 20 ms period); the allocation
// tests count it apart (package alloctest). Our own path, the pulls and
// the mixer, allocates nothing.
package audioout

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultPeriod is the default buffer of the device and of our player:
// 20 ms (10 ms underran on two busy cores).
const DefaultPeriod = 20 * time.Millisecond

// DefaultConnectTimeout bounds the wait for the audio server when
// Options.ConnectTimeout is 0.
const DefaultConnectTimeout = 3 * time.Second

// Options configures Open.
type Options struct {
	// SampleRate in frames per second; 0: 48000.
	SampleRate int
	// Period is the device's buffer and the player's; 0: DefaultPeriod.
	// 5 ms to 500 ms.
	Period time.Duration
	// ConnectTimeout bounds each wait for the audio server to answer and
	// set up the stream (the first connection and every reconnection);
	// the stream's start then has at least 10 s. 0: DefaultConnectTimeout.
	ConnectTimeout time.Duration
	// StallTimeout is how long a playing output may go without being
	// asked for frames before its server counts as lost; 0: 25 periods,
	// at least 500 ms.
	StallTimeout time.Duration
	// RetryMin and RetryMax bound the wait between reconnection
	// attempts (it doubles from RetryMin); 0: 250 ms and 2 s.
	RetryMin, RetryMax time.Duration
	// Report receives the output's one-line reports (a lost server, its
	// return); nil: written to os.Stderr.
	Report func(line string)
	// Now is the wall clock underruns and the silent clock are measured
	// against; nil: the monotonic clock.
	Now func() time.Duration
	// BeforeFallback, when set, is called on Linux when no PulseAudio
	// server took the connection, before the output falls back to ALSA
	// through oto, whose libraries and plugins take tens of milliseconds
	// to load: it may block to keep that work off a launch's path
	// (engine/desktop holds it until the first frame is on screen), and
	// an error it returns ends the open with that error. The output's
	// RequestFrames is then 0 (oto does not say how its device asks).
	BeforeFallback func() error
	// Requested, when set, is called once, on the open's goroutine, when
	// the PulseAudio server has set up the first connection's stream,
	// with the request RequestFrames will give. The open then waits for
	// the server to start the stream, which a sink that is waking up (a
	// suspended card, a null sink between its blocks) can make take up
	// to seconds: a caller that needs only the request need not wait
	// for Open. Not called when the output falls back to ALSA.
	Requested func(frames int)
}

// backend is one connection to a device: it pulls frames from pull on
// its own goroutine once started.
type backend interface {
	// lost is non-nil once the device has gone.
	lost() error
	// close releases the connection; safe is false when the server may be
	// stalled (close must not wait on it).
	close(safe bool)
	// requestFrames is how many frames the server asks for at once in
	// steady state; 0 when the backend cannot tell.
	requestFrames() int
}

// dialer opens a backend that pulls through pull: each reconnection.
type dialer func(pull func(dst []float32) int, timeout time.Duration) (backend, error)

// Output plays engine/audio's mix. Make one with Open.
type Output struct {
	rate    int
	period  time.Duration
	frames  int
	now     func() time.Duration
	report  func(string)
	redial  dialer
	timeout time.Duration
	stall   time.Duration
	retry   [2]time.Duration

	// mu orders every call of render (the stream's pulls, the silent
	// clock) and the state below.
	mu        sync.Mutex
	render    func([]float32)
	scratch   []float32
	be        backend
	gen       uint64 // the current backend's generation
	closed    bool
	t0        time.Duration // wall time at which frame 0 would have played
	delivered int64
	silentAt  time.Duration // silent clock: wall time of its frame 0
	silent    int64         // frames the silent clock rendered
	nextTry   time.Duration
	backoff   time.Duration
	lostAt    time.Duration
	dialing   atomic.Bool

	request   int           // the first backend's request in frames (A9)
	firstPull chan struct{} // closed by the first pull that renders the mix
	pulled    bool          // firstPull is closed

	lastPull  atomic.Int64 // wall time of the last pull, ns
	lostErr   atomic.Pointer[error]
	losses    atomic.Int64
	underruns atomic.Int64

	stop   chan struct{}
	wg     sync.WaitGroup
	manual bool // tests call check themselves: no supervisor
}

// Open connects to the system's audio server. Without one, or with one
// that does not answer within Options.ConnectTimeout, it returns an error
// (and the game runs silently: engine.Game turns it into
// Audio().Available() == false).
func Open(o Options) (*Output, error) {
	return open(o, func(rate int, period, timeout time.Duration, pull func([]float32) int) (backend, dialer, error) {
		return openBackend(rate, period, timeout, pull, o.BeforeFallback, o.Requested)
	})
}

// opener connects the first backend: openBackend, or a test's fake.
type opener func(rate int, period, timeout time.Duration, pull func([]float32) int) (backend, dialer, error)

func open(o Options, connect opener) (*Output, error) {
	if o.SampleRate == 0 {
		o.SampleRate = 48000
	}
	if o.Period == 0 {
		o.Period = DefaultPeriod
	}
	if o.Period < 5*time.Millisecond || o.Period > 500*time.Millisecond {
		return nil, fmt.Errorf("audio output: period %v out of range: use 5ms to 500ms", o.Period)
	}
	if o.ConnectTimeout == 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.ConnectTimeout < 0 {
		return nil, fmt.Errorf("audio output: ConnectTimeout %v is negative", o.ConnectTimeout)
	}
	if o.StallTimeout == 0 {
		o.StallTimeout = max(25*o.Period, 500*time.Millisecond)
	}
	if o.RetryMin == 0 {
		o.RetryMin = 250 * time.Millisecond
	}
	if o.RetryMax == 0 {
		o.RetryMax = 2 * time.Second
	}
	if o.Now == nil {
		start := time.Now()
		o.Now = func() time.Duration { return time.Since(start) }
	}
	if o.Report == nil {
		o.Report = func(line string) { fmt.Fprintln(os.Stderr, line) }
	}
	frames := int(int64(o.SampleRate) * int64(o.Period) / int64(time.Second))
	out := &Output{rate: o.SampleRate, period: o.Period, frames: frames, now: o.Now,
		report: o.Report, timeout: o.ConnectTimeout, stall: o.StallTimeout,
		retry: [2]time.Duration{o.RetryMin, o.RetryMax}, scratch: make([]float32, 2*frames)}
	out.gen = 1
	be, d, err := connect(o.SampleRate, o.Period, o.ConnectTimeout, out.puller(1))
	if err != nil {
		return nil, err
	}
	out.be, out.redial = be, d
	out.request = be.requestFrames()
	return out, nil
}

// SampleRate is the output's rate.
func (o *Output) SampleRate() int { return o.rate }

// PeriodFrames is the period in frames.
func (o *Output) PeriodFrames() int { return o.frames }

// RequestFrames is how many frames the server asks for at once in steady
// state (audio.OutputRequest), which the delay rule takes (A9): on
// PulseAudio the minimum request the server reported (a quarter of the
// period); 0 where the library cannot tell (oto).
func (o *Output) RequestFrames() int { return o.request }

// Latency is the output's delay from a rendered frame to the speaker: on
// PulseAudio the period, which the stream asked for as its whole latency
// and the server split between its buffer and the sink's; through oto
// the device's buffer plus one request, two periods.
func (o *Output) Latency() time.Duration {
	if o.request > 0 {
		return o.period
	}
	return o.buffered()
}

// buffered bounds what the output may hold: two periods, the time the
// underrun estimate and Close's drain allow for.
func (o *Output) buffered() time.Duration { return 2 * o.period }

// Underruns counts the times the frames delivered fell behind the wall
// clock (the device must have played silence); an estimate, since neither
// library reports underruns.
func (o *Output) Underruns() int64 { return o.underruns.Load() }

// Lost says why the output plays nothing now (its server went away and
// it has not reconnected yet); nil while it plays.
func (o *Output) Lost() error {
	if p := o.lostErr.Load(); p != nil {
		return *p
	}
	return nil
}

// Losses counts the times the output lost its server.
func (o *Output) Losses() int64 { return o.losses.Load() }

// Start begins playback pulling from render.
func (o *Output) Start(render func(dst []float32)) error {
	o.mu.Lock()
	if o.render != nil {
		o.mu.Unlock()
		return errors.New("audio output: started twice")
	}
	if o.closed {
		o.mu.Unlock()
		return errors.New("audio output: started after Close")
	}
	o.render = render
	o.t0 = o.now() + o.buffered()
	o.lastPull.Store(int64(o.now()))
	o.firstPull = make(chan struct{})
	o.mu.Unlock()
	if o.manual {
		return nil
	}
	o.stop = make(chan struct{})
	o.wg.Add(1)
	go o.supervise()
	// The stream runs already: its next request renders the mix. Waiting
	// for it (at most four periods) lets the game's first Update find the
	// output's position measured, so the first anchor is where the rule
	// puts it (A9).
	t := time.NewTimer(4 * o.period)
	defer t.Stop()
	select {
	case <-o.firstPull:
	case <-t.C:
	}
	return nil
}

// puller returns the pull function of backend generation gen: it renders
// the mix while gen is current and plays silence otherwise (a new
// connection's first frames, before it takes over; an old one's last).
func (o *Output) puller(gen uint64) func(dst []float32) int {
	return func(dst []float32) int {
		o.mu.Lock()
		defer o.mu.Unlock()
		n := len(dst) / 2
		if n > o.frames {
			n = o.frames
		}
		buf := dst[:2*n]
		if o.render == nil || o.closed || o.gen != gen || o.lostErr.Load() != nil {
			clear(buf)
			return 2 * n
		}
		now := o.now()
		o.lastPull.Store(int64(now))
		o.render(buf)
		if !o.pulled {
			o.pulled = true
			close(o.firstPull)
		}
		// Underrun: the frames delivered so far would all have been
		// played by now.
		played := int64(now-o.t0) * int64(o.rate) / int64(time.Second)
		if played > o.delivered {
			o.underruns.Add(1)
			o.t0 = now - time.Duration(o.delivered*int64(time.Second)/int64(o.rate))
		}
		o.delivered += int64(n)
		return 2 * n
	}
}

// supervise watches the backend once a period: it notices a lost server,
// renders the mix silently at the wall clock's rate while lost, and
// reconnects.
func (o *Output) supervise() {
	defer o.wg.Done()
	t := time.NewTicker(o.period)
	defer t.Stop()
	for {
		select {
		case <-o.stop:
			return
		case <-t.C:
		}
		o.check()
	}
}

func (o *Output) check() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	now := o.now()
	if o.lostErr.Load() == nil {
		err := o.be.lost()
		if err == nil {
			if idle := now - time.Duration(o.lastPull.Load()); idle > o.stall {
				err = fmt.Errorf("the sound server asked for no sound for %v", idle.Round(time.Millisecond))
			}
		}
		if err == nil {
			return
		}
		o.lose(now, err)
	}
	// Lost: keep the mixer in step with the wall clock, dropping what it
	// renders, so game time keeps its place.
	due := int64(now-o.silentAt) * int64(o.rate) / int64(time.Second)
	for o.silent < due {
		n := min(due-o.silent, int64(o.frames))
		o.render(o.scratch[:2*n])
		o.silent += n
	}
	if o.redial != nil && now >= o.nextTry && !o.dialing.Load() {
		o.dialing.Store(true)
		o.gen++
		go o.reconnect(o.gen)
	}
}

// lose records a lost server (o.mu held) and says so once.
func (o *Output) lose(now time.Duration, err error) {
	o.lostErr.Store(&err)
	o.losses.Add(1)
	o.lostAt, o.silentAt, o.silent = now, now, 0
	o.backoff = o.retry[0]
	o.nextTry = now + o.backoff
	safe := o.be.lost() != nil // a closed connection: nothing to wait on
	go o.be.close(safe)
	how := "running silently"
	if o.redial != nil {
		how += " until it is back"
	}
	o.report(fmt.Sprintf("audio: lost the sound server (%v); %s", err, how))
}

// reconnect dials once for generation gen (its own goroutine: a dial may
// wait up to the connect time-out while the silent clock runs).
func (o *Output) reconnect(gen uint64) {
	defer o.dialing.Store(false)
	be, err := o.redial(o.puller(gen), o.timeout)
	o.mu.Lock()
	defer o.mu.Unlock()
	now := o.now()
	if err != nil || o.closed || o.gen != gen {
		if be != nil {
			go be.close(true)
		}
		o.backoff = min(2*o.backoff, o.retry[1])
		o.nextTry = now + o.backoff
		return
	}
	o.be = be
	o.t0, o.delivered = now+o.buffered(), 0
	o.lastPull.Store(int64(now))
	o.lostErr.Store(nil)
	o.report(fmt.Sprintf("audio: the sound server is back after %v; sound resumed", (now - o.lostAt).Round(time.Millisecond)))
}

// Close waits for the buffered audio to play (neither library drains),
// then stops: render is never called after Close returns. A reconnection
// under way ends on its own within the connect time-out and closes what
// it opened.
func (o *Output) Close() error {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return nil
	}
	if o.render == nil {
		o.closed = true
		be := o.be
		o.mu.Unlock()
		be.close(true)
		return nil
	}
	playing := o.lostErr.Load() == nil
	o.mu.Unlock()
	if playing {
		time.Sleep(o.buffered() + o.period)
	}
	o.mu.Lock()
	o.closed = true
	be := o.be
	fresh := o.now()-time.Duration(o.lastPull.Load()) < o.stall
	o.mu.Unlock()
	if o.stop != nil {
		close(o.stop)
		o.wg.Wait()
	}
	if be != nil && o.Lost() == nil {
		be.close(fresh)
	}
	return nil
}

// byteReader adapts a pull function to oto's io.Reader of float32
// little-endian stereo frames.
type byteReader struct {
	pull    func([]float32) int
	scratch []float32
}

func (r *byteReader) Read(p []byte) (int, error) {
	n := min(len(p)/8, len(r.scratch)/2)
	if n == 0 {
		return 0, nil
	}
	got := r.pull(r.scratch[:2*n])
	if got == 0 {
		return 0, io.EOF
	}
	for i, x := range r.scratch[:got] {
		binary.LittleEndian.PutUint32(p[4*i:], math.Float32bits(x))
	}
	return 4 * got, nil
}

// openError is the library's failure to open any output, said briefly:
// on Linux it lists every ALSA device it tried after the PulseAudio
// error, a line of a few thousand bytes. Unwrap gives the whole of it.
type openError struct{ err error }

func (e *openError) Error() string {
	msg := e.err.Error()
	pulse, _, both := strings.Cut(msg, "; ALSA:")
	if !both {
		return "audio output: " + msg
	}
	if _, why, ok := strings.Cut(pulse, "initialization failed: dial "); ok {
		pulse = "dial " + why
	}
	return "audio output: no PulseAudio server and no ALSA device (PulseAudio: " + strings.TrimSpace(pulse) + ")"
}

func (e *openError) Unwrap() error { return e.err }

// timeoutError is a server that did not answer in time.
type timeoutError struct {
	server string
	after  time.Duration
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("audio output: the sound server%s did not answer within %v", e.server, e.after)
}
