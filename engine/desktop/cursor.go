package desktop

import (
	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
)

var _ engine.CursorController = (*Platform)(nil)

// cursorModes maps the engine's cursor modes to the window's.
var cursorModes = [...]window.CursorMode{
	engine.CursorVisible:  window.CursorNormal,
	engine.CursorHidden:   window.CursorHidden,
	engine.CursorCaptured: window.CursorCaptured,
}

// SetCursorMode puts the window's cursor in mode (raw motion while
// captured, where the platform has it) and returns its position then.
func (p *Platform) SetCursorMode(mode engine.CursorMode) (x, y float64) {
	m := window.CursorNormal
	if mode >= 0 && int(mode) < len(cursorModes) {
		m = cursorModes[mode]
	}
	p.win.SetCursorMode(m)
	if m == window.CursorCaptured {
		// GLFW centres a captured cursor; its virtual position starts where
		// the pointer was, and the centring can still arrive as a move:
		// start the virtual position at the centre too, so it is no motion.
		w, h := p.win.Size()
		p.win.SetCursorPos(float64(w)/2, float64(h)/2)
	}
	return p.win.CursorPos()
}

// SetCursorPosition moves the cursor over the window's content area. The
// move's own motion event is not delivered as the user's (ownMoves).
func (p *Platform) SetCursorPosition(x, y float64) {
	if p.win.CursorMode() != window.CursorCaptured { // captured: a virtual position, no move
		p.moves.add(x, y)
	}
	p.win.SetCursorPos(x, y)
}
