package desktop

import (
	"fmt"
	"testing"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestI3_EngineCodesAreGLFWs: the window delivers GLFW's raw codes and the
// engine's key, button and action values are GLFW's, so events convert by
// cast (the engine owns the names: I3).
func TestI3_EngineCodesAreGLFWs(t *testing.T) {
	keys := map[engine.Key]glfw.Key{
		engine.KeySpace: glfw.KeySpace, engine.KeyApostrophe: glfw.KeyApostrophe, engine.KeyComma: glfw.KeyComma,
		engine.KeyMinus: glfw.KeyMinus, engine.KeyPeriod: glfw.KeyPeriod, engine.KeySlash: glfw.KeySlash,
		engine.Key0: glfw.Key0, engine.Key9: glfw.Key9, engine.KeyEqual: glfw.KeyEqual,
		engine.KeyA: glfw.KeyA, engine.KeyL: glfw.KeyL, engine.KeyZ: glfw.KeyZ,
		engine.KeyEscape: glfw.KeyEscape, engine.KeyEnter: glfw.KeyEnter, engine.KeyTab: glfw.KeyTab,
		engine.KeyBackspace: glfw.KeyBackspace, engine.KeyInsert: glfw.KeyInsert, engine.KeyDelete: glfw.KeyDelete,
		engine.KeyRight: glfw.KeyRight, engine.KeyLeft: glfw.KeyLeft, engine.KeyDown: glfw.KeyDown,
		engine.KeyUp: glfw.KeyUp, engine.KeyPageUp: glfw.KeyPageUp, engine.KeyPageDown: glfw.KeyPageDown,
		engine.KeyHome: glfw.KeyHome, engine.KeyEnd: glfw.KeyEnd, engine.KeyF1: glfw.KeyF1, engine.KeyF12: glfw.KeyF12,
		engine.KeyKP0: glfw.KeyKP0, engine.KeyKP9: glfw.KeyKP9, engine.KeyKPAdd: glfw.KeyKPAdd,
		engine.KeyKPSubtract: glfw.KeyKPSubtract, engine.KeyKPEnter: glfw.KeyKPEnter,
		engine.KeyLeftShift: glfw.KeyLeftShift, engine.KeyLeftCtrl: glfw.KeyLeftControl, engine.KeyLeftAlt: glfw.KeyLeftAlt,
		engine.KeyRightShift: glfw.KeyRightShift, engine.KeyRightCtrl: glfw.KeyRightControl, engine.KeyRightAlt: glfw.KeyRightAlt,
		engine.KeyLast: glfw.KeyLast, engine.KeyUnknown: glfw.KeyUnknown,
	}
	for e, g := range keys {
		if int(e) != int(g) {
			t.Errorf("engine key %d != GLFW key %d", e, g)
		}
	}
	if int(engine.MouseLeft) != int(glfw.MouseButtonLeft) || int(engine.MouseRight) != int(glfw.MouseButtonRight) ||
		int(engine.MouseMiddle) != int(glfw.MouseButtonMiddle) || int(engine.MouseButtonLast) != int(glfw.MouseButtonLast) {
		t.Error("mouse buttons differ")
	}
	if int(engine.Release) != int(glfw.Release) || int(engine.Press) != int(glfw.Press) || int(engine.Repeat) != int(glfw.Repeat) {
		t.Error("actions differ")
	}
}

// TestW2_EventConversion: every window event kind has an engine kind, and
// the payload is carried over.
func TestW2_EventConversion(t *testing.T) {
	for k := window.Close; k <= window.Scroll; k++ {
		ev := window.Event{Kind: k, Width: 3, Height: 4, Key: int(glfw.KeyA), Char: 'x', DY: 2}
		got, ok := convert(&ev)
		if !ok || got.Kind.String() == "" || got.Width != 3 || got.Key != engine.KeyA || got.Char != 'x' || got.DY != 2 {
			t.Errorf("%v: converted to %+v, %v", k, got, ok)
		}
	}
	if _, ok := convert(&window.Event{Kind: 200}); ok {
		t.Error("unknown kind converted")
	}
}

// lavaGame runs the real-stack scenario: it spins the cube, switches the
// interval from a PreparingDeviceSettings handler through ApplyChanges at
// fixed frames, checks the mode in use after each switch, and exits.
type lavaGame struct {
	t        *testing.T
	frames   int
	exitAt   int
	switches map[int]present.PresentInterval
	pending  present.PresentInterval
	checkAt  int
	want     int // swap interval expected after the last switch
	checked  int
	r        *Renderer
	// validating and builds are read while the renderer lives.
	validating bool
	builds     int
}

func (l *lavaGame) Initialize(g *engine.Game) error {
	g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
		info.PresentationParameters.PresentationInterval = l.pending
	})
	l.pending = present.IntervalOne
	return nil
}

func (l *lavaGame) Update(g *engine.Game, gt timing.GameTime) {
	if pi, ok := l.switches[l.frames]; ok && l.checkAt == 0 {
		l.pending = pi
		if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
			l.t.Errorf("ApplyChanges to %v: %v", pi, err)
			g.Exit()
			return
		}
		l.want, _ = pi.SwapInterval()
		l.checkAt = l.frames + 2
	}
	if l.frames >= l.exitAt {
		g.Exit()
	}
}

func (l *lavaGame) Draw(g *engine.Game, gt timing.GameTime) {
	if err := drawScene(g, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
	l.r, _ = g.GraphicsDevice().Renderer().(*Renderer)
	l.frames++
	l.validating, l.builds = l.r.Vulkan().Status().Validating, l.r.Vulkan().Status().Rebuilds
	if l.checkAt != 0 && l.frames >= l.checkAt {
		l.checkAt = 0
		l.checked++
		if msg := modeMismatch(g, l.r, l.want); msg != "" {
			l.t.Errorf("frame %d: %s", l.frames, msg)
		}
	}
}

// chooseMode is the choice the desktop renderer makes for a swap interval:
// present.ChooseMode's pick from the surface's modes, with FIFO emulated on
// frame callbacks where the window has them (the Wayland build, W10).
func chooseMode(interval int, modes present.ModeSet) (present.Choice, error) {
	c, err := present.ChooseMode(interval, modes)
	return present.EmulateFIFO(c, modes, window.HasFrameCallbacks()), err
}

// modeMismatch says how the device's presentation and the swapchain's mode
// in use differ from swap interval want and chooseMode's pick from the
// surface's modes (P4, P6, W10); "" when they match.
func modeMismatch(g *engine.Game, r *Renderer, want int) string {
	vr := r.Vulkan()
	pick, err := chooseMode(want, vr.Status().Supported)
	if err != nil {
		return err.Error()
	}
	c := g.GraphicsDevice().Presentation()
	if c.Requested != want || vr.Status().ModeInUse != pick.Mode || c.Emulated != pick.Emulated {
		return fmt.Sprintf("presentation %+v, mode in use %v; want interval %d, mode %v", c, vr.Status().ModeInUse, want, pick.Mode)
	}
	return ""
}

// TestP5_GameOnLavapipeWithValidation runs a game on the real stack
// (lavapipe under Xvfb, validation on) for 300 frames in fixed-dt virtual
// time (T21), changes the interval from a PreparingDeviceSettings handler
// mid-run through ApplyChanges (P2, P5), exits cleanly, and fails on any
// validation message (W3, W4).
func TestP5_GameOnLavapipeWithValidation(t *testing.T) {
	clock, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	l := &lavaGame{t: t, exitAt: 300, switches: map[int]present.PresentInterval{
		50: present.IntervalImmediate, 100: present.IntervalTwo, 150: present.IntervalOne,
		200: present.IntervalImmediate, 250: present.IntervalDefault,
	}}
	var runErr error
	var updates uint64
	window.Do(func() {
		g, err := NewGame(l, Config{Title: t.Name(), Width: 320, Height: 240, Validation: true,
			Engine: engine.Config{Source: clock, Waiter: clock}})
		if err != nil {
			runErr = err
			return
		}
		runErr = g.Run()
		updates = g.Scheduler().Stats().Updates
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	if l.r == nil {
		t.Fatal("no frame was drawn")
	}
	if l.frames < 300 || l.checked != len(l.switches) {
		t.Errorf("%d frames, %d of %d switches checked", l.frames, l.checked, len(l.switches))
	}
	if l.r.Frames() < 250 {
		t.Errorf("only %d frames presented", l.r.Frames())
	}
	if !l.validating {
		t.Error("validation was not on")
	}
	for _, m := range l.r.Vulkan().Messages() {
		t.Errorf("validation: %s", m)
	}
	t.Logf("%d updates, %d draws, %d presented, %d swapchain builds", updates, l.frames, l.r.Frames(), l.builds)
}
