package vulkan

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestG3_GigapixelPNGLoadsOnTheGPU: with the pixel budget raised, the
// all-zero 16384x16384 PNG (a GiB of pixels in a MB of file) loads into a
// texture on lavapipe, its upload runs (Flush) and a read-back of its far
// corner gives zeros. The times are reported, not asserted (they depend
// on the machine and its load). Set METRONOME_BIG_IMAGE=1: it needs about
// 4 GiB.
func TestG3_GigapixelPNGLoadsOnTheGPU(t *testing.T) {
	if os.Getenv("METRONOME_BIG_IMAGE") != "1" {
		t.Skip("set METRONOME_BIG_IMAGE=1 to load a 16384x16384 image (4 GiB, seconds)")
	}
	const side = 16384
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	data := graphicstest.ZeroPNG(side, side)
	var load, flush time.Duration
	var corner []byte
	var hwm string
	onMain(t, func() error {
		dev, err := graphics.NewDevice(g.r)
		if err != nil {
			return err
		}
		start := time.Now()
		tex, err := graphics.LoadTexture(dev, bytes.NewReader(data), graphics.PixelBudget(side*side))
		if err != nil {
			return err
		}
		load = time.Since(start)
		start = time.Now()
		if err := dev.Flush(); err != nil {
			return err
		}
		flush = time.Since(start)
		hwm = peakRSS()
		corner = make([]byte, 4*4*4)
		if err := tex.GetDataRect(graphics.Rectangle{X: side - 4, Y: side - 4, Width: 4, Height: 4}, corner); err != nil {
			return err
		}
		tex.Dispose()
		return dev.Flush()
	})
	for i, b := range corner {
		if b != 0 {
			t.Fatalf("corner byte %d = %d, want 0", i, b)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	touch := firstTouch(2 * side * side * 4)
	t.Logf("%d-byte 16384x16384 PNG: LoadTexture %v, upload (Flush) %v, total %v; peak RSS then %s; Go heap %d MiB allocated in all",
		len(data), load, flush, load+flush, hwm, ms.TotalAlloc>>20)
	t.Logf("anchor: writing 2 GiB of fresh memory (the decoded image and the texture's, which a load cannot avoid) took %v here; the load took %.2fx that",
		touch, float64(load+flush)/float64(touch))
}

// firstTouch returns how long writing n bytes of memory fresh from the
// system takes (a byte per 4 KiB page: the page faults), after giving
// the heap's free memory back so that none of it is reused.
func firstTouch(n int) time.Duration {
	runtime.GC()
	debug.FreeOSMemory()
	start := time.Now()
	b := make([]byte, n)
	for i := 0; i < n; i += 4096 {
		b[i] = 1
	}
	took := time.Since(start)
	runtime.KeepAlive(b)
	return took
}

// peakRSS is the process's peak resident set so far (VmHWM), or "?".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}
