package timing_test

import (
	"encoding/binary"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// fsUnevenFrames returns n frame lengths that sum to exactly total, each
// floor(total/n) or one more, spread evenly (a jittery display).
func fsUnevenFrames(n int, total int64) []int64 {
	frames := make([]int64, n)
	for i := range frames {
		frames[i] = int64(i+1)*total/int64(n) - int64(i)*total/int64(n)
	}
	return frames
}

func fsMustClock(t testing.TB, freq int64, tps, max int) *timing.FixedStepClock {
	t.Helper()
	c, err := timing.NewFixedStepClock(freq, tps, max)
	if err != nil {
		t.Fatalf("NewFixedStepClock(%d, %d, %d): %v", freq, tps, max, err)
	}
	return c
}

func fsCheck(t *testing.T, what string, got, want timing.FixedStep) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %+v, want %+v", what, got, want)
	}
}

func TestT16_BadArgumentsAreErrorsNamingTheArgument(t *testing.T) {
	cases := []struct {
		freq     int64
		tps, max int
		name     string
	}{
		{0, 20, 4, "timestampFrequency"},
		{-1000, 20, 4, "timestampFrequency"},
		{math.MinInt64, 20, 4, "timestampFrequency"},
		{1000, 0, 4, "ticksPerSecond"},
		{1000, -20, 4, "ticksPerSecond"},
		{1000, 20, 0, "maxTicksPerFrame"},
		{1000, 20, -4, "maxTicksPerFrame"},
	}
	for _, tc := range cases {
		c, err := timing.NewFixedStepClock(tc.freq, tc.tps, tc.max)
		if err == nil || c != nil {
			t.Errorf("NewFixedStepClock(%d, %d, %d) = %v, %v; want nil and an error", tc.freq, tc.tps, tc.max, c, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.name) {
			t.Errorf("NewFixedStepClock(%d, %d, %d) error %q does not name %s", tc.freq, tc.tps, tc.max, err, tc.name)
		}
	}
	if _, err := timing.NewDefaultFixedStepClock(0); err == nil {
		t.Error("NewDefaultFixedStepClock(0) gave no error")
	}
}

func TestT16_RemainderCarriesAndAlphaIsTheFraction(t *testing.T) {
	c := fsMustClock(t, 1000, 20, 4) // one tick = 50 units
	fsCheck(t, "30 units", c.Advance(30), timing.FixedStep{Ticks: 0, Alpha: 0.6})
	fsCheck(t, "30 more", c.Advance(30), timing.FixedStep{Ticks: 1, Alpha: 0.2})
	fsCheck(t, "90 more", c.Advance(90), timing.FixedStep{Ticks: 2, Alpha: 0})
	fsCheck(t, "nothing", c.Advance(0), timing.FixedStep{Ticks: 0, Alpha: 0})
}

func TestT16_NegativeElapsedCountsAsZero(t *testing.T) {
	c := fsMustClock(t, 1000, 20, 4)
	fsCheck(t, "-5", c.Advance(-5), timing.FixedStep{})
	c.Advance(25)
	fsCheck(t, "MinInt64", c.Advance(math.MinInt64), timing.FixedStep{Alpha: 0.5})
	fsCheck(t, "25 more", c.Advance(25), timing.FixedStep{Ticks: 1})
}

func TestT16_MoreThanMaxOwedRunsMaxKeepsFractionDrops(t *testing.T) {
	c := fsMustClock(t, 1000, 20, 4)
	fsCheck(t, "exactly max owed", c.Advance(200), timing.FixedStep{Ticks: 4})
	fsCheck(t, "max and a fraction owed", c.Advance(210), timing.FixedStep{Ticks: 4, Alpha: 0.2})
	c.Reset()
	fsCheck(t, "24.68 ticks owed", c.Advance(1234), timing.FixedStep{Ticks: 4, Alpha: 0.68, Dropped: true})
	// The dropped 20 whole ticks are gone: only the 0.68 carries on.
	fsCheck(t, "after the drop", c.Advance(16), timing.FixedStep{Ticks: 1})
}

func TestT16_OverflowOfElapsedTimesTicksPerSecond(t *testing.T) {
	// elapsed x tps overflows int64 but the quotient is small.
	c := fsMustClock(t, 1<<62, 20, 100)
	fsCheck(t, "2^62 x 20 at 2^62", c.Advance(1<<62), timing.FixedStep{Ticks: 20})
	c = fsMustClock(t, math.MaxInt64, 3, 4)
	fsCheck(t, "MaxInt64 x 3 at MaxInt64", c.Advance(math.MaxInt64), timing.FixedStep{Ticks: 3})

	// The quotient itself needs more than 64 bits.
	c = fsMustClock(t, 1000, math.MaxInt, 4)
	got := c.Advance(math.MaxInt64)
	prod := new(big.Int).Mul(big.NewInt(math.MaxInt64), big.NewInt(int64(math.MaxInt)))
	rem := new(big.Int).Mod(prod, big.NewInt(1000)).Int64()
	fsCheck(t, "MaxInt64 x MaxInt at 1000", got, timing.FixedStep{Ticks: 4, Alpha: float64(rem) / 1000, Dropped: true})

	// Accumulator one unit short of a tick, at a frequency float64 cannot
	// tell from freq-1: alpha must still stay below 1.
	c = fsMustClock(t, math.MaxInt64, 1, 4)
	got = c.Advance(math.MaxInt64 - 1)
	if got.Ticks != 0 || got.Dropped || got.Alpha >= 1 || got.Alpha < 0.99 {
		t.Errorf("one unit short of a tick at MaxInt64: got %+v, want 0 ticks and alpha just below 1", got)
	}
	fsCheck(t, "the last unit", c.Advance(1), timing.FixedStep{Ticks: 1})
}

func TestT16_ResetDiscardsTheFraction(t *testing.T) {
	c := fsMustClock(t, 1000, 20, 4)
	c.Advance(40)
	c.Reset()
	fsCheck(t, "40 after Reset", c.Advance(40), timing.FixedStep{Alpha: 0.8})
}

func TestT16_ZeroValueOwesNothing(t *testing.T) {
	var c timing.FixedStepClock
	fsCheck(t, "zero value", c.Advance(1e9), timing.FixedStep{})
}

func TestT16_AdvanceAllocatesNothing(t *testing.T) {
	c := fsMustClock(t, 1000, 20, 4)
	if n := testing.AllocsPerRun(1000, func() { c.Advance(17) }); n != 0 {
		t.Errorf("Advance allocates %v times per call, want 0", n)
	}
}

func TestT17_SixtyUnevenFramesMakeExactlyTwentyTicks(t *testing.T) {
	c := fsMustClock(t, 1000, 20, timing.DefaultMaxTicksPerFrame)
	frames := fsUnevenFrames(60, 1000)
	ticks := 0
	var last timing.FixedStep
	for i, e := range frames {
		if e != 16 && e != 17 {
			t.Fatalf("frame %d is %d units, want 16 or 17", i, e)
		}
		last = c.Advance(e)
		if last.Dropped {
			t.Fatalf("frame %d dropped time", i)
		}
		ticks += last.Ticks
	}
	if ticks != 20 || last.Alpha != 0 {
		t.Errorf("60 frames totalling 1000 units: %d ticks, alpha %v; want exactly 20 and 0", ticks, last.Alpha)
	}
}

func TestT17_TenSecondsInOneAdvanceRunsFourAndDrops(t *testing.T) {
	for _, freq := range []int64{1000, 10_000_000, 1_000_000_000} {
		c, err := timing.NewDefaultFixedStepClock(freq)
		if err != nil {
			t.Fatal(err)
		}
		fsCheck(t, "ten seconds", c.Advance(10*freq), timing.FixedStep{Ticks: 4, Dropped: true})
	}
}

// FuzzT16_Invariants checks Advance against a big-integer model of the
// seed's accumulator over random traces: ticks in [0, max], Dropped only at
// max, alpha in [0, 1), and between drops the ticks total
// floor((carried + elapsed x tps) / freq) exactly.
func FuzzT16_Invariants(f *testing.F) {
	f.Add(int64(1000), 20, 4, []byte{16, 0, 0, 0, 17, 0, 0, 0, 0x10, 0x27, 0, 0})
	f.Add(int64(1_000_000_000), 60, 4, []byte{0x40, 0x42, 0x0f, 0, 0xff, 0xff, 0xff, 0xff})
	f.Add(int64(3), 7, 1, []byte{0xff, 1, 2, 3, 9, 0, 0, 0x80})
	f.Add(int64(math.MaxInt64), math.MaxInt, 2, []byte{0xff, 0, 0, 0, 0xff, 0, 0, 0})
	f.Fuzz(func(t *testing.T, freq int64, tps, max int, data []byte) {
		c, err := timing.NewFixedStepClock(freq, tps, max)
		if err != nil {
			if freq > 0 && tps > 0 && max > 0 {
				t.Fatalf("valid arguments (%d, %d, %d) rejected: %v", freq, tps, max, err)
			}
			return
		}
		m := fsModel{freq: big.NewInt(freq), tps: big.NewInt(int64(tps)), carry: new(big.Int)}
		for len(data) >= 4 {
			e := fsElapsed(data[:4])
			data = data[4:]
			got := c.Advance(e)
			if got.Ticks < 0 || got.Ticks > max || (got.Dropped && got.Ticks != max) {
				t.Fatalf("Advance(%d) = %+v with max %d", e, got, max)
			}
			if !(got.Alpha >= 0 && got.Alpha < 1) {
				t.Fatalf("Advance(%d): alpha %v outside [0, 1)", e, got.Alpha)
			}
			m.add(e)
			if got.Dropped {
				m.drop()
				continue
			}
			if want := m.owed(); int64(m.ticks+got.Ticks) != want {
				t.Fatalf("after Advance(%d): %d ticks since the last drop, want %d", e, m.ticks+got.Ticks, want)
			}
			m.ticks += got.Ticks
		}
	})
}

// fsElapsed reads a little-endian int32 from b; 0xff in the first byte
// means a huge elapsed instead, to reach the overflow paths.
func fsElapsed(b []byte) int64 {
	if b[0] == 0xff {
		return math.MaxInt64 - int64(b[1])
	}
	return int64(int32(binary.LittleEndian.Uint32(b)))
}

// fsModel tracks, in big integers, the units x tps added since the last
// drop (on top of the fraction that drop carried) and the ticks returned.
type fsModel struct {
	freq, tps, carry *big.Int
	ticks            int
}

func (m *fsModel) add(e int64) {
	if e > 0 {
		m.carry.Add(m.carry, new(big.Int).Mul(big.NewInt(e), m.tps))
	}
}

func (m *fsModel) owed() int64 { return new(big.Int).Quo(m.carry, m.freq).Int64() }

func (m *fsModel) drop() {
	m.carry.Mod(m.carry, m.freq)
	m.ticks = 0
}

func BenchmarkFixedStepClockAdvance(b *testing.B) {
	c := fsMustClock(b, 1_000_000_000, timing.DefaultFixedStepClockRate, timing.DefaultMaxTicksPerFrame)
	frames := fsUnevenFrames(60, 1_000_000_000)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Advance(frames[i%len(frames)])
		i++
	}
}
