package timing_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// printer is a Handler that prints each callback.
type printer struct{}

func (printer) Poll() {}
func (printer) Update(gt timing.GameTime) {
	fmt.Printf("update elapsed=%d total=%d\n", gt.ElapsedGameTime, gt.TotalGameTime)
}
func (printer) Draw(gt timing.GameTime) {
	fmt.Printf("draw elapsed=%d total=%d slow=%t\n", gt.ElapsedGameTime, gt.TotalGameTime, gt.IsRunningSlowly)
}

// The worked numbers of rule T9: after the game's first tick, 50.5 ms in
// the accumulator run three updates and one draw that sees 500,001 ticks.
func ExampleScheduler() {
	clock := timing.NewManualClock(0)
	s, err := timing.NewScheduler(clock, clock, printer{})
	if err != nil {
		panic(err)
	}
	s.Start()
	_ = s.Tick() // waits in virtual time for the first step; its update sees zero (T7)
	clock.Advance(50500 * time.Microsecond)
	_ = s.Tick()
	fmt.Println("left:", s.Accumulated())
	// Output:
	// update elapsed=0 total=0
	// draw elapsed=166667 total=0 slow=false
	// update elapsed=166667 total=0
	// update elapsed=166667 total=166667
	// update elapsed=166667 total=333334
	// draw elapsed=500001 total=500001 slow=false
	// left: 499.9µs
}

// Rule T1: 1/60 s is 166,667 ticks.
func ExampleFromSeconds() {
	fmt.Println(int64(timing.FromSeconds(1.0 / 60)))
	fmt.Println(timing.FromSeconds(1.0 / 60))
	// Output:
	// 166667
	// 16.6667ms
}
