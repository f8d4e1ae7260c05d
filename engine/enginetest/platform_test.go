package enginetest_test

import (
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/enginetest"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// probe records, per update, what the game saw.
type probe struct {
	lines []string
}

func (p *probe) Update(g *engine.Game, _ timing.GameTime) {
	var b strings.Builder
	if g.IsKeyJustPressed(engine.KeyA) {
		b.WriteString(" A-pressed")
	}
	if g.Keyboard().IsKeyDown(engine.KeyA) {
		b.WriteString(" A-down")
	}
	if g.IsKeyJustReleased(engine.KeyA) {
		b.WriteString(" A-released")
	}
	if g.IsButtonJustPressed(0, engine.GamepadA) {
		b.WriteString(" pad-A")
	}
	if s := string(g.TextInput()); s != "" {
		b.WriteString(" text=" + s)
	}
	if !g.IsActive() {
		b.WriteString(" inactive")
	}
	p.lines = append(p.lines, strings.TrimSpace(b.String()))
}

func (p *probe) Draw(*engine.Game, timing.GameTime) {}

// TestScriptedInputReachesTheGame: Post'ed input arrives with the next
// poll in the order posted, At schedules a batch for a later poll (and
// refuses one that has run), a Tap is a press and a release seen by one update, a gamepad set
// with SetGamepad is read and its button edge seen, and Focus(false)
// deactivates the game. One poll per frame, FrameTime of clock each.
func TestScriptedInputReachesTheGame(t *testing.T) {
	pr := &probe{}
	g := enginetest.Open(t, pr, enginetest.Config{})
	p := g.Platform
	g.GamePad(0) // the engine polls the slots a game asked for
	if err := p.At(2, engine.PlatformEvent{Kind: engine.EventChar, Char: 'x'}); err != nil {
		t.Fatal(err)
	}
	p.KeyDown(engine.KeyA)
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	p.KeyUp(engine.KeyA)
	var pad engine.GamepadState
	pad.Buttons[engine.GamepadA] = true
	if err := p.SetGamepad(0, pad, engine.GamepadCapabilities{HasAButton: true}); err != nil {
		t.Fatal(err)
	}
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	p.Tap(engine.KeyA)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	p.Focus(false)
	if err := g.RunFrames(1); err != nil {
		t.Fatal(err)
	}
	want := []string{"A-pressed A-down", "A-down", "A-released pad-A text=x", "A-pressed A-released", "inactive"}
	if strings.Join(pr.lines, "|") != strings.Join(want, "|") {
		t.Errorf("updates saw\n%q\nwant\n%q", pr.lines, want)
	}
	if p.Polls() != 5 || p.Clock.Now() < 5*enginetest.FrameTime {
		t.Errorf("%d polls, clock %v; want 5 polls, at least 5 frames of time", p.Polls(), p.Clock.Now())
	}
	if err := p.At(1); err == nil {
		t.Error("At accepted a poll that has run")
	}
	if err := p.SetGamepad(engine.MaxGamepads, pad, engine.GamepadCapabilities{}); err == nil {
		t.Error("SetGamepad accepted a slot out of range")
	}
}

// still is a game that clears the screen and nothing else.
type still struct{}

func (still) Update(*engine.Game, timing.GameTime) {}
func (still) Draw(g *engine.Game, _ timing.GameTime) {
	_ = g.GraphicsDevice().Clear(graphics.Black)
}

// TestFakeFrameAllocatesNothing: a warm frame on the fake (poll, update,
// draw, present on the fake backend) allocates nothing, so a game's own
// allocation test (testing.AllocsPerRun) measures the game alone.
func TestFakeFrameAllocatesNothing(t *testing.T) {
	g := enginetest.Open(t, still{}, enginetest.Config{})
	if err := g.RunFrames(10); err != nil {
		t.Fatal(err)
	}
	var err error
	allocs := testing.AllocsPerRun(100, func() {
		if e := g.RunOneFrame(); e != nil {
			err = e
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per frame, want 0", allocs)
	}
}
