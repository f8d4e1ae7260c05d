package engine

// Event is a list of handlers that an event source calls in the order they
// were added, XNA's C# event in Go. The zero value has no handlers. Adding
// and removing allocate; raising does not.
//
// A raise calls the handlers that were there when it began, as a C#
// multicast delegate does: a handler removed while the event is being
// raised still runs in that raise if its turn has not come yet, and a
// handler added during a raise first runs in the next one. Removal and
// Clear take effect from the next raise.
type Event[T any] struct {
	handlers []eventHandler[T] // replaced, never changed in place, by removal
	nextID   uint64
}

// eventHandler is one added handler; id tells it from another add of the
// same func (funcs are not comparable).
type eventHandler[T any] struct {
	id uint64
	fn func(T)
}

// Add appends fn to the handlers and returns a func that removes this
// handler (this add of fn only); calling it again, or after Clear, does
// nothing. A nil fn is ignored (its remove does nothing).
func (e *Event[T]) Add(fn func(T)) (remove func()) {
	if fn == nil {
		return func() {}
	}
	e.nextID++
	id := e.nextID
	e.handlers = append(e.handlers, eventHandler[T]{id: id, fn: fn})
	return func() { e.remove(id) }
}

// remove drops the handler with id. It builds a new slice, so a raise
// iterating the old one is unaffected (Add only writes past the old
// length, which such a raise does not read).
func (e *Event[T]) remove(id uint64) {
	for i, h := range e.handlers {
		if h.id == id {
			kept := make([]eventHandler[T], 0, len(e.handlers)-1)
			kept = append(kept, e.handlers[:i]...)
			e.handlers = append(kept, e.handlers[i+1:]...)
			return
		}
	}
}

// Len returns the number of handlers.
func (e *Event[T]) Len() int { return len(e.handlers) }

// Clear removes every handler.
func (e *Event[T]) Clear() { e.handlers = nil }

// raise calls every handler with v, in order (the handlers there when it
// began).
func (e *Event[T]) raise(v T) {
	for _, h := range e.handlers {
		h.fn(v)
	}
}
