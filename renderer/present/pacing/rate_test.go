package pacing

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestSim_ParseRate(t *testing.T) {
	good := map[string]Rate{"144": {144, 1}, " 60 ": {60, 1}, "59.94": {2997, 50},
		"60000/1001": {60000, 1001}, "120/2": {60, 1}, "143.856": {17982, 125}}
	for s, want := range good {
		if got, err := ParseRate(s); err != nil || got != want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "abc", "0", "-60", "1/0", "60/-1", "60.1234567890", "2000000000", "6.-5", "1e3"} {
		if r, err := ParseRate(s); err == nil {
			t.Errorf("ParseRate(%q) = %v, want an error", s, r)
		}
	}
	if _, err := ParseRate("1e9"); err == nil || strings.Contains(err.Error(), "strconv") || !strings.Contains(err.Error(), "60000/1001") {
		t.Errorf("ParseRate(1e9): %v, want the forms a rate takes, not strconv's message", err)
	}
	if Hz(144).String() != "144 Hz" || (Rate{60000, 1001}).String() != "60000/1001 Hz" {
		t.Errorf("String: %q %q", Hz(144).String(), Rate{60000, 1001}.String())
	}
}

func TestSim_VBlankIsExact(t *testing.T) {
	ntsc := Rate{60000, 1001}
	cases := []struct {
		r    Rate
		k    int64
		want time.Duration
	}{
		{Hz(144), 0, 0},
		{Hz(144), 1, 6_944_444},
		{Hz(144), 12, 83_333_333},
		{Hz(144), 144_000_000, 1_000_000 * time.Second},
		{Hz(144), 144*9_000_000_000 + 1, 9e18 + 6_944_444}, // k*1e9 overflows 64 bits
		{ntsc, 60_000, 1001 * time.Second},
		{ntsc, 1, 16_683_333},
		{Hz(1), math.MaxInt64, math.MaxInt64}, // saturates
		{Hz(144), -5, 0},
	}
	for _, c := range cases {
		if got := c.r.VBlank(c.k); got != c.want {
			t.Errorf("%v.VBlank(%d) = %d, want %d", c.r, c.k, got, c.want)
		}
	}
}
