package vulkan

import (
	"fmt"
	"math/bits"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// A multisampled back buffer (SetBackBufferSamples, rule G22): the
// swapchain's framebuffers draw into a multisampled colour and depth image
// shared by the images (as the depth image is without multisampling) and
// resolve into the acquired image at the end of each back-buffer pass.
// Its passes (swap format, the resolve ending ready to present) that
// neither load nor store the samples are made when the count is set, the
// others (a back-buffer pass continued after a render target's) when
// first needed; with one sample per pixel nothing here is used.

// swapMS is the multisampled back buffer's passes, by load mode and
// whether they store the samples.
type swapMS struct {
	samples int // of the swapchain in use; 0: the back buffer is not multisampled
	want    int // set by SetBackBufferSamples, applied at the next swapchain rebuild
	passes  [3][2]vk.RenderPass
}

// SetBackBufferSamples asks for a back buffer of n samples per pixel
// (PresentationParameters.MultiSampleCount): n is rounded down to a power
// of two and to what the device supports (Limits.MaxMultiSampleCount); 0
// and 1 are none. A change takes effect with the swapchain rebuilt
// before the next frame (a frame begun already is drawn as it began). It
// returns the fitted count.
func (r *Renderer) SetBackBufferSamples(n int) (int, error) {
	if r == nil || r.gpu.dev == nil {
		return 0, fmt.Errorf("set back buffer samples: the renderer was destroyed")
	}
	n = min(n, r.gpu.dev.maxSamples)
	if n < 2 {
		n = 0
	} else {
		n = 1 << (bits.Len(uint(n)) - 1)
	}
	if n != r.gpu.bbms.want {
		r.gpu.bbms.want = n
		r.pres.stale = true // new framebuffers before the next frame
	}
	return n, nil
}

// applySwapMS makes the passes of the sample count SetBackBufferSamples
// asked for, before the swapchain is rebuilt (no frame is being
// recorded; the device is made idle first, as the old passes go).
func (d *deviceState) applySwapMS() error {
	n := d.bbms.want
	if n == d.bbms.samples {
		return nil
	}
	if res := vk.DeviceWaitIdle(d.dev.handle); res != vk.Success {
		return callErr("set back buffer samples", "vkDeviceWaitIdle", res)
	}
	d.destroySwapMS()
	d.bbms.samples = 0
	if n > 0 {
		if err := d.createSwapMS(d.backBuffer, n); err != nil {
			d.destroySwapMS()
			return fmt.Errorf("set back buffer samples: %w", err)
		}
	}
	d.bbms.samples = n
	return nil
}

// createSwapMS makes the multisampled back buffer's passes that start
// undefined or cleared and do not store the samples, for colour format
// color.
func (d *deviceState) createSwapMS(color vk.Format, samples int) error {
	for _, mode := range []loadMode{loadDiscard, loadClear} {
		if _, err := d.swapMSPass(color, samples, mode, false); err != nil {
			return err
		}
	}
	return nil
}

// swapMSPass returns the multisampled back buffer's pass of mode and
// store, made on first use.
func (d *deviceState) swapMSPass(color vk.Format, samples int, mode loadMode, store bool) (vk.RenderPass, error) {
	st := 0
	if store {
		st = 1
	}
	p := &d.bbms.passes[mode][st]
	if *p == nil {
		rp, err := newRenderPassResolve(d.dev.handle, color, d.depthFormat, samples, mode, store, vk.ImageLayoutPresentSrc)
		if err != nil {
			return nil, err
		}
		*p = rp
	}
	return *p, nil
}

// destroySwapMS destroys the multisampled back buffer's passes.
func (d *deviceState) destroySwapMS() {
	for mode := range d.bbms.passes {
		for st, rp := range d.bbms.passes[mode] {
			if rp != nil {
				vk.DestroyRenderPass(d.dev.handle, rp, nil)
				d.bbms.passes[mode][st] = nil
			}
		}
	}
}

// swapPass returns the back buffer's pass of kind k (a passSwap kind):
// the multisampled one, not storing its samples, when the back buffer is
// multisampled.
func (d *deviceState) swapPass(k passKind) vk.RenderPass {
	if d.bbms.samples > 1 {
		return d.bbms.passes[loadOf(k)][0]
	}
	return d.passes[k]
}

// swapPassFor is the multisampled back buffer's pass of kind k for
// back-buffer pass p of record f: storing the samples when a later pass
// into the back buffer loads them.
func (r *Renderer) swapPassFor(k passKind, f *graphics.Frame, p *graphics.Pass) (vk.RenderPass, error) {
	return r.gpu.swapMSPass(r.gpu.backBuffer, r.gpu.bbms.samples, loadOf(k), laterLoads(f, p))
}

// createSwapMSImages makes sc's multisampled colour and depth images (in
// place of its depth image) when the back buffer is multisampled.
func (p *presenter) createSwapMSImages(sc *swapchain) error {
	n := p.gpu.bbms.samples
	if n < 2 {
		return nil
	}
	w, h := int(sc.extent.Width), int(sc.extent.Height)
	sc.msColor = &viewedImage{}
	if err := sc.msColor.createMS(p.gpu.dev, w, h, n, p.format.Format, vk.ImageUsageColorAttachmentBit, vk.ImageAspectColorBit,
		"create multisampled back buffer"); err != nil {
		return err
	}
	aspect := vk.ImageAspectDepthBit
	if hasStencil(p.gpu.depthFormat) {
		aspect |= vk.ImageAspectStencilBit
	}
	sc.depth.destroy()
	sc.depth = &viewedImage{}
	return sc.depth.createMS(p.gpu.dev, w, h, n, p.gpu.depthFormat, vk.ImageUsageDepthStencilAttachmentBit, aspect,
		"create multisampled back buffer depth")
}

// newSwapFramebuffer creates the framebuffer of swapchain image view v.
func (p *presenter) newSwapFramebuffer(sc *swapchain, v vk.ImageView) (vk.Framebuffer, error) {
	if p.gpu.bbms.samples < 2 {
		return newFramebuffer(p.gpu.dev.handle, p.gpu.passes[passSwapDiscard], v, sc.depth.view, sc.extent)
	}
	ci := vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      p.gpu.bbms.passes[loadDiscard][0],
		AttachmentCount: 3,
		PAttachments:    []vk.ImageView{sc.msColor.view, sc.depth.view, v},
		Width:           sc.extent.Width,
		Height:          sc.extent.Height,
		Layers:          1,
	}
	defer ci.Free()
	var fb vk.Framebuffer
	err := callErr("create framebuffer", "vkCreateFramebuffer", vk.CreateFramebuffer(p.gpu.dev.handle, &ci, nil, &fb))
	return fb, err
}
