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
