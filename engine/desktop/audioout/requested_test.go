package audioout

import (
	"sync/atomic"
	"testing"
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
