package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestG22_RendererTakesTheBackBufferSamples: the presentation settings'
// MultiSampleCount reaches the Vulkan renderer at creation (8 asked,
// lowered to the device's most: 4 on lavapipe) and on SetPresentation (0:
// none again), with validation silent.
func TestG22_RendererTakesTheBackBufferSamples(t *testing.T) {
	p := openPlatform(t)
	var r engine.Renderer
	var err error
	var first, then int
	window.Do(func() {
		defer p.Destroy()
		if r, err = p.CreateRenderer(engine.RendererConfig{Present: engine.PresentSettings{SwapInterval: 1, MultiSampleCount: 8}}); err != nil {
			return
		}
		first = r.(*Renderer).vk.Status().BackBufferSamples
		err = r.SetPresentation(engine.PresentSettings{SwapInterval: 1})
		then = r.(*Renderer).vk.Status().BackBufferSamples
		r.Destroy()
	})
	windowtest.SkipIfNoStack(t, err, noDriver...)
	if first < 2 || first > 8 || then != 0 {
		t.Errorf("back buffer samples %d at creation (want 2 to 8: the device's most up to 8), %d after SetPresentation with 0 (want 0)", first, then)
	}
	t.Logf("8 asked: %d samples per pixel", first)
	checkNoMessages(t, r.(*Renderer))
}
