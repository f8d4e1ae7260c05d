package audioout

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/desktop/audioout/alloctest"
)

// TestG9_OutputAllocatesNothingOfOurs: a second of sound through the real
// PulseAudio server (a tone playing) makes no allocation in our code (the
// output's pulls and supervisor, the mixer); the client library's own
// allocations per second of audio are measured and reported.
func TestG9_OutputAllocatesNothingOfOurs(t *testing.T) {
	needPulse(t)
	s, out := openSystem(t)
	defer s.Close()
	hum(t, s)
	time.Sleep(500 * time.Millisecond)
	c := alloctest.AllocsPerRun(3, func() { time.Sleep(time.Second) })
	t.Logf("per second of audio at a %v period: %.1f allocations in all, %.1f ours, %.1f the runtime's; the libraries': %v",
		out.period, c.All, c.Game, c.Runtime, c.Library)
	// Rounded down, as testing.AllocsPerRun counts: one-time runtime work
	// in the window (the supervisor's timer heap grown) is not per period.
	if c.Game >= 1 {
		t.Errorf("our code allocated %.1f times per second of audio: %v", c.Game, c.GameSites)
	}
}
