package desktop

import (
	"fmt"
	"os"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestI4_OwnMovesAreForgottenAfterTwoPolls: a cursor event at a move the
// game made is its own for two polls (whole pixels, every event there),
// then a move there is the user's; the oldest of more than eight moves
// goes first.
func TestI4_OwnMovesAreForgottenAfterTwoPolls(t *testing.T) {
	var m ownMoves
	m.add(424.6, 330)
	m.add(16, 425)
	if !m.own(424, 330.9) || !m.own(424, 330) || !m.own(16, 425) || m.own(17, 425) {
		t.Fatal("an event at a move (whole pixels, more than once) is the game's, one elsewhere the user's")
	}
	m.polled()
	if !m.own(424, 330) {
		t.Fatal("a move's event is waited for two polls")
	}
	m.add(1, 1)
	m.polled()
	if m.own(424, 330) || m.own(16, 425) || !m.own(1, 1) {
		t.Fatal("after two polls the moves are forgotten, the newer one kept")
	}
	for i := range 9 {
		m.add(float64(100+i), 0)
	}
	if m.own(100, 0) || !m.own(101, 0) || !m.own(108, 0) {
		t.Fatal("the ninth move pushes out the oldest")
	}
	if n := testing.AllocsPerRun(100, func() { m.add(5, 5); m.own(5, 5); m.polled() }); n != 0 {
		t.Errorf("%v allocations a move and poll, want 0", n)
	}
}

// twoMovesGame sets the mouse position twice in one Update and records
// what Mouse() says in the Updates after.
type twoMovesGame struct {
	n      int
	seen   []engine.MouseState
	x0, y0 float64 // where the pointer was, put back at the end
}

func (g *twoMovesGame) Update(eg *engine.Game, _ timing.GameTime) {
	g.n++
	switch {
	case g.n == 1:
		// The pointer is the X server's, shared with the tests that run
		// after this one (focus follows it on a server without a window
		// manager): it goes back where it was.
		g.x0, g.y0 = eg.Platform().(*Platform).win.CursorPos()
	case g.n == 5:
		eg.SetMousePosition(40, 50)
		eg.SetMousePosition(100, 120)
	case g.n > 5:
		g.seen = append(g.seen, eg.Mouse())
	}
	if g.n == 20 {
		eg.SetMousePosition(g.x0, g.y0)
		eg.Exit()
	}
}

func (g *twoMovesGame) Draw(eg *engine.Game, gt timing.GameTime) {
	if err := drawScene(eg, gt.TotalGameTime.Duration(), nil); err != nil {
		panic(err) // a bug in the test content
	}
}

// TestI4_LastSetMousePositionWins: two SetMousePosition calls in one
// Update on the real window: Mouse() reads the last from then on, also
// after the window system's events of both moves arrived (GLFW drops the
// last move's event only; the first's came as a user's move to 40, 50).
func TestI4_LastSetMousePositionWins(t *testing.T) {
	g := &twoMovesGame{}
	var runErr error
	window.Do(func() {
		eg, err := NewGame(g, Config{Title: fmt.Sprintf("metronome-moves-%d", os.Getpid()), Width: 320, Height: 240, Validation: true})
		if err != nil {
			runErr = err
			return
		}
		runErr = eg.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	if len(g.seen) == 0 {
		t.Fatal("no Update after the moves")
	}
	for i, m := range g.seen {
		if m.X != 100 || m.Y != 120 {
			t.Fatalf("Update %d after the moves: Mouse() at %v, %v; want the last position set, 100, 120", i+1, m.X, m.Y)
		}
	}
}
