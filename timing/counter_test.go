package timing

import (
	"math"
	"math/big"
	"math/bits"
	"testing"
	"time"
)

const day = 24 * time.Hour

// TestT26_CounterToDurationIsExactForLongUptimes: the worked conversions of
// a performance counter, at the frequencies Windows reports (10 MHz since
// Windows 10, a TSC in GHz before, the 3.579545 MHz ACPI timer), for uptimes
// where the plain count × 1e9 overflows int64.
func TestT26_CounterToDurationIsExactForLongUptimes(t *testing.T) {
	for _, c := range []struct {
		name        string
		count, freq int64
		want        time.Duration
	}{
		{"one 10 MHz tick", 1, 10_000_000, 100},
		{"one 3 GHz tick rounds down", 1, 3_000_000_000, 0},
		{"10 MHz, 100 days", 100 * 86_400 * 10_000_000, 10_000_000, 100 * day},
		{"10 MHz, 100 days and 7 ticks", 100*86_400*10_000_000 + 7, 10_000_000, 100*day + 700},
		{"2.995 GHz TSC, 200 days and 1 s", (200*86_400 + 1) * 2_995_000_000, 2_995_000_000, 200*day + time.Second},
		// 3,579,545 Hz for a year plus 1,234,567 counts: 1,234,567e9 / 3,579,545
		// = 344,894,951.7... ns, rounded down.
		{"ACPI timer, 365 days and a remainder", 365*86_400*3_579_545 + 1_234_567, 3_579_545, 365*day + 344_894_951},
		{"1 GHz is the identity", 123_456_789_012_345, 1_000_000_000, 123_456_789_012_345},
		{"negative count is no time", -5, 10_000_000, 0},
		{"past 292 years saturates", math.MaxInt64, 10_000_000, math.MaxInt64},
	} {
		got := counterToDuration(c.count, c.freq)
		if got != c.want {
			t.Errorf("%s: counterToDuration(%d, %d) = %d, want %d", c.name, c.count, c.freq, got, c.want)
		}
	}
	// The long uptimes above are the point: the naive product overflows.
	if hi, _ := bits.Mul64(100*86_400*10_000_000, uint64(time.Second)); hi == 0 {
		t.Fatal("100 days at 10 MHz no longer overflows a 64-bit count × 1e9: the table tests nothing")
	}
}

// FuzzT26_CounterToDurationMatchesBigInt: for any count and frequency the
// conversion is floor(count × 1e9 / freq), saturated to time.Duration.
func FuzzT26_CounterToDurationMatchesBigInt(f *testing.F) {
	f.Add(int64(864_000_000_000_007), int64(10_000_000))
	f.Add(int64(math.MaxInt64), int64(1))
	f.Add(int64(1), int64(math.MaxInt64))
	f.Add(int64(math.MaxInt64/1000), int64(3_579_545))
	f.Fuzz(func(t *testing.T, count, freq int64) {
		if freq <= 0 {
			if got := counterToDuration(count, freq); got != 0 {
				t.Fatalf("freq %d: %d, want 0", freq, got)
			}
			return
		}
		want := new(big.Int).Mul(big.NewInt(max(count, 0)), big.NewInt(int64(time.Second)))
		want.Quo(want, big.NewInt(freq))
		if !want.IsInt64() {
			want.SetInt64(math.MaxInt64)
		}
		if got := counterToDuration(count, freq); int64(got) != want.Int64() {
			t.Fatalf("counterToDuration(%d, %d) = %d, want %d", count, freq, got, want.Int64())
		}
	})
}

// TestT26_SystemClockNowAllocatesNothing: reading the production clock is
// free of heap allocations on every OS (it is read many times per tick).
func TestT26_SystemClockNowAllocatesNothing(t *testing.T) {
	c := NewSystemClock()
	var sink time.Duration
	if allocs := testing.AllocsPerRun(1000, func() { sink += c.Now() }); allocs != 0 {
		t.Fatalf("SystemClock.Now: %v allocations per call, want 0", allocs)
	}
	_ = sink
}
