package pacing_test

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
)

// ExampleDisplay answers "will my 60 Hz tick judder on a 144 Hz monitor
// with FIFO?": each frame stays up for 3, 2, 3, 2, 2 refreshes, so a
// refresh shows one new update or none (a simulated display, issue 6).
func ExampleDisplay() {
	d, err := pacing.NewDisplay(pacing.DisplayConfig{Rate: pacing.Hz(144), Mode: present.ModeFIFO})
	if err != nil {
		fmt.Println(err)
		return
	}
	var now time.Duration
	for j := int64(0); j < 60; j++ {
		at := max(time.Duration(j*int64(time.Second)/60), now) // one update per 1/60 s
		if now, err = d.Present(at, 1); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := d.Finish(time.Second); err != nil {
		fmt.Println(err)
		return
	}
	r := d.Report()
	fmt.Printf("%d refreshes: %d show 1 new update, %d repeat\n", r.Refreshes, r.NewUpdates[1], r.Repeats)
	// Output:
	// 144 refreshes: 60 show 1 new update, 84 repeat
}
