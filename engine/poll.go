package engine

// poll consumes the platform's event batch in order: every event goes to
// the input bridge first, then to the game's own reaction (so Exit in that
// reaction cannot stop the rest of the batch reaching the bridge), and the
// snapshots are published after the whole batch. The bridge stamps the
// input events with the clock read once per poll. Focus is the batch's
// last focus event: a window system that takes focus away and gives it
// back within one poll (X11 does as a window is shown) changes nothing,
// so Activated and Deactivated are raised for a change the game could
// see between two polls, never for a flicker (XNA's IsActive).
// ClientSizeChanged is raised after the batch, once the device's back
// buffer has followed the framebuffer, so its handlers see the new
// PresentationParameters and Viewport (as XNA's, whose manager resets
// the device first) whichever order the window system sent them in.
func (g *Game) poll() {
	g.batch = g.platform.PollEvents(g.batch[:0])
	g.bridge.now = g.src.Now()
	focus, resized := g.active, false
	for i := range g.batch {
		ev := &g.batch[i]
		g.bridge.apply(ev)
		switch ev.Kind {
		case EventFocus:
			focus = ev.Focused
			continue
		case EventResize:
			resized = true // after the batch: the back buffer follows first
			continue
		}
		g.react(ev)
	}
	if resized {
		g.requeryClientSize()
	}
	g.setActive(focus)
	if g.exitAsked.Load() {
		g.Exit() // RequestExit: handled like a Close at the end of the batch
	}
	g.publish()
	if dev := g.graphics.device; dev != nil {
		dev.pollDisplayed(g.sched) // presentation feedback (P9, P10)
	}
}

// pollExit is the check between the Updates of a catch-up burst (T12): a
// RequestExit, or a close request a CloseRequester platform reports, calls
// Exit now. Other events wait for the next poll, so input still changes
// only between ticks.
func (g *Game) pollExit() {
	if g.exitAsked.Load() {
		g.Exit()
		return
	}
	if c, ok := g.platform.(CloseRequester); ok && c.CloseRequested() {
		g.Exit()
	}
}

// react is the game's own handling of an event. Resize payloads are not
// trusted: the platform is re-queried.
func (g *Game) react(ev *PlatformEvent) {
	switch ev.Kind {
	case EventClose:
		g.Exit()
	case EventIconify:
		g.minimized = ev.Iconified
		g.syncSchedulerActive()
	case EventFramebufferResize:
		g.requeryFramebuffer()
	}
}

// publish makes the bridge's state the snapshot Keyboard, Mouse and
// GamePad return until the next poll.
func (g *Game) publish() {
	g.keyboard = g.bridge.keys
	g.mouse = g.bridge.mouse
	g.pads.poll(g.platform)
}

// setActive changes IsActive and raises Activated or Deactivated when it
// changed (hook first, then the event's handlers).
func (g *Game) setActive(active bool) {
	if g.active == active {
		return
	}
	g.active = active
	g.syncSchedulerActive()
	g.applyCursor() // focus loss releases a capture, focus gain restores it (I4)
	if active {
		if h, ok := g.handler.(ActivatedHandler); ok {
			h.OnActivated(g)
		}
		g.Activated.raise(g)
		return
	}
	if h, ok := g.handler.(DeactivatedHandler); ok {
		h.OnDeactivated(g)
	}
	g.Deactivated.raise(g)
}

// syncSchedulerActive tells the scheduler whether to sleep InactiveSleepTime
// first in each tick: while inactive or minimized (T24).
func (g *Game) syncSchedulerActive() {
	g.sched.SetActive(g.active && !g.IsMinimized())
}

func (g *Game) requeryClientSize() {
	w, h := g.platform.ClientSize()
	if w == g.clientW && h == g.clientH {
		return
	}
	g.clientW, g.clientH = w, h
	g.ClientSizeChanged.raise(g)
}

// requeryFramebuffer reads the framebuffer size and, when it changed to a
// drawable size, resizes the device's back buffer to it (W2, W9); 0x0
// counts as minimized and keeps the last size.
func (g *Game) requeryFramebuffer() {
	w, h := g.platform.FramebufferSize()
	if w == g.fbW && h == g.fbH {
		return
	}
	g.fbW, g.fbH = w, h
	g.syncSchedulerActive()
	if dev := g.graphics.device; dev != nil && w > 0 && h > 0 {
		if err := dev.followFramebuffer(w, h); err != nil {
			g.fail(err)
		}
	}
}

// gamepads holds the slots the game asked for and their last snapshots.
type gamepads struct {
	wanted    [MaxGamepads]bool
	any       bool
	state     [MaxGamepads]GamepadState
	connected [MaxGamepads]bool
	edges     padEdges // since the last update began (gamepad_edges.go)
	update    padEdges // the current update's (I5)
}

// poll refreshes the wanted slots; none are polled until the game asks.
func (p *gamepads) poll(pl Platform) {
	if !p.any {
		return
	}
	for i := range p.wanted {
		if p.wanted[i] {
			old := p.state[i]
			p.state[i], p.connected[i] = readGamepad(pl, i)
			p.edges.note(i, old, p.state[i])
		}
	}
}

// readGamepad reads slot i from the platform and fills the XNA half of
// the state with the default dead zone (I6). The platform's pseudo-buttons
// are ignored: the engine derives them.
func readGamepad(pl Platform, i int) (GamepadState, bool) {
	s, ok := pl.Gamepad(i)
	if !ok {
		return GamepadState{}, false // XNA: an empty slot reads as the zero state
	}
	for b := GamepadPhysicalButtons; b < GamepadButtonCount; b++ {
		s.Buttons[b] = false
	}
	s.IsConnected = ok
	s.cook(DeadZoneIndependentAxes)
	return s, ok
}

// GamePad returns the snapshot of gamepad slot index (0..MaxGamepads-1)
// and whether one is connected there. The first call for a slot reads it at
// once and marks it wanted; from then on every poll refreshes it. Slots
// never asked for are never polled (opening controllers can be slow).
// Its ThumbSticks, Triggers and pseudo-buttons are worked out with XNA's
// default dead zone, DeadZoneIndependentAxes (I6); GamePadState takes
// another mode. An empty slot reads as the zero state.
func (g *Game) GamePad(index int) (GamepadState, bool) {
	if index < 0 || index >= MaxGamepads {
		return GamepadState{}, false
	}
	p := &g.pads
	if !p.wanted[index] {
		p.wanted[index], p.any = true, true
		p.state[index], p.connected[index] = readGamepad(g.platform, index)
	}
	return p.state[index], p.connected[index]
}
