package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// eventScenario is one scripted batch sequence run frame by frame through
// RunOneFrame, one golden transcript per scenario.
type eventScenario struct {
	name   string
	script [][]PlatformEvent
	// before runs after the game was made (hooks, platform changes).
	before func(g *Game, p *fakePlatform, rec *recorder)
	// between runs before frame i (0-based), to change what the platform
	// reports.
	between func(i int, p *fakePlatform)
}

var (
	focusIn  = PlatformEvent{Kind: EventFocus, Focused: true}
	focusOut = PlatformEvent{Kind: EventFocus, Focused: false}
	wheel1   = PlatformEvent{Kind: EventScroll, DY: 1}
	quit     = PlatformEvent{Kind: EventClose}
)

var eventScenarios = []eventScenario{
	{name: "focus_lost", script: [][]PlatformEvent{{focusIn}, {}, {focusOut}, {}}},
	{name: "focus_lost_twice", script: [][]PlatformEvent{{focusIn}, {focusOut, focusOut}, {focusIn}}},
	// Focus taken away and given back within one poll (X11 as a window is
	// shown) is no change: no Deactivated, no second Activated.
	{name: "focus_flicker", script: [][]PlatformEvent{{focusIn}, {focusOut, focusIn}, {focusOut}, {focusIn, focusOut}}},
	{name: "minimize_restore", script: [][]PlatformEvent{
		{focusIn}, {{Kind: EventIconify, Iconified: true}}, {}, {{Kind: EventIconify, Iconified: false}}, {},
	}},
	{name: "quit_then_wheel", script: [][]PlatformEvent{{quit, wheel1}}},
	{
		name:   "exit_does_not_stop_the_batch",
		script: [][]PlatformEvent{{focusIn, {Kind: EventKey, Key: KeyA, Action: Press}, {Kind: EventChar, Char: 'x'}, wheel1}},
		before: func(g *Game, p *fakePlatform, rec *recorder) {
			g.Activated.Add(func(g *Game) {
				rec.add("  Activated handler calls Exit")
				g.Exit()
			})
		},
	},
	{
		name: "resize_payload_not_trusted",
		script: [][]PlatformEvent{
			{{Kind: EventResize, Width: 12345, Height: 6789}, {Kind: EventFramebufferResize, Width: 12345, Height: 6789}},
			{{Kind: EventResize, Width: 1, Height: 1}, {Kind: EventFramebufferResize, Width: 1, Height: 1}},
		},
		between: func(i int, p *fakePlatform) {
			if i == 1 {
				p.clientW, p.clientH, p.fbW, p.fbH = 800, 600, 800, 600
			}
		},
	},
}

// TestT5_EventTranscripts pins the event semantics as golden
// transcripts: focus loss deactivates, a poll's last focus event decides
// (a flicker within one poll raises nothing); minimize/restore changes no public
// state except that draws are skipped (W2); a quit followed by a wheel in
// the same batch still delivers the wheel, and Exit does not stop the batch
// draining (T12); resize payloads are not trusted, the window is re-queried.
func TestT5_EventTranscripts(t *testing.T) {
	for _, sc := range eventScenarios {
		t.Run(sc.name, func(t *testing.T) {
			golden(t, "events_"+sc.name, runEventScenario(t, sc))
		})
	}
}

func runEventScenario(t *testing.T, sc eventScenario) string {
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	s.rec = nil // updates vary with the inactive sleep; the state line counts them
	p.script = sc.script
	boundsChanged := 0
	g.ClientSizeChanged.Add(func(*Game) { boundsChanged++ })
	if sc.before != nil {
		sc.before(g, p, rec)
	}
	for i := range sc.script {
		if sc.between != nil {
			sc.between(i, p)
		}
		rec.add("frame %d", i)
		if err := g.RunOneFrame(); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		w, h := g.ClientSize()
		m := g.Mouse()
		rec.add("  state: active=%v running=%v bounds=%dx%d boundsChanged=%d wheel=%g keyA=%v text=%q draws=%d",
			g.IsActive(), !g.IsExiting(), w, h, boundsChanged, m.ScrollY,
			g.Keyboard().IsKeyDown(KeyA), string(g.TextInput()), s.draws)
	}
	if err := g.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	return rec.String()
}

// TestW2_MinimizeChangesOnlyDraws checks the minimize scenario directly: the
// state lines of the minimized frames equal the others' except the draw
// count, which does not move while minimized, and updates go on.
func TestW2_MinimizeChangesOnlyDraws(t *testing.T) {
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	s.rec = nil
	p.script = [][]PlatformEvent{{focusIn}, {{Kind: EventIconify, Iconified: true}}, {}, {{Kind: EventIconify, Iconified: false}}, {}}
	type state struct {
		active, running bool
		w, h            int
		wheel           float64
	}
	var states []state
	var draws, updates []int
	for range p.script {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		w, h := g.ClientSize()
		states = append(states, state{g.IsActive(), !g.IsExiting(), w, h, g.Mouse().ScrollY})
		draws = append(draws, s.draws)
		updates = append(updates, s.updates)
	}
	for i := range states {
		if states[i] != states[0] {
			t.Errorf("frame %d: public state %+v, want %+v (minimize must not change it)", i, states[i], states[0])
		}
	}
	if draws[1] != draws[0] || draws[2] != draws[0] {
		t.Errorf("draws while minimized: %v, want no change over frames 1-2", draws)
	}
	if draws[4] != draws[3]+1 {
		t.Errorf("draws after restore: %v, want one more on frame 4", draws)
	}
	if updates[2] <= updates[1] || updates[1] <= updates[0] {
		t.Errorf("updates %v: want them to go on while minimized", updates)
	}
}
