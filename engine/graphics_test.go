package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// startGame makes a game, lets setup change it before the device exists,
// and runs the first frame (device creation included).
func startGame(t *testing.T, setup func(g *Game)) (*Game, *fakePlatform, *recorder) {
	t.Helper()
	rec := &recorder{}
	g, s, p := newTestGame(rec, timing.ProfileDefault)
	s.rec = nil
	if setup != nil {
		setup(g)
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatalf("first frame: %v", err)
	}
	t.Cleanup(func() { _ = g.Close() })
	return g, p, rec
}

func setInterval(pi present.PresentInterval) func(*GraphicsDeviceInformation) {
	return func(info *GraphicsDeviceInformation) { info.PresentationParameters.PresentationInterval = pi }
}

// TestP2_HandlerSetsTwoRendererReceives2: a PreparingDeviceSettings handler
// that sets IntervalTwo makes the renderer receive swap interval 2, on the
// create path (CreateRenderer) and on the ApplyChanges path (SetSwapInterval).
func TestP2_HandlerSetsTwoRendererReceives2(t *testing.T) {
	g, p, _ := startGame(t, func(g *Game) {
		g.GraphicsDeviceManager().PreparingDeviceSettings.Add(setInterval(present.IntervalTwo))
	})
	if got := p.rendCfg[0].Present.SwapInterval; got != 2 {
		t.Errorf("create: renderer got swap interval %d, want 2", got)
	}
	gm := g.GraphicsDeviceManager()
	gm.PreparingDeviceSettings.Clear()
	if err := gm.ApplyChanges(); err != nil { // back to vsync One -> 1
		t.Fatal(err)
	}
	gm.PreparingDeviceSettings.Add(setInterval(present.IntervalTwo))
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2}; !reflect.DeepEqual(p.renderer.setSwaps, want) {
		t.Errorf("SetSwapInterval calls %v, want %v", p.renderer.setSwaps, want)
	}
	if g.GraphicsDevice().SwapInterval() != 2 || g.GraphicsDevice().Presentation().Mode != present.ModeFIFORelaxed {
		t.Errorf("device swap %d, mode %v; want 2, FIFO_RELAXED", g.GraphicsDevice().SwapInterval(), g.GraphicsDevice().Presentation().Mode)
	}
}

// TestP1_VSyncFalseGives0: SynchronizeWithVerticalRetrace false set before
// the game starts becomes Immediate, swap interval 0, at creation.
func TestP1_VSyncFalseGives0(t *testing.T) {
	_, p, _ := startGame(t, func(g *Game) { g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false })
	if got := p.rendCfg[0].Present.SwapInterval; got != 0 {
		t.Errorf("renderer got swap interval %d, want 0", got)
	}
}

// TestP3_ResetHandsSwapIntervalUnchanged: every interval maps to its swap
// interval (Default and One 1, Two 2, Immediate 0) and reaches the renderer
// as is; an unknown interval is an error and changes nothing.
func TestP3_ResetHandsSwapIntervalUnchanged(t *testing.T) {
	g, p, _ := startGame(t, nil)
	dev := g.GraphicsDevice()
	base := dev.PresentationParameters()
	for _, c := range []struct {
		pi   present.PresentInterval
		want int
	}{{present.IntervalImmediate, 0}, {present.IntervalTwo, 2}, {present.IntervalDefault, 1}, {present.IntervalOne, 1}} {
		pp := base
		pp.PresentationInterval = c.pi
		if err := dev.Reset(pp); err != nil {
			t.Fatalf("Reset %v: %v", c.pi, err)
		}
		if got := p.renderer.setSwaps[len(p.renderer.setSwaps)-1]; got != c.want || dev.SwapInterval() != c.want {
			t.Errorf("%v: renderer got %d, device reports %d, want %d", c.pi, got, dev.SwapInterval(), c.want)
		}
	}
	pp := base
	pp.PresentationInterval = present.PresentInterval(9)
	n := len(p.renderer.setSwaps)
	if err := dev.Reset(pp); err == nil || len(p.renderer.setSwaps) != n {
		t.Errorf("bad interval: err %v, renderer calls %d -> %d", err, n, len(p.renderer.setSwaps))
	}
}

// TestP2_HandlerRunsOnBothPaths: the handler runs once at creation and once
// per ApplyChanges, as the last step: it sees the settings already built
// from the manager's fields.
func TestP2_HandlerRunsOnBothPaths(t *testing.T) {
	var seen []PresentationParameters
	g, _, _ := startGame(t, func(g *Game) {
		gm := g.GraphicsDeviceManager()
		gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 320, 200
		gm.PreparingDeviceSettings.Add(func(info *GraphicsDeviceInformation) {
			seen = append(seen, info.PresentationParameters)
		})
	})
	gm := g.GraphicsDeviceManager()
	gm.SynchronizeWithVerticalRetrace = false
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	want := []PresentationParameters{
		{BackBufferWidth: 320, BackBufferHeight: 200, PresentationInterval: present.IntervalOne},
		{BackBufferWidth: 320, BackBufferHeight: 200, PresentationInterval: present.IntervalImmediate},
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("handler saw %+v, want %+v", seen, want)
	}
}

// TestP2_ApplyChangesWithoutChangeDoesNotReset: equal settings after the
// handler reset nothing: no DeviceResetting, no SetSwapInterval.
func TestP2_ApplyChangesWithoutChangeDoesNotReset(t *testing.T) {
	g, p, rec := startGame(t, nil)
	for range 3 {
		if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.renderer.setSwaps) != 0 || strings.Contains(rec.String(), "DeviceResetting") {
		t.Errorf("reset without a change: swaps %v\n%s", p.renderer.setSwaps, rec)
	}
	// A handler that undoes a field change also leaves nothing to reset.
	gm := g.GraphicsDeviceManager()
	gm.SynchronizeWithVerticalRetrace = false
	gm.PreparingDeviceSettings.Add(setInterval(present.IntervalOne))
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if len(p.renderer.setSwaps) != 0 {
		t.Errorf("handler restored the settings, yet the device was reset: %v", p.renderer.setSwaps)
	}
}

// TestP2_ResetRaisesEventsInOrder: a changing ApplyChanges raises
// DeviceResetting, hands the interval over, then DeviceReset.
func TestP2_ResetRaisesEventsInOrder(t *testing.T) {
	g, _, rec := startGame(t, nil)
	g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false
	n := len(rec.lines)
	if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	want := []string{"event DeviceResetting", "renderer.SetPresentation swap=0 half=false", "event DeviceReset"}
	if got := rec.lines[n:]; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestP1_VSyncChangeAppliesAtApplyChangesOnly is XNA's observed timing: vsync
// set before the game starts applies at creation; set later, it changes
// nothing until ApplyChanges; the manager keeps reporting the request and
// the renderer the mode in use (P6).
func TestP1_VSyncChangeAppliesAtApplyChangesOnly(t *testing.T) {
	g, p, _ := startGame(t, nil)
	gm := g.GraphicsDeviceManager()
	gm.SynchronizeWithVerticalRetrace = false
	for range 3 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.renderer.setSwaps) != 0 || g.GraphicsDevice().Presentation().Mode != present.ModeFIFO {
		t.Fatalf("vsync change applied before ApplyChanges: swaps %v, mode %v", p.renderer.setSwaps, g.GraphicsDevice().Presentation().Mode)
	}
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.renderer.setSwaps, []int{0}) || g.GraphicsDevice().Presentation().Mode != present.ModeImmediate {
		t.Errorf("after ApplyChanges: swaps %v, mode %v; want [0], IMMEDIATE", p.renderer.setSwaps, g.GraphicsDevice().Presentation().Mode)
	}
	if gm.SynchronizeWithVerticalRetrace {
		t.Error("the manager stopped reporting the request")
	}
}

// TestP6_RequestAndObservationDiffer: on a surface without IMMEDIATE or
// MAILBOX, vsync off still reads false on the manager while the renderer
// reports FIFO and a fallback.
func TestP6_RequestAndObservationDiffer(t *testing.T) {
	g, _, _ := startGame(t, func(g *Game) {
		fp := g.Platform().(*fakePlatform)
		fp.renderer.modes = present.NewModeSet(present.ModeFIFO)
		g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false
	})
	c := g.GraphicsDevice().Presentation()
	if g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace || c.Requested != 0 || c.Mode != present.ModeFIFO || !c.FellBack {
		t.Errorf("manager vsync %v, presentation %+v", g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace, c)
	}
}

// TestP7_VSyncAndFixedStepAreIndependent: switching either leaves the other.
func TestP7_VSyncAndFixedStepAreIndependent(t *testing.T) {
	g, _, _ := startGame(t, nil)
	g.SetFixedTimeStep(false)
	if !g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace || g.GraphicsDevice().SwapInterval() != 1 {
		t.Error("variable step changed vsync")
	}
	g.GraphicsDeviceManager().SynchronizeWithVerticalRetrace = false
	if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if g.IsFixedTimeStep() {
		t.Error("vsync off changed the step mode")
	}
}

// TestP2_InvalidSettingsAreErrors: a handler that sets an unknown interval
// or a zero size makes ApplyChanges fail and leaves the device as it was.
func TestP2_InvalidSettingsAreErrors(t *testing.T) {
	g, p, _ := startGame(t, nil)
	gm := g.GraphicsDeviceManager()
	gm.PreparingDeviceSettings.Add(setInterval(present.PresentInterval(7)))
	if err := gm.ApplyChanges(); err == nil || !strings.Contains(err.Error(), "apply changes") {
		t.Errorf("unknown interval: %v", err)
	}
	gm.PreparingDeviceSettings.Clear()
	gm.PreferredBackBufferWidth = 0
	if err := gm.ApplyChanges(); err == nil {
		t.Error("zero width: no error")
	}
	if len(p.renderer.setSwaps) != 0 || g.GraphicsDevice().SwapInterval() != 1 {
		t.Errorf("device changed: %v", p.renderer.setSwaps)
	}
}

// TestP2_FullScreenAndSizeGoThroughApplyChanges: ToggleFullScreen and a new
// preferred size reach the platform through the same path.
func TestP2_FullScreenAndSizeGoThroughApplyChanges(t *testing.T) {
	g, p, rec := startGame(t, nil)
	gm := g.GraphicsDeviceManager()
	if err := gm.ToggleFullScreen(); err != nil {
		t.Fatal(err)
	}
	if !p.full || !g.GraphicsDevice().PresentationParameters().IsFullScreen {
		t.Error("full screen not applied")
	}
	if err := gm.ToggleFullScreen(); err != nil {
		t.Fatal(err)
	}
	gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 1024, 768
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if p.full || p.clientW != 1024 || p.clientH != 768 {
		t.Errorf("platform full=%v size %dx%d\n%s", p.full, p.clientW, p.clientH, rec)
	}
}
