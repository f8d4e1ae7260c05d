package present

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
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

// cadence drives a 60 Hz FIFO display with frames that are ready at each
// 60 Hz tick or when the last present returned, whichever is later; each
// frame carries the updates since the last one shown (2 at half rate) and
// is presented `presents` times in a row, the repeats carrying none. It
// returns the simulation updates each refresh advanced the picture by, and
// the time each frame's last present returned.
func cadence(t *testing.T, hold, presents, images, frames int) (perRefresh []int, returns []time.Duration) {
	t.Helper()
	var refreshes []Refresh
	d, err := NewDisplay(DisplayConfig{Rate: Hz(60), Mode: ModeFIFO, Images: images, Hold: hold,
		OnRefresh: func(r Refresh) { refreshes = append(refreshes, r) }})
	if err != nil {
		t.Fatal(err)
	}
	var now time.Duration
	for j := range frames {
		now = max(now, vblankAt(int64(j), 60))
		for k := range presents {
			updates := 0
			if k == 0 {
				updates = 2
			}
			if now, err = d.Present(now, updates); err != nil {
				t.Fatal(err)
			}
		}
		returns = append(returns, now)
	}
	if err := d.Finish(now + time.Second); err != nil {
		t.Fatal(err)
	}
	for _, r := range refreshes {
		perRefresh = append(perRefresh, r.NewUpdates)
	}
	return perRefresh, returns
}

// TestP8_PresentingTwiceOnFIFOEqualsHoldTwo: what the Vulkan renderer does
// for half rate (present each frame twice on FIFO, each present holding
// one vblank) shows the same picture, refresh by refresh, as the
// simulated display's Hold 2 with one present per frame: each frame's
// updates appear once every two refreshes (2, 0, 2, 0, ...), and the game
// is paced to 30 frames per second.
func TestP8_PresentingTwiceOnFIFOEqualsHoldTwo(t *testing.T) {
	const frames = 30
	for _, images := range []int{2, 3} {
		twice, twiceRet := cadence(t, 1, 2, images, frames)
		held, heldRet := cadence(t, 2, 1, images, frames)
		n := 2 * frames
		if len(twice) < n || len(held) < n {
			t.Fatalf("%d images: %d and %d refreshes, want at least %d", images, len(twice), len(held), n)
		}
		// Steady state: skip the first frame (the queue fills) and
		// compare whole frames' worth of refreshes.
		if !slices.Equal(twice[2:n], held[2:n]) {
			t.Errorf("%d images: updates per refresh\npresent twice %v\nhold 2        %v", images, twice[:n], held[:n])
		}
		if want := slices.Repeat([]int{2, 0}, frames-1); !slices.Equal(held[2:n], want) {
			t.Errorf("%d images: hold 2 shows %v, want 2, 0 repeated", images, held[:n])
		}
		// Paced to one frame per two refreshes once the queue is full.
		last := frames - 1
		if d := twiceRet[last] - twiceRet[last-10]; d != vblankAt(20, 60)-vblankAt(0, 60) && d != vblankAt(21, 60)-vblankAt(1, 60) {
			t.Errorf("%d images: 10 frames presented twice took %v, want 20 refreshes", images, d)
		}
		if d := heldRet[last] - heldRet[last-10]; d != twiceRet[last]-twiceRet[last-10] {
			t.Errorf("%d images: hold 2 paces 10 frames in %v, presenting twice in %v", images, d, twiceRet[last]-twiceRet[last-10])
		}
	}
}
