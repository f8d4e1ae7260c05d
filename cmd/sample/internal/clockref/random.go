package clockref

import (
	"fmt"
	"math/rand"
	"strings"
)

// RandomTrace returns a random `sample clock` input text with n delta tokens:
// integer tick counts and Go durations (all whole ticks), some negative,
// occasional stalls of 500 ms or more, values near the default target
// (including the XNA snap boundary target>>6 = 2604 ticks), comments and blank
// lines. The same rng state gives the same text.
func RandomTrace(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(randomToken(rng))
		switch r := rng.Intn(20); {
		case r == 0:
			b.WriteString(" # a comment 123 16ms\n")
		case r == 1:
			b.WriteString("\n\n")
		case r < 8:
			b.WriteString("\n")
		case r == 8:
			b.WriteString("\t")
		default:
			b.WriteString(" ")
		}
	}
	if rng.Intn(4) == 0 {
		b.WriteString("# trailing comment\n")
	}
	return b.String()
}

// fixedTokens are duration and integer tokens worth mixing in verbatim.
var fixedTokens = []string{"16ms", "50.5ms", "1s500ms", "250us", "0", "50ms", "500ms", "16.6667ms", "-0", "+166667"}

// randomToken returns one delta token.
func randomToken(rng *rand.Rand) string {
	switch rng.Intn(10) {
	case 0:
		return fixedTokens[rng.Intn(len(fixedTokens))]
	case 1:
		return nearTarget(rng)
	case 2:
		return formatTicks(rng, -int64(rng.Intn(200000))) // negative
	case 3:
		if rng.Intn(3) == 0 {
			return formatTicks(rng, 5000000+int64(rng.Intn(20000000))) // stall
		}
		return formatTicks(rng, int64(rng.Intn(1000000)))
	default:
		return formatTicks(rng, int64(rng.Intn(400000)))
	}
}

// nearTarget returns a value within a few ticks of the default target or of
// the snap boundary target +- (target>>6).
func nearTarget(rng *rand.Rand) string {
	offsets := []int64{0, 1, 2, 3, 2603, 2604, 2605}
	off := offsets[rng.Intn(len(offsets))]
	if rng.Intn(2) == 0 {
		off = -off
	}
	return formatTicks(rng, DefaultTarget+off)
}

// formatTicks writes t ticks as a plain integer or as an equivalent duration.
func formatTicks(rng *rand.Rand, t int64) string {
	sign := ""
	if t < 0 {
		sign = "-"
		t = -t
	}
	switch rng.Intn(4) {
	case 0: // microseconds with one decimal (0.1 us = 1 tick)
		if t%10 == 0 {
			return fmt.Sprintf("%s%dus", sign, t/10)
		}
		return fmt.Sprintf("%s%d.%dus", sign, t/10, t%10)
	case 1: // milliseconds with four decimals
		return fmt.Sprintf("%s%d.%04dms", sign, t/10000, t%10000)
	case 2: // compound seconds + milliseconds + ticks as nanoseconds
		s, rest := t/10000000, t%10000000
		return fmt.Sprintf("%s%ds%dms%dns", sign, s, rest/10000, (rest%10000)*100)
	default:
		return fmt.Sprintf("%s%d", sign, t)
	}
}
