package window

// KeyboardState is a snapshot of which keys are held. The zero value has no
// key down. It is a value (48 bytes): copy it to keep a snapshot.
type KeyboardState struct {
	down [(int(KeyLast) + 64) / 64]uint64
}

// Down reports whether key k is held. Codes outside 0..KeyLast report false.
func (s *KeyboardState) Down(k KeyCode) bool {
	if k < 0 || k > KeyLast {
		return false
	}
	return s.down[k/64]&(1<<(k%64)) != 0
}

// Apply updates the state from a [Key] event (press and repeat set the key,
// release clears it); other events and unknown keys change nothing.
func (s *KeyboardState) Apply(ev Event) {
	if ev.Kind != Key || ev.Key < 0 || ev.Key > KeyLast {
		return
	}
	bit := uint64(1) << (ev.Key % 64)
	if ev.Action == Release {
		s.down[ev.Key/64] &^= bit
	} else {
		s.down[ev.Key/64] |= bit
	}
}

// MouseState is a snapshot of the mouse. The zero value has the cursor at
// 0,0 and no button down.
type MouseState struct {
	X, Y             float64 // cursor position, screen coordinates from the content area's top-left
	ScrollX, ScrollY float64 // wheel steps scrolled since the window opened (XNA's ScrollWheelValue / 120)
	buttons          uint8   // bit b set: Button b held
}

// Down reports whether button b is held. Buttons outside 0..ButtonLast report
// false.
func (s *MouseState) Down(b Button) bool {
	if b < 0 || b > ButtonLast {
		return false
	}
	return s.buttons&(1<<b) != 0
}

// Apply updates the state from a [CursorPos], [Scroll] or [MouseButton] event;
// other events change nothing.
func (s *MouseState) Apply(ev Event) {
	switch ev.Kind {
	case CursorPos:
		s.X, s.Y = ev.X, ev.Y
	case Scroll:
		s.ScrollX += ev.DX
		s.ScrollY += ev.DY
	case MouseButton:
		if ev.Button < 0 || ev.Button > ButtonLast {
			return
		}
		if ev.Action == Release {
			s.buttons &^= 1 << ev.Button
		} else {
			s.buttons |= 1 << ev.Button
		}
	}
}

// KeyboardState returns which keys are held, as of the events collected so
// far (the last [Window.PollEvents]). Must be called from the main thread.
func (w *Window) KeyboardState() KeyboardState { return w.keys }

// MouseState returns the mouse as of the events collected so far (the last
// [Window.PollEvents]). Must be called from the main thread.
func (w *Window) MouseState() MouseState { return w.mouse }
