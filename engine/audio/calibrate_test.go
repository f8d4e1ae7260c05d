package audio

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// TestA3_StartupPrefillKeepsTheFirstSoundInStep: an output that starts
// after the game's first Update and then renders a period ahead at once
// (a prefill, as a real server's stream does) leaves the first anchor
// short of the steady lead. The first calibration keeps the mapping and
// reports the measured lead as the delay, so a sound played in the very
// first Update is as far from the next as game time says, within one
// frame, and none is late.
func TestA3_StartupPrefillKeepsTheFirstSoundInStep(t *testing.T) {
	var wall time.Duration
	out := &fakeOutput{period: 960}
	s, err := New(Config{Output: out, Now: func() time.Duration { return wall }})
	if err != nil {
		t.Fatal(err)
	}
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	buf := make([]float32, 2*out.period)
	render := func() {
		out.render(buf)
		out.out = append(out.out, buf...)
	}
	var want []timing.TimeSpan
	gameT := timing.TimeSpan(0)
	nextRender := time.Duration(-1)
	for n := 0; n < 60*5; n++ {
		due := time.Duration(gameT) * 100
		for nextRender >= 0 && nextRender <= due {
			wall = nextRender
			render()
			nextRender += 20 * time.Millisecond
		}
		wall = due
		el := step
		if n == 0 {
			el = 0
		}
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: el}
		s.BeginUpdate(gt)
		if n%60 == 0 {
			click.Play(1, 0, 0)
			want = append(want, gameT)
		}
		if err := s.EndUpdate(gt); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			// The stream starts now with one period of prefill.
			render()
			nextRender = wall + 20*time.Millisecond
		}
		gameT += el
	}
	_, st := checkInStep(t, s, out, want)
	t.Logf("delay %v, reanchors %d", st.Delay, st.Reanchors)
}

// checkInStep checks a real-time run's onsets against the game times the
// sounds were played at: as many onsets as sounds, each gap within one
// frame of the game-time gap, none late, and the reported delay in
// (0, two 20 ms periods plus one step]. It returns the onsets and stats.
func checkInStep(t *testing.T, s *System, out *fakeOutput, want []timing.TimeSpan) ([]int, Stats) {
	t.Helper()
	got := onsets(out.out, 0.001, 100)
	checkGaps(t, s, got, want, 1)
	st := s.Stats()
	if st.Late != 0 {
		t.Errorf("%d late sounds", st.Late)
	}
	if max := 2*20*time.Millisecond + time.Duration(step)*100; st.Delay > max || st.Delay <= 0 {
		t.Errorf("delay %v, want in (0, %v]", st.Delay, max)
	}
	return got, st
}

// TestA3_LateOutputStartAnchorsWithoutALine: an output that begins
// rendering a second after the game's first Update (a sound server slow to
// start the stream), with a sound already placed, anchors the mapping
// there: no line (a normal start prints nothing), no re-anchor counted,
// and the sounds played after it are as far apart as game time says.
func TestA3_LateOutputStartAnchorsWithoutALine(t *testing.T) {
	st, got, want, s, reports := a9Drive(t, time.Second, 60*5, func(int) time.Duration { return 0 },
		func(n int) bool { return n == 0 || n >= 120 && n%60 == 0 })
	if st.Reanchors != 0 || len(reports) != 0 {
		t.Fatalf("reanchors %d, reports %q; want none of either", st.Reanchors, reports)
	}
	// The sound of the first Update was placed before the output began
	// (at the 60th): it is heard at the output's start. Those played
	// after the first measure (30 Updates on) keep their spacing.
	checkGaps(t, s, got, want, 2)
}

// checkGaps checks that there are as many onsets as sounds and that the
// gaps from the one before onset from on are within one frame of the
// game-time gaps.
func checkGaps(t *testing.T, s *System, got []int, want []timing.TimeSpan, from int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d onsets, want %d", len(got), len(want))
	}
	for i := from; i < len(got); i++ {
		wantGap := s.framesOf(want[i]) - s.framesOf(want[i-1])
		if d := int64(got[i]-got[i-1]) - wantGap; d < -1 || d > 1 {
			t.Errorf("gap %d: %d frames, want %d within one", i, got[i]-got[i-1], wantGap)
		}
	}
}
