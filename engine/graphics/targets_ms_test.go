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

// TestG4_PlatformContentsKeepsUnlessMultisampled: PlatformContents is
// XNA's Windows meaning: a target without multisampling keeps its
// contents when set again (its pass loads), a multisampled one discards
// them; the backend sees PreserveContents or DiscardContents, and Usage
// reports PlatformContents as given.
func TestG4_PlatformContentsKeepsUnlessMultisampled(t *testing.T) {
	fb := graphicstest.New()
	fb.Limit.MaxMultiSampleCount = 4
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	for _, c := range []struct {
		samples int
		load    bool
		desc    graphics.RenderTargetUsage
	}{{0, true, graphics.PreserveContents}, {4, false, graphics.DiscardContents}} {
		rt, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{Usage: graphics.PlatformContents, MultiSampleCount: c.samples})
		must(t, err)
		if rt.Usage() != graphics.PlatformContents {
			t.Errorf("%d samples: Usage %v, want PlatformContents", c.samples, rt.Usage())
		}
		if got := fb.Textures[rt.ID()].Desc.Usage; got != c.desc {
			t.Errorf("%d samples: the backend was given usage %v, want %v", c.samples, got, c.desc)
		}
		must(t, dev.BeginFrame(8, 8))
		dev.SetRenderTarget(rt)
		must(t, dev.Clear(graphics.Red))
		f, err := dev.EndFrame()
		must(t, err)
		must(t, fb.Execute(f))
		must(t, dev.BeginFrame(8, 8))
		dev.SetRenderTarget(rt)
		vs := []graphics.VertexPositionColor{{}, {}, {}}
		graphics.NewBasicEffect(dev).Apply()
		must(t, graphics.DrawUserPrimitives(dev, graphics.TriangleList, vs, 0, 1))
		f, err = dev.EndFrame()
		must(t, err)
		if f.Passes[0].Load != c.load {
			t.Errorf("%d samples: the pass setting the target again loads: %v, want %v", c.samples, f.Passes[0].Load, c.load)
		}
		must(t, fb.Execute(f))
	}
	if _, err := graphics.NewRenderTarget2D(dev, 8, 8, graphics.RenderTargetOptions{Usage: graphics.PlatformContents + 1}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("usage past PlatformContents: %v, want ErrInvalid", err)
	}
}
