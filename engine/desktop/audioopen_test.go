package desktop

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/desktop/audioout"
)

// fakeOutput is a real output that records its start and close.
type fakeOutput struct {
	mu      sync.Mutex
	render  func([]float32)
	started chan struct{}
	closed  bool
}

func (f *fakeOutput) SampleRate() int        { return outputRate }
func (f *fakeOutput) PeriodFrames() int      { return 960 }
func (f *fakeOutput) Latency() time.Duration { return 40 * time.Millisecond }
func (f *fakeOutput) Underruns() int64       { return 0 }
func (f *fakeOutput) Lost() error            { return nil }
func (f *fakeOutput) Losses() int64          { return 0 }
func (f *fakeOutput) Start(r func([]float32)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.render = r
	close(f.started)
	return nil
}
func (f *fakeOutput) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	return nil
}

// blockOpen makes the output's open wait for the returned channel; it
// then returns out (or err).
func blockOpen(t *testing.T, out realOutput, err error) chan<- struct{} {
	t.Helper()
	return blockOpenTelling(t, out, err, 0)
}

// blockOpenTelling is blockOpen whose open first tells the options'
// Requested frames, when above 0 (the server has set up the stream).
func blockOpenTelling(t *testing.T, out realOutput, err error, frames int) chan<- struct{} {
	t.Helper()
	t.Setenv("METRONOME_AUDIO", "")
	release := make(chan struct{})
	old := openFunc
	openFunc = func(o audioout.Options) (realOutput, error) {
		if frames > 0 {
			o.Requested(frames)
		}
		<-release
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	t.Cleanup(func() { openFunc = old })
	return release
}

// TestW14_AudioOpensOffTheLaunchPath: while the output is still opening
// the game's audio config and System are made at once (the launch does not
// wait for it), the System says it is unavailable and why, and the output
// starts with the System's callback once it is open.
func TestW14_AudioOpensOffTheLaunchPath(t *testing.T) {
	out := &fakeOutput{started: make(chan struct{})}
	release := blockOpen(t, out, nil)
	opening := startAudio(Config{})
	done := make(chan *audio.System)
	go func() {
		s, err := audio.New(opening.config(Config{}))
		if err != nil {
			t.Error(err)
		}
		done <- s
	}()
	var s *audio.System
	select {
	case s = <-done:
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the game's audio waited for the output to open")
	}
	if s.Available() || !errors.Is(s.Err(), errAudioOpening) {
		t.Errorf("while opening: Available %v, Err %v; want false, %v", s.Available(), s.Err(), errAudioOpening)
	}
	close(release)
	startedThenClosed(t, s, out)
}

// startedThenClosed checks that out, once open, was started with s's
// callback and that closing s closes it.
func startedThenClosed(t *testing.T, s *audio.System, out *fakeOutput) {
	t.Helper()
	select {
	case <-out.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the opened output was never started")
	}
	if !s.Available() || s.Err() != nil {
		t.Errorf("once open: Available %v, Err %v", s.Available(), s.Err())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if !out.closed {
		t.Error("closing the System left the real output open")
	}
}

// TestW14_AudioOpenFailureLeavesTheGameSilent: an open that fails after
// the game started reports the reason through Err.
func TestW14_AudioOpenFailureLeavesTheGameSilent(t *testing.T) {
	fail := errors.New("no server")
	release := blockOpen(t, nil, fail)
	opening := startAudio(Config{})
	s, err := audio.New(opening.config(Config{}))
	if err != nil {
		t.Fatal(err)
	}
	close(release)
	<-opening.done
	if s.Available() || !errors.Is(s.Err(), fail) {
		t.Errorf("after a failed open: Available %v, Err %v; want false, %v", s.Available(), s.Err(), fail)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestW14_AudioOpenedBeforeTheGameIsHandedOverAsIs: when the open has
// finished by the time the engine is made, the game gets the output
// itself.
func TestW14_AudioOpenedBeforeTheGameIsHandedOverAsIs(t *testing.T) {
	out := &fakeOutput{started: make(chan struct{})}
	release := blockOpen(t, out, nil)
	opening := startAudio(Config{})
	close(release)
	<-opening.done
	if got := opening.config(Config{}).Output; got != out {
		t.Errorf("Output %T, want the opened output itself", got)
	}
	opening.abandon()
	if !out.closed {
		t.Error("abandon left the output open")
	}
}

// requestOutput is a real output that knows its server's request.
type requestOutput struct{ fakeOutput }

func (r *requestOutput) RequestFrames() int { return 240 }

// standIn starts an open held until release (blockOpenTelling, telling
// frames) of a real output whose request is 240, and returns the game's
// audio config and its stand-in output's request.
func standIn(t *testing.T, frames int) (*audioOpen, audio.Config, audio.OutputRequest, chan<- struct{}) {
	t.Helper()
	out := &requestOutput{fakeOutput{started: make(chan struct{})}}
	release := blockOpenTelling(t, out, nil, frames)
	opening := startAudio(Config{})
	ac := opening.config(Config{})
	stand, ok := ac.Output.(audio.OutputRequest)
	if !ok {
		close(release)
		t.Fatalf("the stand-in %T does not give the server's request", ac.Output)
	}
	return opening, ac, stand, release
}

// TestA9_StandInGivesTheRealOutputsRequest: the delay rule reads the
// server's request at the first Update; when the game started with the
// stand-in, the stand-in waits for the open and gives the real output's
// request, so the delay is the one the real output would have chosen.
func TestA9_StandInGivesTheRealOutputsRequest(t *testing.T) {
	_, ac, stand, release := standIn(t, 0)
	go func() { time.Sleep(50 * time.Millisecond); close(release) }()
	if got := stand.RequestFrames(); got != 240 {
		t.Errorf("the stand-in's request is %d frames, want the real output's 240", got)
	}
	if err := ac.Output.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestW14_StandInGivesTheRequestBeforeTheStreamStarts: the first Update
// waits for the server's request, not for the open: once the server has
// said it (Options.Requested), the stand-in gives it while the open still
// waits for the server to start the stream, which a waking sink can
// delay by seconds (before, the first Update waited up to 1 s for it).
func TestW14_StandInGivesTheRequestBeforeTheStreamStarts(t *testing.T) {
	opening, ac, stand, release := standIn(t, 240) // the server has not started the stream
	// Waiting for the open instead would give 0 (unknown) after
	// requestWait, the open being held.
	if got := stand.RequestFrames(); got != 240 {
		t.Errorf("the stand-in's request while the stream has not started is %d frames, want the server's 240", got)
	}
	select {
	case <-opening.done:
		t.Error("the open ended before it was released")
	default:
	}
	close(release)
	if err := ac.Output.Close(); err != nil {
		t.Fatal(err)
	}
}

// closesAtOnce closes s, failing when Close has not returned after 10 s
// (it waited for what): a bound for a hang, not a measure of speed.
func closesAtOnce(t *testing.T, s *audio.System, what string) {
	t.Helper()
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close waited for " + what)
	}
}

// TestW14_CloseDoesNotWaitForTheOpen: a game that ends while the output
// is still opening (a server slow to start the stream) closes at once;
// the open closes the output when it ends.
func TestW14_CloseDoesNotWaitForTheOpen(t *testing.T) {
	out := &fakeOutput{started: make(chan struct{})}
	release := blockOpen(t, out, nil)
	opening := startAudio(Config{})
	s, err := audio.New(opening.config(Config{}))
	if err != nil {
		t.Fatal(err)
	}
	closesAtOnce(t, s, "the open")
	close(release)
	<-opening.done
	opening.mu.Lock() // open closes the output under the lock
	defer opening.mu.Unlock()
	if !out.closed {
		t.Error("the output, opened after Close, was left open")
	}
}

// fallbackOpen makes the output's open behave as one without a PulseAudio
// server: it calls the options' BeforeFallback, closes proceeded when that
// returns nil (the ALSA open would start) and then returns out; an error
// from the hold ends the open with it. fallbackHold is an hour, so only
// launch (or the game's end) releases the hold.
func fallbackOpen(t *testing.T, out *fakeOutput) (proceeded <-chan struct{}) {
	t.Helper()
	t.Setenv("METRONOME_AUDIO", "")
	ch := make(chan struct{})
	old, oldHold := openFunc, fallbackHold
	fallbackHold = time.Hour
	openFunc = func(o audioout.Options) (realOutput, error) {
		if err := o.BeforeFallback(); err != nil {
			return nil, err
		}
		close(ch)
		return out, nil
	}
	t.Cleanup(func() { openFunc, fallbackHold = old, oldHold })
	return ch
}

// heldFallback starts an open that falls back to ALSA (fallbackOpen),
// waits until the fallback is held and makes the game's System on the
// stand-in.
func heldFallback(t *testing.T) (opening *audioOpen, s *audio.System, out *fakeOutput, proceeded <-chan struct{}) {
	t.Helper()
	out = &fakeOutput{started: make(chan struct{})}
	proceeded = fallbackOpen(t, out)
	opening = startAudio(Config{})
	<-opening.fellBack
	s, err := audio.New(opening.config(Config{}))
	if err != nil {
		t.Fatal(err)
	}
	return opening, s, out, proceeded
}

// TestW14_ALSAFallbackWaitsForTheFirstFrame: without a PulseAudio server
// the fallback to ALSA (its library loads compete with the driver's for
// the dynamic linker's lock and the CPU) waits until the first frame is on
// screen, and the delay rule does not wait for it: the stand-in's request
// is 0 (unknown, as ALSA's is) while the fallback is held.
func TestW14_ALSAFallbackWaitsForTheFirstFrame(t *testing.T) {
	opening, s, out, proceeded := heldFallback(t)
	req, ok := opening.config(Config{}).Output.(audio.OutputRequest)
	if !ok {
		t.Fatal("the stand-in is not an audio.OutputRequest")
	}
	if n := req.RequestFrames(); n != 0 {
		t.Errorf("RequestFrames while the ALSA fallback is held = %d, want 0", n)
	}
	select {
	case <-proceeded:
		t.Fatal("the ALSA fallback opened before the first frame")
	default:
	}
	if s.Available() || !errors.Is(s.Err(), errAudioOpening) {
		t.Errorf("while held: Available %v, Err %v; want false, %v", s.Available(), s.Err(), errAudioOpening)
	}
	opening.launch() // the first present returned
	opening.launch() // twice is harmless
	startedThenClosed(t, s, out)
}

// TestW14_GameEndedWhileFallbackHeldOpensNothing: a game that ends before
// its first frame (closed window, failed LoadContent) ends a held ALSA
// fallback instead of opening ALSA only to close it; Close returns without
// waiting for the hold's bound.
func TestW14_GameEndedWhileFallbackHeldOpensNothing(t *testing.T) {
	opening, s, out, proceeded := heldFallback(t)
	closesAtOnce(t, s, "the held fallback")
	<-opening.done
	select {
	case <-proceeded:
		t.Error("the ALSA fallback opened after the game ended")
	default:
	}
	if !errors.Is(opening.err, errAudioQuit) {
		t.Errorf("open ended with %v, want %v", opening.err, errAudioQuit)
	}
	// The same through abandon (NewGame failed after the platform).
	fallbackOpen(t, out)
	opening = startAudio(Config{})
	<-opening.fellBack
	opening.abandon()
	<-opening.done
	if !errors.Is(opening.err, errAudioQuit) {
		t.Errorf("abandoned open ended with %v, want %v", opening.err, errAudioQuit)
	}
}
