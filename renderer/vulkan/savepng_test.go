package vulkan

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG17_SaveAsPngReadsTheGPUTexture: on lavapipe with validation on, a
// render target cleared and drawn into, saved with SaveAsPng outside a
// frame, decodes to the bytes GetData reads back.
func TestG17_SaveAsPngReadsTheGPUTexture(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		rt, err := graphics.NewRenderTarget2D(c.dev, 16, 8, graphics.RenderTargetOptions{})
		if err != nil {
			return err
		}
		c.dev.SetRenderTarget(rt)
		if err := c.dev.Clear(graphics.CornflowerBlue); err != nil {
			return err
		}
		if err := c.quad(2, 2, 6, 4, graphics.Color{R: 250, G: 20, B: 10, A: 255}, nil); err != nil {
			return err
		}
		c.dev.SetRenderTarget(nil)
		want := make([]byte, 4*16*8)
		if err := rt.GetData(want); err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := rt.SaveAsPng(&buf, 16, 8); err != nil {
			return err
		}
		img, err := png.Decode(&buf)
		if err != nil {
			return err
		}
		got := make([]byte, 0, len(want))
		for y := range 8 {
			for x := range 16 {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				got = append(got, c.R, c.G, c.B, c.A)
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the PNG's texels differ from GetData's (decoded %T)", img)
		}
		if want[4*(3*16+3)] != 250 || want[4*(0*16+0)+2] != graphics.CornflowerBlue.B {
			t.Errorf("read back %v at (3, 3) and %v at (0, 0): the quad or the clear is missing", want[4*(3*16+3):4*(3*16+3)+4], want[:4])
		}
		return nil
	})
}
