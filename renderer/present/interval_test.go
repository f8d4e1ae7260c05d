package present

import (
	"strings"
	"testing"
)

func TestP3_SwapInterval(t *testing.T) {
	want := map[PresentInterval]int{IntervalDefault: 1, IntervalOne: 1, IntervalTwo: 2, IntervalImmediate: 0}
	for p, n := range want {
		got, err := p.SwapInterval()
		if err != nil || got != n {
			t.Errorf("%v.SwapInterval() = %d, %v; want %d", p, got, err, n)
		}
	}
	var zero PresentInterval
	if zero != IntervalDefault {
		t.Errorf("zero value is %v, want Default", zero)
	}
}

func TestP3_UnknownIntervalIsAnError(t *testing.T) {
	for _, p := range []PresentInterval{-1, 4, 1 << 30} {
		if _, err := p.SwapInterval(); err == nil || !strings.Contains(err.Error(), p.String()) {
			t.Errorf("%v.SwapInterval(): err %v, want an error naming the value", p, err)
		}
	}
}

func TestP3_IntervalNames(t *testing.T) {
	want := map[PresentInterval]string{IntervalDefault: "Default", IntervalOne: "One",
		IntervalTwo: "Two", IntervalImmediate: "Immediate", 7: "PresentInterval(7)"}
	for p, s := range want {
		if p.String() != s {
			t.Errorf("String() = %q, want %q", p.String(), s)
		}
	}
}

func TestP1_IntervalForVSync(t *testing.T) {
	if IntervalForVSync(true) != IntervalOne || IntervalForVSync(false) != IntervalImmediate {
		t.Errorf("IntervalForVSync: true -> %v, false -> %v", IntervalForVSync(true), IntervalForVSync(false))
	}
}
