package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// assumedSurfaceFormat is the back buffer's colour format the start builds
// its render passes and common pipelines for before any surface exists: the
// one chooseSurfaceFormat prefers, which common drivers offer. A surface
// without it costs one rebuild of the back buffer's passes and pipelines
// (matchSurfaceFormat). A test changes it to reach that path.
var assumedSurfaceFormat = vk.FormatB8g8r8a8Unorm

// createCore creates what drawing needs that depends on the device alone,
// so that the start makes it beside the window: the depth format, the
// render passes (the back buffer's in colour format color), the
// descriptor-set and pipeline layouts, the shader modules, the pipeline
// cache, the common pipelines and their first draws (prewarm). On error, what it made stays
// in d for destroyCore.
func (d *deviceState) createCore(color vk.Format) (err error) {
	dev := d.dev.handle
	if d.depthFormat, err = chooseDepthFormat(d.dev.gpu); err != nil {
		return err
	}
	if err := d.createPasses(color, 0, passKinds); err != nil {
		return err
	}
	if d.uniformLayout, err = newSetLayout(dev, vk.DescriptorTypeUniformBufferDynamic,
		vk.ShaderStageVertexBit|vk.ShaderStageFragmentBit); err != nil {
		return err
	}
	if d.textureLayout, err = newSetLayout(dev, vk.DescriptorTypeCombinedImageSampler, vk.ShaderStageFragmentBit); err != nil {
		return err
	}
	if d.pipeLayout, err = newPipelineLayout(dev, []vk.DescriptorSetLayout{d.uniformLayout, d.textureLayout}); err != nil {
		return err
	}
	if r := int(d.dev.maxUniformRange); r < drawGroupBytes {
		return fmt.Errorf("the device's maxUniformBufferRange is %d bytes: BasicEffect needs %d (%d blocks of %d)",
			r, drawGroupBytes, drawGroup, graphics.EffectUniformsSize)
	}
	if d.vertexUniformLayout, err = newSetLayout(dev, vk.DescriptorTypeUniformBufferDynamic, vk.ShaderStageVertexBit); err != nil {
		return err
	}
	if d.vertexPipeLayout, err = newPipelineLayout(dev, []vk.DescriptorSetLayout{d.vertexUniformLayout, d.textureLayout}); err != nil {
		return err
	}
	if err = d.shaders.create(dev); err != nil {
		return err
	}
	if err = d.openPipelineCache(); err != nil {
		return err
	}
	d.pipelines = map[pipeKey]vk.Pipeline{}
	d.backBuffer = color
	d.loadWarmRecord()
	return d.prewarm()
}

// pipelineKey is the cache key of the pipeline that draws key on the back
// buffer or (target) a render target.
func pipelineKey(key graphics.PipelineKey, target bool) pipeKey {
	key.Shader &= graphics.ShaderTexture | graphics.ShaderLighting | graphics.ShaderPerPixelLighting
	return pipeKey{PipelineKey: key, target: target}
}

// createPasses creates the render passes of kinds from to to-1; the back
// buffer's have colour format color.
func (d *deviceState) createPasses(color vk.Format, from, to passKind) (err error) {
	for k := from; k < to; k++ {
		c, final := textureFormat, vk.ImageLayoutShaderReadOnlyOptimal
		if k < passTargetDiscard {
			c, final = color, vk.ImageLayoutPresentSrc
		}
		if d.passes[k], err = newRenderPass(d.dev.handle, c, d.depthFormat, final, loadOf(k)); err != nil {
			return err
		}
	}
	return nil
}

// matchSurfaceFormat rebuilds the back buffer's render passes and
// pipelines when the surface's format is not the one they were built for
// (assumedSurfaceFormat); render targets' are kept. Before the first frame.
func (d *deviceState) matchSurfaceFormat(color vk.Format) error {
	if color == d.backBuffer {
		return nil
	}
	if err := d.warm.wait(); err != nil { // its draws use the pipelines destroyed here
		return err
	}
	d.warm.destroy()
	d.warm = nil
	dev := d.dev.handle
	for k, p := range d.pipelines {
		if !k.target {
			vk.DestroyPipeline(dev, p, nil)
			delete(d.pipelines, k)
		}
	}
	d.warmRec.common = [len(commonKeys)]vk.Pipeline{}
	for k := passTargetDiscard - 1; k >= 0; k-- {
		vk.DestroyRenderPass(dev, d.passes[k], nil)
		d.passes[k] = nil
	}
	if err := d.createPasses(color, 0, passTargetDiscard); err != nil {
		return fmt.Errorf("rebuild the back buffer's render passes for format %d: %w", color, err)
	}
	if n := d.bbms.samples; n > 1 {
		d.destroySwapMS()
		if err := d.createSwapMS(color, n); err != nil {
			return fmt.Errorf("rebuild the multisampled back buffer's render passes for format %d: %w", color, err)
		}
	}
	d.backBuffer = color
	d.formatRebuilds++
	launchtrace.Mark("vulkan: back buffer passes rebuilt for the surface's format")
	return d.prewarm()
}

// prewarm builds the pipelines of the commonest draws at start-up
// (graphics.CommonPipelines: a lit BasicEffect mesh and a default
// SpriteBatch, on the back buffer), so the first frame does not pay for
// them (lavapipe translates a pipeline's shaders when it is created, 1-3
// ms each), and submits a first draw with each (warmUp: lavapipe compiles
// their machine code at that draw). It does so for those the program's
// last launch drew with (the warm-up record), all of them on its first.
func (d *deviceState) prewarm() error {
	keys := make([]graphics.PipelineKey, 0, len(commonKeys))
	for i, key := range commonKeys {
		if d.warmRec.wanted&(1<<i) != 0 {
			keys = append(keys, key)
		}
	}
	if len(keys) == 0 {
		launchtrace.Mark("vulkan: no warm-up (the last launch drew with no common pipeline)")
		return nil
	}
	for _, key := range keys {
		if _, err := d.pipeline(key, false); err != nil {
			return err
		}
	}
	return d.warmUp(keys)
}

// pipeline returns the pipeline for key on the back buffer or a render
// target, building it on first use (the cache makes rebuilds cheap).
// The shaders follow ShaderLighting, ShaderPerPixelLighting and
// ShaderTexture (shaderSet.pick); vertex colour is a uniform flag, so it
// needs no pipeline of its own.
func (d *deviceState) pipeline(key graphics.PipelineKey, target bool) (vk.Pipeline, error) {
	k := pipelineKey(key, target)
	if target {
		k.color = d.formats.passColor // an HDR target's pipelines are its passes'
	}
	if p, ok := d.pipelines[k]; ok {
		return p, nil
	}
	rp := d.passes[passSwapDiscard]
	if target {
		rp = d.passes[passTargetDiscard]
		if k.color != 0 {
			if err := d.checkBlendable(k.color, key.Blend); err != nil {
				return nil, err
			}
			rp = d.formats.hdrPasses[k.color][passTargetDiscard]
		}
	}
	if key.Effect != 0 {
		return d.effectPipeline(k, rp)
	}
	vert, frag := d.shaders.pick(key.Shader)
	p, err := newPipeline(d.dev.handle, d.pipeCache, rp, d.pipeLayout, vert, frag, k.PipelineKey)
	if err != nil {
		return nil, err
	}
	d.pipelines[k] = p
	d.warmRec.noteCommon(k, p)
	launchtrace.Mark("vulkan: pipeline built")
	return p, nil
}

// destroyCore destroys, in reverse order of creation, what the start made:
// pipelines, pipeline cache, shader modules, layouts, render passes, then
// the device and the instance (W4). The instance's message log stays
// readable. Safe twice, and on a half-made deviceState.
func (d *deviceState) destroyCore() {
	if d.dev != nil && d.dev.handle != nil {
		dev := d.dev.handle
		vk.DeviceWaitIdle(dev)
		d.warm.destroy()
		d.warm = nil
		for k, p := range d.pipelines {
			vk.DestroyPipeline(dev, p, nil)
			delete(d.pipelines, k)
		}
		d.saveWarmRecord()
		if d.pipeCache != nil {
			d.savePipelineCache()
			vk.DestroyPipelineCache(dev, d.pipeCache, nil)
			d.pipeCache = nil
		}
		d.shaders.destroy(dev)
		d.destroyEffects()
		for _, l := range []*vk.PipelineLayout{&d.pipeLayout, &d.vertexPipeLayout} {
			if *l != nil {
				vk.DestroyPipelineLayout(dev, *l, nil)
				*l = nil
			}
		}
		for _, l := range []*vk.DescriptorSetLayout{&d.textureLayout, &d.uniformLayout, &d.vertexUniformLayout} {
			if *l != nil {
				vk.DestroyDescriptorSetLayout(dev, *l, nil)
				*l = nil
			}
		}
		d.destroyFormats()
		d.destroyMRTPasses(dev)
		d.destroyMSPasses(dev)
		for k := passKinds - 1; k >= 0; k-- {
			if d.passes[k] != nil {
				vk.DestroyRenderPass(dev, d.passes[k], nil)
				d.passes[k] = nil
			}
		}
	}
	d.dev.destroy()
	d.inst.destroy()
}
