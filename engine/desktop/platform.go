package desktop

import (
	"errors"
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// Platform is engine.Platform on a GLFW window. Make one with NewPlatform;
// the engine destroys it (Destroy) at the end of Run. Main thread only.
type Platform struct {
	win     *window.Window
	pending *vulkan.PendingInstance // started beside the window; CreateRenderer takes it over
	cfg     Config
	scratch []window.Event // reused batch of window events
	closed  bool           // a Close event was delivered
	title   string
	made    []*vulkan.Renderer // every renderer created, for their validation messages

	validation validationReport // validation.go
	signals    *signalWatch     // nil with Config.NoSignalTeardown; signals.go
	firstFrame func()           // called once the first frame is on screen; nil: nothing
	moves      ownMoves         // the game's cursor moves whose events may still come; warps.go
}

var (
	_ engine.Platform       = (*Platform)(nil)
	_ engine.GamepadDevices = (*Platform)(nil)
	_ engine.Displays       = (*Platform)(nil)
)

// NewPlatform opens the window cfg describes. Without a display the error
// wraps window.ErrNoDisplay and says how to get one (W6); a size whose
// swapchain would exceed the memory budget is refused first (the error
// wraps vulkan.ErrOverBudget and says how to raise it). It starts the
// Vulkan instance and device first, on another goroutine
// (vulkan.StartInstance), so that loading the driver overlaps the window
// system's start; CreateRenderer takes them over, and Destroy destroys them
// if it never did. The start also builds the render passes, shader modules
// and common pipelines. On X11 the window's surface is made through the
// loader the start loaded (window.NativeSurfaceExtensions); elsewhere
// GLFW's own load of Vulkan runs on a third goroutine once GLFW has
// started (window.PrepareVulkan), while the window opens. Must be called
// from the main thread.
func NewPlatform(cfg Config) (*Platform, error) {
	cfg = cfg.withDefaults()
	if err := checkSize(cfg); err != nil {
		return nil, fmt.Errorf("desktop: %w", err)
	}
	launchtrace.Mark("platform start")
	var signals *signalWatch
	if !cfg.NoSignalTeardown {
		signals = watchSignals() // before the window opens: a signal from now on ends the game in order
	}
	pending := vulkan.StartInstance(vulkan.InstanceOptions{
		Extensions: window.PlatformInstanceExtensions(), Validation: cfg.Validation,
		PresentSupport: presentSupport,
	})
	if window.NativeSurfaceExtensions() == nil {
		go prepareVulkan() // X11 makes its surface without GLFW's Vulkan support
	}
	w, err := window.New(window.Config{
		Title: cfg.Title, Width: cfg.Width, Height: cfg.Height, Resizable: cfg.Resizable,
	})
	if err != nil {
		signals.stop()
		pending.Destroy()
		return nil, fmt.Errorf("desktop: %w", err)
	}
	launchtrace.Mark("window created")
	return &Platform{win: w, pending: pending, cfg: cfg, scratch: make([]window.Event, 0, 256), title: cfg.Title,
		validation: validationReport{out: cfg.ValidationOutput}, signals: signals}, nil
}

// presentSupport picks the queue family on Vulkan's start goroutine once
// GLFW runs on the main thread (window.PresentationSupport); presentWait
// bounds its wait for GLFW to start.
func presentSupport(instance, device uintptr, family uint32) bool {
	ok, _ := window.PresentationSupport(instance, device, family, presentWait)
	return ok
}

// prepareVulkan has GLFW load Vulkan once it has started, off the main
// thread; it ends with window.New, whatever its outcome.
func prepareVulkan() {
	window.PrepareVulkan(presentWait)
	launchtrace.Mark("window: GLFW's Vulkan support loaded")
}

// presentWait is how long Vulkan's start waits for the window system.
const presentWait = 10 * time.Second

// Window returns the platform's window (for title changes and the like).
func (p *Platform) Window() *window.Window { return p.win }

// PollEvents processes the window system's events and appends the window's
// batch to dst, converted; it first prints the validation messages that
// arrived since the last poll (Report). A close requested with
// SetShouldClose (no GLFW callback) or by an exit signal (ExitSignals) is
// delivered as a Close event too, once. It allocates nothing once dst has
// grown to the batch size.
func (p *Platform) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent {
	p.takeValidation()
	p.scratch = p.win.PollEvents(p.scratch[:0])
	for i := range p.scratch {
		if ev, ok := convert(&p.scratch[i]); ok {
			if ev.Kind == engine.EventCursor && p.moves.own(ev.X, ev.Y) {
				continue // the game's own move, not the user's
			}
			p.closed = p.closed || ev.Kind == engine.EventClose
			dst = append(dst, ev)
		}
	}
	p.moves.polled()
	if !p.closed && (p.win.ShouldClose() || p.signals.exitAsked()) {
		p.closed = true
		dst = append(dst, engine.PlatformEvent{Kind: engine.EventClose})
	}
	return dst
}

// CloseRequested processes the window system's events, keeping them for
// the next PollEvents, and reports whether a close was requested, by the
// user or an exit signal (engine.CloseRequester: a close ends a catch-up
// burst, T12).
func (p *Platform) CloseRequested() bool { return p.win.CloseRequested() || p.signals.exitAsked() }

// WaitEvents blocks in the kernel until an event arrives or timeout passes
// (W2); the events are collected for the next PollEvents.
func (p *Platform) WaitEvents(timeout time.Duration) { window.WaitEvents(timeout) }

// ClientSize returns the content area in screen coordinates.
func (p *Platform) ClientSize() (int, int) { return p.win.Size() }

// FramebufferSize returns the drawable size in pixels (0x0 when minimized).
func (p *Platform) FramebufferSize() (int, int) { return p.win.FramebufferSize() }

// SetClientSize asks for a content area of w x h (clamped to 1..window.MaxSide).
func (p *Platform) SetClientSize(w, h int) { p.win.SetSize(w, h) }

// SetFullScreen switches windowed full screen on the window's monitor.
func (p *Platform) SetFullScreen(on bool) { p.win.SetFullScreen(on) }

// SetResizable allows or forbids resizing by the user.
func (p *Platform) SetResizable(on bool) { p.win.SetResizable(on) }

// RefreshRate returns the current monitor's refresh rate in Hz (0: unknown,
// as on Xvfb).
func (p *Platform) RefreshRate() int { return p.win.RefreshRate() }

// Gamepad returns gamepad slot index through GLFW's gamepad mappings.
func (p *Platform) Gamepad(index int) (engine.GamepadState, bool) {
	s, ok := p.win.GamepadState(index)
	var out engine.GamepadState
	for i := range out.Buttons {
		out.Buttons[i] = s.Pressed(window.GamepadButton(i))
	}
	for i := range out.Axes {
		out.Axes[i] = s.Axis(window.GamepadAxis(i))
	}
	return out, ok
}

// GamepadCapabilities describes joystick slot index (engine.GamepadDevices,
// I6). A joystick with a gamepad mapping has every element of GLFW's
// standard layout (the mapping gives them all; one the pad lacks reads
// released); its type comes from its names; its motors are there when the
// platform can drive them (SetGamepadVibration). A joystick without a
// mapping is connected, of unknown type, with nothing the engine can read.
func (p *Platform) GamepadCapabilities(index int) engine.GamepadCapabilities {
	info := p.win.GamepadInfo(index)
	return gamepadCapabilities(info)
}

func gamepadCapabilities(info window.GamepadInfo) engine.GamepadCapabilities {
	if !info.Present {
		return engine.GamepadCapabilities{}
	}
	c := engine.GamepadCapabilities{IsConnected: true,
		HasLeftVibrationMotor: info.CanVibrate, HasRightVibrationMotor: info.CanVibrate}
	if !info.IsGamepad {
		return c
	}
	c.GamePadType = gamepadType(info.Name + " " + info.GamepadName)
	c.HasAButton, c.HasBButton, c.HasXButton, c.HasYButton = true, true, true, true
	c.HasBackButton, c.HasStartButton, c.HasBigButton = true, true, true
	c.HasLeftShoulderButton, c.HasRightShoulderButton = true, true
	c.HasLeftStickButton, c.HasRightStickButton = true, true
	c.HasDPadUpButton, c.HasDPadDownButton, c.HasDPadLeftButton, c.HasDPadRightButton = true, true, true, true
	c.HasLeftXThumbStick, c.HasLeftYThumbStick, c.HasRightXThumbStick, c.HasRightYThumbStick = true, true, true, true
	c.HasLeftTrigger, c.HasRightTrigger = true, true
	return c
}

// gamepadType guesses XNA's controller type from a mapped joystick's
// names: wheels, arcade and flight sticks, dance pads, guitars and drums
// say so in their names; anything else with a mapping is a gamepad.
func gamepadType(names string) engine.GamepadType {
	n := strings.ToLower(names)
	for _, k := range []struct {
		word string
		t    engine.GamepadType
	}{
		{"wheel", engine.GamepadTypeWheel}, {"racing", engine.GamepadTypeWheel},
		{"arcade", engine.GamepadTypeArcadeStick}, {"fight stick", engine.GamepadTypeArcadeStick},
		{"fightstick", engine.GamepadTypeArcadeStick},
		{"flight", engine.GamepadTypeFlightStick}, {"hotas", engine.GamepadTypeFlightStick},
		{"dance", engine.GamepadTypeDancePad},
		{"guitar", engine.GamepadTypeGuitar},
		{"drum", engine.GamepadTypeDrumKit},
	} {
		if strings.Contains(n, k.word) {
			return k.t
		}
	}
	return engine.GamepadTypeGamePad
}

// SetGamepadVibration drives slot index's motors (engine.GamepadDevices,
// I6): Linux evdev force feedback, Windows XInput; false where the pad or
// the platform cannot.
func (p *Platform) SetGamepadVibration(index int, low, high float32) bool {
	return p.win.SetGamepadVibration(index, low, high)
}

// GraphicsAdapters describes the monitors and their modes
// (engine.Displays), the primary one first.
func (p *Platform) GraphicsAdapters() []engine.GraphicsAdapter {
	return graphicsAdapters(p.win.Monitors())
}

func graphicsAdapters(monitors []window.MonitorInfo) []engine.GraphicsAdapter {
	out := make([]engine.GraphicsAdapter, 0, len(monitors))
	for _, m := range monitors {
		a := engine.GraphicsAdapter{Description: m.Name, IsDefaultAdapter: m.Primary,
			CurrentDisplayMode: displayMode(m.Current)}
		for _, v := range m.Modes {
			a.SupportedDisplayModes = append(a.SupportedDisplayModes, displayMode(v))
		}
		out = append(out, a)
	}
	return out
}

func displayMode(v window.VideoMode) engine.DisplayMode {
	return engine.DisplayMode{Width: v.Width, Height: v.Height, Format: graphics.SurfaceFormatColor,
		RedBits: v.RedBits, GreenBits: v.GreenBits, BlueBits: v.BlueBits, RefreshRate: v.RefreshRate}
}

// SetFullScreenMode makes the window full screen at the monitor's mode
// closest to mode (engine.Displays).
func (p *Platform) SetFullScreenMode(mode engine.DisplayMode) {
	p.win.SetFullScreenMode(window.VideoMode{Width: mode.Width, Height: mode.Height,
		RedBits: mode.RedBits, GreenBits: mode.GreenBits, BlueBits: mode.BlueBits, RefreshRate: mode.RefreshRate})
}

// SetIcon sets the window's icon (engine.IconSetter; window.SetIcon says
// what it refuses and scales).
func (p *Platform) SetIcon(images []image.Image) error { return p.win.SetIcon(images) }

// ContentScale returns the monitor's content scale (engine.ContentScaler).
func (p *Platform) ContentScale() (x, y float32) { return p.win.ContentScale() }

// Title returns the window's title.
func (p *Platform) Title() string { return p.title }

// SetTitle sets the window's title.
func (p *Platform) SetTitle(title string) {
	p.title = title
	p.win.SetTitle(title)
}

// CreateRenderer creates the Vulkan renderer on the window with the swap
// interval and half rate the device chose (P3, P8), in one swapchain. On
// the Wayland build FIFO is emulated on the window's frame callbacks
// (MAILBOX plus a bounded wait, reported by Presentation), so a hidden or
// occluded window never blocks the loop (W7, W10). Without a driver the error wraps
// vulkan.ErrNoDriver or vulkan.ErrNoLoader and says what to install (W6).
func (p *Platform) CreateRenderer(rc engine.RendererConfig) (engine.Renderer, error) {
	if w, h := p.win.Size(); w == 0 && h == 0 {
		return nil, errors.New("desktop: create renderer: the window was destroyed")
	}
	pending := p.pending // the first renderer takes it over; later ones start afresh
	p.pending = nil
	exts := window.NativeSurfaceExtensions()
	if pending.HasExtensions(exts) {
		launchtrace.Mark("window: the surface is made without GLFW's Vulkan support")
	} else {
		var err error
		if exts, err = window.VulkanInstanceExtensions(); err != nil {
			pending.Destroy()
			return nil, fmt.Errorf("desktop: %w", err)
		}
	}
	var pacer vulkan.FramePacer
	if window.HasFrameCallbacks() {
		pacer = p.win // Wayland: FIFO emulated on frame callbacks (W7, W10)
	}
	r, err := vulkan.NewWithInstance(p.win, pending, vulkan.Options{
		Pacer:              pacer,
		InstanceExtensions: exts,
		ProcAddr:           window.VulkanProcAddr(),
		Validation:         p.cfg.Validation,
		FramesInFlight:     p.cfg.FramesInFlight,
		SwapInterval:       rc.Present.SwapInterval,
		HalfRate:           rc.Present.HalfRate,
		SwapchainBudget:    p.cfg.SwapchainBudget,
	})
	if err != nil {
		return nil, fmt.Errorf("desktop: %w", err)
	}
	if rc.Present.MultiSampleCount > 1 {
		if _, err := r.SetBackBufferSamples(rc.Present.MultiSampleCount); err != nil {
			_ = r.WaitIdle()
			r.Destroy()
			return nil, fmt.Errorf("desktop: %w", err)
		}
	}
	launchtrace.Mark("renderer created")
	p.made = append(p.made, r)
	return &Renderer{vk: r, clock: rc.Clock, feedback: newPresentFeedback(p.win, rc.Clock), firstFrame: p.firstFrame}, nil
}

// Destroy closes the window, then destroys the Vulkan instance and device
// NewPlatform started if no renderer took them over (W4); the engine calls
// it after the renderer is gone. From then on the exit signals have their
// default effect again. A second call does nothing, and the other
// methods then do nothing and report zero values.
func (p *Platform) Destroy() {
	p.win.SetCursorMode(window.CursorNormal) // the cursor is given back even if the engine did not
	p.win.Destroy()
	p.pending.Destroy()
	p.pending = nil
	p.signals.stop()
	launchtrace.Mark("platform destroyed")
}

// validationMessages returns the validation messages of every renderer
// the platform created, in order (they stay readable after Destroy).
func (p *Platform) validationMessages() []string {
	var msgs []string
	for _, r := range p.made {
		msgs = append(msgs, r.Messages()...)
	}
	return msgs
}

// ValidationMessages returns the Vulkan validation layer's messages (W3)
// of g's renderers, also after Run ended (leaks are reported at teardown),
// so that a program can report them without reaching into the renderer.
// Nil when validation is off or g does not run on a desktop Platform.
func ValidationMessages(g *engine.Game) []string {
	p, ok := g.Platform().(interface{ validationMessages() []string })
	if !ok {
		return nil
	}
	return p.validationMessages()
}

// checkSize refuses a window whose smallest swapchain would exceed the
// swapchain memory budget, before anything is opened.
func checkSize(cfg Config) error {
	budget, err := vulkan.SwapchainBudget(cfg.SwapchainBudget)
	if err != nil {
		return err
	}
	if err := vulkan.CheckWindowSize(cfg.Width, cfg.Height, budget); err != nil {
		return fmt.Errorf("window size: %w", err)
	}
	return nil
}
