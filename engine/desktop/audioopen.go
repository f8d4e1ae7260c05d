package desktop

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/desktop/audioout"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// The real audio output opens off the launch's critical path: NewGame
// starts audioout.Open on a goroutine before the window opens, and the
// game gets the output itself when the open has finished by the time the
// engine is made, else an openingOutput that stands in for it until it
// has. Connecting to a PulseAudio server is pure Go and quick; without a
// server the open falls back to ALSA, whose library and plugins (20-50
// ms of loading and relocating, under the dynamic linker's lock that the
// Vulkan driver's load needs too) wait for the first frame on screen.

// audioOpen is one open of the real output on its own goroutine.
type audioOpen struct {
	cfg    audio.Config  // the config as it was, Output empty
	period time.Duration // the output's period
	done   chan struct{}
	out    realOutput // set before done closes; nil on error
	err    error

	fellBack   chan struct{} // closed when no PulseAudio server took the connection (ALSA next)
	requested  chan struct{} // closed when the server has said its request (request set)
	request    int           // the server's request in frames; read after requested closes
	launched   chan struct{} // closed at the first frame on screen, or when the game ends
	launchOnce sync.Once

	mu       sync.Mutex
	render   func([]float32) // the System's callback, once it started the stand-in
	startErr error
	closed   bool // the stand-in was closed, or the open abandoned
	quit     bool // the game ended: an ALSA fallback still held does not open
}

// fallbackHold bounds how long the ALSA fallback waits for the first frame
// on screen (a game that loads for longer hears its sounds from then on).
var fallbackHold = 2 * time.Second

// errAudioQuit ends an open whose game ended while its ALSA fallback was
// held.
var errAudioQuit = errors.New("audio output: the game ended before the output opened")

// realOutput is what audioout.Open returns.
type realOutput interface {
	audio.Output
	audio.OutputStatus
}

// openFunc opens the real output (tests replace it).
var openFunc = func(o audioout.Options) (realOutput, error) {
	out, err := audioout.Open(o)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// errAudioOpening is the stand-in's Lost while the output is opening.
var errAudioOpening = errors.New("audio output: still opening")

// startAudio begins opening the real output unless the config says
// otherwise (AudioReal, no Output or Sink given, METRONOME_AUDIO not
// "off"); nil when it does not.
func startAudio(cfg Config) *audioOpen {
	ac := cfg.Engine.Audio
	if cfg.Audio != AudioReal || ac.Output != nil || ac.Sink != nil || os.Getenv("METRONOME_AUDIO") == "off" {
		return nil
	}
	period := cfg.AudioPeriod
	if period == 0 {
		period = audioout.DefaultPeriod
	}
	a := &audioOpen{cfg: ac, period: period, done: make(chan struct{}),
		fellBack: make(chan struct{}), launched: make(chan struct{}), requested: make(chan struct{})}
	launchtrace.Mark("audio: output opening on its own goroutine")
	go a.open(audioout.Options{SampleRate: outputRate, Period: cfg.AudioPeriod,
		BeforeFallback: a.holdFallback, Requested: a.requestKnown})
	return a
}

// holdFallback is the output's BeforeFallback: no PulseAudio server took
// the connection, and the ALSA fallback waits for the first frame on
// screen (launch), at most fallbackHold. A game that ended meanwhile ends
// the open instead.
func (a *audioOpen) holdFallback() error {
	close(a.fellBack)
	launchtrace.Mark("audio: no PulseAudio server; ALSA opens after the first frame")
	t := time.NewTimer(fallbackHold)
	defer t.Stop()
	select {
	case <-a.launched:
	case <-t.C:
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.quit {
		return errAudioQuit
	}
	return nil
}

// requestKnown is the output's Requested: the PulseAudio server has set
// up the stream and said its request, and the open now waits for the
// server to start it.
func (a *audioOpen) requestKnown(frames int) {
	a.request = frames
	close(a.requested)
	launchtrace.Mark("audio: the server's stream is set up; it starts playing when the server starts it")
}

// launch lets a held ALSA fallback go on: the first frame is on screen.
// Safe on a nil a and more than once.
func (a *audioOpen) launch() {
	if a == nil {
		return
	}
	a.launchOnce.Do(func() { close(a.launched) })
}

// end marks the game ended and lets a held fallback go on (to end).
func (a *audioOpen) end() {
	a.mu.Lock()
	a.quit = true
	a.mu.Unlock()
	a.launch()
}

// open runs on its own goroutine: it opens the output and, when the
// System has already started the stand-in, starts the output with the
// System's callback.
func (a *audioOpen) open(opt audioout.Options) {
	out, err := openFunc(opt)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.out, a.err = out, err
	close(a.done)
	switch {
	case errors.Is(err, errAudioQuit):
		launchtrace.Mark("audio: not opened (the game ended first)")
	case err != nil:
		fmt.Fprintf(os.Stderr, "audio: none, running silently (%v)\n", err)
		launchtrace.Mark("audio: no output (" + err.Error() + ")")
	case a.closed:
		_ = out.Close()
	case a.render != nil:
		if a.startErr = out.Start(a.render); a.startErr != nil {
			fmt.Fprintf(os.Stderr, "audio: none, running silently (%v)\n", a.startErr)
		}
		launchtrace.Mark("audio: output opened and started")
	default:
		launchtrace.Mark("audio: output opened")
	}
}

// config returns the audio config for the engine: the output itself when
// the open has finished, else a stand-in (openingOutput). A nil a returns
// cfg.Engine.Audio, with METRONOME_AUDIO=off as the reason when that
// kept the output closed (A5).
func (a *audioOpen) config(cfg Config) audio.Config {
	if a == nil {
		ac := cfg.Engine.Audio
		if cfg.Audio == AudioReal && ac.Output == nil && ac.Sink == nil && os.Getenv("METRONOME_AUDIO") == "off" {
			ac.Unavailable = errors.New("METRONOME_AUDIO=off")
		}
		return ac
	}
	ac := a.cfg
	select {
	case <-a.done:
		if a.err != nil {
			ac.Unavailable = a.err
			return ac
		}
		ac.Output = a.out
	default:
		ac.Output = &openingOutput{a: a, rate: outputRate, frames: framesOf(outputRate, a.period)}
		launchtrace.Mark("audio: still opening, the game starts with a stand-in")
	}
	return ac
}

// outputRate is the real output's sample rate.
const outputRate = 48000

// abandon closes the output once it is open (NewGame failed before the
// game took it).
func (a *audioOpen) abandon() {
	if a == nil {
		return
	}
	a.end()
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	select {
	case <-a.done:
		if a.out != nil {
			_ = a.out.Close()
		}
	default: // open closes it when it finishes
	}
}

func framesOf(rate int, d time.Duration) int { return int(int64(rate) * int64(d) / int64(time.Second)) }

// openingOutput stands in for the real output while it opens: the System
// starts it at once, and the real one starts with the System's callback
// when it is open. Until then nothing renders and Lost says the output is
// still opening (Available is false); sounds played meanwhile are placed
// on game time as usual and are heard once the output runs, the mapping
// correcting itself as it does for an output that is slow to start. An
// open that fails leaves the game silent, the reason in Lost.
type openingOutput struct {
	a            *audioOpen
	rate, frames int
}

var _ audio.OutputRequest = (*openingOutput)(nil)

// SampleRate is the rate the output opens at (audioout's default).
func (o *openingOutput) SampleRate() int { return o.rate }

// PeriodFrames is the output's period in frames.
func (o *openingOutput) PeriodFrames() int {
	if out := o.opened(); out != nil {
		return out.PeriodFrames()
	}
	return o.frames
}

// RequestFrames is the real output's server request (audio.OutputRequest),
// which the delay rule takes at the first Update: so that the delay is the
// same on every run whichever finished first, the open or the launch, it
// waits for the server to say it (at most requestWait; a PulseAudio server
// usually says it within milliseconds, long before the first Update, the
// window and Vulkan's start taking longer), not for the stream to start,
// which a sink that is waking up can delay by seconds. 0, the request
// unknown, when the open failed or took longer, and at once when the open
// falls back to ALSA (whose request is unknown too).
func (o *openingOutput) RequestFrames() int {
	select {
	case <-o.a.requested:
		return o.a.request
	case <-o.a.done:
		select {
		case <-o.a.requested: // both: the same answer whichever came first
			return o.a.request
		default:
		}
	case <-o.a.fellBack:
		return 0
	case <-time.After(requestWait):
		return 0
	}
	if r, ok := o.a.out.(audio.OutputRequest); ok {
		return r.RequestFrames()
	}
	return 0
}

// requestWait bounds RequestFrames' wait for the open.
const requestWait = time.Second

// opened is the real output once it is open, else nil.
func (o *openingOutput) opened() realOutput {
	select {
	case <-o.a.done:
		return o.a.out
	default:
		return nil
	}
}

// Start hands render to the real output, now if it is open, else when it
// is.
func (o *openingOutput) Start(render func(dst []float32)) error {
	a := o.a
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.render != nil {
		return errors.New("audio output: started twice")
	}
	a.render = render
	select {
	case <-a.done:
		if a.out != nil {
			a.startErr = a.out.Start(render)
		}
	default:
	}
	return nil
}

// Latency is the real output's, or its period twice while it opens.
func (o *openingOutput) Latency() time.Duration {
	if out := o.opened(); out != nil {
		return out.Latency()
	}
	return 2 * o.a.period
}

// Underruns are the real output's.
func (o *openingOutput) Underruns() int64 {
	if out := o.opened(); out != nil {
		return out.Underruns()
	}
	return 0
}

// Lost says why nothing plays: the output is still opening, its open or
// start failed, or the real output's own loss.
func (o *openingOutput) Lost() error {
	select {
	case <-o.a.done:
	default:
		return errAudioOpening
	}
	o.a.mu.Lock()
	defer o.a.mu.Unlock()
	switch {
	case o.a.err != nil:
		return o.a.err
	case o.a.startErr != nil:
		return o.a.startErr
	}
	return o.a.out.Lost()
}

// Losses are the real output's.
func (o *openingOutput) Losses() int64 {
	if out := o.opened(); out != nil {
		return out.Losses()
	}
	return 0
}

// Close closes the real output when it is open; an open still under way
// closes it when it ends (an ALSA fallback still held does not open), so
// a game that ends within its first seconds does not wait for a server
// that is slow to start the stream.
func (o *openingOutput) Close() error {
	o.a.end()
	o.a.mu.Lock()
	defer o.a.mu.Unlock()
	if o.a.closed {
		return nil
	}
	o.a.closed = true
	select {
	case <-o.a.done:
		if o.a.out != nil {
			return o.a.out.Close()
		}
	default: // open closes it when it ends
	}
	return nil
}
