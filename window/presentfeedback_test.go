package window

import (
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

func TestP9_ClockMapTakesTheNarrowestBracket(t *testing.T) {
	m, err := NewClockMap(ClockMonotonic, []ClockSample{
		{Before: 100, Platform: 5_000_140, After: 200},  // 100 ns bracket
		{Before: 300, Platform: 5_000_304, After: 310},  // 10 ns: the best
		{Before: 400, Platform: 5_000_900, After: 1400}, // 1 µs
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := (ClockMap{Clock: ClockMonotonic, Offset: 5_000_304 - 305, Uncertainty: 5}); m != want {
		t.Fatalf("map %+v, want %+v", m, want)
	}
	if got := m.ToEngine(5_000_304 + time.Millisecond); got != 305+time.Millisecond {
		t.Fatalf("ToEngine: %v, want %v", got, 305+time.Millisecond)
	}
}

func TestP9_ClockMapRejectsBadSamples(t *testing.T) {
	if _, err := NewClockMap(ClockMonotonic, nil); err == nil {
		t.Error("no samples accepted")
	}
	if _, err := NewClockMap(ClockMonotonic, []ClockSample{{Before: 10, After: 9}}); err == nil {
		t.Error("a reversed bracket accepted")
	}
}

// TestP9_MonotonicMapsOntoSystemClock: a CLOCK_MONOTONIC time (what sway
// stamps presented frames with) maps onto timing.SystemClock's time line:
// a later reading of CLOCK_MONOTONIC, mapped, falls between the two
// SystemClock readings that bracket it, within the map's uncertainty and
// 1 µs of rounding.
func TestP9_MonotonicMapsOntoSystemClock(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CLOCK_MONOTONIC is Go's monotonic clock on Linux only")
	}
	clock := timing.NewSystemClock()
	m, err := MapClock(ClockMonotonic, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	if m.Uncertainty > 100*time.Microsecond {
		t.Fatalf("map uncertainty %v: the samples were disturbed", m.Uncertainty)
	}
	time.Sleep(10 * time.Millisecond)
	for range 100 {
		before := clock.Now()
		p, err := ReadClock(ClockMonotonic)
		after := clock.Now()
		if err != nil {
			t.Fatal(err)
		}
		slack := m.Uncertainty + time.Microsecond
		if got := m.ToEngine(p); got < before-slack || got > after+slack {
			t.Fatalf("CLOCK_MONOTONIC %v maps to %v, outside [%v, %v] ± %v", p, got, before, after, slack)
		}
	}
}

func TestP9_NotMeasuredSaysSo(t *testing.T) {
	if HasPresentFeedback() {
		t.Skip("this build measures presentation times (the sway test covers it)")
	}
	var w Window
	if err := w.RequestPresentFeedback(); !errors.Is(err, ErrNotMeasured) {
		t.Fatalf("RequestPresentFeedback: %v, want ErrNotMeasured", err)
	}
	if n := w.PresentFeedback(make([]PresentFeedback, 4)); n != 0 {
		t.Fatalf("PresentFeedback moved %d, want 0", n)
	}
	if _, ok := w.PresentClock(); ok {
		t.Fatal("PresentClock ok without feedback")
	}
}

func TestP9_UnwrapMillisTakesTheNearestWrap(t *testing.T) {
	const wrap = time.Duration(1<<32) * time.Millisecond
	day := 24 * time.Hour
	for _, tc := range []struct {
		near, event time.Duration
	}{
		{time.Second, time.Second + 5*time.Millisecond},
		{time.Second, time.Second - 500*time.Millisecond},
		{100 * day, 100*day - 3*time.Millisecond},
		{wrap + time.Millisecond, wrap - 2*time.Millisecond}, // the event before a wrap, read after it
		{wrap - time.Millisecond, wrap + 2*time.Millisecond}, // the event after a wrap, read before it
		{3*wrap + 7*day, 3*wrap + 6*day},
	} {
		ms := uint32(int64(tc.event/time.Millisecond) % (1 << 32))
		if got := UnwrapMillis(ms, tc.near); got != tc.event {
			t.Errorf("UnwrapMillis(%d, near %v) = %v, want %v", ms, tc.near, got, tc.event)
		}
	}
}
