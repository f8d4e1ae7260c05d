package vulkan

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestSwapchainBytes: the memory of a swapchain's images and its
// depth image, saturating instead of wrapping.
func TestSwapchainBytes(t *testing.T) {
	cases := []struct {
		w, h, images, colour, depth int
		want                        uint64
	}{
		{960, 540, 3, 4, 4, 960 * 540 * 16},
		{16384, 16384, 3, 4, 4, 4 << 30}, // the 4.3 GB the issue measured
		{16384, 16384, 2, 4, 4, 3 << 30},
		{1, 1, 2, 4, 2, 10},
		{0, 540, 3, 4, 4, 0},
		{-1, 540, 3, 4, 4, 0},
		{1 << 31, 1 << 31, 4, 4, 4, math.MaxUint64},         // 2^62 pixels x 20 bytes
		{math.MaxInt, math.MaxInt, 3, 4, 4, math.MaxUint64}, // the pixel count itself overflows
	}
	for _, c := range cases {
		if got := SwapchainBytes(c.w, c.h, c.images, c.colour, c.depth); got != c.want {
			t.Errorf("SwapchainBytes(%d, %d, %d, %d, %d) = %d, want %d", c.w, c.h, c.images, c.colour, c.depth, got, c.want)
		}
	}
}

// TestSwapchainOverBudgetIsRefused: the check where the extent is
// known refuses what exceeds the budget, accepts what fits exactly, and
// its error names the need, the budget and how to change it.
func TestSwapchainOverBudgetIsRefused(t *testing.T) {
	cases := []struct {
		w, h, images int
		budget       int64
		over         bool
	}{
		{16384, 16384, 3, DefaultSwapchainBudget, true},
		{8192, 8192, 3, DefaultSwapchainBudget, false}, // exactly 1 GiB
		{8192, 8192, 4, DefaultSwapchainBudget, true},
		{3840, 2160, 4, DefaultSwapchainBudget, false},
		{16384, 16384, 3, 8 << 30, false},
		{16384, 16384, 3, noBudget, false},
		{math.MaxInt, math.MaxInt, 3, noBudget, false}, // a saturated need, no limit
		{math.MaxInt, math.MaxInt, 3, 8 << 30, true},
		{64, 64, 2, 100, true},
	}
	for _, c := range cases {
		err := CheckSwapchain(c.w, c.h, c.images, 4, 4, c.budget)
		if got := errors.Is(err, ErrOverBudget); got != c.over {
			t.Errorf("CheckSwapchain(%dx%d, %d images, budget %d) = %v, want over budget %t", c.w, c.h, c.images, c.budget, err, c.over)
		}
	}
	err := CheckSwapchain(16384, 16384, 3, 4, 4, DefaultSwapchainBudget)
	for _, want := range []string{"16384x16384", "4.0 GiB", "1.0 GiB", SwapchainBudgetEnv + "=4GiB"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestSuggestedBudgetAdmitsTheNeed: the value the error suggests
// for the variable parses and admits what was refused.
func TestSuggestedBudgetAdmitsTheNeed(t *testing.T) {
	for _, need := range []uint64{1, 1 << 20, 1<<20 + 1, 320 << 10, 1 << 30, 5<<30 + 1, 1 << 61, math.MaxUint64} {
		s := suggestBudget(need)
		b, err := parseBytes(s)
		if err != nil || checkBudget("x", need, b) != nil {
			t.Errorf("suggestBudget(%d) = %q: parses to %d, %v; does not admit the need", need, s, b, err)
		}
	}
}

// TestWindowSizeOverBudgetIsRefused: the up-front check of a
// requested window size assumes the smallest swapchain, so it refuses
// 16384x16384 at the default budget and lets 4K through.
func TestWindowSizeOverBudgetIsRefused(t *testing.T) {
	cases := []struct {
		w, h int
		over bool
	}{
		{16384, 16384, true},
		{16384, 8192, true},
		{10000, 10000, true},
		{3840, 2160, false},
		{7680, 4320, false},
		{960, 540, false},
	}
	for _, c := range cases {
		err := CheckWindowSize(c.w, c.h, DefaultSwapchainBudget)
		if got := errors.Is(err, ErrOverBudget); got != c.over {
			t.Errorf("CheckWindowSize(%d, %d) = %v, want over budget %t", c.w, c.h, err, c.over)
		}
	}
}

// TestSwapchainBudgetSettings: the option wins, then
// METRONOME_SWAPCHAIN_BUDGET, then the default; a malformed variable is an
// error that says what to write.
func TestSwapchainBudgetSettings(t *testing.T) {
	cases := []struct {
		option int64
		env    string
		want   int64
		bad    bool
	}{
		{0, "", DefaultSwapchainBudget, false},
		{123, "2GiB", 123, false},
		{-1, "2GiB", noBudget, false},
		{0, "2GiB", 2 << 30, false},
		{0, "512 MiB", 512 << 20, false},
		{0, "64KiB", 64 << 10, false},
		{0, "1073741824", 1 << 30, false},
		{0, "100B", 100, false},
		{0, "none", noBudget, false},
		{0, "1TiB", 1 << 40, false},
		{0, "2GB", 0, true},
		{0, "0", 0, true},
		{0, "-5MiB", 0, true},
		{0, "9999999TiB", 0, true},
		{0, "lots", 0, true},
	}
	for _, c := range cases {
		t.Setenv(SwapchainBudgetEnv, c.env)
		got, err := SwapchainBudget(c.option)
		if c.bad {
			if err == nil || !strings.Contains(err.Error(), SwapchainBudgetEnv) || !strings.Contains(err.Error(), "2GiB") {
				t.Errorf("SwapchainBudget(%d) with %q = %d, %v; want an error naming the variable and an example", c.option, c.env, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("SwapchainBudget(%d) with %q = %d, %v; want %d", c.option, c.env, got, err, c.want)
		}
	}
}

// TestRendererRefusesSwapchainOverBudget: on the real stack a
// renderer whose first swapchain exceeds Options.SwapchainBudget is not
// created, and the error says so; one that fits and then grows past the
// budget fails its rebuild the same way (a resize to a huge window), and
// tears down cleanly (no validation message).
func TestRendererRefusesSwapchainOverBudget(t *testing.T) {
	const small = 64 * 64 * (maxImages*4 + 4) // any 64x64 swapchain fits; 128x128 with 3+ images does not
	var winErr, newErr error
	var win *window.Window
	window.Do(func() {
		win, winErr = window.New(window.Config{Title: t.Name(), Width: 128, Height: 128})
		if winErr != nil {
			return
		}
		var exts []string
		if exts, newErr = window.VulkanInstanceExtensions(); newErr != nil {
			return
		}
		var r *Renderer
		r, newErr = New(mainSurface{win}, Options{InstanceExtensions: exts, ProcAddr: window.VulkanProcAddr(),
			Validation: true, SwapchainBudget: 64 * 64 * 8})
		if r != nil {
			r.Destroy()
			newErr = errors.New("created a renderer over its budget")
		}
	})
	if winErr != nil {
		windowtest.SkipIfNoStack(t, winErr)
	}
	defer window.Do(win.Destroy)
	if !errors.Is(newErr, ErrOverBudget) {
		windowtest.SkipIfNoStack(t, newErr, ErrNoDriver, ErrNoLoader)
		t.Fatalf("New over budget = %v, want ErrOverBudget", newErr)
	}
	t.Logf("refused: %v", newErr)

	g := openGPU(t, 64, 64, Options{SwapchainBudget: small})
	g.draw(t, 0)
	var err error
	for i := 0; i < 100 && err == nil; i++ { // the X server applies the size asynchronously
		window.Do(func() {
			// Asked again each time: a Wayland compositor may answer an
			// earlier request, or the window's mapping, with a configure
			// of its own size after this one.
			g.win.SetSize(256, 256)
			window.WaitEvents(10 * time.Millisecond)
			g.r.Resize()
			_, err = g.r.DrawFrame(seconds(float64(i) / 60))
		})
	}
	if !errors.Is(err, ErrOverBudget) {
		t.Fatalf("DrawFrame after growing past the budget = %v, want ErrOverBudget", err)
	}
	t.Logf("rebuild refused: %v", err)
}

// TestW4_FailedNewDestroysWhatItTookOver has New fail after it took the
// start's instance and device over (a swapchain over its budget) and
// checks that the instance was destroyed: its validation message log is
// no longer registered. The deferred cleanup of a constructor must not
// read a named result that the failing return has already set to nil.
func TestW4_FailedNewDestroysWhatItTookOver(t *testing.T) {
	liveLogs := func() int {
		logs.Lock()
		defer logs.Unlock()
		return len(logs.live)
	}
	before := liveLogs()
	var winErr, newErr error
	var win *window.Window
	window.Do(func() {
		win, winErr = window.New(window.Config{Title: t.Name(), Width: 128, Height: 128})
		if winErr != nil {
			return
		}
		var exts []string
		if exts, newErr = window.VulkanInstanceExtensions(); newErr != nil {
			return
		}
		var r *Renderer
		r, newErr = New(mainSurface{win}, Options{InstanceExtensions: exts, ProcAddr: window.VulkanProcAddr(),
			Validation: true, SwapchainBudget: 64 * 64 * 8})
		if r != nil {
			r.Destroy()
		}
	})
	if winErr != nil {
		windowtest.SkipIfNoStack(t, winErr)
	}
	defer window.Do(win.Destroy)
	if !errors.Is(newErr, ErrOverBudget) {
		windowtest.SkipIfNoStack(t, newErr, ErrNoDriver, ErrNoLoader)
		t.Fatalf("New over budget = %v, want ErrOverBudget", newErr)
	}
	if after := liveLogs(); after != before {
		t.Fatalf("%d validation logs live after the failed New, %d before: its instance was not destroyed", after, before)
	}
}
