package vulkan

import (
	"image/color"

	"github.com/metronome-engine/metronome/engine/graphics"
	"testing"
)

// TestW3_EmptyFramePresentsAClearedBackBuffer: a frame that records
// nothing (a loading frame, an Exit in the first Draw), and one that draws
// only into a render target, still present an image in its present layout
// (no VUID-VkPresentInfoKHR-pImageIndices-01296 with validation on: the
// cleanup fails on any message), and show the back buffer cleared to
// opaque black.
func TestW3_EmptyFramePresentsAClearedBackBuffer(t *testing.T) {
	g := openGPU(t, 64, 48, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		for i := range 4 { // more frames than swapchain images: every image once
			img, err := c.frame(g, i == 3, func() error { return nil })
			if err != nil {
				return err
			}
			if img != nil {
				if got, want := img.RGBAAt(10, 10), (color.RGBA{A: 255}); got != want {
					t.Errorf("empty frame: pixel %v, want %v (the cleared back buffer)", got, want)
				}
			}
		}
		img, err := c.frame(g, true, func() error {
			c.dev.SetRenderTarget(c.rt)
			return c.dev.Clear(graphics.White)
		})
		if err != nil {
			return err
		}
		if got, want := img.RGBAAt(10, 10), (color.RGBA{A: 255}); got != want {
			t.Errorf("frame drawing only into a render target: pixel %v, want %v", got, want)
		}
		return nil
	})
}
