package timing

import (
	"math"
	"math/bits"
	"time"
)

// counterToDuration converts count ticks of a counter running at freq ticks
// per second (freq > 0) into a Duration, rounded down to the nanosecond
// (rule T26). It computes count × 1e9 / freq exactly in 128 bits, so it
// neither overflows nor loses precision at any uptime; a negative count is 0
// (no time passed, rule T2), and a result beyond time.Duration's range
// (292 years) saturates.
func counterToDuration(count, freq int64) time.Duration {
	if count <= 0 || freq <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(count), uint64(time.Second))
	if hi >= uint64(freq) { // the quotient needs more than 64 bits
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo, uint64(freq))
	if q > math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(q)
}
