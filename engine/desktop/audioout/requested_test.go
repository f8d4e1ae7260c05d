//go:build linux

package audioout

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestW14_RequestToldBeforeTheOpenReturns: on a real PulseAudio server,
// Options.Requested is told the stream's request once, before Open
// returns (Open still waits for the server to start the stream, which a
// null sink can make take up to two seconds), and the value is the one
// RequestFrames gives afterwards.
func TestW14_RequestToldBeforeTheOpenReturns(t *testing.T) {
	needPulse(t)
	var returned atomic.Bool
	var calls, early atomic.Int32
	var told atomic.Int64
	out, err := Open(Options{Requested: func(frames int) {
		calls.Add(1)
		if !returned.Load() {
			early.Add(1)
		}
		told.Store(int64(frames))
	}})
	returned.Store(true)
	if err != nil {
		t.Fatalf("open the output with a server running: %v", err)
	}
	defer out.Close()
	if n := calls.Load(); n != 1 {
		t.Fatalf("Requested was called %d times, want once", n)
	}
	if early.Load() != 1 {
		t.Error("Requested was called after Open returned, want before")
	}
	if got, want := int(told.Load()), out.RequestFrames(); got != want || want <= 0 {
		t.Errorf("Requested was told %d frames, RequestFrames gives %d; want the same, above 0", got, want)
	}
}

// TestA5_SlowStreamStartIsNotATimeout: ConnectTimeout bounds the wait for
// the server to answer and set up the stream, not for its sink to start
// playing it, which can take longer (a null sink starts a new stream at
// its next block, up to 2 s on; a card or a Bluetooth sink waking up). A
// fresh server's null sink starts the first stream about 2 s after the
// server began; with a 300 ms ConnectTimeout the open still succeeds.
func TestA5_SlowStreamStartIsNotATimeout(t *testing.T) {
	srv := needPulseaudio(t)
	srv.start(t)
	t.Setenv("PULSE_SERVER", srv.server())
	start := time.Now()
	out, err := Open(Options{ConnectTimeout: 300 * time.Millisecond})
	took := time.Since(start)
	if err != nil {
		t.Fatalf("open with a 300 ms ConnectTimeout on a server that answers: %v (after %v)", err, took)
	}
	defer out.Close()
	t.Logf("the open took %v (the server answered within milliseconds; the rest is the sink's start)", took)
}

// TestA5_StreamNotStartedIsGivenUpAndSaysSo: a server that set up the
// stream but has not started it when the start's bound runs out is given
// up with an error that says so, not that the server did not answer. The
// bound is cut to the ConnectTimeout of 300 ms here; a fresh server's
// null sink starts its first stream about 2 s on (the test skips when it
// started sooner).
func TestA5_StreamNotStartedIsGivenUpAndSaysSo(t *testing.T) {
	srv := needPulseaudio(t)
	srv.start(t)
	t.Setenv("PULSE_SERVER", srv.server())
	old := streamStartBound
	streamStartBound = time.Millisecond // the bound is then the ConnectTimeout
	t.Cleanup(func() { streamStartBound = old })
	start := time.Now()
	out, err := Open(Options{ConnectTimeout: 300 * time.Millisecond})
	if err == nil {
		out.Close()
		t.Skipf("the sink started the stream within %v, before the bound ran out", time.Since(start))
	}
	if !strings.Contains(err.Error(), "set up the stream but did not start playing it within 300ms") {
		t.Errorf("error %q, want it to say the stream was set up and not started", err)
	}
}
