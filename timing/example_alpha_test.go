package timing_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// mover moves at 60 units per second of game time and draws itself
// interpolated between its last two states.
type mover struct{ prev, cur float64 }

func (m *mover) Poll() {}

func (m *mover) Update(gt timing.GameTime) {
	m.prev = m.cur
	m.cur += 60 * gt.ElapsedGameTime.Seconds()
}

// Draw is the same code in both modes: GameTime.Alpha is the fraction of a
// step past the last update under fixed step, and 1 (the latest state) in
// variable step, where the last update covered all the time passed (T8).
func (m *mover) Draw(gt timing.GameTime) {
	fmt.Printf("prev %.2f cur %.2f alpha %.2f: drawn at %.2f\n", m.prev, m.cur, gt.Alpha, m.prev+(m.cur-m.prev)*gt.Alpha)
}

// The same lerp(prev, cur, alpha) draw code is right under fixed and
// variable step. After 2.5 steps of time (41.67 ms), fixed step has run two
// updates (the first sees zero, T7) with half a step left over: the draw
// lands halfway between the last two states. Variable step has run one
// update covering all 2.5 steps: Alpha is 1 and the draw shows the latest
// state, not the one before it (T8).
func ExampleGameTime_alpha() {
	for _, fixed := range []bool{true, false} {
		clock := timing.NewManualClock(0)
		m := &mover{}
		s, err := timing.NewScheduler(clock, clock, m)
		if err != nil {
			panic(err)
		}
		s.SetFixedTimeStep(fixed)
		s.Start()
		clock.Advance(time.Second / 24) // 2.5 steps of 1/60 s
		fmt.Printf("fixed step %v: ", fixed)
		_ = s.Tick()
	}
	// Output:
	// fixed step true: prev 0.00 cur 1.00 alpha 0.50: drawn at 0.50
	// fixed step false: prev 0.00 cur 2.50 alpha 1.00: drawn at 2.50
}
