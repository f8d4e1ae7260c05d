package engine

import (
	"errors"
	"fmt"

	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/timing"
)

// loop is a Game seen as the scheduler's timing.Handler: a separate type so
// that Poll, Update and Draw are not part of Game's API.
type loop Game

// Poll processes the platform's event batch.
func (l *loop) Poll() { (*Game)(l).poll() }

// Update runs the game's Update, then the components' (XNA's Game.Update order).
func (l *loop) Update(gt timing.GameTime) {
	g := (*Game)(l)
	g.takeUpdate()
	if g.content != nil {
		g.content.Update() // hot reload (C3): changed assets before the game's Update
	}
	g.audio.BeginUpdate(gt)
	g.handler.Update(g, gt)
	g.comps.update(g, gt)
	if err := g.audio.EndUpdate(gt); err != nil {
		g.fail(err)
	}
	if !g.updatedOnce {
		g.updatedOnce = true
		launchtrace.Mark("game: first Update returned")
	}
}

// PollExit looks for a window close or RequestExit between the Updates of
// a catch-up burst and calls Exit for it (timing.ExitPoller, T12).
func (l *loop) PollExit() { (*Game)(l).pollExit() }

// Draw runs BeginDraw, the game's and the components' Draw, and EndDraw.
func (l *loop) Draw(gt timing.GameTime) { (*Game)(l).draw(gt) }

// TryDraw is Draw reporting whether a frame was drawn, so the scheduler's
// Stats count only real draws (timing.DrawReporter).
func (l *loop) TryDraw(gt timing.GameTime) bool { return (*Game)(l).draw(gt) }

// ErrClosed is returned by Run, Tick and RunOneFrame after Close (or after
// Run has ended): a Game runs once.
var ErrClosed = errors.New("engine: the game has ended (a Game runs once: make a new one to run again)")

// errNotInitialized is returned by Tick before Run or RunOneFrame.
var errNotInitialized = errors.New("engine: Tick before the game was initialized: call Run or RunOneFrame first")

// Run runs the game until Exit or a closed window: Configure, device
// creation, Initialize, LoadContent, BeginRun, Activated, the ticks, then Exiting
// (raised by the loop after it ends, T12), EndRun, UnloadContent, and the
// teardown (device idle, destroyed, then the audio, then the platform: W4). A renderer
// error ends the loop and Run returns it after the same teardown (without
// Exiting and EndRun). A panic in the game's code tears the device and the
// platform down in order and then propagates (W6).
func (g *Game) Run() error {
	if g.running {
		return errors.New("engine: Run called while the game is running")
	}
	if g.tornDown {
		return ErrClosed
	}
	g.running = true
	defer g.teardownOnPanic()
	defer func() { g.running = false }()
	if err := g.initialize(); err != nil {
		return g.finish(err)
	}
	if h, ok := g.handler.(BeginRunner); ok {
		h.BeginRun(g)
	}
	g.setActive(true)
	g.sched.Start()
	for g.sched.Running() {
		if err := g.Tick(); err != nil {
			return g.finish(err)
		}
	}
	g.raiseExiting()
	if h, ok := g.handler.(EndRunner); ok {
		h.EndRun(g)
	}
	return g.finish(nil)
}

// finish closes the game after Run's loop and joins err with the teardown's.
func (g *Game) finish(err error) error {
	g.running = false
	return errors.Join(err, g.Close())
}

// teardownOnPanic releases the device and the platform in order when the
// game panics, then re-panics with the same value. User hooks are not
// called on this path.
func (g *Game) teardownOnPanic() {
	p := recover()
	if p == nil {
		return
	}
	g.running = false
	if !g.tornDown {
		g.tornDown = true
		g.contentUp = false
		_ = g.release()
	}
	panic(p)
}

// RunOneFrame initializes the game on its first call (Configure, device,
// Initialize, LoadContent; the counter is seeded then) and runs one tick, without
// BeginRun, Activated, EndRun or Exiting (T12). IsActive stays false until a
// focus event says otherwise. Hosts that drive frames this way end with
// Close. A panic in the game's code tears the device and the platform down
// in order and then propagates, as in Run (W6).
func (g *Game) RunOneFrame() error {
	defer g.teardownOnPanic()
	if g.tornDown {
		return ErrClosed
	}
	if !g.initialized {
		if err := g.initialize(); err != nil {
			return err
		}
		g.sched.Start()
	}
	return g.Tick()
}

// Tick runs one frame: with a timing.FixedDt source, AdvanceTick first
// (T21); then the scheduler's tick (T5, or T22 under ProfileXNA),
// whose callbacks poll the platform, update and draw; then, while
// minimized, a wait on the platform so the loop does not spin (W2). It
// returns the scheduler's error (a stalled clock, T14) or a renderer error;
// after a renderer error the game is exiting.
func (g *Game) Tick() error {
	if g.tornDown {
		return ErrClosed
	}
	if !g.initialized {
		return errNotInitialized
	}
	if g.fixedDt != nil {
		g.fixedDt.AdvanceTick()
	}
	if err := g.sched.Tick(); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if g.err != nil {
		return g.err
	}
	// The scheduler says how long to idle so the loop does not spin:
	// after an XNA-profile tick that ran no step (T22), or while minimized
	// when nothing in the tick waited (W2).
	if d := g.sched.IdleWait(g.IsMinimized()); d > 0 {
		if g.IsMinimized() {
			g.platform.WaitEvents(d)
		} else {
			g.waiter.Sleep(d)
		}
	}
	return nil
}

// initialize runs Configure, creates the device and runs Initialize, the
// components' Initialize and LoadContent, once.
func (g *Game) initialize() error {
	if g.initialized {
		return nil
	}
	if h, ok := g.handler.(Configurer); ok && !g.configured {
		g.configured = true
		g.configuring = &GraphicsDevice{manager: g.graphics}
		err := h.Configure(g)
		early := g.configuring.earlyEvents()
		g.configuring = nil
		if err != nil {
			return fmt.Errorf("engine: Configure: %w", err)
		}
		if early != "" {
			return fmt.Errorf("engine: Configure subscribed to GraphicsDevice().%s, but the device is created after Configure: subscribe to device events in Initialize (or in the manager's DeviceCreated)", early)
		}
	}
	if err := g.graphics.createDevice(); err != nil {
		return fmt.Errorf("engine: create graphics device: %w", err)
	}
	launchtrace.Mark("game: graphics device created")
	if h, ok := g.handler.(Initializer); ok {
		if err := h.Initialize(g); err != nil {
			return fmt.Errorf("engine: Initialize: %w", err)
		}
		launchtrace.Mark("game: Initialize returned")
	}
	g.initialized = true
	for _, c := range append([]any(nil), g.comps.items...) {
		if err := g.comps.initComponent(c); err != nil {
			return fmt.Errorf("engine: %w", err)
		}
	}
	if h, ok := g.handler.(ContentLoader); ok {
		if err := h.LoadContent(g); err != nil {
			return fmt.Errorf("engine: LoadContent: %w", err)
		}
		launchtrace.Mark("game: LoadContent returned")
	}
	g.contentUp = true
	return nil
}

// raiseExiting runs the OnExiting hook, then the Exiting handlers.
func (g *Game) raiseExiting() {
	if h, ok := g.handler.(ExitingHandler); ok {
		h.OnExiting(g)
	}
	g.Exiting.raise(g)
}

// Close ends a game: UnloadContent (if content was loaded), then the
// device waits idle and is destroyed, then the platform (W4). Run calls it;
// hosts that use RunOneFrame call it themselves. A second call does
// nothing. It must not be called from inside Run (call Exit).
func (g *Game) Close() error {
	if g.running {
		return errors.New("engine: Close called inside Run; call Exit to end the loop")
	}
	if g.tornDown {
		return nil
	}
	g.tornDown = true
	if g.contentUp {
		g.contentUp = false
		g.comps.unloadContent()
		if h, ok := g.handler.(ContentUnloader); ok {
			h.UnloadContent(g)
		}
	}
	return g.release()
}

// release destroys the device (after it went idle) and then the platform,
// and collects the platform's report (PlatformReporter).
func (g *Game) release() error {
	g.releaseCursor() // exit always gives the cursor back (I4)
	err := g.closeContent()
	err = errors.Join(err, g.graphics.destroyDevice())
	err = errors.Join(err, g.audio.Close())
	g.platform.Destroy()
	if r, ok := g.platform.(PlatformReporter); ok {
		err = errors.Join(err, r.Report())
	}
	return err
}

// fail records the first renderer error and ends the loop.
func (g *Game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
	g.sched.Exit()
}

// draw is the draw path: skipped without a device or while minimized;
// otherwise BeginDraw, the game's Draw, the components' Draw, Present. It
// reports whether the game drew a frame.
func (g *Game) draw(gt timing.GameTime) bool {
	dev := g.graphics.device
	if dev == nil || g.IsMinimized() {
		return false
	}
	ok, err := dev.beginDraw()
	if err != nil {
		g.fail(err)
		return false
	}
	if !ok {
		return false
	}
	g.handler.Draw(g, gt)
	g.comps.draw(g, gt)
	if !g.drawnOnce {
		g.drawnOnce = true
		launchtrace.Mark("game: first Draw returned")
	}
	if !dev.begun {
		return true // the game presented itself
	}
	if err := dev.Present(); err != nil {
		g.fail(err)
		return false
	}
	if g.fixedDt != nil {
		g.fixedDt.Present()
	}
	return true
}
