package engine

// CursorMode says how the cursor behaves over the game's window.
type CursorMode int

// Cursor modes.
const (
	// CursorVisible: shown, moving freely (the default).
	CursorVisible CursorMode = iota
	// CursorHidden: invisible over the window, moving freely
	// (IsMouseVisible false).
	CursorHidden
	// CursorCaptured: invisible and held by the window; the motion
	// arrives as MouseDelta, raw (unaccelerated) where the platform has
	// it (I4).
	CursorCaptured
)

// CursorController is an optional Platform extension for the cursor
// (I4). Package engine/desktop implements it with GLFW.
type CursorController interface {
	// SetCursorMode puts the cursor in mode and returns its position
	// afterwards (the engine measures motion from there).
	SetCursorMode(mode CursorMode) (x, y float64)
	// SetCursorPosition moves the cursor (the virtual position while
	// captured).
	SetCursorPosition(x, y float64)
}

// cursorState is what the game asked of the cursor and what the platform
// was last told.
type cursorState struct {
	hidden   bool       // SetMouseVisible(false)
	captured bool       // SetMouseCaptured(true)
	applied  CursorMode // the mode the platform has
	released bool       // the cursor was given back at the end of Run
}

// IsMouseVisible reports whether the cursor shows over the window (XNA's
// Game.IsMouseVisible; unlike XNA, true until the game says otherwise). A
// captured cursor never shows.
func (g *Game) IsMouseVisible() bool { return !g.cursor.hidden }

// SetMouseVisible shows or hides the cursor over the window (XNA's
// IsMouseVisible setter).
func (g *Game) SetMouseVisible(visible bool) {
	g.cursor.hidden = !visible
	g.applyCursor()
}

// IsMouseCaptured reports whether the game asked for a captured cursor.
// While the window has no focus the capture is released, and restored
// when focus returns (I4).
func (g *Game) IsMouseCaptured() bool { return g.cursor.captured }

// SetMouseCaptured captures the cursor (hidden, held by the window, raw
// motion where the platform has it) for mouse-look, or releases it. The
// motion arrives as MouseDelta through the same latch as the keys, so no
// motion between two updates is lost. Exit, and the end of Run, always
// give the cursor back.
func (g *Game) SetMouseCaptured(on bool) {
	g.cursor.captured = on
	g.applyCursor()
}

// MouseDelta returns how far the cursor moved between the previous update
// and this one, in screen coordinates (I4): while captured, the relative
// (raw where available) motion; otherwise the cursor's own movement.
// Moves the game made (SetMousePosition, a change of cursor mode) do not
// count. Like IsKeyJustPressed it reads the same in Update and the Draw
// after it; a catch-up burst sees the motion in its first update.
func (g *Game) MouseDelta() (dx, dy float64) { return g.edges.dx, g.edges.dy }

// SetMousePosition moves the cursor to x, y in screen coordinates from
// the window's top-left (XNA's Mouse.SetPosition). The move is not
// motion: MouseDelta does not see it. Mouse() reads the new position from
// the next poll on.
func (g *Game) SetMousePosition(x, y float64) {
	if c, ok := g.platform.(CursorController); ok {
		c.SetCursorPosition(x, y)
	}
	g.bridge.mouse.X, g.bridge.mouse.Y = x, y
}

// CursorMode returns the mode the cursor is in now: captured only while
// the game asks for it and has focus.
func (g *Game) CursorMode() CursorMode { return g.cursor.applied }

// applyCursor tells the platform the mode the game's wishes and its focus
// give, when it changed.
func (g *Game) applyCursor() {
	want := CursorVisible
	switch {
	case g.cursor.released:
	case g.cursor.captured && g.active:
		want = CursorCaptured
	case g.cursor.hidden || g.cursor.captured:
		want = CursorHidden
	}
	if want == g.cursor.applied {
		return
	}
	g.cursor.applied = want
	if c, ok := g.platform.(CursorController); ok {
		// The mode change moves the cursor (a capture centres it): measure
		// motion from where it is now.
		g.bridge.mouse.X, g.bridge.mouse.Y = c.SetCursorMode(want)
	}
}

// releaseCursor gives the cursor back at the end of Run.
func (g *Game) releaseCursor() {
	g.cursor.released = true
	g.applyCursor()
}
