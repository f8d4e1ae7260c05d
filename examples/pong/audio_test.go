package main

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// memSink keeps the lockstep mixer's frames.
type memSink struct{ frames []float32 }

func (m *memSink) WriteFrames(f []float32) error { m.frames = append(m.frames, f...); return nil }
func (m *memSink) Close() error                  { return nil }

// TestA8_PongSounds: in 2.7 s of virtual time the players score (and the
// ball may hit a wall); each beep is heard in the lockstep render, the
// first score's on the losing side (right).
func TestA8_PongSounds(t *testing.T) {
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	sink := &memSink{}
	var score [2]int
	window.Do(func() {
		p := &pong{}
		var g *engine.Game
		g, err = desktop.NewGame(p, desktop.Config{Title: "Pong", Width: width, Height: height, Audio: desktop.AudioOffline,
			Engine: engine.Config{Source: fixed, Waiter: fixed, Audio: audio.Config{Sink: sink}}})
		if err != nil {
			return
		}
		g.GraphicsDeviceManager().DeviceCreated.Add(func(d *engine.GraphicsDevice) {
			d.Presented.Add(func(pr *engine.Presented) {
				if pr.Index == 160 {
					g.Exit()
				}
			})
		})
		err = g.Run()
		score = p.score
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader, window.ErrNoDisplay)
	if err != nil {
		t.Fatal(err)
	}
	if score[0] < 1 {
		t.Fatalf("score %v after 160 frames, want the left player to have scored", score)
	}
	// Beeps: bursts of sound after at least 50 ms of silence.
	var starts []int
	quiet := 2400
	for i := 0; 2*i+1 < len(sink.frames); i++ {
		l, r := abs(sink.frames[2*i]), abs(sink.frames[2*i+1])
		if l > 0.01 || r > 0.01 {
			if quiet >= 2400 {
				starts = append(starts, i)
			}
			quiet = 0
		} else {
			quiet++
		}
	}
	if len(starts) < 2 {
		t.Fatalf("%d beeps in %d frames, want two at least (scores, walls)", len(starts), len(sink.frames)/2)
	}
	last := starts[0]
	var l, r float32
	for i := last; i < last+1920 && 2*i+1 < len(sink.frames); i++ {
		l, r = l+abs(sink.frames[2*i]), r+abs(sink.frames[2*i+1])
	}
	if r <= 2*l {
		t.Errorf("the score's beep: left %v right %v, want it on the right (the side that lost)", l, r)
	}
	t.Logf("beeps at frames %v", starts)
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
