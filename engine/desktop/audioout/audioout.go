// Package audioout is the real audio output of engine/audio (rule A5):
// an audio.Output on github.com/ebitengine/oto/v3, which talks to
// PulseAudio in pure Go on Linux (ALSA as its fallback) and to WASAPI on
// Windows without cgo.
//
// Oto has no drain call and mixes its players itself; we feed it one
// stream, already mixed by engine/audio, and drain by waiting for the
// buffered time at Close. Oto allows one context per process: the first
// Open makes it, later ones reuse it.
package audioout

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ebitengine/oto/v3"
)

// DefaultPeriod is the default buffer of the device and of our player:
// 20 ms (10 ms underran on two busy cores).
const DefaultPeriod = 20 * time.Millisecond

// Options configures Open.
type Options struct {
	// SampleRate in frames per second; 0: 48000.
	SampleRate int
	// Period is the device's buffer and the player's; 0: DefaultPeriod.
	// 5 ms to 500 ms.
	Period time.Duration
	// ReadyTimeout bounds the wait for the audio server; 0: 5 s.
	ReadyTimeout time.Duration
	// Now is the wall clock underruns are measured against; nil: the
	// monotonic clock.
	Now func() time.Duration
}

// The process's one oto context (oto refuses a second).
var (
	ctxMu   sync.Mutex
	ctxOnce *oto.Context
	ctxErr  error
	ctxRate int
	ctxBuf  time.Duration
)

// Output plays engine/audio's mix through oto.
type Output struct {
	ctx     *oto.Context
	player  *oto.Player
	rate    int
	period  time.Duration
	frames  int
	render  func([]float32)
	scratch []float32
	now     func() time.Duration

	mu        sync.Mutex
	closed    bool
	t0        time.Duration // wall time at which frame 0 would have played
	delivered int64
	underruns atomic.Int64
}

// Open connects to the system's audio server. Without one it returns an
// error (and the game runs silently: engine.Game turns it into
// Audio().Available() == false).
func Open(o Options) (*Output, error) {
	if o.SampleRate == 0 {
		o.SampleRate = 48000
	}
	if o.Period == 0 {
		o.Period = DefaultPeriod
	}
	if o.Period < 5*time.Millisecond || o.Period > 500*time.Millisecond {
		return nil, fmt.Errorf("audio output: period %v out of range: use 5ms to 500ms", o.Period)
	}
	if o.ReadyTimeout == 0 {
		o.ReadyTimeout = 5 * time.Second
	}
	if o.Now == nil {
		start := time.Now()
		o.Now = func() time.Duration { return time.Since(start) }
	}
	ctx, err := context(o.SampleRate, o.Period, o.ReadyTimeout)
	if err != nil {
		return nil, err
	}
	frames := int(int64(o.SampleRate) * int64(o.Period) / int64(time.Second))
	return &Output{ctx: ctx, rate: o.SampleRate, period: o.Period, frames: frames,
		scratch: make([]float32, 2*frames), now: o.Now}, nil
}

func context(rate int, period, timeout time.Duration) (*oto.Context, error) {
	ctxMu.Lock()
	defer ctxMu.Unlock()
	if ctxOnce != nil || ctxErr != nil {
		if ctxErr == nil && (ctxRate != rate || ctxBuf != period) {
			return nil, fmt.Errorf("audio output: already open at %d Hz, %v (oto allows one context per process)", ctxRate, ctxBuf)
		}
		return ctxOnce, ctxErr
	}
	ctx, ready, err := newContext(rate, period)
	if err != nil {
		ctxErr = &openError{err: err}
		return nil, ctxErr
	}
	select {
	case <-ready:
	case <-time.After(timeout):
		ctxErr = fmt.Errorf("audio output: no answer from the audio server within %v", timeout)
		return nil, ctxErr
	}
	if err := ctx.Err(); err != nil {
		ctxErr = &openError{err: err}
		return nil, ctxErr
	}
	ctxOnce, ctxRate, ctxBuf = ctx, rate, period
	return ctx, nil
}

// SampleRate is the output's rate.
func (o *Output) SampleRate() int { return o.rate }

// PeriodFrames is the period in frames.
func (o *Output) PeriodFrames() int { return o.frames }

// Latency is the device's buffer plus our player's.
func (o *Output) Latency() time.Duration { return 2 * o.period }

// Underruns counts the times the frames delivered fell behind the wall
// clock (the device must have played silence); an estimate, since oto
// does not report underruns.
func (o *Output) Underruns() int64 { return o.underruns.Load() }

// Start begins playback pulling from render.
func (o *Output) Start(render func(dst []float32)) error {
	if o.render != nil {
		return errors.New("audio output: started twice")
	}
	o.render = render
	o.player = o.ctx.NewPlayer(o)
	o.player.SetBufferSize(o.frames * 8)
	o.t0 = o.now() + o.Latency()
	o.player.Play()
	return nil
}

// Read is the player's source: float32 little-endian stereo frames.
func (o *Output) Read(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return 0, errors.New("closed")
	}
	n := len(p) / 8
	if n > o.frames {
		n = o.frames
	}
	if n == 0 {
		return 0, nil
	}
	buf := o.scratch[:2*n]
	o.render(buf)
	for i, x := range buf {
		binary.LittleEndian.PutUint32(p[4*i:], math.Float32bits(x))
	}
	// Underrun: the frames delivered so far would all have been played
	// by now.
	now := o.now()
	played := int64(now-o.t0) * int64(o.rate) / int64(time.Second)
	if played > o.delivered {
		o.underruns.Add(1)
		o.t0 = now - time.Duration(o.delivered*int64(time.Second)/int64(o.rate))
	}
	o.delivered += int64(n)
	return 8 * n, nil
}

// Close waits for the buffered audio to play (oto has no drain), then
// stops reading. The process's oto context stays for a later Open.
func (o *Output) Close() error {
	if o.player == nil {
		return nil
	}
	time.Sleep(o.Latency() + o.period)
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
	o.player.Pause()
	o.player = nil // oto releases an unreachable player itself
	return nil
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
