package pacing

import (
	"github.com/metronome-engine/metronome/renderer/present"
	"slices"
	"testing"
	"time"
)

// cadence drives a 60 Hz FIFO display with frames that are ready at each
// 60 Hz tick or when the last present returned, whichever is later; each
// frame carries the updates since the last one shown (2 at half rate) and
// is presented `presents` times in a row, the repeats carrying none. It
// returns the simulation updates each refresh advanced the picture by, and
// the time each frame's last present returned.
func cadence(t *testing.T, hold, presents, images, frames int) (perRefresh []int, returns []time.Duration) {
	t.Helper()
	var refreshes []Refresh
	d, err := NewDisplay(DisplayConfig{Rate: Hz(60), Mode: present.ModeFIFO, Images: images, Hold: hold,
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
