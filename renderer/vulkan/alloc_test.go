package vulkan

import (
	"testing"
	"time"
)

// TestSteadyFrameAllocatesNothing: a frame without a rebuild makes no Go
// heap allocation (style item 12); the Vulkan calls of a frame go through
// the C fast path (frameloop.c), so no C memory is allocated either.
func TestSteadyFrameAllocatesNothing(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var allocs float64
	onMain(t, func() error {
		for i := range 5 { // settle: first swapchain, first frames
			if _, err := g.r.DrawFrame(time.Duration(i) * time.Millisecond); err != nil {
				return err
			}
		}
		var err error
		i := 0
		allocs = testing.AllocsPerRun(500, func() {
			i++
			if _, e := g.r.DrawFrame(time.Duration(i) * time.Millisecond); e != nil && err == nil {
				err = e
			}
		})
		return err
	})
	if allocs != 0 {
		t.Errorf("%.2f Go allocations per steady-state frame, want 0", allocs)
	}
}

// BenchmarkDrawFrame640x480Immediate times steady-state frames of the
// test cube with IMMEDIATE at 640x480 (the comparison point with
// vkcube) and reports frames per second; -benchmem shows the allocations (0).
func BenchmarkDrawFrame640x480Immediate(b *testing.B) {
	g := openGPU(b, 640, 480, Options{SwapInterval: 0})
	onMain(b, func() error {
		if _, err := g.r.DrawFrame(0); err != nil {
			return err
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := g.r.DrawFrame(time.Duration(i) * time.Millisecond); err != nil {
				return err
			}
		}
		err := g.r.WaitIdle()
		b.StopTimer()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		return err
	})
}

// TestSteadyFramesKeepCMemoryFlat draws 2 x 1500 frames after a warm-up
// and checks the C heap in use (glibc mallinfo2: the driver's, the X
// client's and vulkan-go's allocations) over both windows (cHeapLeak): the
// frame path itself mallocs nothing, so growth in both is a leak, while
// one 64 KiB step of lavapipe's heap in one window is not.
func TestSteadyFramesKeepCMemoryFlat(t *testing.T) {
	g := openGPU(t, 320, 240, Options{SwapInterval: 0})
	var before, mid, after int
	onMain(t, func() error {
		draw := func(n, from int) error {
			for i := range n {
				if _, err := g.r.DrawFrame(time.Duration(from+i) * time.Millisecond); err != nil {
					return err
				}
			}
			return g.r.WaitIdle()
		}
		if err := draw(200, 0); err != nil {
			return err
		}
		before = cHeapInUse()
		if err := draw(1500, 200); err != nil {
			return err
		}
		mid = cHeapInUse()
		if err := draw(1500, 1700); err != nil {
			return err
		}
		after = cHeapInUse()
		return nil
	})
	t.Logf("C heap in use: %d -> %d -> %d bytes over 2 x 1500 frames", before, mid, after)
	if msg := cHeapLeak(mid-before, after-mid); msg != "" {
		t.Errorf("C heap over 2 x 1500 frames: %s", msg)
	}
}
