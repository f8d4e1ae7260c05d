package vulkan

import (
	"math/bits"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Multisampled render targets (graphics.RenderTargetOptions.MultiSampleCount,
// rule G22): such a target draws into a multisampled colour image and a
// multisampled depth image of its own, and each pass resolves the colour
// into the texture's image through a resolve attachment (not
// vkCmdResolveImage), so draws sample and ReadTexture reads the resolved
// pixels. A pass stores the multisampled images only when a later pass
// loads them: a PreserveContents target, a pass the record continues
// (a Clear after draws), a record without a present (a Flush, after which
// drawing goes on); otherwise their load and store ops are CLEAR or
// DONT_CARE, which lets a tiled GPU keep the samples on chip.

// maxSampleSlots is the number of sample counts above 1 Vulkan names (2 to 64).
const maxSampleSlots = 6

// msState is the render passes of multisampled targets, by sample count
// (slot log2(samples)-1), load mode and whether they store the samples,
// nil until first used.
type msState struct {
	passes [maxSampleSlots][3][2]vk.RenderPass
}

// maxSamples returns the highest sample count in both masks, at least 1.
func maxSamples(color, depth vk.SampleCountFlags) int {
	both := uint32(color & depth)
	if both == 0 {
		return 1
	}
	return 1 << (bits.Len32(both) - 1)
}

// msPass returns the render pass of a target of samples > 1 samples per
// pixel, loading as mode says and storing the samples when store is set,
// made on first use.
func (d *deviceState) msPass(samples int, mode loadMode, store bool) (vk.RenderPass, error) {
	i := 0
	if store {
		i = 1
	}
	p := &d.ms.passes[bits.Len(uint(samples))-2][mode][i]
	if *p == nil {
		rp, err := newRenderPassMS(d.dev.handle, textureFormat, d.depthFormat, samples, mode, store)
		if err != nil {
			return nil, err
		}
		*p = rp
	}
	return *p, nil
}

// destroyMSPasses destroys the passes msPass made.
func (d *deviceState) destroyMSPasses(dev vk.Device) {
	d.destroySwapMS()
	for i := range d.ms.passes {
		for j := range d.ms.passes[i] {
			for k, rp := range d.ms.passes[i][j] {
				if rp != nil {
					vk.DestroyRenderPass(dev, rp, nil)
					d.ms.passes[i][j][k] = nil
				}
			}
		}
	}
}

// msPassFor returns the multisampled pass of t, pass p of record f, that
// loads as the one-sample target pass rp does, storing its samples when a
// later pass may load them.
func (r *Renderer) msPassFor(rp vk.RenderPass, t *texture, f *graphics.Frame, p *graphics.Pass) (vk.RenderPass, error) {
	mode := loadDiscard
	switch rp {
	case r.gpu.passes[passTargetLoad]:
		mode = loadKeep
	case r.gpu.passes[passTargetClear]:
		mode = loadClear
	}
	return r.gpu.msPass(t.samples, mode, t.preserve || !f.Present || laterLoads(f, p))
}

// laterLoads reports whether the next pass of f into p's target loads
// its contents.
func laterLoads(f *graphics.Frame, p *graphics.Pass) bool {
	after := false
	for i := range f.Passes {
		q := &f.Passes[i]
		switch {
		case q == p:
			after = true
		case after && q.Target == p.Target:
			return q.Load
		}
	}
	return false
}

// initPassOf returns the pass emitInits brings t's attachments into their
// layouts with: a discarding pass of t's kind.
func (r *Renderer) initPassOf(t *texture) (vk.RenderPass, error) {
	if t.samples > 1 {
		return r.gpu.msPass(t.samples, loadDiscard, false)
	}
	return r.gpu.passes[passTargetDiscard], nil
}

// newMSTexture creates a w x h render target drawn with samples > 1
// samples per pixel: the texture's image (the resolve target), a
// multisampled colour and depth image, and a framebuffer for msrp.
// preserve says the target is PreserveContents: its passes store the samples.
func newMSTexture(d *device, w, h, samples int, preserve bool, depthFormat vk.Format, msrp vk.RenderPass) (t *texture, err error) {
	const op = "create multisampled render target"
	made := &texture{dev: d.handle, w: w, h: h, levels: 1, samples: samples, preserve: preserve, tf: colorTexFormat}
	t = made
	defer func() {
		if err != nil {
			made.destroy(nil)
		}
	}()
	usage := vk.ImageUsageSampledBit | vk.ImageUsageTransferDstBit | vk.ImageUsageTransferSrcBit | vk.ImageUsageColorAttachmentBit
	if err := t.viewedImage.createLevels(d, w, h, 1, textureFormat, usage, vk.ImageAspectColorBit, op); err != nil {
		return nil, err
	}
	t.ms = &viewedImage{}
	if err := t.ms.createMS(d, w, h, samples, textureFormat, vk.ImageUsageColorAttachmentBit, vk.ImageAspectColorBit, op); err != nil {
		return nil, err
	}
	aspect := vk.ImageAspectDepthBit
	if hasStencil(depthFormat) {
		aspect |= vk.ImageAspectStencilBit
	}
	t.depth = &viewedImage{}
	if err := t.depth.createMS(d, w, h, samples, depthFormat, vk.ImageUsageDepthStencilAttachmentBit, aspect, op); err != nil {
		return nil, err
	}
	ci := vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      msrp,
		AttachmentCount: 3,
		PAttachments:    []vk.ImageView{t.ms.view, t.depth.view, t.view},
		Width:           uint32(w),
		Height:          uint32(h),
		Layers:          1,
	}
	defer ci.Free()
	var fb vk.Framebuffer
	if err := callErr(op, "vkCreateFramebuffer", vk.CreateFramebuffer(d.handle, &ci, nil, &fb)); err != nil {
		return nil, err
	}
	t.fb = fb
	return t, nil
}

// createMS is create for a one-level image of samples samples per pixel.
func (vi *viewedImage) createMS(d *device, w, h, samples int, format vk.Format, usage vk.ImageUsageFlagBits,
	aspect vk.ImageAspectFlagBits, op string) error {
	vi.dev, vi.alloc = d.handle, d.alloc
	spec := imageSpec{typ: vk.ImageType2d, w: uint32(w), h: uint32(h), samples: vk.SampleCountFlagBits(samples), format: format, usage: usage}
	if err := newImageOf(d, spec, op, &vi.image, &vi.mem); err != nil {
		return err
	}
	var err error
	vi.view, err = newView(d.handle, vi.image, format, aspect, 1, op)
	return err
}

// newRenderPassMS creates the render pass of a multisampled target:
// attachment 0 the multisampled colour, 1 the multisampled depth (both
// stored when store is set, so a later pass may load them), 2 the
// texture's image, which the subpass resolves the colour into and which
// ends ready to sample. Colour and depth load as mode says; the clear
// values are those of newRenderPass (colour, depth).
func newRenderPassMS(dev vk.Device, color, depth vk.Format, samples int, mode loadMode, store bool) (vk.RenderPass, error) {
	return newRenderPassResolve(dev, color, depth, samples, mode, store, vk.ImageLayoutShaderReadOnlyOptimal)
}

// newRenderPassResolve is newRenderPassMS with the resolve attachment's
// final layout given (the back buffer's: ready to present, msaa_bb.go).
func newRenderPassResolve(dev vk.Device, color, depth vk.Format, samples int, mode loadMode, store bool, final vk.ImageLayout) (vk.RenderPass, error) {
	msStore := vk.AttachmentStoreOpDontCare
	if store {
		msStore = vk.AttachmentStoreOpStore
	}
	colorLoad, depthLoad := vk.AttachmentLoadOpDontCare, vk.AttachmentLoadOpDontCare
	colorInit, depthInit := vk.ImageLayoutUndefined, vk.ImageLayoutUndefined
	switch mode {
	case loadKeep:
		colorLoad, depthLoad = vk.AttachmentLoadOpLoad, vk.AttachmentLoadOpLoad
		colorInit, depthInit = vk.ImageLayoutColorAttachmentOptimal, vk.ImageLayoutDepthStencilAttachmentOptimal
	case loadClear:
		colorLoad, depthLoad = vk.AttachmentLoadOpClear, vk.AttachmentLoadOpClear
	}
	s := vk.SampleCountFlagBits(samples)
	attachments := []vk.AttachmentDescription{{
		Format: color, Samples: s, LoadOp: colorLoad, StoreOp: msStore,
		StencilLoadOp: vk.AttachmentLoadOpDontCare, StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout: colorInit, FinalLayout: vk.ImageLayoutColorAttachmentOptimal,
	}, {
		Format: depth, Samples: s, LoadOp: depthLoad, StoreOp: msStore,
		StencilLoadOp: depthLoad, StencilStoreOp: msStore,
		InitialLayout: depthInit, FinalLayout: vk.ImageLayoutDepthStencilAttachmentOptimal,
	}, {
		Format: color, Samples: vk.SampleCount1Bit, LoadOp: vk.AttachmentLoadOpDontCare, StoreOp: vk.AttachmentStoreOpStore,
		StencilLoadOp: vk.AttachmentLoadOpDontCare, StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout: vk.ImageLayoutUndefined, FinalLayout: final,
	}}
	return createPass(dev, attachments, vk.SubpassDescription{
		PipelineBindPoint:       vk.PipelineBindPointGraphics,
		ColorAttachmentCount:    1,
		PColorAttachments:       []vk.AttachmentReference{{Attachment: 0, Layout: vk.ImageLayoutColorAttachmentOptimal}},
		PResolveAttachments:     []vk.AttachmentReference{{Attachment: 2, Layout: vk.ImageLayoutColorAttachmentOptimal}},
		PDepthStencilAttachment: &vk.AttachmentReference{Attachment: 1, Layout: vk.ImageLayoutDepthStencilAttachmentOptimal},
	}, vk.AccessTransferReadBit|vk.AccessShaderReadBit)
}

// samplesOf returns the samples per pixel of pass p's target (1 for a
// target or back buffer without multisampling).
func (r *Renderer) samplesOf(p *graphics.Pass) int {
	if p.Target == 0 && r.gpu.bbms.samples > 1 {
		return r.gpu.bbms.samples
	}
	if t := r.gpu.textures[p.Target]; p.Target != 0 && t != nil && t.samples > 1 {
		return t.samples
	}
	return 1
}
