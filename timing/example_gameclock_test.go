package timing_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// ExampleGameClock contrasts the two pauses of rules T18 and T19: a Lock
// around a 16 ms vsync-blocked render is transparent (the game clock catches
// up after Unlock), a Save around a 2 s modal menu is a rewind.
func ExampleGameClock() {
	src := timing.NewManualClock(0)
	clock, err := timing.NewGameClock(src)
	if err != nil {
		fmt.Println(err)
		return
	}

	clock.Lock()
	src.Advance(16 * time.Millisecond) // render + vsync
	clock.Update()
	fmt.Println("locked:  wall", clock.Wall(), "game", clock.Game())
	_ = clock.Unlock()
	clock.Update()
	fmt.Println("unlock:  wall", clock.Wall(), "game", clock.Game())

	clock.Save()
	src.Advance(2 * time.Second) // the pause menu
	clock.Update()
	_ = clock.Restore()
	fmt.Println("restore: wall", clock.Wall(), "game", clock.Game())
	// Output:
	// locked:  wall 16ms game 0s
	// unlock:  wall 16ms game 16ms
	// restore: wall 2.016s game 16ms
}
