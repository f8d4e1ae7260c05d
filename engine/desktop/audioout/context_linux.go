package audioout

import (
	"time"

	"github.com/ebitengine/oto/v3"
	"golang.org/x/sys/unix"
)

// newContext makes oto's context with stderr sent to /dev/null while it
// connects, so the ALSA fallback's own messages (libasound prints to
// stderr when there is no device) never reach the user: A5 asks for one
// line of our own.
func newContext(rate int, period time.Duration) (*oto.Context, chan struct{}, error) {
	saved, err := unix.Dup(2)
	if err == nil {
		if null, err := unix.Open("/dev/null", unix.O_WRONLY|unix.O_CLOEXEC, 0); err == nil {
			unix.Dup2(null, 2)
			unix.Close(null)
		}
	}
	ctx, ready, cerr := oto.NewContext(&oto.NewContextOptions{
		SampleRate: rate, ChannelCount: 2, Format: oto.FormatFloat32LE, BufferSize: period,
		ApplicationName: "metronome",
	})
	if saved < 0 || err != nil {
		return ctx, ready, cerr
	}
	if cerr != nil {
		unix.Dup2(saved, 2)
		unix.Close(saved)
		return ctx, ready, cerr
	}
	done := make(chan struct{})
	go func() {
		<-ready
		unix.Dup2(saved, 2)
		unix.Close(saved)
		close(done)
	}()
	return ctx, done, nil
}
