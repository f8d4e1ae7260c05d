package vulkan

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// rssBytes is the process's resident set size (Linux; 0 elsewhere).
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// TestG14_LoadContentChurnGivesMemoryBack: 10,000 64x64 textures
// created, filled and disposed before the first frame (a LoadContent
// that churns) leave, from the first frame on, no texture, no upload
// staging and no device memory beyond what the content needs, and the
// arenas give back the chunks a 48 MiB upload peak grew once 30 uses
// have not needed them. The resident set and Go heap at frame 60 are
// reported.
func TestG14_LoadContentChurnGivesMemoryBack(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	mb := func(n int64) float64 { return float64(n) / (1 << 20) }
	onContent(t, g, func(c *content) (err error) {
		empty := func() error { return c.dev.Clear(graphics.Black) }
		if _, err := c.frame(g, false, empty); err != nil {
			return err
		}
		baseTextures, baseAllocs := len(g.r.gpu.textures), g.r.gpu.dev.alloc.allocations()
		before := rssBytes()
		px := make([]graphics.Color, 64*64)
		for i := range 10000 {
			tex, err := graphics.NewTexture2D(c.dev, 64, 64)
			if err != nil {
				return err
			}
			for j := range px {
				px[j] = graphics.Color{R: uint8(i), G: uint8(j), A: 255}
			}
			if err := tex.SetColors(px); err != nil {
				return err
			}
			tex.Dispose()
		}
		peak := rssBytes()
		if _, err := c.frame(g, false, empty); err != nil {
			return err
		}
		if n := len(g.r.gpu.textures); n != baseTextures {
			t.Errorf("after the first frame %d textures are alive, want %d (the disposed ones destroyed)", n, baseTextures)
		}
		if n := len(g.r.gpu.pendingInit); n != 0 {
			t.Errorf("%d textures still await their first transition", n)
		}
		for i := 1; i < 60; i++ {
			peak = max(peak, rssBytes())
			if _, err := c.frame(g, false, empty); err != nil {
				return err
			}
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("10,000 64x64 textures churned in LoadContent: RSS %.0f MB before, peak %.0f MB, %.0f MB at frame 60; Go heap in use %.0f MB",
			mb(before), mb(peak), mb(rssBytes()), mb(int64(ms.HeapInuse)))
		if n := g.r.gpu.dev.alloc.allocations(); n > baseAllocs {
			t.Errorf("%d device memory allocations at frame 60, want at most %d as before the churn", n, baseAllocs)
		}
		for i := range g.r.frames.arenas {
			if s := arenaSize(&g.r.frames.arenas[i]); s > arenaChunkSize {
				t.Errorf("arena %d holds %d bytes at frame 60, want at most one chunk", i, s)
			}
		}

		// A real upload peak: 48 MiB of texture data in one frame, kept.
		big := make([]*graphics.Texture2D, 3)
		for i := range big {
			if big[i], err = graphics.NewTexture2D(c.dev, 2048, 2048); err != nil {
				return err
			}
			if err := big[i].SetData(make([]byte, 4*2048*2048)); err != nil {
				return err
			}
		}
		if _, err := c.frame(g, false, empty); err != nil {
			return err
		}
		grown := 0
		for i := range g.r.frames.arenas {
			grown = max(grown, arenaSize(&g.r.frames.arenas[i]))
		}
		if grown < 48<<20 {
			t.Errorf("the peak frame's arena holds %d bytes, want at least 48 MiB", grown)
		}
		for range (arenaTrimUses+1)*g.r.FramesInFlight() + 1 {
			if _, err := c.frame(g, false, empty); err != nil {
				return err
			}
		}
		for i := range g.r.frames.arenas {
			if s := arenaSize(&g.r.frames.arenas[i]); s > arenaChunkSize {
				t.Errorf("arena %d holds %d bytes 30 uses after the peak, want at most one chunk", i, s)
			}
		}
		for _, b := range big {
			b.Dispose()
		}
		return nil
	})
}
