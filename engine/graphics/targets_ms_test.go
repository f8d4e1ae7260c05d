package graphics_test

import (
	"errors"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestG22_MultiSampleCountIsFittedToTheDevice: a render target's
// MultiSampleCount is rounded down to a power of two and to the device's
// MaxMultiSampleCount (0 and 1 are none), what the backend is asked to
// create; a negative count, multisampling with MipMap, and a multisampled
// target in a SetRenderTargets set of two are errors.
func TestG22_MultiSampleCountIsFittedToTheDevice(t *testing.T) {
	fb := graphicstest.New()
	fb.Limit.MaxMultiSampleCount = 4
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	for _, c := range []struct{ ask, want int }{{0, 0}, {1, 0}, {2, 2}, {3, 2}, {4, 4}, {8, 4}, {16, 4}} {
		rt, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{MultiSampleCount: c.ask})
		must(t, err)
		if got := rt.MultiSampleCount(); got != c.want {
			t.Errorf("MultiSampleCount %d: got %d, want %d", c.ask, got, c.want)
		}
		if got := fb.Textures[rt.ID()].Desc.MultiSampleCount; got != c.want {
			t.Errorf("MultiSampleCount %d: the backend was asked for %d samples, want %d", c.ask, got, c.want)
		}
	}
	none, err := graphics.NewDevice(graphicstest.New())
	must(t, err)
	if rt, err := graphics.NewRenderTarget2D(none, 8, 8, graphics.RenderTargetOptions{MultiSampleCount: 8}); err != nil || rt.MultiSampleCount() != 0 {
		t.Errorf("on a device without multisampling: %v, %v; want a target without", rt, err)
	}
	if _, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{MultiSampleCount: -1}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("MultiSampleCount -1: %v, want ErrInvalid", err)
	}
	if _, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{MultiSampleCount: 4, MipMap: true}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("MultiSampleCount with MipMap: %v, want ErrInvalid", err)
	}
	ms, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{MultiSampleCount: 4})
	must(t, err)
	other, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{})
	must(t, err)
	must(t, dev.BeginFrame(8, 8))
	dev.SetRenderTargets(graphics.RenderTargetBinding{RenderTarget: other}, graphics.RenderTargetBinding{RenderTarget: ms})
	if err := dev.Err(); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("a multisampled target in a set of two: %v, want ErrInvalid", err)
	}
	f, err := dev.EndFrame()
	must(t, err)
	must(t, fb.Execute(f))
}
