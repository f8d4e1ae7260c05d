package pacing

import (
	"github.com/metronome-engine/metronome/renderer/present"
	"slices"
	"testing"
	"time"
)

func TestSim_60HzOn60HzFIFOShowsOneUpdatePerRefresh(t *testing.T) {
	for _, images := range []int{2, 3} {
		s := newSim(t, Hz(60), present.ModeFIFO, images)
		for _, at := range tickTimes(60, 600) {
			s.present(at, 1)
		}
		rep := s.finish(vblankAt(600, 60))
		if len(s.refreshes) != 600 || rep.Refreshes != 600 || rep.NewUpdates[1] != 600 || rep.Repeats != 0 {
			t.Fatalf("%d images: %d refreshes, report %v", images, len(s.refreshes), rep)
		}
		for i, r := range s.refreshes {
			if r.Frame != i || r.NewUpdates != 1 || r.Repeat || r.Torn || r.Start != vblankAt(int64(i), 60) {
				t.Fatalf("%d images: refresh %d = %+v", images, i, r)
			}
		}
		if rep.Latency.Max != 0 || rep.Torn != 0 || rep.Dropped != 0 || rep.Shown != 600 {
			t.Errorf("%d images: report %v", images, rep)
		}
	}
}

func TestSim_60HzTickOn144HzFIFOCadence32322(t *testing.T) {
	for _, images := range []int{2, 3} {
		s := newSim(t, Hz(144), present.ModeFIFO, images)
		for _, at := range tickTimes(60, 60) {
			s.present(at, 1)
		}
		rep := s.finish(time.Second)
		want := slices.Repeat([]int{3, 2, 3, 2, 2}, 12)
		if got := runLengths(s.refreshes); !slices.Equal(got, want) {
			t.Fatalf("%d images: frames stay up for %v refreshes, want %v", images, got, want)
		}
		for m := 0; m < 12; m++ { // the cadence repeats every 12 refreshes
			if f := s.frames[5*m]; f.Refresh != int64(12*m) || f.ShownAt != vblankAt(int64(12*m), 144) || f.Latency() != 0 {
				t.Errorf("%d images: frame %d = %+v, want shown at refresh %d with no latency", images, 5*m, f, 12*m)
			}
		}
		if rep.Refreshes != 144 || rep.NewUpdates[1] != 60 || rep.NewUpdates[0] != 84 || rep.Repeats != 84 {
			t.Errorf("%d images: report %v", images, rep)
		}
	}
}

func TestSim_FIFOOverrunRepeatsPreviousImage(t *testing.T) {
	s := newSim(t, Hz(60), present.ModeFIFO, 2)
	v := func(k int64) time.Duration { return vblankAt(k, 60) }
	late := v(2) + 5*time.Millisecond
	for _, at := range []time.Duration{v(0), v(1), late, v(4), v(5)} {
		s.present(at, 1)
	}
	if s.returns[2] != v(3) {
		t.Errorf("the overrun present returns at %v, want the vblank that frees an image, %v", s.returns[2], v(3))
	}
	rep := s.finish(v(6))
	wantFrames := []int{0, 1, 1, 2, 3, 4}
	wantNew := []int{1, 1, 0, 1, 1, 1}
	for i, r := range s.refreshes {
		if r.Frame != wantFrames[i] || r.NewUpdates != wantNew[i] || r.Repeat != (i == 2) || r.Torn {
			t.Errorf("refresh %d = %+v, want frame %d, %d new updates", i, r, wantFrames[i], wantNew[i])
		}
	}
	if f := s.frames[2]; f.ShownAt != v(3) || f.Latency() != v(3)-late || f.Torn {
		t.Errorf("overrun frame = %+v, want shown untorn at %v", f, v(3))
	}
	if rep.Repeats != 1 || rep.Torn != 0 || len(s.refreshes) != 6 {
		t.Errorf("report %v", rep)
	}
}

func TestSim_FIFORelaxedTearsOnlyWhenLate(t *testing.T) {
	s := newSim(t, Hz(60), present.ModeFIFORelaxed, 2)
	v := func(k int64) time.Duration { return vblankAt(k, 60) }
	late := v(2) + 5*time.Millisecond
	for _, at := range []time.Duration{v(0), v(1) - time.Millisecond, late, v(4), v(5) - time.Millisecond} {
		s.present(at, 1)
	}
	rep := s.finish(v(6))
	wantTorn := map[int]bool{0: false, 1: false, 2: true, 3: false, 4: false}
	wantShown := map[int]time.Duration{0: v(0), 1: v(1), 2: late, 3: v(4), 4: v(5)}
	for id, torn := range wantTorn {
		if f := s.frames[id]; f.Torn != torn || f.ShownAt != wantShown[id] {
			t.Errorf("frame %d = %+v, want torn %v shown at %v", id, f, torn, wantShown[id])
		}
	}
	if r := s.refreshes[2]; r.Frame != 2 || !r.Torn || r.Repeat || r.NewUpdates != 1 {
		t.Errorf("refresh 2 = %+v: want the late frame torn in", r)
	}
	if r := s.refreshes[3]; r.Frame != 2 || !r.Repeat {
		t.Errorf("refresh 3 = %+v: want a repeat of the torn frame", r)
	}
	if rep.Torn != 1 || rep.TornRefreshes != 1 {
		t.Errorf("report %v", rep)
	}
}

func TestSim_ImmediateOffVBlankTears(t *testing.T) {
	s := newSim(t, Hz(60), present.ModeImmediate, 2)
	v := func(k int64) time.Duration { return vblankAt(k, 60) }
	ms := time.Millisecond
	times := []time.Duration{v(0), v(1) + 3*ms, v(2), v(3) + ms, v(3) + 2*ms, v(3) + 3*ms}
	for _, at := range times {
		if r := s.present(at, 1); r != at {
			t.Errorf("IMMEDIATE present at %v returned at %v, want at once", at, r)
		}
	}
	rep := s.finish(v(5))
	for id, at := range times {
		f := s.frames[id]
		onVBlank := id == 0 || id == 2
		if f.ShownAt != at || f.Torn == onVBlank {
			t.Errorf("frame %d = %+v, want shown at %v, torn %v", id, f, at, !onVBlank)
		}
	}
	wantFrames := []struct{ frame, count, updates int }{{0, 1, 1}, {1, 1, 1}, {2, 1, 1}, {5, 3, 3}, {5, 0, 0}}
	for i, w := range wantFrames {
		r := s.refreshes[i]
		if r.Frame != w.frame || r.Frames != w.count || r.NewUpdates != w.updates {
			t.Errorf("refresh %d = %+v, want frame %d, %d frames, %d updates", i, r, w.frame, w.count, w.updates)
		}
	}
	if rep.Torn != 4 || rep.TornRefreshes != 2 || rep.Latency.Max != 0 || rep.NewUpdates[3] != 1 {
		t.Errorf("report %v", rep)
	}
}

func TestSim_MailboxSecondPresentInOneRefreshDropsFirst(t *testing.T) {
	s := newSim(t, Hz(60), present.ModeMailbox, 3)
	v := func(k int64) time.Duration { return vblankAt(k, 60) }
	ms := time.Millisecond
	for i, at := range []time.Duration{v(0), v(1) + ms, v(1) + 2*ms, v(3)} {
		if r := s.present(at, 1); r != at {
			t.Errorf("present %d returned at %v, want at once (%v)", i, r, at)
		}
	}
	rep := s.finish(v(4))
	if f := s.frames[1]; !f.Dropped || f.Latency() != 0 {
		t.Errorf("frame 1 = %+v, want dropped", f)
	}
	if f := s.frames[2]; f.Dropped || f.ShownAt != v(2) || f.Torn {
		t.Errorf("frame 2 = %+v, want shown at the next vblank %v", f, v(2))
	}
	if r := s.refreshes[2]; r.Frame != 2 || r.NewUpdates != 2 {
		t.Errorf("refresh 2 = %+v: the replacing frame carries the dropped frame's update too", r)
	}
	if rep.Dropped != 1 || rep.Shown != 3 || rep.Torn != 0 || rep.NewUpdates[2] != 1 {
		t.Errorf("report %v", rep)
	}
}

func TestSim_FIFOBackPressureBlocksUntilAnImageIsFree(t *testing.T) {
	v := func(k int64) time.Duration { return vblankAt(k, 60) }
	ms := time.Millisecond
	s := newSim(t, Hz(60), present.ModeFIFO, 3)
	s.present(ms, 1)
	s.present(ms, 1)
	if got := s.present(ms, 1); got != v(2) {
		t.Errorf("3 images, third present returns at %v, want %v (frames 0 on screen, 1 and 2 queued until then)", got, v(2))
	}
	if rep := s.d.Report(); rep.Blocked != v(2)-ms || rep.BlockedPresents != 1 {
		t.Errorf("blocked %v in %d presents", rep.Blocked, rep.BlockedPresents)
	}
	s2 := newSim(t, Hz(60), present.ModeMailbox, 2)
	s2.present(ms, 1)
	if got := s2.present(v(1)+ms, 1); got != v(2) {
		t.Errorf("MAILBOX with 2 images: second present returns at %v, want %v", got, v(2))
	}
}

func TestSim_NoDriftOver1e6RefreshesAt144Hz(t *testing.T) {
	const frames = 416_667 // 60 Hz frames covering 1e6 refreshes at 144 Hz
	d, err := NewDisplay(DisplayConfig{Rate: Hz(144), Mode: present.ModeFIFO, Images: 2,
		OnFrame: func(f Frame) {
			k := (12*int64(f.ID) + 4) / 5 // ceil(2.4 j): the exact cadence
			if f.Refresh != k || f.ShownAt != vblankAt(k, 144) {
				t.Fatalf("frame %d shown at refresh %d (%v), want %d (%v)", f.ID, f.Refresh, f.ShownAt, k, vblankAt(k, 144))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	var last time.Duration
	for j := int64(0); j < frames; j++ {
		if last, err = d.Present(max(vblankAt(j, 60), last), 1); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Finish(vblankAt(1_000_000, 144)); err != nil {
		t.Fatal(err)
	}
	if rep := d.Report(); rep.Refreshes != 1_000_000 || rep.Shown != frames {
		t.Errorf("%d refreshes, %d frames shown; want 1e6 and %d", rep.Refreshes, rep.Shown, frames)
	}
}

func TestSim_BadInput(t *testing.T) {
	bad := []DisplayConfig{
		{Rate: Hz(0), Mode: present.ModeFIFO}, {Rate: Hz(60)}, {Rate: Hz(60), Mode: 9},
		{Rate: Hz(60), Mode: present.ModeFIFO, Images: 1}, {Rate: Hz(60), Mode: present.ModeFIFO, Images: 17},
	}
	for _, c := range bad {
		if _, err := NewDisplay(c); err == nil {
			t.Errorf("NewDisplay(%+v): no error", c)
		}
	}
	s := newSim(t, Hz(60), present.ModeFIFO, 2)
	s.present(time.Millisecond, 1)
	ret := s.present(2*time.Millisecond, 1) // blocks until vblank 1
	for _, c := range []struct {
		at      time.Duration
		updates int
	}{{-1, 1}, {ret - 1, 1}, {ret, -1}} {
		if _, err := s.d.Present(c.at, c.updates); err == nil {
			t.Errorf("Present(%v, %d): no error", c.at, c.updates)
		}
	}
	if err := s.d.Finish(ret - 1); err == nil {
		t.Error("Finish before the last return: no error")
	}
	s.finish(ret)
	if err := s.d.Finish(ret); err != nil {
		t.Errorf("second Finish: %v", err)
	}
	if _, err := s.d.Present(ret+time.Second, 1); err == nil {
		t.Error("Present after Finish: no error")
	}
}

func TestSim_ReportString(t *testing.T) {
	s := newSim(t, Hz(60), present.ModeMailbox, 3)
	s.present(0, 1)
	s.present(time.Millisecond, 9)
	s.present(2*time.Millisecond, 1)
	got := s.finish(vblankAt(2, 60)).String()
	want := "MAILBOX at 60 Hz, 3 images: 3 presents, 2 shown, 1 dropped, 0 torn\n" +
		"2 refreshes: 0 repeats, 0 torn; new updates per refresh: 1:1 7+:1\n" +
		"latency n=2 min=0s median=0s p99=14.666666ms max=14.666666ms mean=7.333333ms; blocked 0s in 0 presents\n"
	if got != want {
		t.Errorf("Report.String() =\n%s\nwant\n%s", got, want)
	}
}

func TestP8_HalfRateHoldsEachFrameTwoRefreshes(t *testing.T) {
	d, err := NewDisplay(DisplayConfig{Rate: Hz(60), Mode: present.ModeFIFO, Images: 2, Hold: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := &sim{t: t, d: d, frames: map[int]Frame{}}
	d.cfg.OnRefresh = func(r Refresh) { s.refreshes = append(s.refreshes, r) }
	d.cfg.OnFrame = func(f Frame) { s.frames[f.ID] = f }
	for j := int64(0); j < 30; j++ {
		// A 60 Hz tick presents as soon as it may; the back-pressure paces
		// it to 30 Hz, so each frame carries two updates.
		if got, want := s.present(vblankAt(j, 60), 2), vblankAt(2*j, 60); got != want {
			t.Fatalf("present %d returns at %v, want %v", j, got, want)
		}
	}
	rep := s.finish(vblankAt(60, 60))
	if got, want := runLengths(s.refreshes), slices.Repeat([]int{2}, 30); !slices.Equal(got, want) {
		t.Errorf("frames stay up for %v refreshes, want %v", got, want)
	}
	if rep.Refreshes != 60 || rep.NewUpdates[2] != 30 || rep.NewUpdates[0] != 30 || rep.Hold != 2 || rep.Torn != 0 {
		t.Errorf("report %v", rep)
	}
	for _, m := range []present.PresentMode{present.ModeImmediate, present.ModeMailbox, present.ModeFIFORelaxed} {
		if _, err := NewDisplay(DisplayConfig{Rate: Hz(60), Mode: m, Hold: 2}); err == nil {
			t.Errorf("Hold 2 with %v: no error", m)
		}
	}
	if _, err := NewDisplay(DisplayConfig{Rate: Hz(60), Mode: present.ModeFIFO, Hold: -1}); err == nil {
		t.Error("Hold -1: no error")
	}
}
