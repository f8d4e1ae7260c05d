package timing

import (
	"fmt"
	"time"
)

// DrawMode says when a fixed-step Scheduler draws (rule T27).
type DrawMode int

// Draw modes.
const (
	// DrawPerTick is XNA's mode and the default: a fixed-step tick waits
	// until a step is owed, runs the owed Updates and then one Draw, so
	// the game draws at most once per Update.
	DrawPerTick DrawMode = iota
	// DrawFreeRunning keeps the Updates on the fixed step but does not
	// wait for one: each tick runs the Updates owed (often none) and
	// draws, with GameTime.Alpha the fraction of a step past the latest
	// Update. The loop is then paced by the presentation (vertical sync),
	// so the game draws once per presented frame, faster than it updates
	// on a display faster than its update rate.
	DrawFreeRunning
)

var drawModeText = [...]string{DrawPerTick: "per tick", DrawFreeRunning: "free-running"}

// String returns the mode in words.
func (m DrawMode) String() string {
	if m < 0 || int(m) >= len(drawModeText) {
		return fmt.Sprintf("DrawMode(%d)", int(m))
	}
	return drawModeText[m]
}

// DrawMode returns the draw mode (DrawPerTick unless set).
func (s *Scheduler) DrawMode() DrawMode { return s.drawMode }

// SetDrawMode chooses when fixed-step ticks draw (T27); it applies from the
// next tick. An unknown mode is an error and changes nothing.
//
// Under DrawFreeRunning a fixed-step tick does not wait for a step: it
// polls, runs the Updates owed (zero or more, with the same rules as
// DrawPerTick: T7, T9, T10; under ProfileXNA, T22) and draws. A draw after
// no Update sees ElapsedGameTime zero, the unchanged TotalGameTime and a
// larger Alpha than the draw before. The Updates are the same in both
// modes: Update n runs once n steps of wall time are owed and sees the
// same ElapsedGameTime and TotalGameTime. Only the grouping of Updates
// into ticks can differ after a hitch (by one step where a step boundary
// falls between the two modes' ticks), and IsRunningSlowly follows the
// grouping (T10). Until the game's first Update the tick still waits for
// a step, so Draw never runs before the first Update.
//
// The loop no longer sleeps until the next step, so a free-running game
// is paced by its presents: with vertical sync off and nothing else to
// wait for it draws as fast as it can. A tick that drew nothing (a
// suppressed or skipped draw, a minimized window) makes IdleWait ask for
// the time until the next step, so the loop does not spin then.
//
// In variable step the mode changes nothing: each tick already runs one
// Update and one Draw with Alpha 1 (T13). A display-locked tick (P10)
// waits for its vblank boundary in both modes.
func (s *Scheduler) SetDrawMode(m DrawMode) error {
	if m != DrawPerTick && m != DrawFreeRunning {
		return fmt.Errorf("timing: unknown DrawMode %d (want DrawPerTick or DrawFreeRunning)", int(m))
	}
	s.drawMode = m
	return nil
}

// freeDraw reports whether a fixed-step tick draws without waiting for a
// step: the mode asks for it and the game's first Update has run.
func (s *Scheduler) freeDraw() bool {
	return s.drawMode == DrawFreeRunning && s.firstUpdate
}

// freeIdle is IdleWait's answer for a free-running fixed-step tick that
// drew nothing: the time until the next step is owed, at least 0.
func (s *Scheduler) freeIdle() time.Duration {
	if d := s.owedNs(s.target); d > 0 {
		return d
	}
	return 0
}
