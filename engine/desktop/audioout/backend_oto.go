package audioout

import (
	"fmt"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// The process's one oto context (oto refuses a second, even after a
// failed one).
var (
	ctxMu   sync.Mutex
	ctxOnce *oto.Context
	ctxErr  error
	ctxRate int
	ctxBuf  time.Duration
)

// otoBackend plays through oto's context: it cannot reconnect.
type otoBackend struct {
	ctx    *oto.Context
	player *oto.Player
}

// openOto plays through the process's oto context, made on the first
// call; it waits at most timeout for the device.
func openOto(rate int, period, timeout time.Duration, pull func([]float32) int) (backend, error) {
	ctx, err := otoContext(rate, period, timeout)
	if err != nil {
		return nil, err
	}
	frames := int(int64(rate) * int64(period) / int64(time.Second))
	p := ctx.NewPlayer(&byteReader{pull: pull, scratch: make([]float32, 2*frames)})
	p.SetBufferSize(frames * 8)
	p.Play()
	return &otoBackend{ctx: ctx, player: p}, nil
}

// requestFrames: oto does not say how its device asks (0: unknown).
func (b *otoBackend) requestFrames() int { return 0 }

func (b *otoBackend) lost() error {
	if err := b.ctx.Err(); err != nil {
		return fmt.Errorf("the audio device failed: %w", err)
	}
	return nil
}

// close pauses the player; oto releases an unreachable player itself.
func (b *otoBackend) close(bool) { b.player.Pause() }

func otoContext(rate int, period, timeout time.Duration) (*oto.Context, error) {
	ctxMu.Lock()
	defer ctxMu.Unlock()
	if ctxOnce != nil || ctxErr != nil {
		if ctxErr == nil && (ctxRate != rate || ctxBuf != period) {
			return nil, fmt.Errorf("audio output: already open at %d Hz, %v (oto allows one context per process)", ctxRate, ctxBuf)
		}
		return ctxOnce, ctxErr
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate: rate, ChannelCount: 2, Format: oto.FormatFloat32LE, BufferSize: period,
		ApplicationName: "metronome",
	})
	if err != nil {
		ctxErr = &openError{err: err}
		return nil, ctxErr
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-ready:
	case <-t.C:
		// oto's own goroutine goes on waiting for the device; the
		// context is never used.
		ctxErr = &timeoutError{after: timeout}
		return nil, ctxErr
	}
	if err := ctx.Err(); err != nil {
		ctxErr = &openError{err: err}
		return nil, ctxErr
	}
	ctxOnce, ctxRate, ctxBuf = ctx, rate, period
	return ctx, nil
}
