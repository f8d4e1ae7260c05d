package audio

// Event is a list of handlers the System calls on the game's goroutine,
// during EndUpdate (XNA's events).
type Event struct {
	handlers []func()
}

// Add appends a handler.
func (e *Event) Add(f func()) {
	if f != nil {
		e.handlers = append(e.handlers, f)
	}
}

func (e *Event) raise() {
	for _, f := range e.handlers {
		f()
	}
}
