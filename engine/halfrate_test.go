package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// halfRateTwo is a handler asking for true half rate (P8): IntervalTwo
// with HalfRate.
func halfRateTwo(info *GraphicsDeviceInformation) {
	info.PresentationParameters.PresentationInterval = present.IntervalTwo
	info.PresentationParameters.HalfRate = true
}

// TestP8_HandlerAsksHalfRateRendererGetsIt: a handler that sets Two and
// HalfRate makes the renderer receive swap interval 2 and half rate at
// creation as one value in its config, with no later call (one swapchain,
// not two), so the device presents with FIFO and Hold 2; the same handler
// on ApplyChanges resets nothing; dropping HalfRate (and asking again) on
// the ApplyChanges path hands each change over, as one SetPresentation
// call, between DeviceResetting and DeviceReset.
func TestP8_HandlerAsksHalfRateRendererGetsIt(t *testing.T) {
	g, p, rec := startGame(t, func(g *Game) { g.GraphicsDeviceManager().PreparingDeviceSettings.Add(halfRateTwo) })
	dev, gm := g.GraphicsDevice(), g.GraphicsDeviceManager()
	if got, want := p.rendCfg[0].Present, (PresentSettings{SwapInterval: 2, HalfRate: true}); got != want {
		t.Errorf("create: renderer config %+v, want %+v", got, want)
	}
	if c := dev.Presentation(); len(p.renderer.sets) != 0 || c.Mode != present.ModeFIFO || c.Hold != 2 {
		t.Errorf("create: SetPresentation calls %v, presentation %+v; want none, FIFO hold 2", p.renderer.sets, c)
	}
	if !dev.PresentationParameters().HalfRate || dev.SwapInterval() != 2 {
		t.Errorf("device params %+v, swap %d", dev.PresentationParameters(), dev.SwapInterval())
	}
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if len(p.renderer.sets) != 0 {
		t.Errorf("unchanged half-rate settings reset the device: %v", p.renderer.sets)
	}
	gm.PreparingDeviceSettings.Clear()
	gm.PreparingDeviceSettings.Add(setInterval(present.IntervalTwo))
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if c := dev.Presentation(); c.Mode != present.ModeFIFORelaxed || c.Hold != 1 || dev.PresentationParameters().HalfRate {
		t.Errorf("half rate dropped: presentation %+v, want FIFO_RELAXED hold 1", c)
	}
	gm.PreparingDeviceSettings.Add(halfRateTwo)
	n := len(rec.lines)
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	want := []string{"event DeviceResetting", "renderer.SetPresentation swap=2 half=true", "event DeviceReset"}
	if got := rec.lines[n:]; !reflect.DeepEqual(got, want) {
		t.Errorf("ApplyChanges asking half rate again: %v, want %v", got, want)
	}
	if c := dev.Presentation(); c.Mode != present.ModeFIFO || c.Hold != 2 || !strings.Contains(c.Reason, "half rate") {
		t.Errorf("half rate again: presentation %+v, want FIFO hold 2", c)
	}
	if want := []PresentSettings{{SwapInterval: 2}, {SwapInterval: 2, HalfRate: true}}; !reflect.DeepEqual(p.renderer.sets, want) {
		t.Errorf("SetPresentation calls %v, want %v", p.renderer.sets, want)
	}
}

// TestP8_WithoutHalfRateTwoStaysFIFORelaxed: the default mapping is
// unchanged: interval Two without HalfRate never calls SetHalfRate and
// gives FIFO_RELAXED with Hold 1 (P4), on both paths.
func TestP8_WithoutHalfRateTwoStaysFIFORelaxed(t *testing.T) {
	g, p, _ := startGame(t, func(g *Game) {
		g.GraphicsDeviceManager().PreparingDeviceSettings.Add(setInterval(present.IntervalTwo))
	})
	gm := g.GraphicsDeviceManager()
	gm.SynchronizeWithVerticalRetrace = false
	if err := gm.ApplyChanges(); err != nil { // the handler still says Two: no change
		t.Fatal(err)
	}
	gm.PreparingDeviceSettings.Clear()
	if err := gm.ApplyChanges(); err != nil { // -> Immediate
		t.Fatal(err)
	}
	gm.PreparingDeviceSettings.Add(setInterval(present.IntervalTwo))
	if err := gm.ApplyChanges(); err != nil { // -> Two again
		t.Fatal(err)
	}
	c := g.GraphicsDevice().Presentation()
	if len(p.renderer.setHalves) != 0 || c.Mode != present.ModeFIFORelaxed || c.Hold != 1 {
		t.Errorf("SetHalfRate calls %v, presentation %+v; want none, FIFO_RELAXED hold 1", p.renderer.setHalves, c)
	}
	if want := []int{0, 2}; !reflect.DeepEqual(p.renderer.setSwaps, want) {
		t.Errorf("SetSwapInterval calls %v, want %v", p.renderer.setSwaps, want)
	}
}

// TestP8_HalfRateWithIntervalOneIsHandedOverButHoldsOne: HalfRate is a
// setting like the others (ApplyChanges compares it), so it reaches the
// renderer with any interval; only interval 2 acts on it.
func TestP8_HalfRateWithIntervalOneIsHandedOverButHoldsOne(t *testing.T) {
	g, p, _ := startGame(t, nil)
	gm := g.GraphicsDeviceManager()
	gm.PreparingDeviceSettings.Add(func(info *GraphicsDeviceInformation) { info.PresentationParameters.HalfRate = true })
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	c := g.GraphicsDevice().Presentation()
	if !reflect.DeepEqual(p.renderer.setHalves, []bool{true}) || c.Mode != present.ModeFIFO || c.Hold != 1 {
		t.Errorf("SetHalfRate calls %v, presentation %+v; want [true], FIFO hold 1", p.renderer.setHalves, c)
	}
	if !strings.Contains(c.Reason, "half rate ignored") {
		t.Errorf("Reason %q must say half rate is ignored at interval 1", c.Reason)
	}
}

// TestP8_HalfRateNeedsAThirtyHzStep pins the advice in docs/presentation.md:
// at half rate each present blocks for two refreshes (modelled here by 2 x
// 1/60 s of virtual time per tick), so a 60 Hz fixed step runs two updates
// per draw and reads IsRunningSlowly after five ticks (T10), while a
// 1/30 s target runs one update per draw and never does.
func TestP8_HalfRateNeedsAThirtyHzStep(t *testing.T) {
	for _, tc := range []struct {
		target    timing.TimeSpan
		slow      bool
		perUpdate int // updates per tick in steady state
	}{
		{timing.DefaultTargetElapsedTime, true, 2},
		{333_333, false, 1},
	} {
		g, s, p := newTestGame(&recorder{}, timing.ProfileDefault)
		s.rec = nil
		p.perPoll = 2 * frame60
		p.script = [][]PlatformEvent{{focusIn}}
		g.GraphicsDeviceManager().PreparingDeviceSettings.Add(halfRateTwo)
		if err := g.SetTargetElapsedTime(tc.target); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			if err := g.RunOneFrame(); err != nil {
				t.Fatal(err)
			}
		}
		before := s.updates
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		if got := g.Scheduler().IsRunningSlowly(); got != tc.slow || s.updates-before != tc.perUpdate {
			t.Errorf("target %d: slow %v, %d updates per tick; want %v, %d", tc.target, got, s.updates-before, tc.slow, tc.perUpdate)
		}
		if c := g.GraphicsDevice().Presentation(); c.Hold != 2 {
			t.Errorf("target %d: not at half rate: %+v", tc.target, c)
		}
		_ = g.Close()
	}
}
