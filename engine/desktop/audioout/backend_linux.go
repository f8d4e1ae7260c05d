package audioout

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jfreymuth/pulse"
	"github.com/jfreymuth/pulse/proto"
)

// openBackend connects to the PulseAudio server when one is configured
// (PULSE_SERVER, or a socket at $XDG_RUNTIME_DIR/pulse/native), and can
// then reconnect. A server that refuses the connection (none listening)
// falls back to oto, which tries ALSA; one that does not answer in time
// is an error: no ALSA fallback, whose default device may route to the
// same server. before (Options.BeforeFallback) runs first when set;
// requested (Options.Requested) is told the first stream's request.
func openBackend(rate int, period, timeout time.Duration, pull func([]float32) int, before func() error, requested func(int)) (backend, dialer, error) {
	if server, ok := pulseServer(); ok {
		d := pulseDialer(rate, period, server, requested)
		be, err := d(pull, timeout)
		if err == nil {
			return be, d, nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) && !errors.Is(err, syscall.ENOENT) {
			return nil, nil, err
		}
	}
	if before != nil {
		if err := before(); err != nil {
			return nil, nil, err
		}
	}
	quietALSA()
	be, err := openOto(rate, period, timeout, pull)
	return be, nil, err
}

// pulseServer is the configured PulseAudio server, as the client library
// reads it.
func pulseServer() (string, bool) {
	if s := os.Getenv("PULSE_SERVER"); s != "" {
		return s, true
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		sock := filepath.Join(dir, "pulse", "native")
		if fi, err := os.Stat(sock); err == nil && fi.Mode()&os.ModeSocket != 0 {
			return "unix:" + sock, true
		}
	}
	return "", false
}

// pulseBackend is one connection to a PulseAudio server and its playback
// stream.
type pulseBackend struct {
	client  *pulse.Client
	stream  *pulse.PlaybackStream
	request int // frames
}

// requestFrames is the server's minimum request, as it reported it when
// the stream's buffer was set (A9).
func (b *pulseBackend) requestFrames() int { return b.request }

// streamStartBound bounds the wait for the server to start a stream it
// has set up: its sink may be waking up (a null sink starts a new stream
// at its next block, up to 2 s on; a suspended card or a Bluetooth sink
// can take seconds), which is no sign of a server that does not answer.
var streamStartBound = 10 * time.Second

// pulseDialer connects to server with a time-out, which bounds the wait
// until the server has set up the stream; its start then has
// streamStartBound (at least the time-out). An attempt that outlives its
// bound goes on in its goroutine (the library's own requests time out
// after the connect time-out, but its stream start has no time-out) and
// closes what it opened when it ends; while one does, later attempts
// fail at once, so at most one is ever left behind. requested, when not
// nil, is told the first attempt's request (reconnections do not tell).
func pulseDialer(rate int, period time.Duration, server string, requested func(int)) dialer {
	var pending, dialed atomic.Bool
	return func(pull func([]float32) int, timeout time.Duration) (backend, error) {
		if !pending.CompareAndSwap(false, true) {
			return nil, fmt.Errorf("audio output: an earlier connection to the sound server at %s has not ended yet", server)
		}
		tell := requested
		if dialed.Swap(true) {
			tell = nil
		}
		type result struct {
			be  *pulseBackend
			err error
		}
		var mu sync.Mutex
		gaveUp := false
		ch := make(chan result, 1)
		setUp := make(chan struct{})
		start := time.Now()
		go func() {
			defer pending.Store(false)
			be, err := dialPulse(rate, period, server, pull, timeout, func(frames int) {
				if tell != nil {
					tell(frames)
				}
				close(setUp)
			})
			mu.Lock()
			defer mu.Unlock()
			if gaveUp {
				if be != nil {
					be.close(true)
				}
				return
			}
			ch <- result{be, err}
		}()
		t := time.NewTimer(timeout)
		defer t.Stop()
		startBound := time.Duration(0) // set once the stream is set up
		for {
			select {
			case <-setUp:
				setUp = nil // the stream's start now has its own bound
				startBound = max(streamStartBound, timeout)
				t.Reset(startBound)
				continue
			case r := <-ch:
				if r.err != nil {
					if errors.Is(r.err, context.DeadlineExceeded) {
						return nil, &timeoutError{server: " at " + server, after: time.Since(start).Round(100 * time.Millisecond)}
					}
					return nil, fmt.Errorf("audio output: PulseAudio at %s: %w", server, r.err)
				}
				return r.be, nil
			case <-t.C:
			}
			mu.Lock()
			gaveUp = true
			mu.Unlock()
			select {
			case r := <-ch:
				if r.be != nil {
					go r.be.close(true)
				}
			default:
			}
			if startBound > 0 {
				return nil, fmt.Errorf("audio output: the sound server at %s set up the stream but did not start playing it within %v", server, startBound)
			}
			return nil, &timeoutError{server: " at " + server, after: timeout}
		}
	}
}

// dialPulse connects, makes a stereo float32 stream with the period as
// its latency (what oto asks for) and no prebuffering, notes the
// server's minimum request and tells requested (the stream is set up),
// and starts it: Start returns when the server has started playing it.
func dialPulse(rate int, period time.Duration, server string, pull func([]float32) int, timeout time.Duration, requested func(int)) (be *pulseBackend, err error) {
	c, err := pulse.NewClient(pulse.ClientServerString(server), pulse.ClientApplicationName("metronome"),
		pulse.ClientTimeout(timeout))
	if err != nil {
		return nil, err
	}
	read := pulse.Float32Reader(func(buf []float32) (int, error) { return pull(buf), nil })
	st, err := c.NewPlayback(read, pulse.PlaybackStereo, pulse.PlaybackSampleRate(rate),
		pulse.PlaybackLatency(period.Seconds()), pulse.PlaybackMediaName("metronome"))
	if err != nil {
		c.Close()
		return nil, err
	}
	// The same attributes, with no prebuffering: a stream that underran
	// then plays on at the wall clock's pace and drops what comes too
	// late, so its timeline (and the mapping of game time to it, A3)
	// stays where it was, instead of waiting to refill and playing
	// everything later by the underrun's length. The reply gives the
	// server's minimum request, which the delay rule takes (A9).
	frameBytes := uint32(8)
	tl := uint32(int64(rate)*int64(period)/int64(time.Second)) * frameBytes
	var attr proto.SetPlaybackStreamBufferAttrReply
	if err := c.RawRequest(&proto.SetPlaybackStreamBufferAttr{StreamIndex: st.StreamIndex(),
		BufferMaxLength: 2 * tl, BufferTargetLength: tl, BufferPrebufferLength: 0,
		BufferMinimumRequest: proto.Undefined, AdjustLatency: true}, &attr); err != nil {
		c.Close()
		return nil, fmt.Errorf("set the stream's buffer: %w", err)
	}
	request := int(attr.BufferMinimumRequest / frameBytes)
	requested(request)
	defer func() {
		// Start sends on a channel the library closes when the server
		// goes away: a server lost during the start is an error.
		if r := recover(); r != nil {
			c.Close()
			be, err = nil, fmt.Errorf("the server went away while the stream started (%v)", r)
		}
	}()
	st.Start()
	if st.Closed() {
		c.Close()
		return nil, errors.New("the server went away while the stream started")
	}
	return &pulseBackend{client: c, stream: st, request: request}, nil
}

// lost: the library closes the stream when the server's connection ends.
func (b *pulseBackend) lost() error {
	if b.stream.Closed() {
		if err := b.stream.Error(); err != nil {
			return err
		}
		return pulse.ErrConnectionClosed
	}
	return nil
}

// close deletes the stream and closes the connection. Deleting is safe
// only on a server that answers (its reply comes after every request for
// the stream, which the library must have handed over before it closes
// the stream's channel); on a stalled one (safe false) the connection is
// only closed, which leaves the library's stream goroutine waiting for
// ever: one goroutine per stalled server.
func (b *pulseBackend) close(safe bool) {
	if safe && !b.stream.Closed() {
		b.stream.Close()
	}
	b.client.Close()
}
