package vulkan

import (
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// bestPracticesEnables turns on the validation layer's best-practices and
// synchronization checks (read at vkCreateInstance).
const bestPracticesEnables = "VK_VALIDATION_FEATURE_ENABLE_BEST_PRACTICES_EXT:VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT"

// TestW3_BestPracticesReportOnlyTheAcceptedNotes: with the layer's
// best-practices and synchronization checks on, frames that use what the
// renderer does (sub-allocated textures and buffers, uploads, a render
// target cleared, drawn and sampled, one without depth, a back buffer
// cleared in colour only, an empty frame,
// a capture, a texture read back, a resize) report nothing but the two
// accepted notes about VK_EXT_debug_report, and those are reported: a
// game that turns the checks on sees them.
func TestW3_BestPracticesReportOnlyTheAcceptedNotes(t *testing.T) {
	t.Setenv("VK_LAYER_ENABLES", bestPracticesEnables)
	g := openGPU(t, 96, 64, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		flat, err := graphics.NewRenderTarget2D(c.dev, 16, 16, graphics.RenderTargetOptions{})
		if err != nil {
			return err
		}
		scene := func() error {
			if err := c.drawIntoTarget(); err != nil {
				return err
			}
			c.dev.SetRenderTarget(flat)
			if err := c.dev.Clear(graphics.Red); err != nil {
				return err
			}
			c.dev.SetRenderTarget(nil)
			// Colour only: the depth starts undefined, the pass clears all on load.
			if err := c.dev.ClearWith(graphics.ClearTarget, graphics.Black, 1, 0); err != nil {
				return err
			}
			if err := c.quad(0, 0, 32, 32, graphics.White, c.rt.Texture2D); err != nil {
				return err
			}
			if err := c.quad(40, 0, 16, 16, graphics.White, flat.Texture2D); err != nil {
				return err
			}
			return c.drawCube(0.5, [3]float32{0, 0, 4}, true)
		}
		for i := range 4 {
			if _, err := c.frame(g, i == 2, scene); err != nil {
				return err
			}
		}
		if _, err := c.frame(g, false, func() error { return nil }); err != nil {
			return err
		}
		px := make([]byte, 4*4*4)
		if err := c.checker.GetData(px); err != nil {
			return err
		}
		if err := c.checker.SetData(px); err != nil {
			return err
		}
		g.r.Resize()
		_, err = c.frame(g, true, scene)
		return err
	})
	// The cleanup fails on any other message (those at vkDestroyDevice too).
	all := strings.Join(g.r.Messages(), "\n")
	for _, id := range acceptedNotes {
		if !strings.Contains(all, id) {
			t.Errorf("the accepted note %s was not reported to the game", id)
		}
	}
}
