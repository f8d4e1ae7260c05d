package engine

import (
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/timing"
)

// recSink is an audio.Sink that records its frames and its Close.
type recSink struct {
	rec    *recorder
	frames int
	loud   int // the first frame above silence, -1 before
}

func (s *recSink) WriteFrames(f []float32) error {
	for i := 0; i < len(f); i += 2 {
		if s.loud < 0 && f[i] != 0 {
			s.loud = s.frames + i/2
		}
	}
	s.frames += len(f) / 2
	return nil
}
func (s *recSink) Close() error { s.rec.add("audio.Close"); return nil }

// TestA1_GameAudioMadeWithTheGameClosedInOrder: g.Audio exists from
// NewGame; a sound played in an Update starts at that Update's game time
// (A3: the lockstep render, frame = game time x 48 kHz); Close shuts the
// audio after the renderer and before the platform.
func TestA1_GameAudioMadeWithTheGameClosedInOrder(t *testing.T) {
	rec := &recorder{}
	p := newFakePlatform(rec)
	sink := &recSink{rec: rec, loud: -1}
	s := &scriptGame{rec: nil}
	g, err := NewGame(s, p, Config{Source: p.clock, Waiter: p.clock, Audio: audio.Config{Sink: sink}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Audio() == nil || g.Audio().Available() {
		t.Fatal("the lockstep System should exist and not be Available")
	}
	tone, _ := g.Audio().NewSoundEffectFloat([]float32{0.5, 0.5, 0.5, 0.5}, 48000, 1)
	var playedAt timing.TimeSpan
	s.onUpdate = func(g *Game, n int, gt timing.GameTime) {
		if n == 10 {
			playedAt = gt.TotalGameTime
			if !tone.Play(1, 0, 0) {
				t.Error("Play refused")
			}
		}
		if n == 20 {
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	want := int((int64(playedAt)*48000 + 5e6) / 1e7)
	if sink.loud != want {
		t.Errorf("the sound starts at frame %d, want %d (its Update's game time %v)", sink.loud, want, playedAt)
	}
	log := rec.String()
	iR, iA, iP := strings.Index(log, "renderer.Destroy"), strings.Index(log, "audio.Close"), strings.Index(log, "platform.Destroy")
	if iA < 0 || iR > iA || iA > iP {
		t.Errorf("teardown order: want renderer, audio, platform:\n%s", log)
	}
	if tone.Play(1, 0, 0) {
		t.Error("Play after Close accepted")
	}
}
