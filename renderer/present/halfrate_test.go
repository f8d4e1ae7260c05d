package present

import (
	"errors"
	"strings"
	"testing"
)

// p8Table is worked by hand from rule P8: for each subset of the four
// modes, the mode and hold ChooseModeHold gives swap interval 2 with half
// rate on. FIFO present: FIFO, hold 2. FIFO missing: the default mapping
// for interval 2 (FIFO_RELAXED, else MAILBOX, else IMMEDIATE), hold 1, fell
// back.
var p8Table = []struct {
	supported string
	mode      byte // 0 means an error
	hold      int
}{
	{"", 0, 0},
	{"I", 'I', 1},
	{"M", 'M', 1},
	{"IM", 'M', 1},
	{"F", 'F', 2},
	{"IF", 'F', 2},
	{"MF", 'F', 2},
	{"IMF", 'F', 2},
	{"R", 'R', 1},
	{"IR", 'R', 1},
	{"MR", 'R', 1},
	{"IMR", 'R', 1},
	{"FR", 'F', 2},
	{"IFR", 'F', 2},
	{"MFR", 'F', 2},
	{"IMFR", 'F', 2},
}

func TestP8_HalfRateIntervalTwoAgainstEverySubset(t *testing.T) {
	seen := map[ModeSet]bool{}
	for _, row := range p8Table {
		s := setOf(t, row.supported)
		seen[s] = true
		got, err := ChooseModeHold(2, true, s)
		if row.mode == 0 {
			if !errors.Is(err, ErrNoPresentModes) {
				t.Errorf("ChooseModeHold(2, true, %v): err %v, want ErrNoPresentModes", s, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ChooseModeHold(2, true, %v): %v", s, err)
			continue
		}
		want := modeLetters[row.mode]
		if got.Mode != want || got.Hold != row.hold || got.Refreshes() != row.hold || got.Requested != 2 {
			t.Errorf("ChooseModeHold(2, true, %v) = %v hold %d (requested %d), want %v hold %d",
				s, got.Mode, got.Hold, got.Requested, want, row.hold)
		}
		fellBack := row.hold != HalfRateHold
		if got.FellBack != fellBack {
			t.Errorf("ChooseModeHold(2, true, %v).FellBack = %v, want %v", s, got.FellBack, fellBack)
		}
		r := got.Reason
		if !strings.HasPrefix(r, "swap interval 2 with half rate wants FIFO") || !strings.HasSuffix(r, " "+want.String()) {
			t.Errorf("ChooseModeHold(2, true, %v).Reason = %q: want the half-rate request and the mode taken", s, r)
		}
		if strings.Contains(r, "fell back to the default mapping") != fellBack {
			t.Errorf("ChooseModeHold(2, true, %v).Reason = %q: names the fallback iff FellBack", s, r)
		}
	}
	if len(seen) != 16 {
		t.Fatalf("table covers %d subsets, want 16", len(seen))
	}
}

// TestP8_HalfRateLeavesOtherRequestsAlone: half rate off is exactly
// ChooseMode (the default mapping, P4) for every interval and subset; half
// rate on with intervals 0 and 1 takes ChooseMode's mode and hold 1 and
// only notes in Reason that it was ignored.
func TestP8_HalfRateLeavesOtherRequestsAlone(t *testing.T) {
	for _, row := range p4Table {
		s := setOf(t, row.supported)
		for interval := 0; interval <= 2; interval++ {
			base, baseErr := ChooseMode(interval, s)
			off, err := ChooseModeHold(interval, false, s)
			if off != base || (err == nil) != (baseErr == nil) || baseErr != nil && err.Error() != baseErr.Error() {
				t.Errorf("ChooseModeHold(%d, false, %v) = %+v, %v; ChooseMode gives %+v, %v", interval, s, off, err, base, baseErr)
			}
			if baseErr == nil && base.Hold != 1 {
				t.Errorf("ChooseMode(%d, %v).Hold = %d, want 1", interval, s, base.Hold)
			}
			if interval == 2 || baseErr != nil {
				continue
			}
			on, err := ChooseModeHold(interval, true, s)
			if err != nil || on.Mode != base.Mode || on.Hold != 1 || on.FellBack != base.FellBack {
				t.Errorf("ChooseModeHold(%d, true, %v) = %+v, %v; want ChooseMode's %+v", interval, s, on, err, base)
			}
			if on.Reason != base.Reason+"; half rate ignored (it applies to swap interval 2 only)" {
				t.Errorf("ChooseModeHold(%d, true, %v).Reason = %q", interval, s, on.Reason)
			}
		}
	}
	if _, err := ChooseModeHold(3, true, AllModes); !errors.Is(err, ErrBadSwapInterval) {
		t.Errorf("ChooseModeHold(3, true): err %v, want ErrBadSwapInterval", err)
	}
	if (Choice{}).Refreshes() != 1 {
		t.Error("a zero Choice must hold 1 refresh")
	}
}
