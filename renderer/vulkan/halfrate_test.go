package vulkan

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
)

// drawCounting draws n frames from time `from` (ms) and returns how many
// presents they queued.
func drawCounting(r *Renderer, n, from int) (uint64, error) {
	before := r.Presents()
	for i := range n {
		drawn, err := r.DrawFrame(time.Duration(from+i) * time.Millisecond)
		if err != nil {
			return 0, err
		}
		if !drawn {
			return 0, fmt.Errorf("frame %d not drawn", i)
		}
	}
	return r.Presents() - before, nil
}

// TestP8_HalfRatePresentsEachFrameTwice: at swap interval 2 with half rate
// on, the swapchain uses FIFO, Presentation reports Hold 2 and says half
// rate, and N DrawFrames queue 2N presents; half rate off goes back to the
// default mapping (P4) and N presents. ReadBack still returns the frame:
// the same pixels with half rate on as off.
func TestP8_HalfRatePresentsEachFrameTwice(t *testing.T) {
	const n = 40
	g := openGPU(t, 320, 240, Options{SwapInterval: 2})
	if !g.r.SupportedPresentModes().Has(present.ModeFIFO) {
		t.Skipf("surface %v lacks FIFO", g.r.SupportedPresentModes())
	}
	off := g.readAt(t, 0.9)
	onMain(t, func() error {
		if err := g.r.SetHalfRate(true); err != nil {
			return err
		}
		p := g.r.Presentation()
		if p.Mode != present.ModeFIFO || p.Hold != 2 || p.FellBack || !strings.Contains(p.Reason, "half rate") {
			return fmt.Errorf("Presentation() = %+v, want FIFO, hold 2, half rate", p)
		}
		got, err := drawCounting(g.r, n, 0)
		if err != nil {
			return err
		}
		if got != 2*n || g.r.ModeInUse() != present.ModeFIFO || !g.r.HalfRate() {
			return fmt.Errorf("half rate: %d frames queued %d presents in mode %v, want %d in FIFO", n, got, g.r.ModeInUse(), 2*n)
		}
		return nil
	})
	on := g.readAt(t, 0.9)
	checkCubePixels(t, on, 320, 240)
	if d := differingPixels(off, on); d != 0 {
		t.Errorf("read-back at half rate differs from the one without in %d pixels", d)
	}
	onMain(t, func() error {
		if err := g.r.SetHalfRate(false); err != nil {
			return err
		}
		want, err := present.ChooseMode(2, g.r.SupportedPresentModes())
		if err != nil {
			return err
		}
		got, err := drawCounting(g.r, n, 100)
		if err != nil {
			return err
		}
		if got != n || g.r.ModeInUse() != want.Mode || chosen(g.r) != want {
			return fmt.Errorf("half rate off: %d presents in mode %v (%+v), want %d in %v", got, g.r.ModeInUse(), g.r.Presentation(), n, want.Mode)
		}
		return nil
	})
}

// TestP8_HalfRateLiveSwitch switches half rate on and off and the swap
// interval through 0, 1, 2 while rendering, 90 times (each switch either
// flips half rate or moves the interval). After each switch and two frames,
// the mode in use and the hold are what present.ChooseModeHold picks, each
// frame queued Hold presents, the swapchain was rebuilt exactly when the
// mode changed (P5), and the renderer holds no more objects than after the
// first round; no validation message (cleanup).
func TestP8_HalfRateLiveSwitch(t *testing.T) {
	const switches = 90
	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	onMain(t, func() error {
		modes := g.r.SupportedPresentModes()
		interval, half, baseline := 1, false, -1
		for i := range switches {
			if i%2 == 0 {
				half = !half
			} else {
				interval = (interval + 1) % 3
			}
			if err := halfRateSwitch(g.r, modes, interval, half, i); err != nil {
				return fmt.Errorf("switch %d (interval %d, half rate %v): %w", i, interval, half, err)
			}
			if i == 5 {
				baseline = g.r.liveObjects()
			} else if i > 5 && g.r.liveObjects() > baseline {
				return fmt.Errorf("switch %d: %d live objects, %d after the first round", i, g.r.liveObjects(), baseline)
			}
		}
		return nil
	})
	t.Logf("%d half-rate/interval switches on %s, modes %v, %d rebuilds", switches, g.r.DeviceName(), g.r.SupportedPresentModes(), g.r.Rebuilds())
}

// halfRateSwitch applies interval and half to r, draws two frames and
// checks the outcome against present.ChooseModeHold.
func halfRateSwitch(r *Renderer, modes present.ModeSet, interval int, half bool, i int) error {
	want, err := present.ChooseModeHold(interval, half, modes)
	if err != nil {
		return err
	}
	modeBefore, rebuilds, counts := r.ModeInUse(), r.Rebuilds(), r.PresentationCounts()
	if err := r.SetHalfRate(half); err != nil {
		return err
	}
	if err := r.SetSwapInterval(interval); err != nil {
		return err
	}
	got, err := drawCounting(r, 2, 10*i)
	if err != nil {
		return err
	}
	if r.ModeInUse() != want.Mode || chosen(r) != want {
		return fmt.Errorf("mode in use %v, Presentation() %+v; want %+v", r.ModeInUse(), r.Presentation(), want)
	}
	if got != uint64(2*want.Hold) {
		return fmt.Errorf("2 frames queued %d presents, want %d (hold %d)", got, 2*want.Hold, want.Hold)
	}
	return checkSwitched(r, modeBefore, want.Mode, rebuilds, counts)
}

// checkSwitched checks how a change from mode before to want went, given
// Rebuilds and PresentationCounts before it: nothing for an unchanged
// mode; else one change, made in place (P11) when the swapchain could,
// else by one rebuild (P5).
func checkSwitched(r *Renderer, before, want present.PresentMode, rebuilds int, counts present.SwitchCounts) error {
	now := r.PresentationCounts()
	changes, inPlace, rebuilt := now.Changes-counts.Changes, now.InPlace-counts.InPlace, r.Rebuilds()-rebuilds
	switch {
	case before == want && (changes != 0 || rebuilt != 0):
		return fmt.Errorf("mode %v unchanged: %d changes, %d rebuilds, want none", want, changes, rebuilt)
	case before == want:
		return nil
	case changes != 1 || inPlace+rebuilt != 1:
		return fmt.Errorf("mode %v -> %v: %d changes, %d in place, %d rebuilds; want one change, in place or rebuilt",
			before, want, changes, inPlace, rebuilt)
	case inPlace == 1 && r.Presentation().Switch != present.SwitchInPlace,
		rebuilt == 1 && r.Presentation().Switch != present.SwitchRebuilt:
		return fmt.Errorf("mode %v -> %v: %d in place, %d rebuilds, but Presentation says %q", before, want, inPlace, rebuilt, r.Presentation().Switch)
	}
	return nil
}

// TestP8_SteadyHalfRateFrameAllocatesNothing: with half rate active, a
// frame (two renders and two presents) makes no Go heap allocation, and
// 2 x 1000 frames leave the C heap flat (cHeapLeak: no growth in both halves).
func TestP8_SteadyHalfRateFrameAllocatesNothing(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 2})
	var allocs float64
	var before, mid, after int
	onMain(t, func() error {
		if err := g.r.SetHalfRate(true); err != nil {
			return err
		}
		if _, err := drawCounting(g.r, 200, 0); err != nil { // settle: rebuild, first frames
			return err
		}
		var err error
		i := 0
		allocs = testing.AllocsPerRun(300, func() {
			i++
			if _, e := g.r.DrawFrame(time.Duration(i) * time.Millisecond); e != nil && err == nil {
				err = e
			}
		})
		if err != nil {
			return err
		}
		if err := g.r.WaitIdle(); err != nil {
			return err
		}
		before = cHeapInUse()
		if _, err := drawCounting(g.r, 1000, 1000); err != nil {
			return err
		}
		mid = cHeapInUse()
		if _, err := drawCounting(g.r, 1000, 2000); err != nil {
			return err
		}
		after = cHeapInUse()
		return g.r.WaitIdle()
	})
	if g.r.Presentation().Hold != 2 {
		t.Fatalf("half rate not active: %+v", g.r.Presentation())
	}
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per half-rate frame, want 0", allocs)
	}
	t.Logf("C heap in use: %d -> %d -> %d bytes over 2 x 1000 half-rate frames", before, mid, after)
	if msg := cHeapLeak(mid-before, after-mid); msg != "" {
		t.Errorf("C heap over 2 x 1000 half-rate frames: %s", msg)
	}
}
