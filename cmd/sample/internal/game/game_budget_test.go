package game

import (
	"errors"
	"github.com/metronome-engine/metronome/engine/desktop"
	"strings"
	"testing"
)

// TestSizeOverBudgetIsABadFlag: -size 16384x16384 is within the
// side limit but its swapchain would take gigabytes: the flag is refused
// with the budget and how to raise it; METRONOME_SWAPCHAIN_BUDGET lets it
// through, and usual sizes pass at the default.
func TestSizeOverBudgetIsABadFlag(t *testing.T) {
	cases := []struct {
		size, env string
		over      bool
	}{
		{"16384x16384", "", true},
		{"16384x8192", "", true},
		{"3840x2160", "", false},
		{"960x540", "", false},
		{"16384x16384", "4GiB", false},
		{"960x540", "1MiB", true},
	}
	for _, c := range cases {
		t.Setenv(desktop.SwapchainBudgetEnv, c.env)
		_, err := parseGameFlags([]string{"-size", c.size})
		if got := errors.Is(err, desktop.ErrOverBudget); got != c.over {
			t.Errorf("-size %s with %s=%q: %v, want over budget %t", c.size, desktop.SwapchainBudgetEnv, c.env, err, c.over)
		}
		if c.over && (!strings.Contains(err.Error(), "-size") || !strings.Contains(err.Error(), desktop.SwapchainBudgetEnv)) {
			t.Errorf("error %q names neither the flag nor the budget's variable", err)
		}
	}
}

// TestSizeOverBudgetExits2: the process refuses -size
// 16384x16384 at once with status 2 (a bad flag) and one message, before
// any window or device exists (it needs no display).
func TestSizeOverBudgetExits2(t *testing.T) {
	p := runSample(t, []string{"-size", "16384x16384", "-frames", "3"}, "DISPLAY=", "WAYLAND_DISPLAY=",
		desktop.SwapchainBudgetEnv+"=")
	if p.code != 2 || strings.Count(p.stderr, "\n") != 1 || !strings.Contains(p.stderr, "1.0 GiB") {
		t.Fatalf("exit %d, stderr %q; want exit 2 and one line naming the 1 GiB budget", p.code, p.stderr)
	}
	t.Logf("%s", p.stderr)
}
