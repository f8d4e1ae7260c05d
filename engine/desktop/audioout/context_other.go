//go:build !linux

package audioout

import (
	"time"

	"github.com/ebitengine/oto/v3"
)

// newContext makes oto's context.
func newContext(rate int, period time.Duration) (*oto.Context, chan struct{}, error) {
	return oto.NewContext(&oto.NewContextOptions{
		SampleRate: rate, ChannelCount: 2, Format: oto.FormatFloat32LE, BufferSize: period,
		ApplicationName: "metronome",
	})
}
