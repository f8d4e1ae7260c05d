package engine

import (
	"errors"
	"fmt"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
)

// Default back-buffer size, used when the platform reports no window size
// (XNA's defaults).
const (
	DefaultBackBufferWidth  = 800
	DefaultBackBufferHeight = 480
)

// PresentationParameters are a device's presentation settings (XNA's
// PresentationParameters, the fields this engine uses). Comparable: ApplyChanges
// resets the device only when they differ (P2).
type PresentationParameters struct {
	// BackBufferWidth and BackBufferHeight are in pixels; at least 1.
	BackBufferWidth, BackBufferHeight int
	// PresentationInterval is how presents wait for the vertical retrace;
	// the device hands its swap interval to the renderer (P3).
	PresentationInterval present.PresentInterval
	// IsFullScreen asks for full screen on the window's monitor:
	// windowed full screen at the monitor's current mode, or at
	// FullScreenMode when one is set.
	IsFullScreen bool
	// FullScreenMode is the display mode full screen switches the monitor
	// to (one of GraphicsAdapter.SupportedDisplayModes; the closest the
	// monitor has is taken); the zero value keeps the monitor's current
	// mode. A Go extension: XNA takes the mode from the back buffer's size.
	// A platform without Displays ignores it.
	FullScreenMode DisplayMode
	// HalfRate asks for true half-rate presentation with IntervalTwo: a Go
	// extension (rule P8; XNA has no such field), default false. With it,
	// interval Two takes FIFO and the renderer presents each frame twice,
	// so every frame stays on screen for two refreshes (30 frames per second
	// on a 60 Hz display), at the cost of a second render per frame. Without
	// it, Two maps to FIFO_RELAXED (P4), which is not half rate. It has no
	// effect on the other intervals. GraphicsDevice.Presentation reports
	// Hold 2 while it is active.
	HalfRate bool
	// MultiSampleCount is the back buffer's samples per pixel to ask for:
	// 0 for none (XNA's default); the renderer rounds it down to a power
	// of two the device supports, 4 on lavapipe (rule G22).
	MultiSampleCount int
}

// PreferredMultiSampleCount is the back buffer's MultiSampleCount that
// GraphicsDeviceManager.PreferMultiSampling asks for (FNA's choice), which
// the renderer lowers to what the device supports.
const PreferredMultiSampleCount = 8

// GraphicsDeviceInformation is what PreparingDeviceSettings handlers get a
// pointer to: the settings the device is about to be created or reset with.
type GraphicsDeviceInformation struct {
	PresentationParameters PresentationParameters
}

// GraphicsDeviceManager owns the graphics device and turns its public
// settings into the device's PresentationParameters (XNA's
// GraphicsDeviceManager). Every Game has one (Game.Graphics).
//
// The settings fields are read only when the settings are prepared: at
// device creation (when the game starts) and in ApplyChanges. So a change
// made before Run applies at creation, and a change made later applies at
// the next ApplyChanges, not before (XNA's observed behaviour).
type GraphicsDeviceManager struct {
	game   *Game
	device *GraphicsDevice
	// windowedW and windowedH are the window's size when ToggleFullScreen
	// last went full screen (0: never).
	windowedW, windowedH int

	// PreferredBackBufferWidth and PreferredBackBufferHeight are the back
	// buffer (and window content) size to ask for, in pixels. They start
	// as the window's size when the Game was made.
	PreferredBackBufferWidth, PreferredBackBufferHeight int
	// SynchronizeWithVerticalRetrace asks for vertical sync (default true):
	// IntervalOne when true, IntervalImmediate when false (P1). It keeps
	// reporting the request; GraphicsDevice.Presentation reports the mode
	// actually in use (P6). Vertical sync and the fixed step are
	// independent switches (P7).
	SynchronizeWithVerticalRetrace bool
	// IsFullScreen asks for full screen (windowed, at the monitor's current
	// mode, unless FullScreenMode is set).
	IsFullScreen bool
	// FullScreenMode, when set, is the display mode full screen switches
	// to (PresentationParameters.FullScreenMode); choose it from
	// Game.GraphicsAdapters.
	FullScreenMode DisplayMode
	// PreferMultiSampling asks for a multisampled back buffer (XNA's
	// PreferMultiSampling, default false): PresentationParameters'
	// MultiSampleCount becomes PreferredMultiSampleCount, else 0.
	PreferMultiSampling bool

	// PreparingDeviceSettings is raised as the last step of preparing the
	// settings, on both the create and the ApplyChanges path (P2), with a
	// pointer to them: handlers may change them (PresentationInterval, for
	// example), and their changes are what the device gets.
	PreparingDeviceSettings Event[*GraphicsDeviceInformation]
	// DeviceCreated is raised once the device exists.
	DeviceCreated Event[*GraphicsDevice]
	// DeviceResetting is raised before the device is reset.
	DeviceResetting Event[*GraphicsDevice]
	// DeviceReset is raised after the device was reset.
	DeviceReset Event[*GraphicsDevice]
}

func newGraphicsDeviceManager(g *Game) *GraphicsDeviceManager {
	w, h := g.platform.ClientSize()
	if w < 1 || h < 1 {
		w, h = DefaultBackBufferWidth, DefaultBackBufferHeight
	}
	return &GraphicsDeviceManager{
		game:                           g,
		PreferredBackBufferWidth:       w,
		PreferredBackBufferHeight:      h,
		SynchronizeWithVerticalRetrace: true,
	}
}

// GraphicsDevice returns the device; nil before it is created.
func (m *GraphicsDeviceManager) GraphicsDevice() *GraphicsDevice { return m.device }

// prepare builds the settings from the public fields and raises
// PreparingDeviceSettings as the last step (P1, P2).
func (m *GraphicsDeviceManager) prepare() GraphicsDeviceInformation {
	info := GraphicsDeviceInformation{PresentationParameters: PresentationParameters{
		BackBufferWidth:      m.PreferredBackBufferWidth,
		BackBufferHeight:     m.PreferredBackBufferHeight,
		PresentationInterval: present.IntervalForVSync(m.SynchronizeWithVerticalRetrace),
		IsFullScreen:         m.IsFullScreen,
		FullScreenMode:       m.FullScreenMode,
	}}
	if m.PreferMultiSampling {
		info.PresentationParameters.MultiSampleCount = PreferredMultiSampleCount
	}
	m.PreparingDeviceSettings.raise(&info)
	return info
}

// check validates prepared settings and returns the presentation settings
// they map to (P3, P8): one value, validated once.
func check(pp PresentationParameters) (PresentSettings, error) {
	if pp.BackBufferWidth < 1 || pp.BackBufferHeight < 1 {
		return PresentSettings{}, fmt.Errorf("back buffer %dx%d: width and height must be at least 1", pp.BackBufferWidth, pp.BackBufferHeight)
	}
	if fm := pp.FullScreenMode; fm != (DisplayMode{}) && (fm.Width < 1 || fm.Height < 1 || fm.RefreshRate < 0) {
		return PresentSettings{}, fmt.Errorf("full-screen mode %dx%d at %d Hz: width and height must be at least 1 and the rate not negative (or leave FullScreenMode zero for the monitor's current mode)", fm.Width, fm.Height, fm.RefreshRate)
	}
	swap, err := pp.PresentationInterval.SwapInterval()
	if err != nil {
		return PresentSettings{}, err
	}
	s := PresentSettings{SwapInterval: swap, HalfRate: pp.HalfRate, MultiSampleCount: pp.MultiSampleCount}
	return s, s.Validate()
}

// createDevice prepares the settings, applies the window parts and asks the
// platform for a renderer with the presentation settings (one value: swap
// interval and half rate build one swapchain), then makes the
// graphics.Device over the renderer's backend. It does nothing when the
// device exists.
func (m *GraphicsDeviceManager) createDevice() error {
	if m.device != nil {
		return nil
	}
	pp := m.prepare().PresentationParameters
	s, err := check(pp)
	if err != nil {
		return err
	}
	m.applyWindow(pp, nil)
	r, err := m.game.platform.CreateRenderer(RendererConfig{
		Width: pp.BackBufferWidth, Height: pp.BackBufferHeight, Present: s, Clock: m.game.src,
	})
	if err != nil {
		return fmt.Errorf("create renderer: %w", err)
	}
	if r == nil {
		return errors.New("create renderer: the platform returned a nil Renderer")
	}
	gfx, err := graphics.NewDevice(r.Backend())
	if err != nil {
		_ = r.WaitIdle()
		r.Destroy()
		return fmt.Errorf("create renderer: %w", err)
	}
	m.device = &GraphicsDevice{Device: gfx, manager: m, renderer: r, params: pp, settings: s}
	m.device.attachFeedback(r, m.game.fixedDt != nil)
	m.DeviceCreated.raise(m.device)
	return nil
}

// ApplyChanges prepares the settings (raising PreparingDeviceSettings),
// applies the window parts, and resets the device when the settings differ
// from the device's current ones; equal settings reset nothing (P2). Before
// the device exists it creates it. Invalid settings are an error and change
// nothing.
func (m *GraphicsDeviceManager) ApplyChanges() error {
	if m.device == nil {
		if err := m.createDevice(); err != nil {
			return fmt.Errorf("apply changes: %w", err)
		}
		return nil
	}
	pp := m.prepare().PresentationParameters
	if _, err := check(pp); err != nil {
		return fmt.Errorf("apply changes: %w", err)
	}
	cur := m.device.params
	m.applyWindow(pp, &cur)
	if pp != cur {
		if err := m.device.Reset(pp); err != nil {
			return fmt.Errorf("apply changes: %w", err)
		}
	}
	// The window's size as the platform reports it now (X11 without a
	// window manager, Wayland: the new one), so ClientSize and
	// Window().ClientBounds follow at once, as in XNA, where the window
	// system has applied it; ClientSizeChanged comes after the reset.
	m.game.requeryClientSize()
	return nil
}

// ToggleFullScreen flips IsFullScreen and applies it at once (ApplyChanges).
// Going full screen it notes the window's size; coming back it makes that
// size the preferred back-buffer size, so the window returns to the size
// it had before (also after the user resized it) without the game copying
// ClientSize into the preferred sizes. Setting IsFullScreen and calling
// ApplyChanges keeps XNA's behaviour: the preferred sizes are put back on
// the window.
func (m *GraphicsDeviceManager) ToggleFullScreen() error {
	if !m.IsFullScreen {
		m.windowedW, m.windowedH = m.game.platform.ClientSize()
	} else if m.windowedW > 0 && m.windowedH > 0 {
		m.PreferredBackBufferWidth, m.PreferredBackBufferHeight = m.windowedW, m.windowedH
	}
	m.IsFullScreen = !m.IsFullScreen
	return m.ApplyChanges()
}

// applyWindow puts the window parts of pp on the platform: full screen and,
// when windowed, the content size. cur is the device's current settings,
// nil at creation (compare with the window then).
func (m *GraphicsDeviceManager) applyWindow(pp PresentationParameters, cur *PresentationParameters) {
	p := m.game.platform
	wasFull := cur != nil && cur.IsFullScreen
	var wasMode DisplayMode
	if cur != nil {
		wasMode = cur.FullScreenMode
	}
	d, modes := p.(Displays)
	switch {
	case pp.IsFullScreen && modes && pp.FullScreenMode != (DisplayMode{}) &&
		(!wasFull || pp.FullScreenMode != wasMode):
		d.SetFullScreenMode(pp.FullScreenMode)
	case pp.IsFullScreen && wasFull && modes && wasMode != (DisplayMode{}) && pp.FullScreenMode == (DisplayMode{}):
		p.SetFullScreen(false) // back to the monitor's own mode, windowed full screen
		p.SetFullScreen(true)
	case pp.IsFullScreen != wasFull:
		p.SetFullScreen(pp.IsFullScreen)
	}
	if pp.IsFullScreen {
		return
	}
	w, h := p.ClientSize()
	if cur != nil {
		w, h = cur.BackBufferWidth, cur.BackBufferHeight
	}
	if pp.BackBufferWidth != w || pp.BackBufferHeight != h || pp.IsFullScreen != wasFull {
		p.SetClientSize(pp.BackBufferWidth, pp.BackBufferHeight)
	}
}

// destroyDevice waits for the device to go idle and destroys it.
func (m *GraphicsDeviceManager) destroyDevice() error {
	d := m.device
	if d == nil {
		return nil
	}
	m.device = nil
	err := d.renderer.WaitIdle()
	d.keepLastCapture()
	d.renderer.Destroy()
	if err != nil {
		return fmt.Errorf("destroy graphics device: wait idle: %w", err)
	}
	return nil
}
