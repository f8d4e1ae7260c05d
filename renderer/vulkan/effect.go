package vulkan

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// A game's Effects (graphics.Effect): their shader modules, the pipelines
// that run them (in the pipeline cache with the others, keyed on the
// effect's ID) and their uniform blocks, copied from the record into the
// frame's arena and bound through a dynamic uniform buffer whose range is
// graphics.MaxEffectParameterBytes.

var _ graphics.EffectBackend = (*Renderer)(nil)

// effectShaders are one Effect's modules and vertex inputs.
type effectShaders struct {
	vert, frag vk.ShaderModule
	inputs     []graphics.EffectInput
}

// destroy destroys the modules.
func (e *effectShaders) destroy(dev vk.Device) {
	if e.vert != nil {
		vk.DestroyShaderModule(dev, e.vert, nil)
		e.vert = nil
	}
	if e.frag != nil {
		vk.DestroyShaderModule(dev, e.frag, nil)
		e.frag = nil
	}
}

// effectState is the renderer's effects and the frame's effect blocks.
type effectState struct {
	effects map[graphics.EffectID]*effectShaders
	// sets are the dynamic uniform descriptors of effect blocks, one per
	// arena chunk that has held them (range MaxEffectParameterBytes).
	sets map[*buffer]vk.DescriptorSet
	// set and base locate the record's EffectData in the arena.
	set  vk.DescriptorSet
	base int
}

// CreateEffect creates effect id's shader modules (graphics.EffectBackend).
func (r *Renderer) CreateEffect(id graphics.EffectID, desc graphics.EffectDesc) error {
	if r == nil || r.dev == nil {
		return errors.New("create effect: the renderer was destroyed")
	}
	if r.fx.effects == nil {
		r.fx.effects = map[graphics.EffectID]*effectShaders{}
	}
	if _, ok := r.fx.effects[id]; ok {
		return fmt.Errorf("create effect: id %d exists", id)
	}
	if desc.BlockSize > graphics.MaxEffectParameterBytes {
		return fmt.Errorf("create effect: uniform block of %d bytes, at most %d", desc.BlockSize, graphics.MaxEffectParameterBytes)
	}
	e := &effectShaders{inputs: append([]graphics.EffectInput(nil), desc.Inputs...)}
	var err error
	if e.vert, err = newShaderModule(r.dev.handle, desc.Vertex, "effect vertex"); err != nil {
		return fmt.Errorf("create effect: %w", err)
	}
	if e.frag, err = newShaderModule(r.dev.handle, desc.Fragment, "effect fragment"); err != nil {
		e.destroy(r.dev.handle)
		return fmt.Errorf("create effect: %w", err)
	}
	r.fx.effects[id] = e
	return nil
}

// releaseEffect destroys effect id's pipelines and modules; the GPU is
// done with them.
func (r *Renderer) releaseEffect(id graphics.EffectID) {
	e := r.fx.effects[id]
	if e == nil {
		return
	}
	dev := r.dev.handle
	for k, p := range r.pipelines {
		if k.Effect == id {
			vk.DestroyPipeline(dev, p, nil)
			delete(r.pipelines, k)
		}
	}
	e.destroy(dev)
	delete(r.fx.effects, id)
}

// destroyEffects destroys every effect's modules (the pipelines go with
// the others).
func (d *deviceState) destroyEffects() {
	for id, e := range d.fx.effects {
		e.destroy(d.dev.handle)
		delete(d.fx.effects, id)
	}
}

// effectPipeline builds the pipeline of an Effect draw: the effect's
// shaders, its inputs fed from the declaration's elements by usage and
// index (the graphics package has checked that every one is there).
func (d *deviceState) effectPipeline(k pipeKey, rp vk.RenderPass) (vk.Pipeline, error) {
	e := d.fx.effects[k.Effect]
	if e == nil {
		return nil, fmt.Errorf("create pipeline: effect %d does not exist (disposed?)", k.Effect)
	}
	decl := k.Vertex
	var attrs []vk.VertexInputAttributeDescription
	for _, in := range e.inputs {
		found := false
		for binding, dl := range []graphics.VertexDeclaration{decl, k.Instance} {
			for _, el := range dl.Elements[:dl.Count] {
				if found || el.Usage != in.Usage || el.UsageIndex != in.UsageIndex {
					continue
				}
				f, err := elementFormat(el.Format)
				if err != nil {
					return nil, fmt.Errorf("create pipeline: input %s: %w", in.Name, err)
				}
				attrs = append(attrs, vk.VertexInputAttributeDescription{
					Location: uint32(in.Location), Binding: uint32(binding), Format: f, Offset: uint32(el.Offset),
				})
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("create pipeline: the vertex declaration has no %s %d element for input %s", in.Usage, in.UsageIndex, in.Name)
		}
	}
	bindings := []vk.VertexInputBindingDescription{
		{Binding: 0, Stride: uint32(decl.Stride), InputRate: vk.VertexInputRateVertex},
	}
	if k.Instance.Count > 0 {
		bindings = append(bindings, vk.VertexInputBindingDescription{
			Binding: 1, Stride: uint32(k.Instance.Stride), InputRate: vk.VertexInputRateInstance})
	}
	input := &vk.PipelineVertexInputStateCreateInfo{
		SType:                           vk.StructureTypePipelineVertexInputStateCreateInfo,
		VertexBindingDescriptionCount:   uint32(len(bindings)),
		PVertexBindingDescriptions:      bindings,
		VertexAttributeDescriptionCount: uint32(len(attrs)),
		PVertexAttributeDescriptions:    attrs,
	}
	p, err := newPipelineWith(d.dev.handle, d.pipeCache, rp, d.pipeLayout, e.vert, e.frag, k.PipelineKey, input)
	if err != nil {
		return nil, err
	}
	d.pipelines[k] = p
	launchtrace.Mark("vulkan: effect pipeline built")
	return p, nil
}

// recordEffectData copies the record's effect blocks into the arena, with
// room for the descriptor's whole range after the last one.
func (r *Renderer) recordEffectData(f *graphics.Frame, a *arena) error {
	r.fx.set, r.fx.base = nil, 0
	if len(f.EffectData) == 0 {
		return nil
	}
	c, off, err := r.arenaAlloc(a, len(f.EffectData)+graphics.MaxEffectParameterBytes, max(r.uboAlign, graphics.EffectBlockAlign))
	if err != nil {
		return err
	}
	copy(c.buf.bytes()[off:], f.EffectData)
	set, ok := r.fx.sets[c.buf]
	if !ok {
		if set, err = r.pools.alloc(r.uniformLayout); err != nil {
			return fmt.Errorf("effect blocks: %w", err)
		}
		updateDescriptorSet(r.dev.handle, &vk.WriteDescriptorSet{
			SType:           vk.StructureTypeWriteDescriptorSet,
			DstSet:          set,
			DescriptorCount: 1,
			DescriptorType:  vk.DescriptorTypeUniformBufferDynamic,
			PBufferInfo:     []vk.DescriptorBufferInfo{{Buffer: c.buf.handle, Range: vk.DeviceSize(graphics.MaxEffectParameterBytes)}},
		})
		if r.fx.sets == nil {
			r.fx.sets = map[*buffer]vk.DescriptorSet{}
		}
		r.fx.sets[c.buf] = set
	}
	r.fx.set, r.fx.base = set, off
	return nil
}

// uniformOf returns where draw d's uniform block is bound from.
func (r *Renderer) uniformOf(d *graphics.Draw) (uniformLoc, error) {
	if d.Pipeline.Effect != 0 {
		if r.fx.set == nil {
			return uniformLoc{}, errors.New("an effect draw in a record without effect blocks")
		}
		return uniformLoc{set: r.fx.set, offset: uint32(r.fx.base + d.EffectBlock)}, nil
	}
	if d.Uniforms < 0 || d.Uniforms >= len(r.uniformLocs) {
		return uniformLoc{}, fmt.Errorf("uniform block %d of %d", d.Uniforms, len(r.uniformLocs))
	}
	return r.uniformLocs[d.Uniforms], nil
}
