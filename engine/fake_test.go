package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"image"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// frame60 is one 60 Hz frame, exactly the default target (166,667 ticks).
const frame60 = 16_666_700 * time.Nanosecond

// recorder collects transcript lines; a nil recorder records nothing (the
// allocation test runs without one).
type recorder struct{ lines []string }

func (r *recorder) add(format string, args ...any) {
	if r != nil {
		r.lines = append(r.lines, fmt.Sprintf(format, args...))
	}
}

func (r *recorder) String() string { return strings.Join(r.lines, "\n") + "\n" }

// fakePlatform is a Platform in virtual time with scripted event batches.
// Each PollEvents advances the clock by perPoll (a frame's worth of wall
// time passing while the loop works), then returns the next scripted batch.
type fakePlatform struct {
	rec     *recorder
	clock   *timing.ManualClock
	perPoll time.Duration

	script  [][]PlatformEvent // batch i is returned by poll i (0-based)
	repeat  []PlatformEvent   // returned by every poll past the script
	polls   int
	clientW int
	clientH int
	fbW     int
	fbH     int
	full    bool
	refresh int

	pads        [MaxGamepads]GamepadState
	padsOn      [MaxGamepads]bool
	adapters    []GraphicsAdapter                // what GraphicsAdapters reports (Displays)
	padCaps     [MaxGamepads]GamepadCapabilities // reported for connected slots
	vibrations  []string                         // SetGamepadVibration calls that took
	gamepadCall int

	title     string
	titles    int // SetTitle calls
	renderer  *fakeRenderer
	createErr error
	rendCfg   []RendererConfig
	waits     []time.Duration
	destroyed int
}

func newFakePlatform(rec *recorder) *fakePlatform {
	return &fakePlatform{
		rec: rec, clock: timing.NewManualClock(0), perPoll: frame60,
		clientW: 640, clientH: 480, fbW: 640, fbH: 480, refresh: 60,
		renderer: newFakeRenderer(rec),
	}
}

func (p *fakePlatform) PollEvents(dst []PlatformEvent) []PlatformEvent {
	p.clock.Advance(p.perPoll)
	i := p.polls
	p.polls++
	if i < len(p.script) {
		if len(p.script[i]) > 0 {
			descs := make([]string, len(p.script[i]))
			for j, ev := range p.script[i] {
				descs[j] = describe(ev)
			}
			p.rec.add("  poll: [%s]", strings.Join(descs, ", "))
		}
		return append(dst, p.script[i]...)
	}
	return append(dst, p.repeat...)
}

func describe(ev PlatformEvent) string {
	switch ev.Kind {
	case EventResize, EventFramebufferResize:
		return fmt.Sprintf("%v %dx%d", ev.Kind, ev.Width, ev.Height)
	case EventFocus:
		return fmt.Sprintf("%v focused=%v", ev.Kind, ev.Focused)
	case EventIconify:
		return fmt.Sprintf("%v iconified=%v", ev.Kind, ev.Iconified)
	case EventScroll:
		return fmt.Sprintf("%v dy=%g", ev.Kind, ev.DY)
	case EventKey:
		return fmt.Sprintf("%v key=%d action=%d", ev.Kind, ev.Key, ev.Action)
	case EventChar:
		return fmt.Sprintf("%v %q", ev.Kind, ev.Char)
	}
	return ev.Kind.String()
}

func (p *fakePlatform) WaitEvents(timeout time.Duration) {
	p.waits = append(p.waits, timeout)
	p.rec.add("platform.WaitEvents %v", timeout)
	p.clock.Sleep(timeout)
}

func (p *fakePlatform) ClientSize() (int, int)      { return p.clientW, p.clientH }
func (p *fakePlatform) FramebufferSize() (int, int) { return p.fbW, p.fbH }

func (p *fakePlatform) SetClientSize(w, h int) {
	p.rec.add("platform.SetClientSize %dx%d", w, h)
	p.clientW, p.clientH, p.fbW, p.fbH = w, h, w, h
}

func (p *fakePlatform) SetFullScreen(on bool) {
	p.rec.add("platform.SetFullScreen %v", on)
	p.full = on
}

func (p *fakePlatform) SetResizable(on bool) { p.rec.add("platform.SetResizable %v", on) }
func (p *fakePlatform) RefreshRate() int     { return p.refresh }

func (p *fakePlatform) Gamepad(i int) (GamepadState, bool) {
	p.gamepadCall++
	return p.pads[i], p.padsOn[i]
}

// GraphicsAdapters reports adapters (Displays).
func (p *fakePlatform) GraphicsAdapters() []GraphicsAdapter { return p.adapters }

// SetFullScreenMode records the mode and goes full screen at it.
func (p *fakePlatform) SetFullScreenMode(m DisplayMode) {
	p.rec.add("platform.SetFullScreenMode %dx%d@%d", m.Width, m.Height, m.RefreshRate)
	p.full = true
	p.clientW, p.clientH, p.fbW, p.fbH = m.Width, m.Height, m.Width, m.Height
}

// GamepadCapabilities reports padCaps for a connected slot (GamepadDevices).
func (p *fakePlatform) GamepadCapabilities(i int) GamepadCapabilities {
	if !p.padsOn[i] {
		return GamepadCapabilities{}
	}
	c := p.padCaps[i]
	c.IsConnected = true
	return c
}

// SetGamepadVibration takes the setting when the slot's pad has motors.
func (p *fakePlatform) SetGamepadVibration(i int, low, high float32) bool {
	if !p.padsOn[i] || !p.padCaps[i].HasLeftVibrationMotor {
		return false
	}
	p.vibrations = append(p.vibrations, fmt.Sprintf("%d: %g %g", i, low, high))
	return true
}

func (p *fakePlatform) Title() string { return p.title }

func (p *fakePlatform) SetTitle(t string) {
	p.titles++
	p.rec.add("platform.SetTitle %q", t)
	p.title = t
}

func (p *fakePlatform) CreateRenderer(cfg RendererConfig) (Renderer, error) {
	if cfg.Present.HalfRate {
		p.rec.add("platform.CreateRenderer %dx%d swap=%d half", cfg.Width, cfg.Height, cfg.Present.SwapInterval)
	} else {
		p.rec.add("platform.CreateRenderer %dx%d swap=%d", cfg.Width, cfg.Height, cfg.Present.SwapInterval)
	}
	p.rendCfg = append(p.rendCfg, cfg)
	if p.createErr != nil {
		return nil, p.createErr
	}
	r := p.renderer
	r.swap, r.half, r.clock = cfg.Present.SwapInterval, cfg.Present.HalfRate, cfg.Clock
	r.w, r.h = p.fbW, p.fbH
	return r, nil
}

func (p *fakePlatform) Destroy() {
	p.destroyed++
	p.rec.add("platform.Destroy")
}

// fakeRenderer records what the engine asks of it. Its present modes are
// chosen with the real present.ChooseModeHold from modes; its backend is
// graphicstest's, which checks every frame record it executes.
type fakeRenderer struct {
	rec       *recorder
	modes     present.ModeSet
	gfx       *graphicstest.Backend
	clock     timing.Source
	w, h      int // back buffer size
	swap      int
	half      bool              // half rate as last set (P8)
	sets      []PresentSettings // SetPresentation calls
	setSwaps  []int             // their swap intervals
	setHalves []bool            // their half-rate values, where they changed it
	presents  uint64
	captures  int // EndDraw calls that captured
	capture   *image.RGBA
	lastFrame struct {
		passes, draws int
		clear         graphics.Color
	}
	begins   int
	ends     int
	resizes  []string
	beginErr error
	skipFrom int    // BeginDraw number (1-based) from which frames are skipped (W7); 0: none
	skipped  uint64 // frames skipped that way
	endErrAt int    // EndDraw number (1-based) that fails; 0: none
	idle     int
	destroy  int
}

var errFakePresent = errors.New("fake: VK_ERROR_DEVICE_LOST")

func newFakeRenderer(rec *recorder) *fakeRenderer {
	return &fakeRenderer{rec: rec, gfx: graphicstest.New(), modes: present.NewModeSet(
		present.ModeImmediate, present.ModeMailbox, present.ModeFIFO, present.ModeFIFORelaxed)}
}

func (r *fakeRenderer) BeginDraw() (bool, error) {
	r.begins++
	if r.beginErr != nil {
		return false, r.beginErr
	}
	if r.skipFrom > 0 && r.begins >= r.skipFrom {
		r.skipped++
		return false, nil
	}
	return true, nil
}

func (r *fakeRenderer) Backend() graphics.Backend { return r.gfx }

func (r *fakeRenderer) BackBufferSize() (int, int) { return r.w, r.h }

// EndDraw executes f on the fake backend (which checks it), stamps the
// present with the engine's clock and, when asked, captures an image
// filled with the frame's first back-buffer clear colour.
func (r *fakeRenderer) EndDraw(f *graphics.Frame, capture bool) (PresentInfo, error) {
	r.ends++
	r.rec.add("  present")
	if r.ends == r.endErrAt {
		return PresentInfo{}, errFakePresent
	}
	if !f.Present || f.BackBufferWidth != r.w || f.BackBufferHeight != r.h {
		return PresentInfo{}, fmt.Errorf("fake: frame present %v at %dx%d, back buffer %dx%d", f.Present, f.BackBufferWidth, f.BackBufferHeight, r.w, r.h)
	}
	queued := r.clock.Now()
	if err := r.gfx.Execute(f); err != nil {
		return PresentInfo{}, err
	}
	r.lastFrame.passes, r.lastFrame.draws, r.lastFrame.clear = len(f.Passes), len(f.Draws), graphics.Color{}
	for _, p := range f.Passes {
		if p.Target == 0 && p.Clear&graphics.ClearTarget != 0 {
			r.lastFrame.clear = p.ClearColor
			break
		}
	}
	r.presents++
	info := PresentInfo{Index: r.presents, Queued: queued, Returned: r.clock.Now()}
	if capture {
		r.captures++
		if r.capture == nil || r.capture.Rect.Dx() != r.w || r.capture.Rect.Dy() != r.h {
			r.capture = image.NewRGBA(image.Rect(0, 0, r.w, r.h))
		}
		c := r.lastFrame.clear
		for i := 0; i < len(r.capture.Pix); i += 4 {
			r.capture.Pix[i], r.capture.Pix[i+1], r.capture.Pix[i+2], r.capture.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		info.Capture = r.capture
	}
	return info, nil
}

func (r *fakeRenderer) SetPresentation(s PresentSettings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	r.rec.add("renderer.SetPresentation swap=%d half=%v", s.SwapInterval, s.HalfRate)
	r.sets = append(r.sets, s)
	r.setSwaps = append(r.setSwaps, s.SwapInterval)
	if s.HalfRate != r.half {
		r.setHalves = append(r.setHalves, s.HalfRate)
	}
	r.swap, r.half = s.SwapInterval, s.HalfRate
	return nil
}

func (r *fakeRenderer) SkippedPresents() uint64 { return r.skipped }

func (r *fakeRenderer) Presentation() present.Choice {
	c, err := present.ChooseModeHold(r.swap, r.half, r.modes)
	if err != nil {
		panic(err) // a test bug: the fake's modes are never empty
	}
	return c
}

func (r *fakeRenderer) Resize(w, h int) error {
	r.rec.add("renderer.Resize %dx%d", w, h)
	r.w, r.h = w, h
	r.resizes = append(r.resizes, fmt.Sprintf("%dx%d", w, h))
	return nil
}

func (r *fakeRenderer) WaitIdle() error {
	r.idle++
	r.rec.add("renderer.WaitIdle")
	return nil
}

func (r *fakeRenderer) Destroy() {
	r.destroy++
	r.rec.add("renderer.Destroy")
}

// scriptGame is a Handler with every optional hook; it records each call
// and runs the test's functions from Update and Draw.
type scriptGame struct {
	rec      *recorder
	updates  int
	draws    int
	onUpdate func(g *Game, n int, gt timing.GameTime)
	onDraw   func(g *Game, n int, gt timing.GameTime)
	initErr  error
}

func (s *scriptGame) Update(g *Game, gt timing.GameTime) {
	s.updates++
	if s.rec != nil { // boxing the arguments allocates: not in the alloc test
		s.rec.add("  update #%d total=%d elapsed=%d slow=%v", s.updates, gt.TotalGameTime, gt.ElapsedGameTime, gt.IsRunningSlowly)
	}
	if s.onUpdate != nil {
		s.onUpdate(g, s.updates, gt)
	}
}

func (s *scriptGame) Draw(g *Game, gt timing.GameTime) {
	s.draws++
	if s.rec != nil {
		s.rec.add("  draw #%d total=%d elapsed=%d", s.draws, gt.TotalGameTime, gt.ElapsedGameTime)
	}
	if s.onDraw != nil {
		s.onDraw(g, s.draws, gt)
	}
}

func (s *scriptGame) Initialize(g *Game) error  { s.rec.add("Initialize"); return s.initErr }
func (s *scriptGame) LoadContent(g *Game) error { s.rec.add("LoadContent"); return nil }
func (s *scriptGame) BeginRun(g *Game)          { s.rec.add("BeginRun") }
func (s *scriptGame) EndRun(g *Game)            { s.rec.add("EndRun") }
func (s *scriptGame) UnloadContent(g *Game)     { s.rec.add("UnloadContent") }
func (s *scriptGame) OnActivated(g *Game)       { s.rec.add("OnActivated") }
func (s *scriptGame) OnDeactivated(g *Game)     { s.rec.add("OnDeactivated") }
func (s *scriptGame) OnExiting(g *Game)         { s.rec.add("OnExiting") }

// newTestGame makes a Game over a fake platform in virtual time.
func newTestGame(rec *recorder, profile timing.Profile) (*Game, *scriptGame, *fakePlatform) {
	p := newFakePlatform(rec)
	s := &scriptGame{rec: rec}
	g, err := NewGame(s, p, Config{Source: p.clock, Waiter: p.clock, Profile: profile})
	if err != nil {
		panic(err) // fixed, valid arguments
	}
	g.Exiting.Add(func(*Game) { rec.add("event Exiting") })
	g.Activated.Add(func(*Game) { rec.add("event Activated") })
	g.Deactivated.Add(func(*Game) { rec.add("event Deactivated") })
	g.ClientSizeChanged.Add(func(g *Game) {
		w, h := g.ClientSize()
		rec.add("event ClientSizeChanged %dx%d", w, h)
	})
	gm := g.GraphicsDeviceManager()
	gm.DeviceCreated.Add(func(*GraphicsDevice) { rec.add("event DeviceCreated") })
	gm.DeviceResetting.Add(func(*GraphicsDevice) { rec.add("event DeviceResetting") })
	gm.DeviceReset.Add(func(*GraphicsDevice) { rec.add("event DeviceReset") })
	return g, s, p
}
