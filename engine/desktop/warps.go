package desktop

// ownMoves are the cursor moves the game made (SetCursorPosition) whose
// motion events may still come. GLFW's X11 backend ignores the event of
// its last move only, so with two moves before a poll the first one's
// event arrived as the user moving the cursor there, and Mouse() ended
// at the first position instead of the last (XNA's Mouse.SetPosition:
// the last call wins). The window system reports a move's event at the
// move's whole-pixel position within a poll or two; a move not seen by
// then is forgotten, so a later real move there is the user's.
type ownMoves struct {
	at [8]ownMove
	n  int
}

// ownMove is one move: its whole-pixel position and the polls it has
// waited.
type ownMove struct{ x, y, polls int }

// ownMovePolls is how many polls a move's event is waited for.
const ownMovePolls = 2

// add records a move to x, y; the oldest goes when all are in use.
func (m *ownMoves) add(x, y float64) {
	if m.n == len(m.at) {
		copy(m.at[:], m.at[1:])
		m.n--
	}
	m.at[m.n] = ownMove{x: int(x), y: int(y)}
	m.n++
}

// own reports whether a cursor event at x, y is at one of the moves.
// A move may bring more than one event (X11: the pointer entering the
// window, then its motion), so a match forgets nothing: moves go by age.
func (m *ownMoves) own(x, y float64) bool {
	for i := 0; i < m.n; i++ {
		if m.at[i].x == int(x) && m.at[i].y == int(y) {
			return true
		}
	}
	return false
}

// polled ages the moves by one poll and forgets those waited for long
// enough.
func (m *ownMoves) polled() {
	k := 0
	for i := 0; i < m.n; i++ {
		if m.at[i].polls++; m.at[i].polls < ownMovePolls {
			m.at[k] = m.at[i]
			k++
		}
	}
	m.n = k
}
