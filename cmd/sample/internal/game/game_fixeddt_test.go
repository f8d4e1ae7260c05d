package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFlagFixedDtOverflowRefused: a -fixed-dt whose run would wrap
// the virtual clock (1000000h wrapped it after 3 ticks, a negative cube
// clock) is refused with the longest dt the run accepts; a duration too
// long for Go's parser is reported as an overflow with the largest value
// accepted, not as "want a positive Go duration".
func TestFlagFixedDtOverflowRefused(t *testing.T) {
	script := filepath.Join(t.TempDir(), "script")
	if err := os.WriteFile(script, []byte("1 L\n2 L\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	max30, maxAll := maxFixedDt(30, 0).String(), maxFixedDt(0, 0).String()
	cases := []struct {
		args []string
		want []string // all in the message; nil: accepted
	}{
		{[]string{"-fixed-dt", "1000000h", "-frames", "30"}, []string{"-fixed-dt", "would overflow", "-frames 30", max30}},
		{[]string{"-fixed-dt", "1000000h"}, []string{"would overflow", "without -frames", maxAll}},
		{[]string{"-fixed-dt", "3000000h", "-frames", "30"}, []string{"-fixed-dt", "overflows a Go duration", max30}},
		{[]string{"-fixed-dt", "99999999999999999999ns"}, []string{"overflows a Go duration", maxAll}},
		{[]string{"-duration", "3000000h"}, []string{"-duration", "overflows a Go duration", "2562047h47m16.854775807s"}},
		{[]string{"-duration", "2562048h"}, []string{"-duration", "overflows"}},
		{[]string{"-fixed-dt", "-3000000h"}, []string{"want a positive Go duration"}},
		{[]string{"-fixed-dt", "1e3s"}, []string{"want a positive Go duration"}},
		{[]string{"-fixed-dt", "h"}, []string{"want a positive Go duration"}},
		{[]string{"-fixed-dt", max30, "-frames", "30"}, nil},
		{[]string{"-fixed-dt", (maxFixedDt(30, 0) + time.Millisecond).String(), "-frames", "30"}, []string{"would overflow"}},
		{[]string{"-fixed-dt", max30, "-frames", "30", "-input", script}, []string{"would overflow", maxFixedDt(30, 2).String()}},
		{[]string{"-fixed-dt", maxAll}, nil},
		{[]string{"-fixed-dt", "1h", "-frames", "1000"}, nil},
		{[]string{"-duration", "2562047h"}, nil},
	}
	for _, c := range cases {
		opt, err := parseGameFlags(c.args)
		if c.want == nil {
			if err != nil {
				t.Errorf("%q: %v, want accepted", c.args, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q: accepted (fixed dt %v), want an error with %q", c.args, opt.fixedDt, c.want)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %q lacks %q", c.args, err, w)
			}
		}
	}
}

// TestFlagFixedDtLargestNeverWraps runs the game for -frames 30 at
// the longest -fixed-dt it accepts, with an L load (each pumps the clock):
// the virtual clock only moves forward and the cube's scene time never
// goes negative, so maxFixedDt's bound holds for a real run.
func TestFlagFixedDtLargestNeverWraps(t *testing.T) {
	const frames = 30
	script := filepath.Join(t.TempDir(), "script")
	if err := os.WriteFile(script, []byte("5 L\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dt := maxFixedDt(frames, 1)
	g, s, _ := newKeyGame(t, nil, "-fixed-dt", dt.String(), "-frames", "30", "-input", script)
	prev := s.source.Now()
	for i := 0; !g.IsExiting(); i++ {
		if i > 10*frames {
			t.Fatalf("no exit after %d ticks (%d draws)", i, s.draws)
		}
		tick(t, g, 1)
		now := s.source.Now()
		if now <= prev || s.scene < 0 || s.clock.Game() < 0 {
			t.Fatalf("tick %d: clock %v after %v, scene %v: the virtual clock wrapped", i, now, prev, s.scene)
		}
		prev = now
	}
	if s.draws != frames || s.loads != 1 {
		t.Fatalf("%d draws, %d loads; want %d and 1", s.draws, s.loads, frames)
	}
}
