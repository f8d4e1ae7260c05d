package audio

import (
	"math"
	"os"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// memSink keeps every frame the lockstep mixer renders.
type memSink struct{ frames []float32 }

func (m *memSink) WriteFrames(f []float32) error { m.frames = append(m.frames, f...); return nil }
func (m *memSink) Close() error                  { return nil }

// step is the default fixed step: 166,667 ticks.
const step = timing.TimeSpan(166667)

// driver runs a System's updates as the engine's fixed-step loop does.
type driver struct {
	s *System
	n int // updates run
	t timing.TimeSpan
}

// update runs one Update of the default step with f inside it.
func (d *driver) update(t *testing.T, f func()) {
	t.Helper()
	el := step
	if d.n == 0 {
		el = 0 // the first Update sees no elapsed time (T7)
	}
	gt := timing.GameTime{TotalGameTime: d.t, ElapsedGameTime: el}
	d.s.BeginUpdate(gt)
	if f != nil {
		f()
	}
	if err := d.s.EndUpdate(gt); err != nil {
		t.Fatal(err)
	}
	d.t += el
	d.n++
}

func newLockstep(t *testing.T, voices int) (*System, *memSink) {
	t.Helper()
	sink := &memSink{}
	s, err := New(Config{Sink: sink, Voices: voices})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, sink
}

// clickPCM is a 2 ms mono click at 48 kHz: a full-scale square burst.
func clickPCM() []float32 {
	d := make([]float32, 96)
	for i := range d {
		d[i] = 0.5
		if (i/12)%2 == 1 {
			d[i] = -0.5
		}
	}
	return d
}

func sinePCM(freq float64, frames, rate int) []float32 {
	d := make([]float32, frames)
	for i := range d {
		d[i] = float32(0.5 * math.Sin(2*math.Pi*freq*float64(i)/float64(rate)))
	}
	return d
}

// onsets returns the first frame of every burst of sound in the left
// channel: a frame above thr after at least gap silent frames.
func onsets(frames []float32, thr float32, gap int) []int {
	var out []int
	quiet := gap
	for i := 0; i < len(frames)/2; i++ {
		x := frames[2*i]
		if x < 0 {
			x = -x
		}
		if x > thr {
			if quiet >= gap {
				out = append(out, i)
			}
			quiet = 0
		} else {
			quiet++
		}
	}
	return out
}

// maxStep is the largest sample-to-sample change in either channel.
func maxStep(frames []float32) float32 {
	var m float32
	for i := 2; i < len(frames); i++ {
		d := frames[i] - frames[i-2]
		if d < 0 {
			d = -d
		}
		if d > m {
			m = d
		}
	}
	return m
}

func timingSpan(n int64) timing.TimeSpan { return timing.TimeSpan(n) }

func gtAt(total, elapsed timing.TimeSpan) timing.GameTime {
	return timing.GameTime{TotalGameTime: total, ElapsedGameTime: elapsed}
}

// tempDir is t.TempDir whose removal errors are ignored: under Wine 8,
// Go's file deletion fails with "Invalid function", which would fail
// t.TempDir's cleanup of a test that passed.
func tempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "audio-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
