package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestT5_ZeroAllocsPerSteadyTick: a steady-state tick with the fake platform
// (a batch of input events with their edges and stream, a component,
// gamepad polling, event handlers, update, draw, present) allocates
// nothing.
func TestT5_ZeroAllocsPerSteadyTick(t *testing.T) {
	for _, pr := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		t.Run(pr.String(), func(t *testing.T) {
			g, s, p := newTestGame(nil, pr)
			p.repeat = []PlatformEvent{
				{Kind: EventKey, Key: KeyA, Action: Press}, {Kind: EventChar, Char: 'a'},
				{Kind: EventCursor, X: 1, Y: 2}, {Kind: EventScroll, DY: 1},
				{Kind: EventKey, Key: KeyA, Action: Release}, {Kind: EventResize, Width: 3, Height: 4},
				{Kind: EventMouseButton, Button: MouseLeft, Action: Press},
				{Kind: EventMouseButton, Button: MouseLeft, Action: Release},
			}
			if err := g.Components().Add(&countComp{}); err != nil {
				t.Fatal(err)
			}
			edges := 0
			s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
				g.GamePad(0)
				if g.IsKeyJustPressed(KeyA) && g.IsMouseButtonJustReleased(MouseLeft) && len(g.InputEvents()) >= 5 {
					edges++
				}
			}
			for range 10 {
				if err := g.RunOneFrame(); err != nil {
					t.Fatal(err)
				}
			}
			draws := s.draws
			allocs := testing.AllocsPerRun(200, func() {
				if err := g.Tick(); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("%v allocations per tick, want 0", allocs)
			}
			if s.draws <= draws {
				t.Error("the measured ticks drew nothing")
			}
			if edges == 0 {
				t.Error("no update saw the batch's edges and events (I1, I2)")
			}
			_ = g.Close()
		})
	}
}

// countComp is an allocation-free component.
type countComp struct{ updates, draws int }

func (c *countComp) Update(*Game, timing.GameTime) { c.updates++ }
func (c *countComp) Draw(*Game, timing.GameTime)   { c.draws++ }
func (c *countComp) Enabled() bool                 { return true }
func (c *countComp) Visible() bool                 { return true }
func (c *countComp) UpdateOrder() int              { return 0 }
func (c *countComp) DrawOrder() int                { return 0 }

// BenchmarkTick measures one steady-state tick on the fake platform.
func BenchmarkTick(b *testing.B) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}
