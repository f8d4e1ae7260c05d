package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// keyPlatform is an engine.Platform without a window: poll i returns
// script[i] (nothing past the script).
type keyPlatform struct {
	script [][]engine.PlatformEvent
	polls  int
	rend   *keyRenderer
}

func (p *keyPlatform) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent {
	i := p.polls
	p.polls++
	if i < len(p.script) {
		dst = append(dst, p.script[i]...)
	}
	return dst
}
func (p *keyPlatform) WaitEvents(time.Duration)                {}
func (p *keyPlatform) ClientSize() (int, int)                  { return 320, 240 }
func (p *keyPlatform) FramebufferSize() (int, int)             { return 320, 240 }
func (p *keyPlatform) SetClientSize(int, int)                  {}
func (p *keyPlatform) SetFullScreen(bool)                      {}
func (p *keyPlatform) SetResizable(bool)                       {}
func (p *keyPlatform) RefreshRate() int                        { return 60 }
func (p *keyPlatform) Gamepad(int) (engine.GamepadState, bool) { return engine.GamepadState{}, false }
func (p *keyPlatform) Destroy()                                {}
func (p *keyPlatform) Title() string                           { return "" }
func (p *keyPlatform) SetTitle(string)                         {}
func (p *keyPlatform) CreateRenderer(rc engine.RendererConfig) (engine.Renderer, error) {
	p.rend.swaps = append(p.rend.swaps, rc.Present.SwapInterval)
	p.rend.half = rc.Present.HalfRate
	p.rend.backend = graphicstest.New()
	return p.rend, nil
}

// keyRenderer records the swap intervals it was given (creation first) and
// the half-rate switch (P8).
type keyRenderer struct {
	swaps   []int
	half    bool
	backend *graphicstest.Backend
	draws   int             // in the last frame
	frame   *graphics.Frame // the last frame's record (valid until the next frame records)
}

func (r *keyRenderer) Backend() graphics.Backend  { return r.backend }
func (r *keyRenderer) BeginDraw() (bool, error)   { return true, nil }
func (r *keyRenderer) BackBufferSize() (int, int) { return 320, 240 }
func (r *keyRenderer) EndDraw(f *graphics.Frame, _ bool) (engine.PresentInfo, error) {
	r.draws, r.frame = len(f.Draws), f
	return engine.PresentInfo{}, r.backend.Execute(f)
}
func (r *keyRenderer) SetPresentation(s engine.PresentSettings) error {
	r.swaps, r.half = append(r.swaps, s.SwapInterval), s.HalfRate
	return nil
}
func (r *keyRenderer) Resize(int, int) error   { return nil }
func (r *keyRenderer) WaitIdle() error         { return nil }
func (r *keyRenderer) Destroy()                {}
func (r *keyRenderer) SkippedPresents() uint64 { return 0 }
func (r *keyRenderer) Presentation() present.Choice {
	n := r.swaps[len(r.swaps)-1]
	c, _ := present.ChooseModeHold(n, r.half, present.AllModes)
	return c
}

func key(k engine.Key, a engine.Action) engine.PlatformEvent {
	return engine.PlatformEvent{Kind: engine.EventKey, Key: k, Action: a}
}

// newKeyGame makes the sample game on a keyPlatform in fixed-dt virtual
// time (one 60 Hz update per tick) with the flags args.
func newKeyGame(t *testing.T, script [][]engine.PlatformEvent, args ...string) (*engine.Game, *sampleGame, *keyPlatform) {
	t.Helper()
	opt, err := parseGameFlags(append([]string{"-fixed-dt", "16.6667ms"}, args...))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := opt.engineConfig()
	if err != nil {
		t.Fatal(err)
	}
	p := &keyPlatform{script: script, rend: &keyRenderer{}}
	s, err := newSampleGame(opt, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(s, p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.configure(g); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g, s, p
}

// tick runs n frames of g.
func tick(t *testing.T, g *engine.Game, n int) {
	t.Helper()
	for range n {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
}

// Keys 0/1/2 reach the renderer through the PreparingDeviceSettings handler
// and ApplyChanges (P2, P5), once per press even while the key is held; the
// -interval flag decides the interval at creation.
func TestP5_GameIntervalKeysRebuildOncePerPress(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{}, {key(engine.Key0, engine.Press)}, {}, {}, {key(engine.Key0, engine.Release)},
		{key(engine.Key2, engine.Press)}, {key(engine.Key2, engine.Release)},
		{key(engine.Key1, engine.Press)},
	}
	g, s, p := newKeyGame(t, script, "-interval", "2")
	tick(t, g, len(script)+2)
	if want := []int{2, 0, 2, 1}; !slices.Equal(p.rend.swaps, want) {
		t.Fatalf("swap intervals %v, want %v (creation, then one per press)", p.rend.swaps, want)
	}
	if s.interval != 1 || g.GraphicsDevice().SwapInterval() != 1 {
		t.Fatalf("interval %d, device %d; want 1", s.interval, g.GraphicsDevice().SwapInterval())
	}
}

// F toggles the step (T25), + and - move the target rate one step per
// press (a held + steps once), Esc exits (T12).
func TestT25_GameStepRateAndExitKeys(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{}, {key(engine.KeyF, engine.Press)}, {key(engine.KeyF, engine.Release)},
		{key(engine.KeyEqual, engine.Press)}, {}, {}, {key(engine.KeyEqual, engine.Release)},
		{key(engine.KeyKPAdd, engine.Press)}, {key(engine.KeyMinus, engine.Press)},
	}
	g, s, _ := newKeyGame(t, script)
	tick(t, g, len(script)+1)
	if g.IsFixedTimeStep() {
		t.Error("F did not switch to variable step")
	}
	if want, _ := timing.TargetForRate(75); s.hz != 75 || g.TargetElapsedTime() != want {
		t.Errorf("rate %v Hz, target %v; want 75 Hz (60, +, +, -)", s.hz, g.TargetElapsedTime())
	}
	if g.IsExiting() {
		t.Fatal("exiting before Esc")
	}
	g2, _, _ := newKeyGame(t, [][]engine.PlatformEvent{{}, {key(engine.KeyEscape, engine.Press)}})
	tick(t, g2, 2)
	if !g2.IsExiting() {
		t.Error("Esc did not exit")
	}
}

// -frames N exits after exactly N draws (the exiting tick draws nothing).
func TestT12_GameFramesLimit(t *testing.T) {
	g, s, _ := newKeyGame(t, nil, "-frames", "5")
	for i := 0; i < 20 && !g.IsExiting(); i++ {
		tick(t, g, 1)
	}
	if !g.IsExiting() || s.draws != 5 {
		t.Fatalf("exiting %v after %d draws; want exit after 5", g.IsExiting(), s.draws)
	}
}

// The sample's frame (update with its key checks, draw with the HUD on:
// its text rebuilt in place, drawn through the SpriteBatch) allocates
// nothing between title refreshes.
func TestT5_GameFrameAllocatesNothing(t *testing.T) {
	g, s, _ := newKeyGame(t, nil)
	tick(t, g, 3)
	if s.sc == nil || s.sc.batch == nil || len(s.hudText) == 0 || s.drawFailed {
		t.Fatalf("the HUD is not drawn (scene %v, text %q, draw failed %v)", s.sc != nil, s.hudText, s.drawFailed)
	}
	s.status.at = s.source.Now() + time.Hour // no title refresh during the measurement
	if n := testing.AllocsPerRun(100, func() { _ = g.RunOneFrame() }); n != 0 {
		t.Fatalf("%v allocations per frame, want 0", n)
	}
}

// -half-rate asks for true half rate at creation through the handler, and
// H toggles it through the handler and ApplyChanges, once per press (P8):
// with interval 2 the renderer then reports FIFO held two refreshes, and
// the title says "half rate".
func TestP8_GameHalfRateFlagAndKey(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{}, {key(engine.KeyH, engine.Press)}, {}, {key(engine.KeyH, engine.Release)},
		{key(engine.KeyH, engine.Press)},
	}
	g, s, p := newKeyGame(t, script, "-interval", "2", "-half-rate")
	tick(t, g, 1) // creation
	if c := g.GraphicsDevice().Presentation(); !p.rend.half || c.Mode != present.ModeFIFO || c.Hold != 2 {
		t.Fatalf("-half-rate: renderer half rate %v, presentation %+v; want FIFO hold 2", p.rend.half, c)
	}
	if title := (statusLine{choice: g.GraphicsDevice().Presentation()}).String(); !strings.Contains(title, "interval 2: FIFO half rate") {
		t.Errorf("title %q does not say half rate", title)
	}
	tick(t, g, 3) // H pressed, held, released: one toggle
	if c := g.GraphicsDevice().Presentation(); p.rend.half || s.halfRate || c.Mode != present.ModeFIFORelaxed || c.Hold != 1 {
		t.Fatalf("after H: renderer half rate %v, presentation %+v; want FIFO_RELAXED hold 1", p.rend.half, c)
	}
	tick(t, g, 1) // pressed again
	if c := g.GraphicsDevice().Presentation(); !p.rend.half || c.Hold != 2 || g.GraphicsDevice().SwapInterval() != 2 {
		t.Fatalf("after H twice: renderer half rate %v, presentation %+v; want hold 2", p.rend.half, c)
	}
}

// TestP10_GameDisplayLockKey: D asks for the display-locked step and D
// again drops it; the title says what the lock does and that presentation
// times are not measured on a platform that cannot measure them (P9).
// Under the XNA profile the engine refuses the lock and the sample says so.
func TestP10_GameDisplayLockKey(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{}, {key(engine.KeyD, engine.Press)}, {key(engine.KeyD, engine.Release)}, {key(engine.KeyD, engine.Press)},
	}
	g, s, _ := newKeyGame(t, script)
	tick(t, g, 2)
	if st := g.DisplayLock(); !st.Requested || st.Locked {
		t.Fatalf("after D: lock %+v; want requested, not locked without feedback", st)
	}
	s.status.force = true // the game's own draw took D's refresh
	line, ok := s.status.update(g, s.source.Now(), s.draws, s.hz, s.paused)
	if !ok {
		t.Fatal("a forced status refresh gave no line")
	}
	title := line.String()
	for _, want := range []string{"presentation times not measured", "not display-locked"} {
		if !strings.Contains(title, want) {
			t.Errorf("title %q does not say %q", title, want)
		}
	}
	tick(t, g, 2)
	if g.DisplayLock().Requested {
		t.Error("a second D did not drop the lock")
	}

	var errb strings.Builder
	gx, sx, _ := newKeyGame(t, script[:2], "-profile", "xna")
	sx.stderr = &errb
	tick(t, gx, 2)
	if gx.DisplayLock().Requested || !strings.Contains(errb.String(), "display lock") {
		t.Errorf("XNA profile: lock %+v, stderr %q; want refused with a message", gx.DisplayLock(), errb.String())
	}
}
