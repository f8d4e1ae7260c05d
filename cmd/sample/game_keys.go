package main

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine"
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

// pressed reports a key's press edge: down now and not in the previous
// update (several updates of one tick see one poll, so one press acts
// once), or a press from the -input script in this update.
func (s *sampleGame) pressed(keys engine.KeyboardState, ks ...engine.Key) bool {
	for _, k := range ks {
		if keys.IsKeyDown(k) && !s.prevKeys.IsKeyDown(k) || s.inj.has(k) {
			return true
		}
	}
	return false
}

// handleKeys acts on the keys pressed since the previous update.
func (s *sampleGame) handleKeys(g *engine.Game, keys engine.KeyboardState) {
	if s.pressed(keys, engine.KeyEscape) {
		g.Exit()
		return
	}
	for n := range 3 {
		if s.pressed(keys, engine.Key0+engine.Key(n), engine.KeyKP0+engine.Key(n)) {
			s.setInterval(g, n)
		}
	}
	if s.pressed(keys, engine.KeyH) {
		s.toggleHalfRate(g)
	}
	if s.pressed(keys, engine.KeyF) {
		g.SetFixedTimeStep(!g.IsFixedTimeStep())
		s.status.force = true
	}
	if s.pressed(keys, engine.KeyEqual, engine.KeyKPAdd) {
		s.changeRate(g, true)
	}
	if s.pressed(keys, engine.KeyMinus, engine.KeyKPSubtract) {
		s.changeRate(g, false)
	}
	if s.pressed(keys, engine.KeyR) {
		g.ResetElapsedTime()
	}
	if s.pressed(keys, engine.KeyP) {
		s.togglePause()
	}
	if s.pressed(keys, engine.KeyL) {
		s.simulateLoad()
	}
}

// setInterval asks for swap interval n through the PreparingDeviceSettings
// handler and ApplyChanges: a live swapchain rebuild (P2, P5). On failure
// the request goes back to the interval in use.
func (s *sampleGame) setInterval(g *engine.Game, n int) {
	old := s.interval
	s.interval = n
	if err := g.Graphics().ApplyChanges(); err != nil {
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
	if err := g.Graphics().ApplyChanges(); err != nil {
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
	target, err := tickTarget(hz)
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
