package desktop

import (
	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
)

// kinds maps window event kinds to engine event kinds.
var kinds = [...]engine.PlatformEventKind{
	window.Close:             engine.EventClose,
	window.Resize:            engine.EventResize,
	window.FramebufferResize: engine.EventFramebufferResize,
	window.Focus:             engine.EventFocus,
	window.Iconify:           engine.EventIconify,
	window.Key:               engine.EventKey,
	window.Char:              engine.EventChar,
	window.MouseButton:       engine.EventMouseButton,
	window.CursorPos:         engine.EventCursor,
	window.Scroll:            engine.EventScroll,
}

// convert turns a window event into an engine event; false for a kind the
// engine does not know. The window's raw key, button and action codes are
// GLFW's, and so are the engine's values (I3), so they convert by cast.
func convert(ev *window.Event) (engine.PlatformEvent, bool) {
	if int(ev.Kind) >= len(kinds) || kinds[ev.Kind] == 0 {
		return engine.PlatformEvent{}, false
	}
	return engine.PlatformEvent{
		Kind:      kinds[ev.Kind],
		Width:     ev.Width,
		Height:    ev.Height,
		Focused:   ev.Focused,
		Iconified: ev.Iconified,
		Key:       engine.Key(ev.Key),
		Button:    engine.MouseButton(ev.Button),
		Action:    engine.Action(ev.Action),
		Char:      ev.Char,
		X:         ev.X,
		Y:         ev.Y,
		DX:        ev.DX,
		DY:        ev.DY,
	}, true
}
