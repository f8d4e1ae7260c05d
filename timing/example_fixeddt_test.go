package timing_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// ExampleFixedDt walks through rule T21: a tick costs dt, its first present
// is free, each further present and each pump or wait costs dt.
func ExampleFixedDt() {
	src, err := timing.NewFixedDt(16 * time.Millisecond)
	if err != nil {
		fmt.Println(err)
		return
	}
	src.AdvanceTick()
	fmt.Println("tick:          ", src.Now())
	src.Present()
	fmt.Println("its present:   ", src.Now())
	src.Present()
	fmt.Println("extra present: ", src.Now())
	src.Pump()
	fmt.Println("pump:          ", src.Now())
	src.Sleep(time.Millisecond)
	fmt.Println("sleep 1ms:     ", src.Now())
	// Output:
	// tick:           16ms
	// its present:    16ms
	// extra present:  32ms
	// pump:           48ms
	// sleep 1ms:      64ms
}
