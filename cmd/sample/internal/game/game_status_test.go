package game

import (
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
)

// statusAt returns ms milliseconds on the engine's clock.
func statusAt(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }

// TestStatusSlowHeldForOneSecond: one slow tick (IsRunningSlowly
// for 0.28 s, as after L; or, under the XNA profile, only a burst of
// updates; or only time the clamp dropped) shows "slow in the last second"
// at every refresh within a second of it and not after; steady ticks never
// show it. IsRunningSlowly read only at the refresh (every 0.5 s) missed the
// spike, and the XNA profile never set it for a lone spike.
func TestStatusSlowHeldForOneSecond(t *testing.T) {
	steady := statusInput{lastSteps: 1, fixed: true, hz: 60}
	spikes := map[string]statusInput{
		"running slowly": {slow: true, lastSteps: 19, fixed: true, hz: 60},
		"xna burst":      {lastSteps: 19, fixed: true, hz: 60},
		"dropped time":   {lastSteps: 1, dropped: 5_000_000, fixed: true, hz: 60},
	}
	for name, spike := range spikes {
		var st gameStatus
		st.start(statusAt(0), steady)
		if _, ok := st.step(statusAt(100), steady); ok {
			t.Fatalf("%s: refreshed after 100 ms", name)
		}
		st.step(statusAt(120), spike)
		after := steady
		after.dropped = spike.dropped // the total stays where the spike left it
		after.slow = spike.slow
		st.step(statusAt(300), after) // IsRunningSlowly lasts 0.28 s
		after.slow = false
		for _, c := range []struct {
			ms   int
			slow bool
		}{{500, true}, {1000, true}, {1119, true}, {1700, false}, {2200, false}} {
			st.force = c.ms == 1119 // a setting changed: refresh now, 119 ms after the last
			l, ok := st.step(statusAt(c.ms), after)
			if !ok {
				t.Fatalf("%s: no refresh at %d ms", name, c.ms)
			}
			if l.slow != c.slow {
				t.Errorf("%s: refresh at %d ms says slow %v, want %v (spike at 120 ms)", name, c.ms, l.slow, c.slow)
			}
			if got := strings.Contains(l.String(), "slow in the last second"); got != c.slow {
				t.Errorf("%s: title %q at %d ms", name, l.String(), c.ms)
			}
		}
	}
	var st gameStatus
	st.start(statusAt(0), steady)
	for ms := 1; ms <= 3000; ms += 16 {
		if l, ok := st.step(statusAt(ms), steady); ok && l.slow {
			t.Fatalf("steady ticks: slow at %d ms", ms)
		}
	}
}

// TestStatusRatesAndInactive: draws/s counts the frames drawn
// (the sample's count), not the scheduler's draw turns, so a minimized
// game that updates but draws nothing reports 0 draws/s; the title says
// "inactive" while the game sleeps unfocused or minimized.
func TestStatusRatesAndInactive(t *testing.T) {
	var st gameStatus
	st.start(statusAt(0), statusInput{draws: 10, updates: 100})
	l, ok := st.step(statusAt(1000), statusInput{draws: 70, updates: 160, lastSteps: 1})
	if !ok || l.drawsPerSec != 60 || l.updatesPerSec != 60 || l.inactive {
		t.Fatalf("active: %+v (refresh %v); want 60 draws/s, 60 updates/s, active", l, ok)
	}
	l, _ = st.step(statusAt(2000), statusInput{draws: 70, updates: 209, lastSteps: 1, inactive: true})
	if l.drawsPerSec != 0 || l.updatesPerSec != 49 || !l.inactive || !strings.Contains(l.String(), "| inactive") {
		t.Fatalf("minimized: %+v %q; want 0 draws/s, 49 updates/s, inactive", l, l.String())
	}
}

// TestStatusMinimizedGameShowsNoDraws: the real game loop on a
// fake platform, minimized: the engine skips every draw, and the status
// the sample builds from the game reports 0 draws/s and "inactive" (it
// reported ~49 draws/s from the scheduler's count of draw turns).
func TestStatusMinimizedGameShowsNoDraws(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{{Kind: engine.EventFocus, Focused: true}}, {}, {},
		{{Kind: engine.EventIconify, Iconified: true}},
	}
	g, s, _ := newKeyGame(t, script)
	tick(t, g, 3)
	var st gameStatus
	st.start(statusAt(0), gameStatusInput(g, s.draws, s.hz, s.paused))
	if l, _ := st.step(statusAt(500), gameStatusInput(g, s.draws, s.hz, s.paused)); l.inactive {
		t.Fatal("focused and shown: the status says inactive")
	}
	drawn, turns := s.draws, g.Scheduler().Stats().Draws
	tick(t, g, 60)
	if s.draws != drawn {
		t.Fatalf("the sample drew %d frames while minimized", s.draws-drawn)
	}
	t.Logf("scheduler draw turns while minimized: %d", g.Scheduler().Stats().Draws-turns)
	l, ok := st.step(statusAt(1500), gameStatusInput(g, s.draws, s.hz, s.paused))
	if !ok || l.drawsPerSec != 0 || !l.inactive || l.updatesPerSec == 0 {
		t.Fatalf("minimized: %+v; want 0 draws/s, updates going on, inactive (scheduler draw turns %d)",
			l, g.Scheduler().Stats().Draws-turns)
	}
}

// TestStatusTitleShowsLoadUnderBothProfiles: L on the fixed-dt
// clock, with the status on the same virtual clock: under both profiles
// the titles refreshed in the second after the catch-up burst say "slow
// in the last second", and the later ones do not.
func TestStatusTitleShowsLoadUnderBothProfiles(t *testing.T) {
	for _, profile := range []string{"default", "xna"} {
		const press, n = 40, 240
		g, s, _ := newKeyGame(t, pressAt(n, engine.KeyL, press), "-profile", profile)
		if err := g.SetInactiveSleepTime(0); err != nil {
			t.Fatal(err)
		}
		var burst time.Duration = -1
		var slowTitles, lateSlow int
		for range n {
			prevTitle := s.title
			tick(t, g, 1)
			now := s.source.Now()
			if burst < 0 && g.Scheduler().Stats().LastSteps > 1 {
				burst = now
			}
			if s.title == prevTitle || burst < 0 {
				continue
			}
			slow := strings.Contains(s.title, "slow in the last second")
			switch since := now - burst; {
			case since < slowHold-statusPeriod && !slow:
				t.Errorf("%s: title %q %v after the burst, want slow", profile, s.title, since)
			case since < slowHold-statusPeriod:
				slowTitles++
			case since > slowHold+statusPeriod && slow:
				lateSlow++
			}
		}
		if burst < 0 || slowTitles == 0 || lateSlow != 0 {
			t.Errorf("%s: burst at %v, %d slow titles in the held second, %d slow titles after it; want a burst, >0, 0",
				profile, burst, slowTitles, lateSlow)
		}
	}
}
