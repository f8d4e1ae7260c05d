package vulkan

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
)

// TestP5_LiveSwitch switches the swap interval 0 -> 1 -> 2 -> 0 ... 300
// times while rendering. After each switch and frame, the mode in use is the
// one present.ChooseMode picks from the surface's modes; Presentation reports
// the request (P6); the renderer holds no more objects than after the first
// round, and the C heap does not grow in both halves of the last 200 rebuilds (cHeapLeak);
// no validation message (cleanup). An unchanged interval rebuilds
// nothing, and a bad one is an error that changes nothing.
func TestP5_LiveSwitch(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 1})
	const switches = 300
	const heapFrom = 100 // the driver and the X client warm up before this
	onMain(t, func() error {
		modes := g.r.SupportedPresentModes()
		if modes.Len() == 0 {
			return errors.New("surface lists no present modes")
		}
		baseline, heap, heapMid := -1, 0, 0
		for i := range switches {
			n := (i + 1) % 3 // 1 -> 2 -> 0 -> 1 ... from the initial 1
			if err := switchAndDraw(g.r, n, modes, i); err != nil {
				return fmt.Errorf("switch %d to %d: %w", i, n, err)
			}
			if i == 2 {
				baseline = g.r.liveObjects()
			} else if i > 2 && g.r.liveObjects() > baseline {
				return fmt.Errorf("switch %d: %d live objects, %d after the first round", i, g.r.liveObjects(), baseline)
			}
			switch i {
			case heapFrom:
				heap = settledCHeap()
			case (heapFrom + switches) / 2:
				heapMid = settledCHeap()
			}
		}
		end := settledCHeap()
		t.Logf("C heap grew %d then %d bytes over switches %d..%d", heapMid-heap, end-heapMid, heapFrom, switches)
		if msg := cHeapLeak(heapMid-heap, end-heapMid); msg != "" {
			return fmt.Errorf("C heap over 2 x %d rebuilds: %s", (switches-heapFrom)/2, msg)
		}
		return checkUnchangedAndBad(g.r)
	})
	t.Logf("%d switches on %s, supported modes %v, %d rebuilds", switches, g.r.DeviceName(), g.r.SupportedPresentModes(), g.r.Rebuilds())
}

// chosen is r's Presentation without how the last change was applied
// (in place or rebuilt, which depends on the driver), to compare with
// what present.ChooseMode picks.
func chosen(r *Renderer) present.Choice {
	c := r.Presentation()
	c.Switch = present.SwitchNone
	return c
}

// cHeapLeak judges the C heap's growth over two equal windows of the same
// steady work: "" when it is no leak, else what it saw. A leak grows the
// heap in both windows; a one-time growth (an allocator or driver arena
// taking another 64 KiB block, which happens under load once in a while)
// in one only. So one window may take one such step of up to 128 KiB,
// but both growing by more than 32 KiB (at least 32 KiB per 1,000 frames
// or 100 rebuilds), or one by more than 128 KiB, is a leak.
func cHeapLeak(first, second int) string {
	if min(first, second) > 32<<10 || max(first, second) > 128<<10 {
		return fmt.Sprintf("grew %d then %d bytes: a leak (both windows above 32 KiB, or one above 128 KiB)", first, second)
	}
	return ""
}

// settledCHeap runs the Go collector twice (vulkan-go frees the C copies of
// slice arguments in finalizers) and returns the C heap in use.
func settledCHeap() int {
	runtime.GC()
	runtime.GC()
	return cHeapInUse()
}

// switchAndDraw sets interval n, draws two frames and checks the outcome.
func switchAndDraw(r *Renderer, n int, modes present.ModeSet, i int) error {
	want, err := present.ChooseMode(n, modes)
	if err != nil {
		return err
	}
	if err := r.SetSwapInterval(n); err != nil {
		return err
	}
	for k := range 2 {
		if _, err := r.DrawFrame(time.Duration(i*2+k) * time.Millisecond * 16); err != nil {
			return err
		}
	}
	if got := r.ModeInUse(); got != want.Mode {
		return fmt.Errorf("mode in use %v, ChooseMode picked %v", got, want.Mode)
	}
	if p := chosen(r); p != want {
		return fmt.Errorf("Presentation() = %+v, want %+v", p, want)
	}
	return nil
}

// checkUnchangedAndBad: same interval again -> no rebuild (P5); bad -> error.
func checkUnchangedAndBad(r *Renderer) error {
	before, mode := r.Rebuilds(), r.ModeInUse()
	if err := r.SetSwapInterval(r.Presentation().Requested); err != nil {
		return err
	}
	for i := range 5 {
		if _, err := r.DrawFrame(time.Duration(i) * time.Millisecond); err != nil {
			return err
		}
	}
	if r.Rebuilds() != before {
		return fmt.Errorf("unchanged interval rebuilt %d times", r.Rebuilds()-before)
	}
	for _, bad := range []int{-1, 3, 60} {
		if err := r.SetSwapInterval(bad); !errors.Is(err, present.ErrBadSwapInterval) {
			return fmt.Errorf("SetSwapInterval(%d) = %v, want ErrBadSwapInterval", bad, err)
		}
	}
	if r.ModeInUse() != mode {
		return errors.New("a bad interval changed the mode")
	}
	return nil
}

// BenchmarkP5_Rebuild times one swapchain rebuild for a present-mode change
// (IMMEDIATE <-> FIFO at 640x480, with a frame drawn between), and reports
// the median and 99th percentile in ms.
func BenchmarkP5_Rebuild(b *testing.B) {
	g := openGPU(b, 640, 480, Options{SwapInterval: 1})
	var times []time.Duration
	onMain(b, func() error {
		w, h := g.win.FramebufferSize()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := g.r.SetSwapInterval(i % 2); err != nil {
				return err
			}
			start := time.Now()
			if err := g.r.pres.rebuild(w, h); err != nil {
				return err
			}
			times = append(times, time.Since(start))
			if _, err := g.r.DrawFrame(time.Duration(i) * time.Millisecond); err != nil {
				return err
			}
		}
		return nil
	})
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[(len(times)*99)/100]), "p99-ms")
}
