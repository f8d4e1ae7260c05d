package pacing

import (
	"github.com/metronome-engine/metronome/renderer/present"
	"testing"
	"time"
)

// sim drives a Display in a test and keeps everything it reports.
type sim struct {
	t         *testing.T
	d         *Display
	frames    map[int]Frame
	refreshes []Refresh
	returns   []time.Duration
}

func newSim(t *testing.T, rate Rate, mode present.PresentMode, images int) *sim {
	t.Helper()
	s := &sim{t: t, frames: map[int]Frame{}}
	d, err := NewDisplay(DisplayConfig{Rate: rate, Mode: mode, Images: images,
		OnFrame:   func(f Frame) { s.frames[f.ID] = f },
		OnRefresh: func(r Refresh) { s.refreshes = append(s.refreshes, r) },
	})
	if err != nil {
		t.Fatal(err)
	}
	s.d = d
	return s
}

// present presents at max(at, the last return), as a driver loop would.
func (s *sim) present(at time.Duration, updates int) time.Duration {
	s.t.Helper()
	if n := len(s.returns); n > 0 {
		at = max(at, s.returns[n-1])
	}
	r, err := s.d.Present(at, updates)
	if err != nil {
		s.t.Fatal(err)
	}
	s.returns = append(s.returns, r)
	return r
}

func (s *sim) finish(at time.Duration) Report {
	s.t.Helper()
	if err := s.d.Finish(at); err != nil {
		s.t.Fatal(err)
	}
	return s.d.Report()
}

// vblankAt is the hand formula for vblank k at hz hertz: floor(k*1e9/hz)
// ns (k*1e9 must fit in int64).
func vblankAt(k, hz int64) time.Duration { return time.Duration(k * 1e9 / hz) }

// tickTimes returns n present times of an exact hz-hertz source whose
// first present is at zero (a vblank): floor(j*1e9/hz) ns.
func tickTimes(hz int64, n int) []time.Duration {
	out := make([]time.Duration, n)
	for j := range out {
		out[j] = vblankAt(int64(j), hz)
	}
	return out
}

// runLengths returns how many consecutive refreshes showed each frame.
func runLengths(refreshes []Refresh) []int {
	var out []int
	for i, r := range refreshes {
		if i == 0 || r.Frame != refreshes[i-1].Frame {
			out = append(out, 0)
		}
		out[len(out)-1]++
	}
	return out
}
