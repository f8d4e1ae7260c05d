package audio

import (
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// requestOutput is a fake output whose server asks for request frames at
// a time (OutputRequest).
type requestOutput struct {
	fakeOutput
	request int
}

func (r *requestOutput) RequestFrames() int { return r.request }

// TestA9_DelayRuleIsAPureFunctionOfTheFacts: the delay is one server
// request plus half a tick, the period standing in for an unknown (or
// larger than the period) request, and the same facts give the same
// delay and the same words.
func TestA9_DelayRuleIsAPureFunctionOfTheFacts(t *testing.T) {
	tick := time.Duration(step) * 100
	cases := []struct {
		period, request int
		want            int64
		says            string
	}{
		{960, 240, 240 + 400, "the server's request"}, // PulseAudio at 20 ms: 13.33 ms
		{960, 0, 960 + 400, "the period"},             // oto: unknown
		{960, 2000, 960 + 400, "the period"},          // a request beyond the period
		{480, 120, 120 + 400, "the server's request"}, // 10 ms
	}
	for _, c := range cases {
		d, rule := DelayRule(48000, c.period, c.request, tick)
		d2, rule2 := DelayRule(48000, c.period, c.request, tick)
		if d != c.want || d2 != d || rule2 != rule {
			t.Errorf("DelayRule(period %d, request %d) = %d, %d, want %d twice", c.period, c.request, d, d2, c.want)
		}
		if !strings.Contains(rule, c.says) || !strings.Contains(rule, "half a tick") {
			t.Errorf("rule %q does not name %q and half a tick", rule, c.says)
		}
		t.Logf("period %d, request %d: %s", c.period, c.request, rule)
	}
}

// a9Run drives a System on a fake output that pulls request frames every
// request's worth of wall time, starting start after the game, with
// Updates late by late(n), playing a click every 60 Updates; it returns
// the System's Stats and the clicks' onsets.
func a9Run(t *testing.T, start time.Duration, updates int, late func(n int) time.Duration) (Stats, []int, []timing.TimeSpan, *System) {
	t.Helper()
	st, got, want, s, reports := a9Drive(t, start, updates, late, func(n int) bool { return n > 0 && n%60 == 0 })
	if int64(len(reports)) != st.DelayChanges {
		t.Errorf("%d delay changes, %d reports: %q", st.DelayChanges, len(reports), reports)
	}
	for _, r := range reports {
		t.Log(r)
	}
	return st, got, want, s
}

// a9Drive is a9Run with the Updates that play a click given (play), and
// the System's reports returned.
func a9Drive(t *testing.T, start time.Duration, updates int, late func(n int) time.Duration, play func(n int) bool) (Stats, []int, []timing.TimeSpan, *System, []string) {
	t.Helper()
	var wall time.Duration
	out := &requestOutput{fakeOutput: fakeOutput{period: 960}, request: 240}
	var reports []string
	s, err := New(Config{Output: out, Now: func() time.Duration { return wall },
		Report: func(l string) { reports = append(reports, l) }})
	if err != nil {
		t.Fatal(err)
	}
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	buf := make([]float32, 2*out.request)
	pull := 5 * time.Millisecond
	next := start
	var want []timing.TimeSpan
	gameT := timing.TimeSpan(0)
	for n := 0; n < updates; n++ {
		due := time.Duration(gameT)*100 + late(n)
		for next <= due {
			wall = next
			out.render(buf)
			out.out = append(out.out, buf...)
			next += pull
		}
		wall = due
		el := step
		if n == 0 {
			el = 0
		}
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: el}
		s.BeginUpdate(gt)
		if play(n) {
			click.Play(1, 0, 0)
			want = append(want, gameT)
		}
		if err := s.EndUpdate(gt); err != nil {
			t.Fatal(err)
		}
		gameT += el
	}
	return s.Stats(), onsets(out.out, 0.001, 100), want, s, reports
}

// TestA9_TwoRunsChooseTheSameDelay: two runs whose outputs start at
// different moments and whose Updates jitter differently choose the same
// delay by the same rule, and keep it.
func TestA9_TwoRunsChooseTheSameDelay(t *testing.T) {
	a, _, _, _ := a9Run(t, 0, 600, func(n int) time.Duration { return time.Duration(n*7919%3) * time.Millisecond })
	b, _, _, _ := a9Run(t, 3*time.Millisecond, 600, func(n int) time.Duration { return time.Duration(n*104729%4) * time.Millisecond / 2 })
	t.Logf("run 1: %v (%s); run 2: %v (%s)", a.Delay, a.DelayRule, b.Delay, b.DelayRule)
	if a.Delay != b.Delay || a.DelayRule != b.DelayRule {
		t.Errorf("delays %v and %v (%q, %q), want the same", a.Delay, b.Delay, a.DelayRule, b.DelayRule)
	}
	want, _ := DelayRule(48000, 960, 240, time.Duration(step)*100)
	if a.Delay != time.Duration(want*int64(time.Second)/48000) || a.DelayChanges != 0 || a.Reanchors != 0 {
		t.Errorf("delay %v, changes %d, reanchors %d; want the rule's %d frames, unchanged", a.Delay, a.DelayChanges, a.Reanchors, want)
	}
}

// TestA9_ShortfallGrowsTheDelayOnce: when the Updates start running
// 20 ms later than before for good (more than the delay), the delay
// grows once, by the shortfall measured in three windows running, and
// is reported; the mapping is not reanchored, and the sounds after the
// growth are in step again.
func TestA9_ShortfallGrowsTheDelayOnce(t *testing.T) {
	st, got, want, s := a9Run(t, 0, 60*12, func(n int) time.Duration {
		if n >= 60*4 {
			return 20 * time.Millisecond
		}
		return 0
	})
	t.Logf("delay %v (%s), changes %d, reanchors %d, late %d", st.Delay, st.DelayRule, st.DelayChanges, st.Reanchors, st.Late)
	if st.DelayChanges != 1 || st.Reanchors != 0 {
		t.Errorf("delay changes %d, reanchors %d: want the delay grown once and no reanchor", st.DelayChanges, st.Reanchors)
	}
	rule, _ := DelayRule(48000, 960, 240, time.Duration(step)*100)
	if grown := st.Delay - time.Duration(rule*int64(time.Second)/48000); grown <= 0 || grown > 20*time.Millisecond {
		t.Errorf("grew by %v, want the shortfall: more than 0, at most the 20 ms the Updates lost", grown)
	}
	if len(got) != len(want) {
		t.Fatalf("%d onsets, want %d", len(got), len(want))
	}
	// The last five clicks, well after the growth, are in step.
	for i := len(got) - 5; i < len(got); i++ {
		wantGap := s.framesOf(want[i]) - s.framesOf(want[i-1])
		if d := int64(got[i]-got[i-1]) - wantGap; d < -1 || d > 1 {
			t.Errorf("gap %d after the growth: %d frames, want %d within one", i, got[i]-got[i-1], wantGap)
		}
	}
}

// TestA9_OneStallMovesNothing: one stall of the game loop (20 Updates,
// straddling two measuring windows, each 30 ms late) leaves the delay
// and the mapping where they were: one stall is not load.
func TestA9_OneStallMovesNothing(t *testing.T) {
	st, _, _, _ := a9Run(t, 0, 60*8, func(n int) time.Duration {
		if n >= 60*4-10 && n < 60*4+10 {
			return 30 * time.Millisecond
		}
		return 0
	})
	t.Logf("delay %v, changes %d, reanchors %d, late %d", st.Delay, st.DelayChanges, st.Reanchors, st.Late)
	if st.DelayChanges != 0 || st.Reanchors != 0 {
		t.Errorf("delay changes %d, reanchors %d after one stall, want none", st.DelayChanges, st.Reanchors)
	}
}

// TestA9_OutputThatNeverRendersMovesNothing: an output that has not
// rendered yet (one still opening, or an open that fails later) gives no
// position to measure: ten seconds of Updates on the wall clock, with
// clicks played, neither move the mapping nor report anything.
func TestA9_OutputThatNeverRendersMovesNothing(t *testing.T) {
	var wall time.Duration
	out := &fakeOutput{period: 960} // Start keeps the callback; nothing calls it
	var reports []string
	s, err := New(Config{Output: out, Now: func() time.Duration { return wall },
		Report: func(l string) { reports = append(reports, l) }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	gameT := timing.TimeSpan(0)
	for n := 0; n < 600; n++ {
		wall = time.Duration(gameT) * 100
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: step}
		s.BeginUpdate(gt)
		if n%60 == 0 {
			click.Play(1, 0, 0)
		}
		if err := s.EndUpdate(gt); err != nil {
			t.Fatal(err)
		}
		gameT += step
	}
	if st := s.Stats(); st.Reanchors != 0 || st.DelayChanges != 0 || len(reports) != 0 {
		t.Errorf("reanchors %d, delay changes %d, reports %q; want none", st.Reanchors, st.DelayChanges, reports)
	}
}
