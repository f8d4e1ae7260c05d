//go:build !linux

package timing

import "time"

// sleepUntilPrecise sleeps for d with time.Sleep: the portable fallback of
// the precise wait (Linux uses clock_nanosleep on an absolute deadline).
func sleepUntilPrecise(d time.Duration) { time.Sleep(d) }
