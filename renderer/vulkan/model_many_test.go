package vulkan

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// TestW12_MixedAlignmentsLeaveNoSlivers: a run of small ranges of mixed
// sizes and alignments (a model's 96-byte vertex buffers and 6-byte index
// buffers) leaves one free span in the block, so each take looks at one
// span: the padding an alignment skips goes with the range. (Left in the
// free list, each sliver was scanned by every later take: 200,000 buffers
// took quadratic time.) With holes that fit nothing (every other range
// given back), a second run still looks at one span each (next fit), and
// everything given back is the whole block again.
func TestW12_MixedAlignmentsLeaveNoSlivers(t *testing.T) {
	b := &memBlock{size: memBlockSize, free: []memSpan{{0, memBlockSize}}}
	type taken struct{ start, off, size vk.DeviceSize }
	var got []taken
	run := func(count int, sizes ...[2]vk.DeviceSize) int {
		scanned := 0
		for i := range count {
			c := sizes[i%len(sizes)]
			start, off, ok, n := b.take(c[0], c[1])
			if !ok || off%c[1] != 0 || start > off {
				t.Fatalf("take %d (%d, %d) = %d from %d, %v", i, c[0], c[1], off, start, ok)
			}
			scanned += n
			got = append(got, taken{start, off, c[0]})
		}
		return scanned
	}
	if n := run(10000, [2]vk.DeviceSize{96, 64}, [2]vk.DeviceSize{6, 64}, [2]vk.DeviceSize{10, 16}, [2]vk.DeviceSize{36, 4}, [2]vk.DeviceSize{300, 256}); len(b.free) != 1 || n != 10000 {
		t.Errorf("after 10,000 takes: %d free spans, %d spans looked at; want 1 and 10,000", len(b.free), n)
	}
	for i := 0; i < len(got); i += 2 {
		r := got[i]
		b.give(r.start, r.off+r.size-r.start)
	}
	holes := len(b.free)
	if n := run(5000, [2]vk.DeviceSize{1024, 64}); n != 5000 {
		t.Errorf("5,000 takes past %d holes that fit none looked at %d spans, want 5,000", holes, n)
	}
	for i := 1; i < len(got); i++ {
		if i < 10000 && i%2 == 0 {
			continue // given back already
		}
		r := got[i]
		b.give(r.start, r.off+r.size-r.start)
	}
	if len(b.free) != 1 || b.free[0] != (memSpan{0, memBlockSize}) || b.live != 0 {
		t.Errorf("after giving everything back: %d spans, live %d; want the whole block", len(b.free), b.live)
	}
}

// TestW12_HostVisibleBuffersAreMappedInEveryBlock: where one memory type is
// both device-local and host-visible (lavapipe), a host-visible buffer
// never lands in a block a device-local buffer opened unmapped. (It did
// once a model's buffers filled the first block: the next arena chunk had
// no address, and the first frame panicked writing to it.)
func TestW12_HostVisibleBuffersAreMappedInEveryBlock(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onMain(t, func() error {
		var gpu []*gpuBuffer
		var host []*buffer
		defer func() {
			for _, b := range gpu {
				b.destroy()
			}
			for _, b := range host {
				b.destroy()
			}
		}()
		// Device-local buffers of 4 MiB until they have opened blocks of
		// their own (at least 2), then host-visible ones of 4 MiB.
		for range 3 * memBlockSize / (4 << 20) {
			b, err := newGPUBuffer(g.r.gpu.dev, 4<<20)
			if err != nil {
				return err
			}
			gpu = append(gpu, b)
		}
		for i := range 3 * memBlockSize / (4 << 20) {
			b, err := newBuffer(g.r.gpu.dev, 4<<20, vk.BufferUsageVertexBufferBit|vk.BufferUsageTransferSrcBit, "test")
			if err != nil {
				return err
			}
			host = append(host, b)
			if b.mapped == nil {
				return fmt.Errorf("host-visible buffer %d has no mapping (its block was opened for a device-local buffer)", i)
			}
			b.bytes()[0], b.bytes()[b.size-1] = 1, 2
		}
		return nil
	})
}

// manyPrimitiveSizes are the model sizes TestM2_ManyPrimitivesLoadLinearly
// loads: METRONOME_MODEL_PRIMITIVES (a comma-separated list, such as
// 20000,35000,50000,75000,100000: minutes on lavapipe) or two small ones.
func manyPrimitiveSizes(t *testing.T) []int {
	env := os.Getenv("METRONOME_MODEL_PRIMITIVES")
	if env == "" {
		return []int{3000, 6000}
	}
	var sizes []int
	for _, s := range strings.Split(env, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			t.Fatalf("METRONOME_MODEL_PRIMITIVES=%q: want a list of counts", env)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// TestM2_ManyPrimitivesLoadLinearlyAndPresent: a model of thousands of
// primitives (each its own vertex and index buffer) loads with the device
// memory allocator looking at a bounded number of blocks and free spans per
// buffer (counted, not timed: the same at both sizes), leaves no slivers in
// the free lists, and draws and presents without a panic or a validation
// message. Times are logged (wall and process CPU), not asserted; each
// model is released before the next loads.
func TestM2_ManyPrimitivesLoadLinearlyAndPresent(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		for _, n := range manyPrimitiveSizes(t) {
			file := filepath.Join(t.TempDir(), "many.glb")
			if err := gltf.SaveBinary(modeltest.ManyPrimitives(n), file); err != nil {
				return err
			}
			st, err := os.Stat(file)
			if err != nil {
				return err
			}
			a := g.r.gpu.dev.alloc
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mallocs := ms.Mallocs
			scanned, wall, cpu := a.scanned, time.Now(), processCPU()
			m, err := graphics.LoadModelFile(c.dev, file)
			if err != nil {
				return err
			}
			loadWall, loadCPU, scans := time.Since(wall), processCPU()-cpu, a.scanned-scanned
			runtime.ReadMemStats(&ms)
			mallocs = ms.Mallocs - mallocs
			if len(m.Meshes) != 1 || len(m.Meshes[0].MeshParts) != n {
				return fmt.Errorf("%d primitives: the model has %d meshes, want 1 of %d parts", n, len(m.Meshes), n)
			}
			wall, cpu = time.Now(), processCPU()
			img, err := c.frame(g, true, func() error {
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/3, 160.0/120, 0.1, 10)
				if err != nil {
					return err
				}
				return m.Draw(mgl32.Ident4(), graphics.CreateLookAt(mgl32.Vec3{0, 0, 2.2}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}), proj)
			})
			if err != nil {
				return fmt.Errorf("%d primitives: the first frame: %w", n, err)
			}
			frameWall, frameCPU := time.Since(wall), processCPU()-cpu
			spans := freeSpans(a)
			t.Logf("%d primitives (%d bytes): load %v (CPU %v, %.0f us and %.1f Go allocations per primitive), first frame %v (CPU %v); allocator: %d looks, %d free spans",
				n, st.Size(), loadWall.Round(time.Millisecond), loadCPU.Round(time.Millisecond), float64(loadCPU.Microseconds())/float64(n),
				float64(mallocs)/float64(n), frameWall.Round(time.Millisecond), frameCPU.Round(time.Millisecond), scans, spans)
			// Each of the 2n buffers looks at one block and one span (and
			// at every block once when one is full).
			if perBuffer := float64(scans) / float64(2*n); perBuffer > 3 {
				return fmt.Errorf("%d primitives: the allocator looked at %d blocks and spans, %.1f per buffer; want at most 3", n, scans, perBuffer)
			}
			if spans > 64 {
				return fmt.Errorf("%d primitives: %d free spans in the allocator, want a few (slivers left behind)", n, spans)
			}
			bg, drawn := color.RGBA{background.R, background.G, background.B, background.A}, 0
			for y := range 120 {
				for x := range 160 {
					if img.RGBAAt(x, y) != bg {
						drawn++
					}
				}
			}
			if drawn < 160*120/10 {
				return fmt.Errorf("%d primitives: %d pixels drawn, want the model over much of the frame", n, drawn)
			}
			m.Dispose()
			// Two frames: the releases ride the first and run once its
			// slot comes round, so the next size loads beside nothing.
			for range 2 {
				if _, err := c.frame(g, false, func() error { return nil }); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// freeSpans counts the free spans of every block of a.
func freeSpans(a *memAllocator) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, pool := range a.blocks {
		for _, b := range pool {
			n += len(b.free)
		}
	}
	return n
}
