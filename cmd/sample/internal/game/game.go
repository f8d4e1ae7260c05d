// Package game is the sample game, the default program of cmd/sample: a lit
// cube turning on its game clock and two balls bouncing on the fixed step
// (one drawn at the interpolation alpha), its keys, the HUD, state dumps
// and screenshots. Run is `sample [flags]`; RunMeasured runs the game for a
// measuring program (sample pacing) with its hooks.
package game

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/timing"
)

// Run is the default command, `sample [flags]`: the lit rotating cube
// in a window. Exit status: 0 done, 1 the platform or an output failed, 2
// bad flags.
func Run(args []string, stdout, stderr io.Writer) int {
	opt, err := parseGameFlags(args)
	if errors.Is(err, errGameHelp) {
		Usage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v (sample -h lists the flags)\n", err)
		return 2
	}
	if opt.audio.play != "" {
		return runPlay(opt.audio, stderr)
	}
	if err := playGame(opt, stderr); err != nil {
		fmt.Fprintln(stderr, "sample:", err)
		return 1
	}
	return 0
}

// playGame opens the window, runs the game until it quits and tears it
// down. SIGINT, SIGTERM and SIGHUP end the loop like a closed window (the
// desktop platform catches them from before the window opens), so every
// one of them gives the same orderly teardown and outputs (-dump-state,
// -screenshot). Must be called from the main thread (W1).
func playGame(opt gameOptions, stderr io.Writer) error {
	ecfg, err := opt.engineConfig()
	if err != nil {
		return err
	}
	s, err := newSampleGame(opt, ecfg, stderr)
	if err != nil {
		return err
	}
	s.readyPath = os.Getenv(readyEnv)
	ex := watchExit()
	defer ex.stop()
	dcfg := desktop.Config{
		Title: "metronome sample", Width: opt.width, Height: opt.height, Resizable: true,
		Validation: opt.validation, FramesInFlight: opt.framesInFlight, Engine: ecfg,
	}
	if opt.watch && opt.model != "" {
		dcfg.ContentDir = filepath.Dir(opt.model) // -watch loads -model through Game.Content (game_model.go)
	}
	if err := opt.audio.desktopAudio(&dcfg, opt.fixedDt > 0); err != nil {
		return err
	}
	g, err := desktop.NewGame(s, dcfg)
	if err != nil {
		return err
	}
	defer watchDisplay(s, g)()
	if err := s.configure(g); err != nil {
		return errors.Join(err, g.Close())
	}
	if s.snd, err = newSampleAudio(g, opt.audio); err != nil {
		return errors.Join(err, g.Close())
	}
	ex.attach(g.RequestExit, opt.duration)
	err = g.Run()
	ex.stop()
	return errors.Join(err, s.err) // Run reports validation messages (W3)
}

// exitWatch turns a wall-time limit into a call of the game's RequestExit.
// The exit signals (SIGINT, SIGTERM, SIGHUP) are the desktop platform's:
// it catches them from before the window opens and ends the game in order.
type exitWatch struct {
	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
}

// watchExit returns a watch with no limit yet.
func watchExit() *exitWatch { return &exitWatch{} }

// attach starts the wall-time limit d, when positive, which then calls
// requestExit (safe from any goroutine).
func (w *exitWatch) attach(requestExit func(), d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if d > 0 && !w.stopped {
		w.timer = time.AfterFunc(d, requestExit)
	}
}

// stop cancels the limit; a second call does nothing.
func (w *exitWatch) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped {
		return
	}
	w.stopped = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

// exitOn makes the wall-time limit d, when positive, call requestExit (the
// game's RequestExit: safe from any goroutine); the returned func cancels
// it.
func exitOn(requestExit func(), d time.Duration) (stop func()) {
	w := watchExit()
	w.attach(requestExit, d)
	return w.stop
}

// sampleGame is the sample's engine.Handler. Its fields are touched only
// on the loop's thread.
type sampleGame struct {
	opt       gameOptions
	source    timing.Source // the engine's clock (a *timing.FixedDt with -fixed-dt)
	waiter    timing.Waiter // how the engine waits; L blocks through it
	interval  int           // the swap interval the PreparingDeviceSettings handler asks for
	halfRate  bool          // and whether it asks for true half rate (P8)
	hz        float64       // the target update rate
	inj       injector      // -input's presses
	nextClips int           // presses of N since the last update (game_keys.go, game_model.go)
	draws     int
	status    gameStatus
	// line is the status's last refresh, which the HUD shows, title the
	// last title built from it, and hudText the HUD's text, rebuilt in
	// place each Draw.
	line    statusLine
	title   string
	hudText []byte
	stderr  io.Writer
	err     error // a failure at exit (screenshot)
	// readyPath is the file created once the first frame was drawn
	// (readyEnv); "" once created or when not asked for.
	readyPath string

	// clock is the cube's animation clock (T18, T19): P saves and locks
	// it, the second P unlocks and restores it.
	clock *timing.GameClock
	scene time.Duration // the cube's scene time at the last draw (clock.Game())
	// balls are the two balls: ballInterpolated is drawn at the Draw's
	// alpha (T8), ballLatest at its latest state.
	balls      [2]ball
	drawnY     [2]float64   // the heights the last draw showed them at
	paused     bool         // P: the balls stop stepping, the cube's clock is locked
	post       bool         // G: the frame goes through the post-process (game_post.go)
	loads      int          // L presses served
	sc         *scene       // the cube's and balls' meshes (game_draw.go)
	look       freeLook     // the free-look camera (game_look.go)
	game       *engine.Game // set by configure: its validation messages are read after Run
	drawFailed bool         // drawing failed once (reported)
	snd        *sampleAudio // the click, bounces and music (game_audio.go); nil in RunMeasured
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
		halfRate: opt.halfRate, hz: opt.hz, post: opt.post, inj: injector{script: opt.input}, stderr: stderr, clock: clock,
		hudText: make([]byte, 0, 256),
		balls:   [2]ball{newBall(ballStartY), newBall(ballStartY)},
		drawnY:  [2]float64{ballStartY, ballStartY}}, nil
}

var (
	_ engine.Initializer = (*sampleGame)(nil)
	_ engine.EndRunner   = (*sampleGame)(nil)
)

// configure applies the flags' settings before Run: they take effect at
// device creation (P1, P2).
func (s *sampleGame) configure(g *engine.Game) error {
	g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = presentInterval(s.interval)
		info.PresentationParameters.HalfRate = s.halfRate
	})
	s.game = g
	g.ClientSizeChanged.Add(keepClientSize)
	g.SetFixedTimeStep(!s.opt.variable)
	if s.opt.freeDraw {
		if err := g.SetDrawMode(timing.DrawFreeRunning); err != nil {
			return fmt.Errorf("-free-draw: %w", err)
		}
	}
	if err := g.SetTargetElapsedTime(s.opt.target); err != nil {
		return fmt.Errorf("-hz %v: %w", s.opt.hz, err)
	}
	if s.opt.fixedDt > 0 {
		// A replay does not depend on focus: unfocused, the engine's
		// inactive sleep would pump the virtual clock and change the run.
		if err := g.SetInactiveSleepTime(0); err != nil {
			return fmt.Errorf("-fixed-dt: %w", err)
		}
	}
	return nil
}

// keepClientSize is the sample's ClientSizeChanged handler (the XNA
// idiom): it copies the client size the user gave the window into the
// preferred back-buffer sizes, so a later ApplyChanges (keys 0/1/2, H)
// keeps that size instead of snapping the window back to the size asked
// for at start. A minimized window's empty size is not copied.
func keepClientSize(g *engine.Game) {
	w, h := g.ClientSize()
	if w < 1 || h < 1 {
		return
	}
	m := g.GraphicsDeviceManager()
	m.PreferredBackBufferWidth, m.PreferredBackBufferHeight = w, h
}

// Initialize turns capture-at-exit on for -screenshot (G11: every frame is
// copied before its present, so the last presented one is at hand) and
// starts the status, whose first line (no rates yet) the HUD shows until
// the first refresh.
func (s *sampleGame) Initialize(g *engine.Game) error {
	if s.opt.screenshot != "" && g.GraphicsDevice() != nil {
		g.GraphicsDevice().SetCaptureAtExit(true)
	}
	in := gameStatusInput(g, s.draws, s.hz, s.paused)
	s.status.start(s.source.Now(), in)
	line := statusLine{fixed: in.fixed, hz: in.hz, inactive: in.inactive, paused: in.paused}
	if dev := g.GraphicsDevice(); dev != nil {
		line.choice = dev.Presentation()
	}
	s.setHUDLine(line)
	return nil
}

// Update handles the keys and the frame limit, steps the balls unless
// paused, and refreshes the status (title and HUD) about twice a second of
// the engine's clock.
func (s *sampleGame) Update(g *engine.Game, gt timing.GameTime) {
	if s.opt.frames > 0 && s.draws >= s.opt.frames {
		g.Exit()
		return
	}
	s.inj.advance(s.draws)
	s.handleKeys(g)
	s.updateModel(gt) // the -model's animation: game_model.go
	s.look.update(g)  // game_look.go
	s.stepBalls(gt)
	if s.snd != nil {
		s.snd.update(g, &s.balls)
	}
	if s.readyPath != "" && s.draws > 0 {
		s.signalReady()
	}
	if line, ok := s.status.update(g, s.source.Now(), s.draws, s.hz, s.paused); ok {
		s.title = line.String()
		g.Window().SetTitle(s.title)
		s.setHUDLine(line)
	}
}

// Draw shows the cube at its GameClock's game time and the balls: one
// interpolated with the Draw's alpha (T8), one at its latest state.
func (s *sampleGame) Draw(g *engine.Game, gt timing.GameTime) {
	s.clock.Update()
	s.scene = s.clock.Game()
	s.placeBalls(drawAlpha(gt, g.IsFixedTimeStep()))
	if err := s.drawScene(g); err != nil && !s.drawFailed {
		s.drawFailed = true
		fmt.Fprintf(s.stderr, "sample: draw: %v\n", err)
	}
	s.draws++
}

// setHUDLine makes l the line the HUD shows. Under -fixed-dt it leaves out
// "inactive": focus comes from the display, not from the run, and a
// replay's frames must not depend on it (rule G12); the title keeps it.
func (s *sampleGame) setHUDLine(l statusLine) {
	if s.opt.fixedDt > 0 {
		l.inactive = false
	}
	s.line = l
}

// readyEnv names the environment variable that asks the game to create
// a file once its first frame was drawn: from then on the exit signals
// are caught and the outputs have a frame to show, so a script (or a test)
// that signals the game waits for that file.
const readyEnv = "METRONOME_SAMPLE_READY"

// signalReady creates the readyEnv file; a failure is reported once.
func (s *sampleGame) signalReady() {
	path := s.readyPath
	s.readyPath = ""
	if err := os.WriteFile(path, []byte("ready\n"), 0o644); err != nil {
		fmt.Fprintf(s.stderr, "sample: %s: %v\n", readyEnv, err)
	}
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
		s.screenshot(g)
	}
}

// screenshot writes the last presented frame (captured at exit, G11) to
// -screenshot's path.
func (s *sampleGame) screenshot(g *engine.Game) {
	var img *image.RGBA
	if dev := g.GraphicsDevice(); dev != nil {
		img = dev.LastCapture()
	}
	if img == nil {
		s.err = errors.Join(s.err, errors.New("screenshot: no frame was presented"))
		return
	}
	if err := engine.WritePNG(s.opt.screenshot, img); err != nil {
		s.err = errors.Join(s.err, fmt.Errorf("screenshot: %w", err))
	}
}

// validationErr reports the validation layer's messages (W3), read after
// teardown so that leaks are included.
func (s *sampleGame) validationErr() error {
	if s.game == nil {
		return nil
	}
	msgs := desktop.ValidationMessages(s.game)
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("%d validation message(s):\n%s", len(msgs), strings.Join(msgs, "\n"))
}
