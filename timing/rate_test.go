package timing

import (
	"math"
	"strings"
	"testing"
)

// TargetForRate rounds 1/hz seconds to the nearest tick (T1) and refuses
// rates outside its range with an error that names the range.
func TestT1_TargetForRateRoundsToNearestTick(t *testing.T) {
	cases := []struct {
		hz   float64
		want TimeSpan
	}{
		{60, 166_667}, {144, 69_444}, {75, 133_333}, {30, 333_333}, {7, 1_428_571},
		{MinTargetRate, 5_000_000}, {MaxTargetRate, 1_000}, {59.94, 166_834},
	}
	for _, c := range cases {
		got, err := TargetForRate(c.hz)
		if err != nil || got != c.want {
			t.Errorf("TargetForRate(%v) = %d, %v; want %d ticks", c.hz, got, err, c.want)
		}
	}
	for _, hz := range []float64{math.NaN(), 0, -60, 1.999, 10_000.5, math.Inf(1), math.Inf(-1)} {
		got, err := TargetForRate(hz)
		if err == nil || got != 0 || !strings.Contains(err.Error(), "2 Hz") || !strings.Contains(err.Error(), "10000 Hz") {
			t.Errorf("TargetForRate(%v) = %d, %v; want 0 and an error naming 2 Hz to 10000 Hz", hz, got, err)
		}
	}
}
