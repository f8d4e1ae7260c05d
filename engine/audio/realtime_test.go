package audio

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// fakeOutput is an Output driven by the test in virtual time.
type fakeOutput struct {
	period int
	render func([]float32)
	out    []float32
	closed bool
}

func (f *fakeOutput) SampleRate() int                   { return 48000 }
func (f *fakeOutput) PeriodFrames() int                 { return f.period }
func (f *fakeOutput) Start(r func(dst []float32)) error { f.render = r; return nil }
func (f *fakeOutput) Latency() time.Duration            { return 20 * time.Millisecond }
func (f *fakeOutput) Underruns() int64                  { return 0 }
func (f *fakeOutput) Close() error                      { f.closed = true; return nil }

// TestA3_RealtimeDelayIsConstant: on a real-time output that pulls a
// 20 ms period, sounds played every 60 updates (game time running with
// the wall clock, updates jittered by up to 4 ms) start 60 x 800.0016
// frames apart within one frame, none late, and the reported delay is at
// most two periods plus one step.
func TestA3_RealtimeDelayIsConstant(t *testing.T) {
	var wall time.Duration
	out := &fakeOutput{period: 960}
	s, err := New(Config{Output: out, Now: func() time.Duration { return wall }})
	if err != nil {
		t.Fatal(err)
	}
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	buf := make([]float32, 2*out.period)
	nextRender := time.Duration(0)
	var want []timing.TimeSpan
	gameT := timing.TimeSpan(0)
	for n := 0; n < 60*20; n++ {
		// The n-th update runs when its game time is due on the wall
		// clock, late by a jitter of 0..4 ms.
		due := time.Duration(gameT)*100 + time.Duration((n*7919)%5)*time.Millisecond
		for nextRender <= due {
			wall = nextRender
			out.render(buf)
			out.out = append(out.out, buf...)
			nextRender += 20 * time.Millisecond
		}
		wall = due
		el := step
		if n == 0 {
			el = 0
		}
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: el}
		s.BeginUpdate(gt)
		if n > 0 && n%60 == 0 {
			click.Play(1, 0, 0)
			want = append(want, gameT)
		}
		if err := s.EndUpdate(gt); err != nil {
			t.Fatal(err)
		}
		gameT += el
	}
	got, st := checkInStep(t, s, out, want)
	// The first onset is the delay after its game time (the mapping was
	// anchored at the first Update's estimated position).
	lag := int64(got[0]) - s.framesOf(want[0])
	t.Logf("delay %v, first onset %d frames after its game time, reanchors %d", st.Delay, lag, st.Reanchors)
	if err := s.Close(); err != nil || !out.closed {
		t.Errorf("Close: %v, output closed %v", err, out.closed)
	}
}

// TestA3_ReanchorsAfterLostTime: when game time falls a second behind the
// output (a stall clamped by MaxElapsedTime), the mapping moves once and
// sounds are on time again.
func TestA3_ReanchorsAfterLostTime(t *testing.T) {
	var wall time.Duration
	out := &fakeOutput{period: 960}
	s, err := New(Config{Output: out, Now: func() time.Duration { return wall }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	buf := make([]float32, 2*out.period)
	nextRender := time.Duration(0)
	gameT := timing.TimeSpan(0)
	lost := time.Duration(0)
	for n := 0; n < 60*10; n++ {
		if n == 120 {
			lost = time.Second // the wall clock ran on; game time did not
		}
		due := time.Duration(gameT)*100 + lost
		for nextRender <= due {
			wall = nextRender
			out.render(buf)
			nextRender += 20 * time.Millisecond
		}
		wall = due
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: step}
		s.BeginUpdate(gt)
		if n > 300 && n%60 == 0 {
			click.Play(1, 0, 0)
		}
		s.EndUpdate(gt)
		gameT += step
	}
	if st := s.Stats(); st.Reanchors != 1 || st.Late != 0 {
		t.Errorf("reanchors %d late %d, want 1 and 0", st.Reanchors, st.Late)
	}
}
