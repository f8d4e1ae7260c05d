package game

import (
	"errors"
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// loadTime is how long L blocks inside Update, as a level load would.
const loadTime = 300 * time.Millisecond

// maxStalledWaits is how many waits in a row may leave the clock where it
// was before a load gives up (a stalled Source, rule T14).
const maxStalledWaits = 1000

// stepBalls advances both balls by the update's ElapsedGameTime (the
// fixed step's TargetElapsedTime, zero in the game's first update), unless
// the game is paused.
func (s *sampleGame) stepBalls(gt timing.GameTime) {
	if s.paused {
		return
	}
	dt := gt.ElapsedGameTime.Seconds()
	for i := range s.balls {
		s.balls[i].step(sampleBallParams, dt)
	}
}

// drawAlpha is the interpolation alpha the balls are drawn at: the Draw's
// alpha in fixed step (T8); 1, the latest state, in variable step, where
// every update has its own draw and nothing is left over.
func drawAlpha(gt timing.GameTime, fixed bool) float64 {
	if !fixed {
		return 1
	}
	return gt.Alpha
}

// placeBalls records where this draw shows the balls: the interpolated one
// at alpha between its last two steps, the other at its latest state.
func (s *sampleGame) placeBalls(alpha float64) {
	s.drawnY[ballInterpolated] = s.balls[ballInterpolated].at(alpha)
	s.drawnY[ballLatest] = s.balls[ballLatest].Y
}

// ballLook is where and how the scene draws each ball: the interpolated
// one blue, left of the cube; the latest one green, right of it. X and
// Scale are world units (the cube's side is 1).
var ballLook = [2]struct {
	x, scale float32
	color    [3]float32
}{
	ballInterpolated: {x: -1.35, scale: 0.3, color: [3]float32{0.25, 0.65, 1}},
	ballLatest:       {x: 1.35, scale: 0.3, color: [3]float32{0.3, 0.85, 0.35}},
}

// togglePause is P. Pausing stops the balls (held still, so the
// interpolated one does not jitter between its last two steps), and Saves
// then Locks the cube's GameClock: the cube stands still. Resuming Unlocks
// then Restores it: the saved interval is rewound (T19), so the cube goes
// on exactly where it stopped while wall time ran on (T18).
func (s *sampleGame) togglePause() {
	s.status.force = true
	if !s.paused {
		s.clock.Save()
		s.clock.Lock()
		for i := range s.balls {
			s.balls[i].hold()
		}
		s.paused = true
		return
	}
	if err := errors.Join(s.clock.Unlock(), s.clock.Restore()); err != nil {
		fmt.Fprintf(s.stderr, "sample: resume: %v\n", err)
	}
	s.paused = false
}

// simulateLoad is L: it blocks inside Update until the engine's clock has
// moved loadTime, waiting through the engine's Waiter. On the system clock
// that is a real sleep; on -fixed-dt's virtual clock each wait pumps one
// dt (T21), so a replay pumps the same ceil(loadTime/dt) steps every time.
// The next tick then owes the whole load: a catch-up burst of updates that
// sets IsRunningSlowly (T10).
func (s *sampleGame) simulateLoad() {
	start := s.source.Now()
	for now, stalled := start, 0; now-start < loadTime; {
		s.waiter.Sleep(loadTime - (now - start))
		next := s.source.Now()
		if next > now {
			now, stalled = next, 0
			continue
		}
		if stalled++; stalled >= maxStalledWaits {
			fmt.Fprintf(s.stderr, "sample: load: the clock stopped at %v of %v\n", now-start, loadTime)
			break
		}
	}
	s.loads++
	s.status.force = true
}
