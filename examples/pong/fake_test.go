package main

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// newFakePong runs pong on the fake platform (no window, no GPU, virtual
// time) for its first frame, which loads the content and serves.
func newFakePong(t *testing.T) (*enginetest.Game, *pong) {
	t.Helper()
	p := &pong{}
	g := enginetest.Open(t, p, enginetest.Config{Width: width, Height: height})
	g.Renderer().Graphics().Keep = true
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	return g, p
}

// TestPongPaddlesPauseAndQuitOnTheFake plays pong with scripted keys: W
// held moves the left paddle up at paddleSpeed and Down the right one
// down, a tap of P (shorter than a frame) pauses the ball and the paddles
// and shows PAUSED, another tap resumes, Esc quits after that update
// without drawing it.
func TestPongPaddlesPauseAndQuitOnTheFake(t *testing.T) {
	g, p := newFakePong(t)
	kb := g.Platform
	top := p.left
	kb.KeyDown(engine.KeyW)
	kb.KeyDown(engine.KeyDown)
	if err := g.RunFrames(10); err != nil {
		t.Fatal(err)
	}
	// Ten updates of 1/60 s at 420 px/s: 70 px (within a tick's rounding).
	if moved := top - p.left; moved < 69 || moved > 71 {
		t.Errorf("W held for 10 frames moved the left paddle up %.2f px, want 70", moved)
	}
	if moved := p.right - top; moved < 69 || moved > 71 {
		t.Errorf("Down held for 10 frames moved the right paddle down %.2f px, want 70", moved)
	}
	kb.KeyUp(engine.KeyW)
	kb.KeyUp(engine.KeyDown)
	kb.Tap(engine.KeyP)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	ball, left := p.pos, p.left
	kb.KeyDown(engine.KeyS)
	if err := g.RunFrames(5); err != nil {
		t.Fatal(err)
	}
	if !p.paused || p.pos != ball || p.left != left {
		t.Errorf("after a tap of P: paused %v, ball %v -> %v, paddle %v -> %v; want paused, nothing moving", p.paused, ball, p.pos, left, p.left)
	}
	kb.Tap(engine.KeyP)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	if p.paused || p.pos == ball {
		t.Errorf("after a second tap of P: paused %v, ball still at %v; want it moving", p.paused, p.pos)
	}
	frames := g.Renderer().Presents
	kb.Tap(engine.KeyEscape)
	if err := g.RunFrames(5); err != nil {
		t.Fatal(err)
	}
	if !g.IsExiting() || g.Renderer().Presents != frames {
		t.Errorf("after Esc: exiting %v, %d frames presented after it; want exiting, none", g.IsExiting(), g.Renderer().Presents-frames)
	}
	if g.Renderer().LastClear != graphics.Black {
		t.Errorf("the court is cleared to %v, want black", g.Renderer().LastClear)
	}
}

// TestPongScoresOnTheFake lets the ball pass the right paddle (held at the
// top): the left player scores, the ball is served towards them, and the
// frames go on being recorded and presented.
func TestPongScoresOnTheFake(t *testing.T) {
	g, p := newFakePong(t)
	gfx := g.Renderer().Graphics()
	g.Platform.KeyDown(engine.KeyUp) // the right paddle leaves the ball's way
	for range 300 {
		if err := g.RunFrames(1); err != nil {
			t.Fatal(err)
		}
		if p.score != [2]int{} {
			break
		}
	}
	if p.score != [2]int{1, 0} {
		t.Fatalf("score %v after %d frames, want 1:0", p.score, g.Renderer().Presents)
	}
	if p.vel[0] >= 0 {
		t.Errorf("the ball is served at %v, want towards the left player (who scored)", p.vel)
	}
	f := gfx.Frames[len(gfx.Frames)-1]
	if len(f.Draws) == 0 || len(f.Passes) == 0 || !f.Present {
		t.Errorf("last frame: %d passes, %d draws, present %v; want a presented frame with draws",
			len(f.Passes), len(f.Draws), f.Present)
	}
}
