package timing

import (
	"math"
	"testing"
	"time"
)

func TestT1_FromSecondsRoundsToNearestTick(t *testing.T) {
	cases := []struct {
		s    float64
		want TimeSpan
	}{
		{1.0 / 60, 166_667},
		{1.0 / 30, 333_333},
		{1.0 / 120, 83_333},
		{0.5, 5_000_000},
		{-1.0 / 60, -166_667},
		{0.00000005, 1},  // 0.5 tick rounds away from zero
		{0.000000049, 0}, // below half a tick
		{math.NaN(), 0},
		{1e300, MaxTimeSpan},
		{-1e300, MinTimeSpan},
	}
	for _, c := range cases {
		if got := FromSeconds(c.s); got != c.want {
			t.Errorf("FromSeconds(%v) = %d, want %d", c.s, got, c.want)
		}
	}
}

func TestT1_DurationConversions(t *testing.T) {
	if got := FromDuration(16_666_700 * time.Nanosecond); got != 166_667 {
		t.Errorf("FromDuration(16.6667ms) = %d", got)
	}
	if got := FromDuration(199 * time.Nanosecond); got != 1 {
		t.Errorf("FromDuration truncates: got %d, want 1", got)
	}
	if got := FromDurationRound(150 * time.Nanosecond); got != 2 {
		t.Errorf("FromDurationRound(150ns) = %d, want 2", got)
	}
	if got := FromDurationRound(-150 * time.Nanosecond); got != -2 {
		t.Errorf("FromDurationRound(-150ns) = %d, want -2", got)
	}
	if got := FromDurationRound(149 * time.Nanosecond); got != 1 {
		t.Errorf("FromDurationRound(149ns) = %d, want 1", got)
	}
	if got := TimeSpan(166_667).Duration(); got != 16_666_700*time.Nanosecond {
		t.Errorf("Duration = %v", got)
	}
	// Round trip is exact for every whole tick in range.
	for _, v := range []TimeSpan{0, 1, -1, 166_667, 5_000_000, math.MaxInt64 / 100, -(math.MaxInt64 / 100)} {
		if got := FromDuration(v.Duration()); got != v {
			t.Errorf("round trip %d -> %d", v, got)
		}
	}
	if got := MaxTimeSpan.Duration(); got != math.MaxInt64 {
		t.Errorf("saturation: %v", got)
	}
	if got := MinTimeSpan.Duration(); got != math.MinInt64 {
		t.Errorf("saturation: %v", got)
	}
}

func TestT1_SecondsAndString(t *testing.T) {
	if got := TimeSpan(166_667).Seconds(); got != 0.0166667 {
		t.Errorf("Seconds = %v", got)
	}
	if got := (3*Second + 5).Seconds(); got != 3.0000005 {
		t.Errorf("Seconds = %v", got)
	}
	if got := TimeSpan(166_667).Milliseconds(); got != 16.6667 {
		t.Errorf("Milliseconds = %v", got)
	}
	if got := TimeSpan(166_667).String(); got != "16.6667ms" {
		t.Errorf("String = %q", got)
	}
	if got := MaxTimeSpan.String(); got != "9223372036854775807 ticks" {
		t.Errorf("String = %q", got)
	}
	if Second != 10_000_000 || Millisecond != 10_000 {
		t.Error("unit constants")
	}
}

func TestT2_ManualClockMovesOnlyWhenTold(t *testing.T) {
	c := NewManualClock(5 * time.Second)
	if c.Now() != 5*time.Second {
		t.Fatal("start")
	}
	c.Sleep(time.Millisecond)
	c.Sleep(-time.Second) // ignored
	c.Yield(4 * time.Second)
	if c.Now() != 5*time.Second+time.Millisecond {
		t.Fatalf("after sleep and a past yield: %v", c.Now())
	}
	c.Yield(6 * time.Second)
	c.Advance(time.Second)
	if c.Now() != 7*time.Second {
		t.Fatalf("after yield and advance: %v", c.Now())
	}
	c.Set(0)
	if c.Now() != 0 {
		t.Fatal("set")
	}
}

func TestT2_SystemClockIsMonotonic(t *testing.T) {
	c := NewSystemClock()
	prev := c.Now()
	for range 1000 {
		now := c.Now()
		if now < prev {
			t.Fatalf("went back: %v after %v", now, prev)
		}
		prev = now
	}
}
