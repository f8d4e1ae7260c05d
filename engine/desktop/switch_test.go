package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
)

// switchGame changes the swap interval every `every` frames, alternating a
// PreparingDeviceSettings handler + ApplyChanges (the manager's path, P2)
// with a direct GraphicsDevice.Reset (the device's path, P3), and checks
// the frame after each change that the mode in use is the one ChooseMode
// picks from the surface's modes (P4, P5, P6).
type switchGame struct {
	t        *testing.T
	every    int
	switches int // done so far
	target   int // how many to do
	pending  present.PresentInterval
	want     int
	check    bool
	checkAt  uint64               // the presented-frame count after which to check
	builds   int                  // swapchain builds, read while the renderer lives
	counts   present.SwitchCounts // mode changes (in place, P11), read likewise
	validate bool                 // validation was on, read likewise
	direct   int
	handler  int
	r        *Renderer
	// mode is the mode ChooseMode picks for the interval in force, over
	// the surface's real modes; changes counts the switches that change
	// it (each rebuilds the swapchain once; the others rebuild nothing).
	mode    present.PresentMode
	changes int
}

var switchCycle = []present.PresentInterval{present.IntervalImmediate, present.IntervalOne, present.IntervalTwo}

func (s *switchGame) Initialize(g *engine.Game) error {
	g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = s.pending
	})
	s.pending = present.IntervalOne
	return nil
}

func (s *switchGame) Update(g *engine.Game, _ timing.GameTime) {
	if s.switches == s.target && !s.check {
		g.Exit()
		return
	}
	if s.check || s.r == nil || s.r.Frames()%uint64(s.every) != 0 {
		return
	}
	next := switchCycle[s.switches%len(switchCycle)]
	var err error
	if s.switches%2 == 0 {
		s.pending = next
		err = g.GraphicsDeviceManager().ApplyChanges()
		s.handler++
	} else {
		pp := g.GraphicsDevice().PresentationParameters()
		pp.PresentationInterval = next
		err = g.GraphicsDevice().Reset(pp)
		s.direct++
	}
	if err != nil {
		s.t.Errorf("switch %d to %v: %v", s.switches, next, err)
		g.Exit()
		return
	}
	s.want, _ = next.SwapInterval()
	pick, err := chooseMode(s.want, s.r.Vulkan().Status().Supported)
	if err != nil {
		s.t.Errorf("switch %d to %v: %v", s.switches, next, err)
		g.Exit()
		return
	}
	if pick.Mode != s.mode {
		s.changes++
		s.mode = pick.Mode
	}
	s.switches++
	s.check = true
	s.checkAt = s.r.Frames() + 1 // the rebuild happens before the next acquire
}

func (s *switchGame) Draw(g *engine.Game, gt timing.GameTime) {
	if err := drawScene(g, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
	first := s.r == nil
	s.r, _ = g.GraphicsDevice().Renderer().(*Renderer)
	if s.r == nil {
		return
	}
	if first {
		s.mode = s.r.Vulkan().Status().ModeInUse
	}
	s.builds, s.validate = s.r.Vulkan().Status().Rebuilds, s.r.Vulkan().Status().Validating
	s.counts = g.GraphicsDevice().PresentationCounts() // the public way (P11)
	if c := s.r.PresentationCounts(); c != s.counts {
		s.t.Errorf("GraphicsDevice.PresentationCounts %+v, the renderer's %+v", s.counts, c)
	}
	if !s.check || s.r.Frames() < s.checkAt {
		return
	}
	s.check = false
	if msg := modeMismatch(g, s.r, s.want); msg != "" {
		s.t.Errorf("switch %d: %s", s.switches, msg)
	}
}

// TestP5_ThreeHundredLiveSwitchesThroughTheEngine switches 0 -> 1 -> 2 -> 0
// ... 330 times while a game renders on lavapipe with validation on, half
// through the handler and ApplyChanges, half by resetting the device
// directly; every switch must land on ChooseMode's pick, each one that
// changes the mode rebuilds the swapchain exactly once (the others not at
// all), and validation must stay silent.
func TestP5_ThreeHundredLiveSwitchesThroughTheEngine(t *testing.T) {
	s := &switchGame{t: t, every: 2, target: 330}
	runStackGame(t, s, nil)
	checkNoMessages(t, s.r)
	if s.switches != s.target || s.handler < 165 || s.direct < 165 {
		t.Fatalf("%d switches (%d handler, %d direct), want %d", s.switches, s.handler, s.direct, s.target)
	}
	// A switch that changes the mode chooseMode picks from the surface's
	// modes rebuilds once, on top of the first build; the others rebuild
	// nothing. On lavapipe under X11 (all four modes) every switch does. On
	// Wayland ({MAILBOX, FIFO}) every interval runs MAILBOX (0 by
	// fallback, 1 and 2 as the emulated FIFO, W10), so no switch rebuilds.
	// Where the driver switches in place (P11), a change is in place
	// instead of a rebuild.
	if got := s.builds + s.counts.InPlace; got != s.changes+1 || s.counts.Changes != s.changes {
		t.Errorf("%d swapchain builds and %d in-place switches (%+v) for %d switches (%d changing the mode over %v), want %d in all",
			s.builds, s.counts.InPlace, s.counts, s.target, s.changes, s.r.Vulkan().Status().Supported, s.changes+1)
	}
	t.Logf("%+v", s.counts)
	if s.changes < s.target/2 && !window.HasFrameCallbacks() {
		t.Errorf("only %d of %d switches changed the mode: the cycle does not exercise rebuilds", s.changes, s.target)
	}
	if !s.validate {
		t.Error("validation was not on")
	}
}
