package engine

// padEdges are the gamepad buttons that went down (or up) at least once
// in a span of polls, one bit per button and slot (I5); the stick and
// trigger pseudo-buttons (I6) latch the same way.
type padEdges struct {
	pressed, released [MaxGamepads]uint32
}

// note records the edges between two snapshots of slot i.
func (e *padEdges) note(i int, old, cur GamepadState) {
	for b := range GamepadButtonCount {
		bit := uint32(1) << b
		switch {
		case cur.Buttons[b] && !old.Buttons[b]:
			e.pressed[i] |= bit
		case !cur.Buttons[b] && old.Buttons[b]:
			e.released[i] |= bit
		}
	}
}

// IsButtonJustPressed reports whether button b of the gamepad in slot
// player went down between the previous update and this one (I5), on the
// same latch as IsKeyJustPressed: a press that was up again by the next
// poll is lost only if no poll saw it, and a catch-up burst sees the
// press in its first update. The slot must have been read with GamePad
// (slots are polled only once asked for). The stick and trigger
// pseudo-buttons (GamepadLeftThumbstickUp, GamepadLeftTrigger, ...) have
// edges too, worked out with the default dead zone (I6).
func (g *Game) IsButtonJustPressed(player int, b GamepadButton) bool {
	return player >= 0 && player < MaxGamepads && b >= 0 && b < GamepadButtonCount &&
		g.pads.update.pressed[player]&(1<<b) != 0
}

// IsButtonJustReleased reports whether button b of the gamepad in slot
// player went up between the previous update and this one (I5).
func (g *Game) IsButtonJustReleased(player int, b GamepadButton) bool {
	return player >= 0 && player < MaxGamepads && b >= 0 && b < GamepadButtonCount &&
		g.pads.update.released[player]&(1<<b) != 0
}
