package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Multiple render targets (graphics.Device.SetRenderTargets, rule G21): a
// pass into n > 1 targets uses a render pass of n colour attachments and
// the first target's depth image, and a framebuffer made for that set on
// its first pass and kept until one of its textures is released. The
// pipelines of such a pass have n blend attachments; an attachment the
// fragment shader does not write (all but the first for BasicEffect's
// shaders) has a write mask of 0, so it keeps its contents (on a device
// with the independentBlend feature; lavapipe has it).

// mrtKey names a set of targets: the first and the further ones.
type mrtKey [graphics.MaxRenderTargets]graphics.TextureID

// mrtState is the renderer's passes and framebuffers for several targets.
type mrtState struct {
	// passes[n-2][mode] is the render pass of n colour attachments, nil
	// until a pass into n targets needs it.
	passes [graphics.MaxRenderTargets - 1][3]vk.RenderPass
	fbs    map[mrtKey]vk.Framebuffer
}

// targetCount returns the number of targets of p: 0 for the back buffer.
func targetCount(p *graphics.Pass) int {
	if p.Target == 0 {
		return 0
	}
	n := 1
	for _, id := range p.MoreTargets {
		if id == 0 {
			break
		}
		n++
	}
	return n
}

// mrtPass returns the render pass of n > 1 target colour attachments and
// a depth attachment, loading as mode says, made on first use.
func (d *deviceState) mrtPass(n int, mode loadMode) (vk.RenderPass, error) {
	p := &d.mrt.passes[n-2][mode]
	if *p == nil {
		rp, err := newRenderPassN(d.dev.handle, n, textureFormat, d.depthFormat, vk.ImageLayoutShaderReadOnlyOptimal, mode)
		if err != nil {
			return nil, err
		}
		*p = rp
	}
	return *p, nil
}

// destroyMRTPasses destroys the passes mrtPass made.
func (d *deviceState) destroyMRTPasses(dev vk.Device) {
	for i := range d.mrt.passes {
		for j, rp := range d.mrt.passes[i] {
			if rp != nil {
				vk.DestroyRenderPass(dev, rp, nil)
				d.mrt.passes[i][j] = nil
			}
		}
	}
}

// mrtFramebuffer returns the framebuffer of p's targets (n > 1 of them),
// made on first use.
func (r *Renderer) mrtFramebuffer(p *graphics.Pass, n int) (vk.Framebuffer, error) {
	var k mrtKey
	k[0] = p.Target
	copy(k[1:], p.MoreTargets[:])
	if fb, ok := r.gpu.mrt.fbs[k]; ok {
		return fb, nil
	}
	first := r.gpu.textures[p.Target]
	views := make([]vk.ImageView, 0, n+1)
	for _, id := range k[:n] {
		t := r.gpu.textures[id]
		if t == nil || t.fb == nil || t.levels > 1 || t.w != first.w || t.h != first.h {
			return nil, fmt.Errorf("pass into %d targets from texture %d: texture %d is not a %dx%d render target without mipmaps", n, p.Target, id, first.w, first.h)
		}
		views = append(views, t.view)
	}
	views = append(views, first.depth.view)
	rp, err := r.gpu.mrtPass(n, loadDiscard)
	if err != nil {
		return nil, err
	}
	ci := vk.FramebufferCreateInfo{
		SType:           vk.StructureTypeFramebufferCreateInfo,
		RenderPass:      rp,
		AttachmentCount: uint32(len(views)),
		PAttachments:    views,
		Width:           uint32(first.w),
		Height:          uint32(first.h),
		Layers:          1,
	}
	defer ci.Free()
	var fb vk.Framebuffer
	if err := callErr("create framebuffer", "vkCreateFramebuffer", vk.CreateFramebuffer(r.gpu.dev.handle, &ci, nil, &fb)); err != nil {
		return nil, err
	}
	if r.gpu.mrt.fbs == nil {
		r.gpu.mrt.fbs = map[mrtKey]vk.Framebuffer{}
	}
	r.gpu.mrt.fbs[k] = fb
	return fb, nil
}

// dropMRT destroys the framebuffers of sets that hold texture id (being
// released: the GPU is done with it); id 0 destroys them all.
func (r *Renderer) dropMRT(id graphics.TextureID) {
	for k, fb := range r.gpu.mrt.fbs {
		hit := id == 0
		for _, t := range k {
			hit = hit || (t == id && t != 0)
		}
		if hit {
			vk.DestroyFramebuffer(r.gpu.dev.handle, fb, nil)
			delete(r.gpu.mrt.fbs, k)
		}
	}
}

// mrtPassOf returns the render pass and framebuffer of a pass into n > 1
// targets, its attachments loaded as mode says.
func (r *Renderer) mrtPassOf(p *graphics.Pass, n int, mode loadMode) (vk.RenderPass, vk.Framebuffer, error) {
	fb, err := r.mrtFramebuffer(p, n)
	if err != nil {
		return nil, nil, err
	}
	rp, err := r.gpu.mrtPass(n, mode)
	return rp, fb, err
}

// newRenderPassN is newRenderPass with n colour attachments (0 to n-1) of
// format color, all ending in final, and the depth attachment at n.
func newRenderPassN(dev vk.Device, n int, color, depth vk.Format, final vk.ImageLayout, mode loadMode) (vk.RenderPass, error) {
	colorLoad, depthLoad := vk.AttachmentLoadOpDontCare, vk.AttachmentLoadOpDontCare
	colorInit, depthInit := vk.ImageLayoutUndefined, vk.ImageLayoutUndefined
	switch mode {
	case loadKeep:
		colorLoad, depthLoad = vk.AttachmentLoadOpLoad, vk.AttachmentLoadOpLoad
		colorInit, depthInit = final, vk.ImageLayoutDepthStencilAttachmentOptimal
	case loadClear:
		colorLoad, depthLoad = vk.AttachmentLoadOpClear, vk.AttachmentLoadOpClear
	}
	attachments := make([]vk.AttachmentDescription, 0, n+1)
	colorRefs := make([]vk.AttachmentReference, 0, n)
	for i := range n {
		attachments = append(attachments, vk.AttachmentDescription{
			Format:         color,
			Samples:        vk.SampleCount1Bit,
			LoadOp:         colorLoad,
			StoreOp:        vk.AttachmentStoreOpStore,
			StencilLoadOp:  vk.AttachmentLoadOpDontCare,
			StencilStoreOp: vk.AttachmentStoreOpDontCare,
			InitialLayout:  colorInit,
			FinalLayout:    final,
		})
		colorRefs = append(colorRefs, vk.AttachmentReference{Attachment: uint32(i), Layout: vk.ImageLayoutColorAttachmentOptimal})
	}
	attachments = append(attachments, vk.AttachmentDescription{
		Format:         depth,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         depthLoad,
		StoreOp:        vk.AttachmentStoreOpStore,
		StencilLoadOp:  depthLoad,
		StencilStoreOp: vk.AttachmentStoreOpStore,
		InitialLayout:  depthInit,
		FinalLayout:    vk.ImageLayoutDepthStencilAttachmentOptimal,
	})
	depthRef := &vk.AttachmentReference{Attachment: uint32(n), Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
	return createPass(dev, attachments, vk.SubpassDescription{
		PipelineBindPoint:       vk.PipelineBindPointGraphics,
		ColorAttachmentCount:    uint32(n),
		PColorAttachments:       colorRefs,
		PDepthStencilAttachment: depthRef,
	}, 0)
}

// colorBlendN is colorBlend for n attachments: the blend state on each
// that the fragment shader writes (outputs, bit i for location i), a write
// mask of 0 on the others where the device has independentBlend (without
// it every attachment must be the same: one the shader does not write
// gets undefined values, as in XNA).
func colorBlendN(b graphics.BlendState, n int, outputs uint8, independent bool) *vk.PipelineColorBlendStateCreateInfo {
	one := colorBlend(b)
	if n <= 1 {
		return one
	}
	atts := make([]vk.PipelineColorBlendAttachmentState, n)
	more := [...]graphics.ColorWriteChannels{b.ColorWriteChannels1, b.ColorWriteChannels2, b.ColorWriteChannels3}
	for i := range atts {
		atts[i] = one.PAttachments[0]
		if independent && i > 0 {
			atts[i].ColorWriteMask = writeMask(more[i-1]) // XNA's per-target channels
		}
		if independent && outputs&(1<<i) == 0 {
			atts[i].ColorWriteMask = 0
		}
	}
	one.AttachmentCount, one.PAttachments = uint32(n), atts
	return one
}

// pipelineN returns the pipeline that draws key into n targets (0 or 1:
// one) of samples samples per pixel (0 or 1: one; msaa.go).
func (d *deviceState) pipelineN(key graphics.PipelineKey, target bool, n, samples int) (vk.Pipeline, error) {
	if n <= 1 && samples <= 1 {
		return d.pipeline(key, target)
	}
	k := pipelineKey(key, target)
	if n > 1 {
		k.colors = uint8(n)
	}
	if samples > 1 {
		k.samples = uint8(samples)
	}
	if p, ok := d.pipelines[k]; ok {
		return p, nil
	}
	var rp vk.RenderPass
	var err error
	switch {
	case samples > 1 && !target:
		rp = d.bbms.passes[loadDiscard][0]
	case samples > 1:
		rp, err = d.msPass(samples, loadDiscard, false)
	default:
		rp, err = d.mrtPass(n, loadDiscard)
	}
	if err != nil {
		return nil, err
	}
	if key.Effect != 0 {
		return d.effectPipeline(k, rp)
	}
	vert, frag := d.shaders.pick(key.Shader)
	input, err := vertexInput(key.Vertex)
	if err != nil {
		return nil, fmt.Errorf("create pipeline: %w", err)
	}
	p, err := newPipelineBlend(d.dev.handle, d.pipeCache, rp, d.pipeLayout, vert, frag, k.PipelineKey, input,
		colorBlendN(key.Blend, n, 1, d.dev.independentBlend), samples)
	if err != nil {
		return nil, err
	}
	d.pipelines[k] = p
	return p, nil
}

// mrtPassFor returns the render pass of n > 1 targets that loads as the
// one-target pass rp does, and the framebuffer of p's targets.
func (r *Renderer) mrtPassFor(rp vk.RenderPass, p *graphics.Pass, n int) (vk.RenderPass, vk.Framebuffer, error) {
	mode := loadDiscard
	switch rp {
	case r.gpu.passes[passTargetLoad]:
		mode = loadKeep
	case r.gpu.passes[passTargetClear]:
		mode = loadClear
	}
	return r.mrtPassOf(p, n, mode)
}
