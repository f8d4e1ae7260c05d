package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// countingRenderer is the fake renderer with presentation counts.
type countingRenderer struct {
	*fakeRenderer
	counts present.SwitchCounts
}

func (r countingRenderer) PresentationCounts() present.SwitchCounts { return r.counts }

// TestP11_PresentationCountsZeroWithoutACounter: GraphicsDevice's
// PresentationCounts is zero on the Configure placeholder and for a
// renderer that does not count, and the renderer's counts for one that
// does (a PresentationCounter).
func TestP11_PresentationCountsZeroWithoutACounter(t *testing.T) {
	g, _, p := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	if c := (&GraphicsDevice{manager: g.graphics}).PresentationCounts(); c != (present.SwitchCounts{}) {
		t.Errorf("placeholder: %+v, want zeros", c)
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	dev := g.GraphicsDevice()
	if c := dev.PresentationCounts(); c != (present.SwitchCounts{}) {
		t.Errorf("a renderer without counts: %+v, want zeros", c)
	}
	want := present.SwitchCounts{Changes: 3, InPlace: 2, Rebuilds: 4}
	dev.renderer = countingRenderer{fakeRenderer: p.renderer, counts: want}
	if c := dev.PresentationCounts(); c != want {
		t.Errorf("a counting renderer: %+v, want %+v", c, want)
	}
	dev.renderer = p.renderer
}
