package timing

import (
	"math"
	"strconv"
	"time"
)

// TimeSpan is a signed span of game time counted in 100 ns ticks, XNA's unit
// (rule T1). Its range is that of int64: about ±29,227 years.
//
// Arithmetic on TimeSpan is plain integer arithmetic, so sums of spans never
// drift. Floats appear only at the edges (FromSeconds, Seconds).
type TimeSpan int64

// Common spans.
const (
	Tick        TimeSpan = 1
	Microsecond TimeSpan = 10
	Millisecond TimeSpan = 1000 * Microsecond
	Second      TimeSpan = 1000 * Millisecond
	Minute      TimeSpan = 60 * Second

	// MaxTimeSpan and MinTimeSpan are the saturation bounds of conversions.
	MaxTimeSpan TimeSpan = math.MaxInt64
	MinTimeSpan TimeSpan = math.MinInt64
)

// nsPerTick is the number of nanoseconds in one TimeSpan tick.
const nsPerTick = 100

// FromSeconds converts s seconds to the nearest whole tick, halves away from
// zero (T1: 1/60 s is 166,667 ticks). NaN converts to zero; values beyond
// the range saturate at MaxTimeSpan or MinTimeSpan.
func FromSeconds(s float64) TimeSpan {
	if math.IsNaN(s) {
		return 0
	}
	t := math.Round(s * float64(Second))
	if t >= math.MaxInt64 {
		return MaxTimeSpan
	}
	if t <= math.MinInt64 {
		return MinTimeSpan
	}
	return TimeSpan(t)
}

// FromDuration converts d to ticks, truncating toward zero: the lost
// remainder is d % 100ns. Use FromDurationRound to round instead.
func FromDuration(d time.Duration) TimeSpan {
	return TimeSpan(d / nsPerTick)
}

// FromDurationRound converts d to the nearest whole tick, halves away from zero.
func FromDurationRound(d time.Duration) TimeSpan {
	q, r := d/nsPerTick, d%nsPerTick
	switch {
	case r >= nsPerTick/2:
		q++
	case r <= -nsPerTick/2:
		q--
	}
	return TimeSpan(q)
}

// Duration converts t to a time.Duration. It is exact for |t| up to about
// 2,562 years (about 2.9e16 ticks) and saturates beyond.
func (t TimeSpan) Duration() time.Duration {
	const limit = math.MaxInt64 / nsPerTick
	switch {
	case t > limit:
		return math.MaxInt64
	case t < -limit:
		return math.MinInt64
	}
	return time.Duration(t) * nsPerTick
}

// Ticks returns t as an int64 count of 100 ns ticks.
func (t TimeSpan) Ticks() int64 { return int64(t) }

// Seconds returns t in seconds. Whole and fractional seconds are converted
// separately, so the result is as exact as a float64 allows.
func (t TimeSpan) Seconds() float64 {
	sec := t / Second
	frac := t % Second
	return float64(sec) + float64(frac)/float64(Second)
}

// Milliseconds returns t in milliseconds.
func (t TimeSpan) Milliseconds() float64 {
	ms := t / Millisecond
	frac := t % Millisecond
	return float64(ms) + float64(frac)/float64(Millisecond)
}

// String formats t as time.Duration does when t fits one ("16.6667ms"),
// else as a tick count ("9223372036854775807 ticks").
func (t TimeSpan) String() string {
	const limit = math.MaxInt64 / nsPerTick
	if t > limit || t < -limit {
		return strconv.FormatInt(int64(t), 10) + " ticks"
	}
	return t.Duration().String()
}
