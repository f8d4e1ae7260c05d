// Package enginetest runs a game's own tests without a window or a GPU: a
// fake engine.Platform in virtual time whose input the test scripts (key
// presses and releases, zero-length taps, the mouse, gamepads, focus,
// resizes, a close), and a fake engine.Renderer that counts frames and
// executes every frame record on graphicstest's fake drawing backend, where
// the test inspects what was drawn. NewGame puts a game on both.
//
// The fake's clock is a timing.ManualClock that the platform advances by
// FrameTime on every poll, a frame's worth of wall time passing while the
// loop works; a test may Advance it further (a slow frame). Nothing waits
// for real time, so a run is the same on every machine.
//
// A test binary whose tests open real windows needs the main thread
// instead: package enginetest/desktoptest has its TestMain.
package enginetest

import (
	"fmt"
	"image"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
)

// FrameTime is the default virtual time that passes per poll: one frame of
// the engine's default 60 Hz target (166,667 ticks of 100 ns), so each
// frame runs one Update.
const FrameTime = 16_666_700 * time.Nanosecond

// Platform is a fake engine.Platform (with the optional gamepad, cursor and
// icon interfaces) in virtual time. Events posted with its input methods
// are delivered, in the order posted, by the next poll; At schedules a
// batch for a given poll. Make one with NewPlatform. Not safe for
// concurrent use: script it between frames, or from the game's own hooks.
type Platform struct {
	// Clock is the engine's time source and waiter (NewGame passes it in
	// engine.Config). Each PollEvents advances it by FrameTime; WaitEvents
	// and the scheduler's sleeps advance it by what they ask.
	Clock *timing.ManualClock
	// FrameTime is the virtual time each poll advances Clock by.
	FrameTime time.Duration
	// Renderer is the fake that CreateRenderer hands the engine.
	Renderer *Renderer

	next     []engine.PlatformEvent         // delivered by the next poll
	at       map[int][]engine.PlatformEvent // poll number (from 0) -> batch
	polls    int
	waits    int
	clientW  int
	clientH  int
	fbW, fbH int
	refresh  int
	full     bool
	title    string
	icons    []image.Image
	cursor   engine.CursorMode
	mouseX   float64
	mouseY   float64

	pads       [engine.MaxGamepads]engine.GamepadState
	padsOn     [engine.MaxGamepads]bool
	padCaps    [engine.MaxGamepads]engine.GamepadCapabilities
	vibrations [engine.MaxGamepads][2]float32

	destroyed bool
}

// NewPlatform returns a fake with a 640x480 window (the framebuffer the
// same size), a 60 Hz monitor, its clock at zero and no input.
func NewPlatform() *Platform {
	return &Platform{
		Clock: timing.NewManualClock(0), FrameTime: FrameTime, Renderer: NewRenderer(),
		at: map[int][]engine.PlatformEvent{}, clientW: 640, clientH: 480, fbW: 640, fbH: 480, refresh: 60,
	}
}

// Post queues events for the next poll, after those already queued.
func (p *Platform) Post(events ...engine.PlatformEvent) { p.next = append(p.next, events...) }

// At schedules events for poll number poll (the first poll is 0; Polls
// says how many have run), before what Post queued for that poll. It
// returns an error for a poll that has already run.
func (p *Platform) At(poll int, events ...engine.PlatformEvent) error {
	if poll < p.polls {
		return fmt.Errorf("enginetest: At(%d): poll %d has run already (Polls is %d); schedule a later one", poll, poll, p.polls)
	}
	p.at[poll] = append(p.at[poll], events...)
	return nil
}

// KeyDown queues a press of k: the key is held from the next update on.
func (p *Platform) KeyDown(k engine.Key) {
	p.Post(engine.PlatformEvent{Kind: engine.EventKey, Key: k, Action: engine.Press})
}

// KeyUp queues a release of k.
func (p *Platform) KeyUp(k engine.Key) {
	p.Post(engine.PlatformEvent{Kind: engine.EventKey, Key: k, Action: engine.Release})
}

// Tap queues a press and a release of k in the same poll: a tap shorter
// than a frame, which the next update still reads as just pressed.
func (p *Platform) Tap(k engine.Key) {
	p.KeyDown(k)
	p.KeyUp(k)
}

// Type queues a typed character (Game.TextInput).
func (p *Platform) Type(r rune) { p.Post(engine.PlatformEvent{Kind: engine.EventChar, Char: r}) }

// MoveMouse queues a cursor move to x, y in screen coordinates from the
// content area's top-left.
func (p *Platform) MoveMouse(x, y float64) {
	p.mouseX, p.mouseY = x, y
	p.Post(engine.PlatformEvent{Kind: engine.EventCursor, X: x, Y: y})
}

// MouseDown queues a press of mouse button b.
func (p *Platform) MouseDown(b engine.MouseButton) {
	p.Post(engine.PlatformEvent{Kind: engine.EventMouseButton, Button: b, Action: engine.Press})
}

// MouseUp queues a release of mouse button b.
func (p *Platform) MouseUp(b engine.MouseButton) {
	p.Post(engine.PlatformEvent{Kind: engine.EventMouseButton, Button: b, Action: engine.Release})
}

// Scroll queues a wheel turn of dx, dy steps (positive dy: away from the
// user).
func (p *Platform) Scroll(dx, dy float64) {
	p.Post(engine.PlatformEvent{Kind: engine.EventScroll, DX: dx, DY: dy})
}

// Focus queues a focus change: the game activates on true and deactivates
// on false.
func (p *Platform) Focus(on bool) { p.Post(engine.PlatformEvent{Kind: engine.EventFocus, Focused: on}) }

// RequestClose queues the user's request to close the window: the game
// exits after that frame's update.
func (p *Platform) RequestClose() { p.Post(engine.PlatformEvent{Kind: engine.EventClose}) }

// Resize makes the window's content area and framebuffer width x height,
// as a user's drag does, and queues the resize events that report it.
func (p *Platform) Resize(width, height int) {
	p.clientW, p.clientH, p.fbW, p.fbH = width, height, width, height
	p.Post(engine.PlatformEvent{Kind: engine.EventResize, Width: width, Height: height},
		engine.PlatformEvent{Kind: engine.EventFramebufferResize, Width: width, Height: height})
}

// SetGamepad connects a controller in slot index (0 to engine.MaxGamepads-1)
// with state s (raw Buttons and Axes; the engine derives the rest) and
// capabilities c (IsConnected is set for it). The engine reads it on its
// next poll of the slot. It returns an error for a slot out of range.
func (p *Platform) SetGamepad(index int, s engine.GamepadState, c engine.GamepadCapabilities) error {
	if index < 0 || index >= engine.MaxGamepads {
		return fmt.Errorf("enginetest: gamepad slot %d: want 0 to %d", index, engine.MaxGamepads-1)
	}
	s.IsConnected, c.IsConnected = true, true
	p.pads[index], p.padsOn[index], p.padCaps[index] = s, true, c
	return nil
}

// UnplugGamepad disconnects the controller in slot index, if any.
func (p *Platform) UnplugGamepad(index int) {
	if index >= 0 && index < engine.MaxGamepads {
		p.pads[index], p.padsOn[index], p.padCaps[index] = engine.GamepadState{}, false, engine.GamepadCapabilities{}
	}
}

// Vibration returns the motor speeds last set on slot index
// (Game.SetVibration on a controller whose capabilities have motors).
func (p *Platform) Vibration(index int) (low, high float32) {
	if index < 0 || index >= engine.MaxGamepads {
		return 0, 0
	}
	return p.vibrations[index][0], p.vibrations[index][1]
}

// Polls returns how many polls have run: one per frame.
func (p *Platform) Polls() int { return p.polls }

// Waits returns how many WaitEvents calls the engine made (a minimized
// game's waits).
func (p *Platform) Waits() int { return p.waits }

// FullScreen reports whether the game last asked for full screen.
func (p *Platform) FullScreen() bool { return p.full }

// Icons returns the images the game last set as the window icon.
func (p *Platform) Icons() []image.Image { return p.icons }

// CursorMode returns the cursor mode the engine last set (Game's mouse
// visibility and capture).
func (p *Platform) CursorMode() engine.CursorMode { return p.cursor }

// Destroyed reports whether the engine closed the window (at the end of
// Run or Close).
func (p *Platform) Destroyed() bool { return p.destroyed }

// PollEvents advances Clock by FrameTime and appends the events scheduled
// for this poll (At) and then those posted since the last poll.
func (p *Platform) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent {
	p.Clock.Advance(p.FrameTime)
	if evs, ok := p.at[p.polls]; ok {
		dst = append(dst, evs...)
		delete(p.at, p.polls)
	}
	p.polls++
	dst = append(dst, p.next...)
	p.next = p.next[:0]
	return dst
}

// WaitEvents advances Clock by timeout: no event arrives on its own.
func (p *Platform) WaitEvents(timeout time.Duration) {
	p.waits++
	p.Clock.Sleep(timeout)
}

// ClientSize returns the content area's size.
func (p *Platform) ClientSize() (int, int) { return p.clientW, p.clientH }

// FramebufferSize returns the framebuffer's size (the content area's).
func (p *Platform) FramebufferSize() (int, int) { return p.fbW, p.fbH }

// SetClientSize sets the content area and framebuffer to width x height.
func (p *Platform) SetClientSize(width, height int) {
	p.clientW, p.clientH, p.fbW, p.fbH = width, height, width, height
}

// SetFullScreen records the switch; the window keeps its size.
func (p *Platform) SetFullScreen(on bool) { p.full = on }

// SetResizable does nothing: the fake's size changes only by Resize.
func (p *Platform) SetResizable(bool) {}

// RefreshRate returns 60.
func (p *Platform) RefreshRate() int { return p.refresh }

// Gamepad returns the state SetGamepad gave slot index.
func (p *Platform) Gamepad(index int) (engine.GamepadState, bool) {
	return p.pads[index], p.padsOn[index]
}

// GamepadCapabilities returns what SetGamepad gave slot index; the zero
// value for an empty slot.
func (p *Platform) GamepadCapabilities(index int) engine.GamepadCapabilities {
	return p.padCaps[index]
}

// SetGamepadVibration records the speeds when the controller in slot index
// has a motor, and reports whether it did.
func (p *Platform) SetGamepadVibration(index int, low, high float32) bool {
	c := p.padCaps[index]
	if !p.padsOn[index] || !(c.HasLeftVibrationMotor || c.HasRightVibrationMotor) {
		return false
	}
	p.vibrations[index] = [2]float32{low, high}
	return true
}

// SetCursorMode records mode and returns the cursor's position.
func (p *Platform) SetCursorMode(mode engine.CursorMode) (x, y float64) {
	p.cursor = mode
	return p.mouseX, p.mouseY
}

// SetCursorPosition moves the cursor without an event, as the engine's
// own moves do.
func (p *Platform) SetCursorPosition(x, y float64) { p.mouseX, p.mouseY = x, y }

// SetIcon records the icon images; it refuses none.
func (p *Platform) SetIcon(images []image.Image) error { p.icons = images; return nil }

// Title returns the window's title.
func (p *Platform) Title() string { return p.title }

// SetTitle sets the window's title.
func (p *Platform) SetTitle(title string) { p.title = title }

// CreateRenderer hands the engine Renderer, set up with cfg and the
// framebuffer's size; Renderer.FailCreate fails it.
func (p *Platform) CreateRenderer(cfg engine.RendererConfig) (engine.Renderer, error) {
	r := p.Renderer
	if err := r.FailCreate; err != nil {
		r.FailCreate = nil
		return nil, err
	}
	r.settings, r.clock, r.w, r.h = cfg.Present, cfg.Clock, p.fbW, p.fbH
	r.Created++
	return r, nil
}

// Destroy records that the window was closed.
func (p *Platform) Destroy() { p.destroyed = true }

// Interfaces the fake implements.
var (
	_ engine.Platform         = (*Platform)(nil)
	_ engine.GamepadDevices   = (*Platform)(nil)
	_ engine.CursorController = (*Platform)(nil)
	_ engine.IconSetter       = (*Platform)(nil)
)
