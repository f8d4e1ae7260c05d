package vulkan

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestW12_BlockFreeListAlignsAndMerges: a block hands out aligned ranges
// first fit, and ranges given back merge with their neighbours, so a
// block emptied in any order is one free range again.
func TestW12_BlockFreeListAlignsAndMerges(t *testing.T) {
	b := &memBlock{size: 1024, free: []memSpan{{0, 1024}}}
	var offs, starts []int
	for _, c := range []struct{ size, align int }{{10, 1}, {100, 64}, {30, 256}, {200, 16}} {
		start, off, ok, _ := b.take(vkSize(c.size), vkSize(c.align))
		if !ok || int(off)%c.align != 0 || start > off {
			t.Fatalf("take(%d, %d) = %d from %d, %v; want an aligned range", c.size, c.align, off, start, ok)
		}
		offs, starts = append(offs, int(off)), append(starts, int(start))
	}
	if want := []int{0, 64, 256, 288}; !equalInts(offs, want) {
		t.Errorf("offsets %v, want %v (first fit)", offs, want)
	}
	if _, _, ok, _ := b.take(1024, 1); ok {
		t.Error("a range larger than what is free was handed out")
	}
	for _, i := range []int{2, 0, 3, 1} {
		size := []int{10, 100, 30, 200}[i]
		b.give(vkSize(starts[i]), vkSize(offs[i]+size-starts[i]))
	}
	if len(b.free) != 1 || b.free[0] != (memSpan{0, 1024}) || b.live != 0 {
		t.Errorf("after giving everything back: free %v, live %d; want one span of the whole block", b.free, b.live)
	}
}

func vkSize(n int) vk.DeviceSize { return vk.DeviceSize(n) }

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestW12_ThousandsOfResourcesUnderALowAllocationLimit: with the driver's
// limit on live device memory allocations forced down to 64, a device
// holds 2,000 textures and 2,000 vertex buffers and draws every one of
// them in one frame, with validation on; with one allocation per
// resource the 65th would fail.
func TestW12_ThousandsOfResourcesUnderALowAllocationLimit(t *testing.T) {
	const n, limit = 2000, 64
	memAllocationLimit = limit
	t.Cleanup(func() { memAllocationLimit = 0 })
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	var most int
	onContent(t, g, func(c *content) (err error) {
		texs := make([]*graphics.Texture2D, n)
		vbs := make([]*graphics.VertexBuffer, n)
		colorOf := func(i int) graphics.Color { return graphics.Color{R: uint8(i), G: uint8(i >> 8), B: 200, A: 255} }
		for i := range n {
			if texs[i], err = graphics.NewTexture2D(c.dev, 4, 4); err != nil {
				return err
			}
			px := make([]graphics.Color, 16)
			for j := range px {
				px[j] = colorOf(i)
			}
			if err := texs[i].SetColors(px); err != nil {
				return err
			}
			// Buffer i: a pixel-sized quad at (i%64, 32+i/64%32).
			x, y, col := float32(i%64), float32(32+i/64%32), graphics.Color{G: 255, A: 255}
			quad := []graphics.VertexPositionColor{
				{Position: mgl32.Vec3{x, y, 0}, Color: col}, {Position: mgl32.Vec3{x + 1, y, 0}, Color: col},
				{Position: mgl32.Vec3{x + 1, y + 1, 0}, Color: col}, {Position: mgl32.Vec3{x, y, 0}, Color: col},
				{Position: mgl32.Vec3{x + 1, y + 1, 0}, Color: col}, {Position: mgl32.Vec3{x, y + 1, 0}, Color: col},
			}
			if vbs[i], err = graphics.NewVertexBuffer(c.dev, graphics.VertexPositionColor{}.VertexDeclaration(), 6); err != nil {
				return err
			}
			if err := graphics.SetVertexData(vbs[i], 0, quad); err != nil {
				return err
			}
		}
		img, err := c.frame(g, true, func() error {
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			for i := range n { // texture i on pixel (i%64, i/64): rows 0 to 31
				if err := c.quad(float32(i%64), float32(i/64), 1, 1, graphics.White, texs[i]); err != nil {
					return err
				}
			}
			c.flat.TextureEnabled, c.flat.Texture = false, nil
			c.flat.Apply()
			for i := range n {
				c.dev.SetVertexBuffer(vbs[i])
				if err := c.dev.DrawPrimitives(graphics.TriangleList, 0, 2); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		most = g.r.gpu.dev.alloc.allocations()
		for _, i := range []int{0, 1, 777, n - 1} {
			if got, want := img.RGBAAt(i%64, i/64), colorOf(i); got.R != want.R || got.G != want.G || got.B != want.B {
				t.Errorf("texture %d drawn as %v, want %v", i, got, want)
			}
		}
		if got := img.RGBAAt(5, 40); got.G != 255 || got.R != 0 {
			t.Errorf("vertex buffer quad drawn as %v, want green", got)
		}
		for i := range n {
			texs[i].Dispose()
			vbs[i].Dispose()
		}
		_, err = c.frame(g, false, func() error { return c.dev.Clear(graphics.Black) })
		return err
	})
	t.Logf("%d textures and %d vertex buffers in %d device memory allocations (limit %d)", n, n, most, limit)
	if most > limit {
		t.Errorf("%d live allocations, past the limit %d", most, limit)
	}
}

// TestW12_AllocationsPastTheLimitAreAnError: an allocator at its limit
// refuses a new block with an error that names the limit, and frees the
// blocks it emptied.
func TestW12_AllocationsPastTheLimitAreAnError(t *testing.T) {
	a := &memAllocator{limit: 0}
	_, err := a.newBlock(memPoolKey{}, 1, 0, false, "create texture")
	if !errors.Is(err, errTooManyAllocations) {
		t.Fatalf("a block past the limit: %v, want errTooManyAllocations", err)
	}
	t.Log(err)
}
