package present_test

import (
	"fmt"

	"github.com/metronome-engine/metronome/renderer/present"
)

// ExampleChooseMode shows rules P3 and P4: XNA's interval Two becomes swap
// interval 2, which wants FIFO_RELAXED (late swap tearing, not half rate);
// a surface without it falls back to FIFO, and the fallback is reported.
func ExampleChooseMode() {
	swap, err := present.IntervalTwo.SwapInterval()
	if err != nil {
		fmt.Println(err)
		return
	}
	surface := present.NewModeSet(present.ModeFIFO, present.ModeMailbox)
	c, err := present.ChooseMode(swap, surface)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Mode, c.FellBack)
	fmt.Println(c.Reason)

	_, err = present.ChooseMode(3, surface)
	fmt.Println(err)
	// Output:
	// FIFO true
	// swap interval 2 wants FIFO_RELAXED: not supported by the surface {MAILBOX, FIFO}; fell back to FIFO
	// choose present mode: swap interval 3: bad swap interval (allowed: 0, 1, 2)
}
