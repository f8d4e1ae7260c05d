package engine

import (
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// TestT27_FreeRunningTicksAllocateNothing: on a display three times the
// update rate, free-running ticks (most run no Update, all draw and
// present) allocate nothing, and draw more often than they update, in both
// profiles.
func TestT27_FreeRunningTicksAllocateNothing(t *testing.T) {
	for _, pr := range []timing.Profile{timing.ProfileDefault, timing.ProfileXNA} {
		t.Run(pr.String(), func(t *testing.T) {
			g, s, p := newTestGame(nil, pr)
			p.perPoll = frame60 / 3
			p.script = [][]PlatformEvent{{{Kind: EventFocus, Focused: true}}} // active: no InactiveSleepTime
			if err := g.SetDrawMode(timing.DrawFreeRunning); err != nil {
				t.Fatal(err)
			}
			for range 10 {
				if err := g.RunOneFrame(); err != nil {
					t.Fatal(err)
				}
			}
			before := g.Scheduler().Stats()
			allocs := testing.AllocsPerRun(300, func() {
				if err := g.Tick(); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("%v allocations per free-running tick, want 0", allocs)
			}
			st := g.Scheduler().Stats()
			draws, updates := st.Draws-before.Draws, st.Updates-before.Updates
			if draws < 2*updates || updates == 0 || s.draws == 0 {
				t.Errorf("%d draws for %d updates at 3x the update rate, want about three per update", draws, updates)
			}
			_ = g.Close()
		})
	}
}
