package vulkan

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG2_BackendRefusesRegionsNearTheIntLimits: the renderer checks again,
// in a form that cannot overflow, what engine/graphics checked: ReadTexture
// and a hand-built record's texture and buffer uploads with regions and
// offsets near the integer limits are errors wrapping ErrOutOfRange, with
// no panic and no out-of-bounds copy (the frame is still presented, with
// validation silent).
func TestG2_BackendRefusesRegionsNearTheIntLimits(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onMain(t, func() error {
		const tid, bid = graphics.TextureID(9001), graphics.BufferID(9001)
		if err := g.r.CreateTexture(tid, graphics.TextureDesc{Width: 4, Height: 4}); err != nil {
			return err
		}
		if err := g.r.CreateBuffer(bid, graphics.BufferDesc{Kind: graphics.VertexBufferKind, Size: 48}); err != nil {
			return err
		}
		for _, rc := range []graphics.Rectangle{
			{X: math.MaxInt, Width: 2, Height: 1}, {Y: math.MaxInt, Width: 1, Height: 2},
			{X: 2, Width: math.MaxInt, Height: 1}, {X: 1, Y: 1, Width: 1 << 62, Height: 1 << 62},
		} {
			if err := g.r.ReadTexture(tid, rc, make([]byte, 8)); !errors.Is(err, graphics.ErrOutOfRange) {
				return fmt.Errorf("ReadTexture %+v: %v, want ErrOutOfRange", rc, err)
			}
		}
		bad := []graphics.Upload{
			{Texture: tid, Region: graphics.Rectangle{X: math.MaxInt, Width: 2, Height: 1}, Size: 8},
			{Texture: tid, Region: graphics.Rectangle{X: 1, Y: math.MaxInt - 1, Width: 1, Height: 2}, Size: 8},
			{Buffer: bid, Offset: math.MaxInt - 2, Size: 8},
			{Buffer: bid, Offset: -16, Size: 8},
			{Buffer: bid, Offset: 0, Size: 8, Data: math.MaxInt - 4},
		}
		for i, up := range bad {
			ok, err := g.r.BeginFrame()
			if err != nil || !ok {
				return fmt.Errorf("begin frame: %v %v", ok, err)
			}
			f := cubeFrame(0, 64, 64)
			f.UploadData = append(f.UploadData, make([]byte, 8)...)
			f.Uploads = append(f.Uploads, up)
			execErr := g.r.Execute(f)
			if _, err := g.r.DrawFrame(0); err != nil {
				return err
			}
			if !errors.Is(execErr, graphics.ErrOutOfRange) {
				return fmt.Errorf("upload %d %+v: Execute gave %v, want ErrOutOfRange", i, up, execErr)
			}
		}
		return nil
	})
}

// TestG2_EveryViewportTheDeviceAcceptsDrawsWithoutAMessage: the device
// reads the renderer's viewport bounds; a viewport whose corner lies
// outside them (X 100000, Y -(1<<40), a width past the bound) is an
// ErrOutOfRange error from SetViewport, and every viewport it accepts,
// corners on the bounds included, draws with validation silent.
func TestG2_EveryViewportTheDeviceAcceptsDrawsWithoutAMessage(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) (err error) {
		lim := g.r.Limits()
		lo, hi := lim.ViewportMin, lim.ViewportMax
		if lo >= 0 || hi <= 0 {
			return fmt.Errorf("viewport bounds %d..%d, want a range around 0", lo, hi)
		}
		t.Logf("viewport bounds %d..%d, texture limit %d", lo, hi, lim.MaxTextureSize)
		m := lim.MaxTextureSize
		refused := []graphics.Viewport{
			{X: 100000, Width: 100, Height: 100, MaxDepth: 1},
			{Y: -(1 << 40), Width: 100, Height: 100, MaxDepth: 1},
			{X: hi - 10, Width: 11, Height: 10, MaxDepth: 1},
			{Y: lo - 1, Width: 10, Height: 10, MaxDepth: 1},
			{X: math.MaxInt, Y: math.MaxInt, Width: m, Height: m, MaxDepth: 1},
			{X: math.MinInt, Width: 1, Height: 1, MaxDepth: 1},
		}
		for _, v := range refused {
			c.dev.SetViewport(v)
			if err := c.dev.Err(); !errors.Is(err, graphics.ErrOutOfRange) {
				return fmt.Errorf("SetViewport(%+v): %v, want ErrOutOfRange", v, err)
			}
		}
		accepted := []graphics.Viewport{
			{X: hi - 10, Y: hi - 10, Width: 10, Height: 10, MaxDepth: 1},
			{X: lo, Y: lo, Width: 10, Height: 10, MaxDepth: 1},
			{X: lo, Y: hi - m, Width: m, Height: m, MaxDepth: 1},
			{X: -30, Y: 40, Width: 100, Height: 100, MinDepth: 0.5, MaxDepth: 0.5},
		}
		_, err = c.frame(g, false, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			for _, v := range accepted {
				c.dev.SetViewport(v)
				if err := c.quad(0, 0, 10, 10, graphics.Red, nil); err != nil {
					return err
				}
			}
			return nil
		})
		return err
	})
}
