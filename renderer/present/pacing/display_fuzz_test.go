package pacing

import (
	"github.com/metronome-engine/metronome/renderer/present"
	"testing"
	"time"
)

// FuzzSim_DisplayInvariants drives every mode with arbitrary present gaps
// and checks what must hold whatever the timing: each present is shown or
// dropped exactly once, refreshes add up to every update presented, only
// IMMEDIATE and FIFO_RELAXED tear, only MAILBOX drops, the picture never
// goes back to an older frame, and no latency or blocking is negative.
func FuzzSim_DisplayInvariants(f *testing.F) {
	f.Add(uint8(0), uint8(2), int64(144), []byte{17, 3, 200, 0, 0, 9, 40})
	f.Add(uint8(3), uint8(3), int64(60), []byte{1, 1, 1, 255, 16, 17, 16, 17})
	f.Fuzz(func(t *testing.T, mode, images uint8, hz int64, gaps []byte) {
		m := present.PresentMode(mode%4) + present.ModeImmediate
		if hz < 1 || hz > 1000 {
			return
		}
		hold := 0
		if m == present.ModeFIFO {
			hold = int(images / 3 % 3) // 0, 1 or 2 (P8)
		}
		var total, summed int
		lastFrame := -1
		fates := map[int]int{}
		d, err := NewDisplay(DisplayConfig{Rate: Hz(hz), Mode: m, Images: 2 + int(images%3), Hold: hold,
			OnFrame: func(fr Frame) {
				fates[fr.ID]++
				if fr.Dropped && m != present.ModeMailbox || fr.Torn && m != present.ModeImmediate && m != present.ModeFIFORelaxed || fr.Latency() < 0 {
					t.Fatalf("%v: impossible frame %+v", m, fr)
				}
			},
			OnRefresh: func(r Refresh) {
				if r.Frame < lastFrame || r.NewUpdates < 0 {
					t.Fatalf("%v: refresh %+v after frame %d", m, r, lastFrame)
				}
				lastFrame = r.Frame
				summed += r.NewUpdates
			}})
		if err != nil {
			t.Fatal(err)
		}
		var now time.Duration
		for i, g := range gaps {
			at := now + time.Duration(g)*250*time.Microsecond
			ret, err := d.Present(at, i%3)
			if err != nil || ret < at {
				t.Fatalf("Present(%v) = %v, %v", at, ret, err)
			}
			total += i % 3
			now = ret
		}
		if err := d.Finish(now); err != nil {
			t.Fatal(err)
		}
		for id := range gaps {
			if fates[id] != 1 {
				t.Fatalf("%v: frame %d reported %d times", m, id, fates[id])
			}
		}
		if len(gaps) > 0 && summed != total {
			t.Fatalf("%v: refreshes show %d updates, %d were presented", m, summed, total)
		}
	})
}
