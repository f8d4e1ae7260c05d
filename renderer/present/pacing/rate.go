package pacing

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"
)

// Rate is an exact refresh rate of Num/Den hertz, such as 144/1 or the
// NTSC-style 60000/1001. Vblank times are computed from the exact ratio,
// so a simulated display never drifts (1/144 s is not a whole number of
// nanoseconds or of 100 ns ticks). Use Hz or ParseRate to make one.
type Rate struct {
	// Num and Den are the rate's numerator and denominator, both > 0.
	Num, Den int64
}

// maxRateDen bounds Den so that 1e9*Den fits in 63 bits.
const maxRateDen = 1_000_000_000

// Hz returns the rate of n hertz.
func Hz(n int64) Rate { return Rate{Num: n, Den: 1} }

// ParseRate reads a rate in hertz: a whole number ("144"), a decimal
// ("59.94", at most 9 fractional digits) or a fraction ("60000/1001").
// The result is reduced and checked with Validate.
func ParseRate(s string) (Rate, error) {
	r, err := parseRate(strings.TrimSpace(s))
	if err == nil {
		err = r.Validate()
	}
	if err != nil {
		return Rate{}, fmt.Errorf("parse refresh rate %q: %w", s, err)
	}
	return r.reduced(), nil
}

// errRateSyntax says what a rate looks like; it replaces strconv's
// messages, which name a function rather than the fix.
var errRateSyntax = errors.New("want a whole number (144), a decimal (59.94) or a fraction (60000/1001) of Hz")

func parseRate(s string) (Rate, error) {
	r, err := parseRateSyntax(s)
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		if errors.Is(ne.Err, strconv.ErrRange) {
			return Rate{}, fmt.Errorf("%q is out of range: %w", ne.Num, errRateSyntax)
		}
		return Rate{}, errRateSyntax
	}
	return r, err
}

func parseRateSyntax(s string) (Rate, error) {
	if n, d, ok := strings.Cut(s, "/"); ok {
		num, err := strconv.ParseInt(n, 10, 64)
		if err != nil {
			return Rate{}, err
		}
		den, err := strconv.ParseInt(d, 10, 64)
		return Rate{Num: num, Den: den}, err
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 9 || strings.ContainsAny(frac, "+-") {
		return Rate{}, fmt.Errorf("want at most 9 fractional digits")
	}
	num, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return Rate{}, err
	}
	den := int64(1)
	for range len(frac) {
		den *= 10
	}
	return Rate{Num: num, Den: den}, nil
}

// reduced returns r with Num and Den divided by their greatest common divisor.
func (r Rate) reduced() Rate {
	a, b := r.Num, r.Den
	for b != 0 {
		a, b = b, a%b
	}
	return Rate{Num: r.Num / a, Den: r.Den / a}
}

// Validate reports whether r is usable: Num and Den positive, Den at most
// 1e9, and a period of at least one nanosecond.
func (r Rate) Validate() error {
	switch {
	case r.Num <= 0 || r.Den <= 0:
		return fmt.Errorf("rate %d/%d Hz: numerator and denominator must be positive", r.Num, r.Den)
	case r.Den > maxRateDen:
		return fmt.Errorf("rate %d/%d Hz: denominator above %d", r.Num, r.Den, maxRateDen)
	case r.Num > 1e9*r.Den:
		return fmt.Errorf("rate %d/%d Hz: period below 1 ns", r.Num, r.Den)
	}
	return nil
}

// String returns "144 Hz" for a whole rate and "60000/1001 Hz" otherwise.
func (r Rate) String() string {
	if r.Den == 1 {
		return fmt.Sprintf("%d Hz", r.Num)
	}
	return fmt.Sprintf("%d/%d Hz", r.Num, r.Den)
}

// Hertz returns the rate as a float, for display only.
func (r Rate) Hertz() float64 { return float64(r.Num) / float64(r.Den) }

// VBlank returns the time of vertical blank k (k >= 0) counted from vblank
// 0 at time zero: floor(k * 1e9 * Den / Num) ns, exact for every k (128-bit
// arithmetic), saturating at the largest Duration. r must be valid; a
// negative k returns 0.
func (r Rate) VBlank(k int64) time.Duration {
	if k <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(k), uint64(1e9)*uint64(r.Den))
	if hi >= uint64(r.Num) {
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo, uint64(r.Num))
	if q > math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(q)
}
