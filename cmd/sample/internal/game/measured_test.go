package game

import (
	"errors"
	"github.com/metronome-engine/metronome/engine/desktop"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// On the real stack a frame of a measured run with the HUD (driven by
// RunOneFrame, so the test calls BeginRun and EndRun itself) (the sample game's update
// and draw with every hook set, the present and a Presented handler that
// records it) allocates nothing between title refreshes, so the pacing
// experiment does not measure the garbage collector.
func TestT5_MeasuredFrameAllocatesNothing(t *testing.T) {
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	presents := make([]time.Duration, 0, 400)
	var begun, updates, draws, ended int
	m := Measured{Interval: 0, Hz: 60, Width: 320, Height: 240, Frames: 400, Title: "measured", HUD: true,
		BeginRun: func(g *engine.Game, now time.Duration) {
			begun++
			g.GraphicsDevice().Presented.Add(func(p *engine.Presented) {
				if len(presents) < cap(presents) {
					presents = append(presents, p.Returned-now)
				}
			})
		},
		Update: func(*engine.Game) bool { updates++; return false },
		Draw:   func(*engine.Game, timing.GameTime) { draws++ },
		EndRun: func(*engine.Game) { ended++ },
	}
	var allocs float64
	var h *measuredGame
	var err error
	desktop.Do(func() {
		var g *engine.Game
		g, h, err = openMeasured(m)
		if err != nil {
			return
		}
		defer func() { err = errors.Join(err, g.Close(), h.validationErr()) }()
		for i := range 5 {
			if err = g.RunOneFrame(); err != nil {
				return
			}
			if i == 0 { // RunOneFrame runs no BeginRun: the device exists now
				h.BeginRun(g)
			}
		}
		h.status.at = h.source.Now() + time.Hour // no title refresh during the measurement
		allocs = testing.AllocsPerRun(100, func() { _ = g.RunOneFrame() })
		h.EndRun(g)
	})
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if h.sc == nil || h.sc.batch == nil {
		t.Fatal("the measured run drew no HUD")
	}
	if len(presents) < 100 || h.drawFailed || begun != 1 || updates < 100 || draws < 100 || ended != 1 {
		t.Fatalf("%d presents recorded, drawing failed %v, hooks: %d BeginRun, %d Update, %d Draw, %d EndRun",
			len(presents), h.drawFailed, begun, updates, draws, ended)
	}
	for i := 1; i < len(presents); i++ {
		if presents[i] < presents[i-1] {
			t.Fatalf("present %d returned at %v, before present %d at %v", i, presents[i], i-1, presents[i-1])
		}
	}
	if allocs != 0 {
		t.Fatalf("%v allocations per frame, want 0", allocs)
	}
}
