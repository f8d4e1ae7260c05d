package engine

// Event is a list of handlers that an event source calls in the order they
// were added, XNA's C# event in Go. The zero value has no handlers. Adding
// allocates; raising does not.
type Event[T any] struct {
	handlers []func(T)
}

// Add appends fn to the handlers; a nil fn is ignored.
func (e *Event[T]) Add(fn func(T)) {
	if fn != nil {
		e.handlers = append(e.handlers, fn)
	}
}

// Len returns the number of handlers.
func (e *Event[T]) Len() int { return len(e.handlers) }

// Clear removes every handler.
func (e *Event[T]) Clear() { e.handlers = nil }

// raise calls every handler with v, in order.
func (e *Event[T]) raise(v T) {
	for _, fn := range e.handlers {
		fn(v)
	}
}
