package timing

import (
	"fmt"
	"math"
)

// The tick rates TargetForRate accepts. MinTargetRate is the slowest step
// the default MaxElapsedTime (500 ms) allows (T9); MaxTargetRate keeps the
// step at 1,000 ticks (0.1 ms) or more.
const (
	MinTargetRate = 2.0
	MaxTargetRate = 10_000.0
)

// TargetForRate returns the TargetElapsedTime of hz updates per second:
// 1/hz seconds rounded to the nearest tick (T1: 60 Hz is 166,667 ticks).
// A rate outside [MinTargetRate, MaxTargetRate], or NaN, is an error that
// names the range.
func TargetForRate(hz float64) (TimeSpan, error) {
	if math.IsNaN(hz) || hz < MinTargetRate || hz > MaxTargetRate {
		return 0, fmt.Errorf("want a tick rate from %g Hz (a 500 ms step, MaxElapsedTime) to %g Hz, got %v",
			MinTargetRate, MaxTargetRate, hz)
	}
	return FromSeconds(1 / hz), nil
}
