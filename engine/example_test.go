package engine_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// spinner is a complete game: it turns at one revolution per second of game
// time and quits after three updates.
type spinner struct {
	turns   float64
	updates int
}

// Update advances the game by the clock's step (T7: the first step is 0).
func (s *spinner) Update(g *engine.Game, gt timing.GameTime) {
	s.updates++
	s.turns += gt.ElapsedGameTime.Seconds()
	fmt.Printf("update %d: elapsed %v, total %v\n", s.updates, gt.ElapsedGameTime, gt.TotalGameTime)
	if g.IsKeyJustPressed(engine.KeyEscape) || s.updates == 3 {
		g.Exit() // T12: ends the loop; this tick's draw is suppressed
	}
}

// Draw would render the state; alpha interpolates between updates (T8).
func (s *spinner) Draw(g *engine.Game, gt timing.GameTime) {
	fmt.Printf("draw: %.4f turns, alpha %.1f, mode %v\n", s.turns, gt.Alpha, g.GraphicsDevice().Presentation().Mode)
}

// OnExiting is an optional hook, found by interface assertion; Run raises
// it after the loop has ended (T12).
func (s *spinner) OnExiting(*engine.Game) { fmt.Println("exiting") }

// headless is a Platform without a window (a real game uses the GLFW
// adapter in engine/desktop instead).
type headless struct{}

func (headless) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent { return dst }
func (headless) WaitEvents(time.Duration)                                     {}
func (headless) ClientSize() (int, int)                                       { return 640, 480 }
func (headless) FramebufferSize() (int, int)                                  { return 640, 480 }
func (headless) SetClientSize(int, int)                                       {}
func (headless) SetFullScreen(bool)                                           {}
func (headless) SetResizable(bool)                                            {}
func (headless) RefreshRate() int                                             { return 60 }
func (headless) Gamepad(int) (engine.GamepadState, bool)                      { return engine.GamepadState{}, false }
func (headless) Destroy()                                                     {}
func (headless) Title() string                                                { return "headless" }
func (headless) SetTitle(string)                                              {}
func (headless) CreateRenderer(cfg engine.RendererConfig) (engine.Renderer, error) {
	return &nullRenderer{set: cfg.Present, gfx: graphicstest.New()}, nil
}

// nullRenderer executes frames on the fake graphics backend and presents
// nothing; it reports the mode a FIFO-only surface would use (P4, P6, P8).
type nullRenderer struct {
	set   engine.PresentSettings
	gfx   *graphicstest.Backend
	index uint64
}

func (r *nullRenderer) Backend() graphics.Backend  { return r.gfx }
func (r *nullRenderer) BeginDraw() (bool, error)   { return true, nil }
func (r *nullRenderer) BackBufferSize() (int, int) { return 640, 480 }
func (r *nullRenderer) Resize(int, int) error      { return nil }
func (r *nullRenderer) WaitIdle() error            { return nil }
func (r *nullRenderer) Destroy()                   {}
func (r *nullRenderer) SkippedPresents() uint64    { return 0 }
func (r *nullRenderer) SetPresentation(s engine.PresentSettings) error {
	r.set = s
	return nil
}
func (r *nullRenderer) EndDraw(f *graphics.Frame, capture bool) (engine.PresentInfo, error) {
	r.index++
	return engine.PresentInfo{Index: r.index}, r.gfx.Execute(f)
}
func (r *nullRenderer) Presentation() present.Choice {
	c, _ := present.ChooseModeHold(r.set.SwapInterval, r.set.HalfRate, present.NewModeSet(present.ModeFIFO))
	return c
}

// A minimal complete game written with exported names only: the game
// implements engine.Handler (Update, Draw) plus any optional hook, and
// engine.Game runs it. The clock is virtual here (a timing.ManualClock), so
// the output is exact: the first update sees zero elapsed time (T7), draws
// follow updates (T5), and Exit from the third update skips that tick's
// draw and raises Exiting after the loop (T12).
func ExampleGame_Run() {
	clock := timing.NewManualClock(0)
	g, err := engine.NewGame(&spinner{}, headless{}, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := g.Run(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// update 1: elapsed 0s, total 0s
	// draw: 0.0000 turns, alpha 0.0, mode FIFO
	// update 2: elapsed 16.6667ms, total 0s
	// draw: 0.0167 turns, alpha 0.0, mode FIFO
	// update 3: elapsed 16.6667ms, total 16.6667ms
	// exiting
}

// Asking for swap interval Two from a PreparingDeviceSettings handler (P2):
// the handler gets a pointer to the settings as their last step, on device
// creation and on every ApplyChanges, and the device hands the swap
// interval to the renderer unchanged (P3). Interval Two is Vulkan's
// FIFO_RELAXED, late-swap tearing, not half rate (P4): for 30 updates per
// second set TargetElapsedTime instead (P7).
func ExampleGraphicsDeviceManager_preparingDeviceSettings() {
	clock := timing.NewManualClock(0)
	g, err := engine.NewGame(&spinner{}, headless{}, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	gm := g.GraphicsDeviceManager()
	gm.PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = present.IntervalTwo
	})
	// RunOneFrame creates the device; the game is inactive until focused,
	// so the tick first sleeps InactiveSleepTime (T24): alpha 0.2.
	if err := g.RunOneFrame(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("swap interval:", g.GraphicsDevice().SwapInterval())
	fmt.Println("vsync requested:", gm.SynchronizeWithVerticalRetrace)
	fmt.Println("in use:", g.GraphicsDevice().Presentation().Reason)
	_ = g.Close()
	// Output:
	// update 1: elapsed 0s, total 0s
	// draw: 0.0000 turns, alpha 0.2, mode FIFO
	// swap interval: 2
	// vsync requested: true
	// in use: swap interval 2 wants FIFO_RELAXED: not supported by the surface {FIFO}; fell back to FIFO
}

// True half rate (rule P8, a Go extension): with HalfRate beside
// IntervalTwo, the renderer takes FIFO and presents each frame twice, so
// every frame stays on screen for two refreshes (Hold 2). Without it, Two
// maps to FIFO_RELAXED, which is not half rate (P4).
func ExampleGraphicsDeviceManager_halfRate() {
	clock := timing.NewManualClock(0)
	g, err := engine.NewGame(&spinner{}, headless{}, engine.Config{Source: clock, Waiter: clock})
	if err != nil {
		fmt.Println(err)
		return
	}
	g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = present.IntervalTwo
		info.PresentationParameters.HalfRate = true
	})
	if err := g.RunOneFrame(); err != nil { // creates the device
		fmt.Println(err)
		return
	}
	p := g.GraphicsDevice().Presentation()
	fmt.Println("swap interval:", g.GraphicsDevice().SwapInterval())
	fmt.Println("mode:", p.Mode, "hold:", p.Hold)
	fmt.Println("why:", p.Reason)
	_ = g.Close()
	// Output:
	// update 1: elapsed 0s, total 0s
	// draw: 0.0000 turns, alpha 0.2, mode FIFO
	// swap interval: 2
	// mode: FIFO hold: 2
	// why: swap interval 2 with half rate wants FIFO, each frame presented twice: supported, using FIFO
}
