package timing_test

import (
	"fmt"

	"github.com/metronome-engine/metronome/timing"
)

// ExampleFixedStepClock shows the worked numbers of rule T17: sixty uneven
// frames of 16 or 17 ms that total one second make exactly 20 ticks at
// 20 ticks/s, and a ten-second stall runs the cap of 4 ticks and drops the rest.
func ExampleFixedStepClock() {
	clock, err := timing.NewDefaultFixedStepClock(1000) // timestamps in ms
	if err != nil {
		fmt.Println(err)
		return
	}
	ticks := 0
	for i := range 60 {
		elapsed := int64(17)
		if i%3 == 2 {
			elapsed = 16
		}
		ticks += clock.Advance(elapsed).Ticks
	}
	fmt.Println("one second of uneven frames:", ticks, "ticks")

	step := clock.Advance(10_000)
	fmt.Printf("ten-second stall: %d ticks, dropped=%v, alpha=%v\n", step.Ticks, step.Dropped, step.Alpha)

	step = clock.Advance(30)
	fmt.Printf("30 ms later: %d ticks, alpha=%.1f\n", step.Ticks, step.Alpha)
	// Output:
	// one second of uneven frames: 20 ticks
	// ten-second stall: 4 ticks, dropped=true, alpha=0
	// 30 ms later: 0 ticks, alpha=0.6
}
