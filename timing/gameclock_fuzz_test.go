package timing_test

import (
	"errors"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// FuzzT18_GameClockInvariants runs random op sequences (advances, resets,
// Update, Lock/Unlock, Save/Restore, balanced or not) and checks: no panic;
// ErrUnbalanced exactly when nothing is open; Game never negative, never
// above the source's forward movement, frozen while locked, falling only at
// the outermost Restore; Wall equal to the source after Update.
func FuzzT18_GameClockInvariants(f *testing.F) {
	f.Add([]byte{0x08, 1, 2, 0x50, 1, 3, 1, 4, 0x20, 1, 5, 6, 1, 3, 5, 7})
	f.Add([]byte{2, 2, 4, 0x10, 1, 6, 1, 3, 0x30, 5, 3, 1, 4, 4, 5, 5})
	f.Fuzz(func(t *testing.T, ops []byte) {
		src := timing.NewManualClock(time.Hour)
		c, err := timing.NewGameClock(src)
		if err != nil {
			t.Fatal(err)
		}
		var forward time.Duration // sum of the source's forward moves
		for i, b := range ops {
			before, locked, saves := c.Game(), c.LockDepth() > 0, c.SaveDepth()
			arg := time.Duration(b>>3) * time.Millisecond
			err = nil
			switch b & 7 {
			case 0:
				src.Advance(arg)
				forward += arg
			case 7:
				src.Advance(arg * 1000)
				forward += arg * 1000
			case 6:
				src.Set(src.Now() - arg*10) // reset backwards
			case 1:
				c.Update()
				if c.Wall() != src.Now() {
					t.Fatalf("op %d: Wall %v, source %v", i, c.Wall(), src.Now())
				}
			case 2:
				c.Lock()
			case 3:
				err = c.Unlock()
				if (err != nil) != !locked || (err != nil && !errors.Is(err, timing.ErrUnbalanced)) {
					t.Fatalf("op %d: Unlock at depth %v: %v", i, locked, err)
				}
			case 4:
				c.Save()
			case 5:
				err = c.Restore()
				if (err != nil) != (saves == 0) || (err != nil && !errors.Is(err, timing.ErrUnbalanced)) {
					t.Fatalf("op %d: Restore at depth %d: %v", i, saves, err)
				}
			}
			g := c.Game()
			outerRestore := b&7 == 5 && saves == 1
			switch {
			case g < 0 || g > forward:
				t.Fatalf("op %d: game %v outside [0, %v]", i, g, forward)
			case g < before && !outerRestore:
				t.Fatalf("op %d (%d): game fell from %v to %v", i, b&7, before, g)
			case g != before && locked && c.LockDepth() > 0 && !outerRestore:
				t.Fatalf("op %d (%d): game moved from %v to %v while locked", i, b&7, before, g)
			case g != before && (b&7 == 0 || b&7 == 6 || b&7 == 7 || b&7 == 3):
				t.Fatalf("op %d (%d): game moved without reading the source", i, b&7)
			}
		}
	})
}
