package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
)

// runGame is the default command, `sample [flags]`: the lit rotating cube
// in a window. Exit status: 0 done, 1 the platform or an output failed, 2
// bad flags.
func runGame(args []string, stdout, stderr io.Writer) int {
	opt, err := parseGameFlags(args)
	if errors.Is(err, errGameHelp) {
		gameUsage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v (sample -h lists the flags)\n", err)
		return 2
	}
	if err := playGame(opt, stderr); err != nil {
		fmt.Fprintln(stderr, "sample:", err)
		return 1
	}
	return 0
}

// playGame opens the window, runs the game until it quits and tears it
// down. SIGINT ends the loop like a closed window (g.RequestExit). Must be
// called from the main thread (W1).
func playGame(opt gameOptions, stderr io.Writer) error {
	ecfg, err := opt.engineConfig()
	if err != nil {
		return err
	}
	s, err := newSampleGame(opt, ecfg, stderr)
	if err != nil {
		return err
	}
	g, err := desktop.NewGame(s, desktop.Config{
		Title: "metronome sample", Width: opt.width, Height: opt.height, Resizable: true,
		Validation: opt.validation, FramesInFlight: opt.framesInFlight, Engine: ecfg,
	})
	if err != nil {
		return err
	}
	defer watchDisplay(s, g)()
	if err := s.configure(g); err != nil {
		return errors.Join(err, g.Close())
	}
	stop := exitOn(g.RequestExit, opt.duration)
	err = g.Run()
	stop()
	return errors.Join(err, s.err, s.validationErr())
}

// exitOn makes SIGINT, and the wall-time limit d when positive, call
// requestExit (the game's RequestExit: safe from any goroutine); the
// returned func undoes both.
func exitOn(requestExit func(), d time.Duration) (stop func()) {
	sig := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sig, os.Interrupt)
	go func() {
		select {
		case <-sig:
			requestExit()
		case <-done:
		}
	}()
	var timer *time.Timer
	if d > 0 {
		timer = time.AfterFunc(d, requestExit)
	}
	return func() {
		signal.Stop(sig)
		close(done)
		if timer != nil {
			timer.Stop()
		}
	}
}

// sampleGame is the sample's engine.Handler. Its fields are touched only
// on the loop's thread.
type sampleGame struct {
	opt      gameOptions
	source   timing.Source // the engine's clock (a *timing.FixedDt with -fixed-dt)
	waiter   timing.Waiter // how the engine waits; L blocks through it
	interval int           // the swap interval the PreparingDeviceSettings handler asks for
	halfRate bool          // and whether it asks for true half rate (P8)
	hz       float64       // the target update rate
	prevKeys engine.KeyboardState
	inj      injector // -input's presses
	draws    int
	status   gameStatus
	stderr   io.Writer
	vk       *vulkan.Renderer // kept for its validation messages after teardown
	win      *window.Window
	err      error // a failure at exit (screenshot)

	// clock is the cube's animation clock (T18, T19): P saves and locks
	// it, the second P unlocks and restores it.
	clock *timing.GameClock
	scene time.Duration // the cube's scene time at the last draw (clock.Game())
	// balls are the two balls: ballInterpolated is drawn at the Draw's
	// alpha (T8), ballLatest at its latest state.
	balls  [2]ball
	drawnY [2]float64 // the heights the last draw showed them at
	paused bool       // P: the balls stop stepping, the cube's clock is locked
	loads  int        // L presses served
	// objs is the renderer's copy of the balls, reused every frame.
	objs       [2]vulkan.Object
	objsFailed bool // the renderer refused them once (reported)
}

// The two balls' indexes in sampleGame.balls.
const (
	ballInterpolated = 0
	ballLatest       = 1
)

// newSampleGame returns the handler for opt on the engine's clock of cfg
// (Source and Waiter both set, as engineConfig returns them).
func newSampleGame(opt gameOptions, cfg engine.Config, stderr io.Writer) (*sampleGame, error) {
	if cfg.Waiter == nil {
		return nil, errors.New("sample: the engine config has no Waiter")
	}
	clock, err := timing.NewGameClock(cfg.Source)
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	return &sampleGame{opt: opt, source: cfg.Source, waiter: cfg.Waiter, interval: opt.interval,
		halfRate: opt.halfRate, hz: opt.hz, inj: injector{script: opt.input}, stderr: stderr, clock: clock,
		balls:  [2]ball{newBall(ballStartY), newBall(ballStartY)},
		drawnY: [2]float64{ballStartY, ballStartY}}, nil
}

var (
	_ engine.Initializer = (*sampleGame)(nil)
	_ engine.EndRunner   = (*sampleGame)(nil)
)

// configure applies the flags' settings before Run: they take effect at
// device creation (P1, P2).
func (s *sampleGame) configure(g *engine.Game) error {
	g.Graphics().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = presentInterval(s.interval)
		info.PresentationParameters.HalfRate = s.halfRate
	})
	g.SetFixedTimeStep(!s.opt.variable)
	if err := g.SetTargetElapsedTime(s.opt.target); err != nil {
		return fmt.Errorf("-hz %v: %w", s.opt.hz, err)
	}
	if p, ok := g.Platform().(interface{ Window() *window.Window }); ok {
		s.win = p.Window()
	}
	return nil
}

// Initialize keeps the Vulkan renderer for the read-back and its messages.
func (s *sampleGame) Initialize(g *engine.Game) error {
	if r := desktopRendererOf(g); r != nil {
		s.vk = r.Vulkan()
	}
	s.status.start(g, time.Now())
	return nil
}

// Update handles the keys and the frame limit, steps the balls unless
// paused, and refreshes the title about twice a second.
func (s *sampleGame) Update(g *engine.Game, gt timing.GameTime) {
	if s.opt.frames > 0 && s.draws >= s.opt.frames {
		g.Exit()
		return
	}
	keys := g.Keyboard()
	s.inj.advance(s.draws)
	s.handleKeys(g, keys)
	s.prevKeys = keys
	s.stepBalls(gt)
	if title, ok := s.status.update(g, time.Now(), s.hz, s.paused); ok && s.win != nil {
		s.win.SetTitle(title)
	}
}

// Draw shows the cube at its GameClock's game time and the balls: one
// interpolated with the Draw's alpha (T8), one at its latest state.
func (s *sampleGame) Draw(g *engine.Game, gt timing.GameTime) {
	s.clock.Update()
	s.scene = s.clock.Game()
	s.placeBalls(drawAlpha(gt, g.IsFixedTimeStep()))
	if r := desktopRendererOf(g); r != nil {
		r.SetSceneTime(s.scene)
		s.showBalls(r)
	}
	s.draws++
}

// desktopRendererOf returns the desktop Renderer g draws with, also through
// a wrapper that offers it (the pacing run's timed renderer); nil when g
// has no device yet or draws with another renderer.
func desktopRendererOf(g *engine.Game) *desktop.Renderer {
	dev := g.GraphicsDevice()
	if dev == nil {
		return nil
	}
	switch r := dev.Renderer().(type) {
	case *desktop.Renderer:
		return r
	case interface{ Desktop() *desktop.Renderer }:
		return r.Desktop()
	}
	return nil
}

// EndRun writes the state dump (T21) and the screenshot of the last frame
// (W5) while the device still exists.
func (s *sampleGame) EndRun(g *engine.Game) {
	if s.opt.dumpState != "" {
		if err := s.writeDump(g, s.opt.dumpState); err != nil {
			s.err = fmt.Errorf("dump state: %w", err)
		}
	}
	if s.opt.screenshot != "" {
		s.screenshot()
	}
}

// screenshot reads the last frame back and writes it to -screenshot's path.
func (s *sampleGame) screenshot() {
	if s.vk == nil {
		s.err = errors.Join(s.err, errors.New("screenshot: the game has no Vulkan renderer"))
		return
	}
	img, err := s.vk.ReadBack()
	if err == nil {
		err = vulkan.WritePNG(s.opt.screenshot, img)
	}
	if err != nil {
		s.err = errors.Join(s.err, fmt.Errorf("screenshot: %w", err))
	}
}

// validationErr reports the validation layer's messages (W3), read after
// teardown so that leaks are included.
func (s *sampleGame) validationErr() error {
	if s.vk == nil {
		return nil
	}
	msgs := s.vk.Messages()
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("%d validation message(s):\n%s", len(msgs), strings.Join(msgs, "\n"))
}
