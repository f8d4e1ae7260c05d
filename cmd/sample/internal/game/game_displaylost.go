package game

import (
	"fmt"
	"github.com/metronome-engine/metronome/engine/desktop"

	"github.com/metronome-engine/metronome/engine"
)

// watchDisplay makes a lost X server save what s has so far: the window
// package prints its message, displayLost writes the state dump and says
// the screenshot is skipped, and the process exits with
// desktop.DisplayLostStatus. The returned func removes the hook.
func watchDisplay(s *sampleGame, g *engine.Game) (stop func()) {
	desktop.OnDisplayLost(func() { s.displayLost(g) })
	return func() { desktop.OnDisplayLost(nil) }
}

// displayLost runs on the thread that found the X connection broken (the
// main thread, inside the loop's event poll, while nothing else touches s):
// it writes -dump-state from the state so far (T21) and skips -screenshot,
// since no frame can be read back from a window that is gone (W5). It
// calls neither GLFW nor the renderer.
func (s *sampleGame) displayLost(g *engine.Game) {
	if s.opt.dumpState != "" {
		if err := s.writeDump(g, s.opt.dumpState); err != nil {
			fmt.Fprintf(s.stderr, "sample: dump state: %v\n", err)
		}
	}
	if s.opt.screenshot != "" {
		fmt.Fprintf(s.stderr, "sample: screenshot %s skipped: the display is gone, there is no frame to read back\n",
			s.opt.screenshot)
	}
}
