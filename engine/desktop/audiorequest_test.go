package desktop

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestA9_GameOnPulseTakesTheServersRequest: a real game (window, Vulkan,
// the real audio output) on the PulseAudio test server chooses its delay
// from the server's request at its first Update, however long the server
// then takes to start the stream: one request (5 ms at the default 20 ms
// period) plus half a tick, 13.33 ms at 60 Hz. Before, the first Update
// waited for the stream's start, at most 1 s, and a null sink between its
// 2 s blocks made the game take the period instead (28.33 ms).
func TestA9_GameOnPulseTakesTheServersRequest(t *testing.T) {
	if os.Getenv("PULSE_SERVER") == "" || os.Getenv("METRONOME_PULSE_SINK") == "" {
		if os.Getenv("METRONOME_REQUIRE_GPU") == "1" {
			t.Fatal("no PulseAudio test server (scripts/pulse.sh), and METRONOME_REQUIRE_GPU=1 promises one")
		}
		t.Skip("no PulseAudio test server (scripts/test.sh starts one with scripts/pulse.sh)")
	}
	t.Setenv("METRONOME_AUDIO", "")
	var err error
	var delay time.Duration
	var rule string
	window.Do(func() {
		var g *engine.Game
		if g, err = NewGame(&frameGame{exitAt: 100}, Config{Title: t.Name(), Width: 160, Height: 120}); err != nil {
			return
		}
		defer func() {
			if cerr := g.Close(); err == nil {
				err = cerr
			}
		}()
		for range 3 {
			if err = g.RunOneFrame(); err != nil {
				return
			}
		}
		st := g.Audio().Stats()
		delay, rule = st.Delay, st.DelayRule
	})
	windowtest.SkipIfNoStack(t, err, noDriver...)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("delay %v: %s", delay, rule)
	if want := 13333 * time.Microsecond; delay.Round(time.Microsecond) != want || !strings.Contains(rule, "the server's request,") {
		t.Errorf("delay %v (%s), want %v from the server's request", delay, rule, want)
	}
}
