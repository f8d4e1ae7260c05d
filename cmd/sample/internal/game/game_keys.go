package game

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
)

// rateLadder is the target update rates, in Hz, that + and - step through.
var rateLadder = [...]float64{10, 15, 20, 24, 30, 40, 50, 60, 75, 90, 100, 120, 144, 165, 200, 240, 300, 360, 480, 500}

// nextRate returns the ladder's first rate above hz (up) or below it (down),
// and false when there is none.
func nextRate(hz float64, up bool) (float64, bool) {
	if up {
		for _, r := range rateLadder {
			if r > hz {
				return r, true
			}
		}
		return hz, false
	}
	for i := len(rateLadder) - 1; i >= 0; i-- {
		if rateLadder[i] < hz {
			return rateLadder[i], true
		}
	}
	return hz, false
}

// handleKeys acts on the keys pressed since the previous update, each
// press once and in order (rule I1): first the presses in the engine's
// event stream of this update, then the -input script's presses of this
// update in script order. The stream holds every press the window
// delivered, even a tap whose release came before this update (the
// keyboard snapshot then shows the key up) and two taps of one key (two
// presses, two actions); auto-repeats are not presses. A catch-up burst
// hands the stream to its first update only, so one press acts once.
func (s *sampleGame) handleKeys(g *engine.Game) {
	for _, ev := range g.InputEvents() {
		if ev.Kind == engine.InputKey && ev.Action == engine.Press && s.act(g, ev.Key) {
			return
		}
	}
	for _, ev := range s.inj.events() {
		if ev.Action == engine.Press && s.act(g, ev.Key) {
			return
		}
	}
}

// act performs key k's action (none for a key the sample does not use)
// and reports whether the game is exiting.
func (s *sampleGame) act(g *engine.Game, k engine.Key) (exiting bool) {
	switch k {
	case engine.KeyEscape:
		if g.IsMouseCaptured() { // Esc first gives the free-look camera's mouse back
			g.SetMouseCaptured(false)
			return false
		}
		g.Exit()
		return true
	case engine.Key0, engine.KeyKP0:
		s.setInterval(g, 0)
	case engine.Key1, engine.KeyKP0 + 1:
		s.setInterval(g, 1)
	case engine.Key2, engine.KeyKP0 + 2:
		s.setInterval(g, 2)
	case engine.KeyN:
		s.nextClips++ // the -model's next clip, taken in updateModel
	case engine.KeyH:
		s.toggleHalfRate(g)
	case engine.KeyF:
		g.SetFixedTimeStep(!g.IsFixedTimeStep())
		s.status.force = true
	case engine.KeyEqual, engine.KeyKPAdd:
		s.changeRate(g, true)
	case engine.KeyMinus, engine.KeyKPSubtract:
		s.changeRate(g, false)
	case engine.KeyR:
		g.ResetElapsedTime()
	case engine.KeyP:
		s.togglePause()
	case engine.KeyL:
		s.simulateLoad()
	case engine.KeyD:
		s.toggleDisplayLock(g)
	case engine.KeyG:
		s.post = !s.post
	}
	return false
}

// setInterval asks for swap interval n through the PreparingDeviceSettings
// handler and ApplyChanges: a live swapchain rebuild (P2, P5). On failure
// the request goes back to the interval in use.
func (s *sampleGame) setInterval(g *engine.Game, n int) {
	old := s.interval
	s.interval = n
	if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
		s.interval = old
		fmt.Fprintf(s.stderr, "sample: swap interval %d: %v\n", n, err)
	}
	s.status.force = true
}

// toggleHalfRate flips the handler's HalfRate and applies it (P2, P8): at
// interval 2 the renderer switches between FIFO_RELAXED and FIFO with each
// frame presented twice. On failure the request goes back.
func (s *sampleGame) toggleHalfRate(g *engine.Game) {
	s.halfRate = !s.halfRate
	if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
		s.halfRate = !s.halfRate
		fmt.Fprintf(s.stderr, "sample: half rate %v: %v\n", !s.halfRate, err)
	}
	s.status.force = true
}

// changeRate moves the target update rate one step of the ladder.
func (s *sampleGame) changeRate(g *engine.Game, up bool) {
	hz, ok := nextRate(s.hz, up)
	if !ok {
		return
	}
	target, err := timing.TargetForRate(hz)
	if err == nil {
		err = g.SetTargetElapsedTime(target)
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "sample: target rate %v Hz: %v\n", hz, err)
		return
	}
	s.hz = hz
	s.status.force = true
}

// toggleDisplayLock turns the display-locked step on or off (P10). The
// engine refuses it under the XNA profile; the sample then says why.
func (s *sampleGame) toggleDisplayLock(g *engine.Game) {
	if err := g.SetDisplayLock(!g.DisplayLock().Requested); err != nil {
		fmt.Fprintf(s.stderr, "sample: display lock: %v\n", err)
	}
	s.status.force = true
}
