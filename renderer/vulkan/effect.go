package vulkan

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/spirv"
	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// A game's Effects (graphics.Effect): their shader modules, the pipelines
// that run them (in the pipeline cache with the others, keyed on the
// effect's ID) and their uniform blocks, copied from the record into the
// frame's arena and bound through a dynamic uniform buffer whose range is
// graphics.MaxEffectParameterBytes. The block of an effect whose fragment
// shader reads none is visible to the vertex stage only (its own set and
// pipeline layouts): lavapipe copies the whole fragment state, some 40 KB,
// at every draw whose fragment-visible block moves, which made separate
// draws of an effect several times slower.
//
// A block larger than graphics.MaxEffectParameterBytes (the engine's
// SkinnedEffect: its bones) is bound through descriptors of range
// graphics.MaxEffectBlockBytes, its own pair of them per chunk, so the
// games' effects keep their 1 KB descriptors; the arena keeps room for
// the larger range after the frame's last block.

var _ graphics.EffectBackend = (*Renderer)(nil)

// effectShaders are one Effect's modules and vertex inputs.
type effectShaders struct {
	vert, frag vk.ShaderModule
	inputs     []graphics.EffectInput
	vertexOnly bool  // the block is visible to the vertex stage only
	big        bool  // the block is larger than MaxEffectParameterBytes
	twoSlots   bool  // the fragment shader samples texture slot 1 (set 2)
	outputs    uint8 // the colour locations the fragment shader writes (bit i: location i)
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
	// arena chunk that has held them and stages that see the block (range
	// MaxEffectParameterBytes).
	sets map[effectSetKey]vk.DescriptorSet
	// buf and base locate the record's EffectData in the arena (buf nil:
	// none); set holds its descriptors once looked up, index
	// effectSetIndex.
	buf  *buffer
	base int
	set  [4]vk.DescriptorSet
	// layout2 are the pipeline layouts of effects that sample two
	// textures (set 2 a second texture set), [1] vertex-only block; made
	// by the first such effect (cube.go).
	layout2 [2]vk.PipelineLayout
}

// effectSetKey is an arena chunk and whether its descriptor is for blocks
// visible to the vertex stage only.
type effectSetKey struct {
	buf        *buffer
	vertexOnly bool
	big        bool // range MaxEffectBlockBytes, else MaxEffectParameterBytes
}

// effectSetIndex is the index in effectState.set of a descriptor for
// blocks seen by the vertex stage only or by both, of the large range or
// the ordinary one.
func effectSetIndex(vertexOnly, big bool) int {
	i := 0
	if vertexOnly {
		i |= 1
	}
	if big {
		i |= 2
	}
	return i
}

// CreateEffect creates effect id's shader modules (graphics.EffectBackend).
func (r *Renderer) CreateEffect(id graphics.EffectID, desc graphics.EffectDesc) error {
	if r == nil || r.gpu.dev == nil {
		return errors.New("create effect: the renderer was destroyed")
	}
	if r.gpu.fx.effects == nil {
		r.gpu.fx.effects = map[graphics.EffectID]*effectShaders{}
	}
	if _, ok := r.gpu.fx.effects[id]; ok {
		return fmt.Errorf("create effect: id %d exists", id)
	}
	if desc.BlockSize > graphics.MaxEffectBlockBytes {
		return fmt.Errorf("create effect: uniform block of %d bytes, at most %d", desc.BlockSize, graphics.MaxEffectBlockBytes)
	}
	// graphics.NewEffect has validated both modules; a direct caller
	// gets the same check: no unchecked SPIR-V reaches the driver (E7).
	for _, m := range []struct {
		words []uint32
		what  string
	}{{desc.Vertex, "vertex"}, {desc.Fragment, "fragment"}} {
		if err := spirv.Validate(m.words, r.gpu.dev.shader); err != nil {
			return fmt.Errorf("create effect: the %s shader: %w: %w", m.what, err, graphics.ErrBadShader)
		}
	}
	e := &effectShaders{inputs: append([]graphics.EffectInput(nil), desc.Inputs...), vertexOnly: desc.VertexOnlyBlock,
		big: desc.BlockSize > graphics.MaxEffectParameterBytes, twoSlots: desc.TextureSlots > 1, outputs: desc.Outputs | 1}
	if e.twoSlots {
		if err := r.makeTwoSlotLayouts(); err != nil {
			return fmt.Errorf("create effect: %w", err)
		}
	}
	var err error
	if e.vert, err = newShaderModule(r.gpu.dev.handle, desc.Vertex, "effect vertex"); err != nil {
		return fmt.Errorf("create effect: %w", err)
	}
	if e.frag, err = newShaderModule(r.gpu.dev.handle, desc.Fragment, "effect fragment"); err != nil {
		e.destroy(r.gpu.dev.handle)
		return fmt.Errorf("create effect: %w", err)
	}
	r.gpu.fx.effects[id] = e
	return nil
}

// releaseEffect destroys effect id's pipelines and modules; the GPU is
// done with them.
func (r *Renderer) releaseEffect(id graphics.EffectID) {
	e := r.gpu.fx.effects[id]
	if e == nil {
		return
	}
	dev := r.gpu.dev.handle
	for k, p := range r.gpu.pipelines {
		if k.Effect == id {
			vk.DestroyPipeline(dev, p, nil)
			delete(r.gpu.pipelines, k)
		}
	}
	e.destroy(dev)
	delete(r.gpu.fx.effects, id)
}

// destroyEffects destroys every effect's modules (the pipelines go with
// the others).
func (d *deviceState) destroyEffects() {
	for id, e := range d.fx.effects {
		e.destroy(d.dev.handle)
		delete(d.fx.effects, id)
	}
	d.destroyTwoSlotLayouts()
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
				f, err := effectElementFormat(el.Format)
				if err != nil {
					return nil, fmt.Errorf("create pipeline: input %s: %w", in.Name, err)
				}
				if !vertexFormatSupported(d.dev.gpu, f) {
					return nil, fmt.Errorf("create pipeline: input %s: the device cannot read vertex format %d (element format %d read as scaled integers): declare the element as Vector4",
						in.Name, f, el.Format)
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
	p, err := newPipelineBlend(d.dev.handle, d.pipeCache, rp, d.layoutOf(e), e.vert, e.frag, k.PipelineKey, input,
		colorBlendN(k.Blend, int(k.colors), e.outputs, d.dev.independentBlend), int(k.samples))
	if err != nil {
		return nil, err
	}
	d.pipelines[k] = p
	launchtrace.Mark("vulkan: effect pipeline built")
	return p, nil
}

// effectElementFormat is elementFormat for an Effect's inputs, which are
// floats: the integer formats (BlendIndices' Byte4 and Short4) are read
// as scaled integers, which the shader gets as floats of the same values.
func effectElementFormat(f graphics.VertexElementFormat) (vk.Format, error) {
	switch f {
	case graphics.FormatByte4:
		return vk.FormatR8g8b8a8Uscaled, nil
	case graphics.FormatShort4:
		return vk.FormatR16g16b16a16Sscaled, nil
	}
	return elementFormat(f)
}

// vertexFormatSupported reports whether gpu reads vertex buffers of format
// f: the 32-bit float formats and RGBA8 are required of every device,
// the others (scaled, 16-bit, half) are checked.
func vertexFormatSupported(gpu vk.PhysicalDevice, f vk.Format) bool {
	switch f {
	case vk.FormatR32Sfloat, vk.FormatR32g32Sfloat, vk.FormatR32g32b32Sfloat, vk.FormatR32g32b32a32Sfloat, vk.FormatR8g8b8a8Unorm:
		return true
	}
	var p vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(gpu, f, &p)
	p.Deref()
	p.Free()
	return vk.FormatFeatureFlagBits(p.BufferFeatures)&vk.FormatFeatureVertexBufferBit != 0
}

// layoutOf returns the pipeline layout of effect e's pipelines.
func (d *deviceState) layoutOf(e *effectShaders) vk.PipelineLayout {
	if e.twoSlots {
		return d.twoSlotLayout(e.vertexOnly)
	}
	if e.vertexOnly {
		return d.vertexPipeLayout
	}
	return d.pipeLayout
}

// drawLayout returns the pipeline layout of draw key k and whether its
// uniform block is visible to the vertex stage only.
func (d *deviceState) drawLayout(k graphics.PipelineKey) (vk.PipelineLayout, bool) {
	if k.Effect != 0 {
		if e := d.fx.effects[k.Effect]; e != nil && e.twoSlots {
			return d.twoSlotLayout(e.vertexOnly), e.vertexOnly
		}
		if e := d.fx.effects[k.Effect]; e != nil && e.vertexOnly {
			return d.vertexPipeLayout, true
		}
	}
	return d.pipeLayout, false
}

// recordEffectData copies the record's effect blocks into the arena, with
// room for the descriptor's whole range after the last one.
func (r *Renderer) recordEffectData(f *graphics.Frame, a *arena) error {
	r.gpu.fx.buf, r.gpu.fx.base, r.gpu.fx.set = nil, 0, [4]vk.DescriptorSet{}
	if len(f.EffectData) == 0 {
		return nil
	}
	c, off, err := r.arenaAlloc(a, len(f.EffectData)+graphics.MaxEffectBlockBytes, max(r.gpu.uboAlign, graphics.EffectBlockAlign))
	if err != nil {
		return err
	}
	copy(c.buf.bytes()[off:], f.EffectData)
	r.gpu.fx.buf, r.gpu.fx.base = c.buf, off
	return nil
}

// effectSet returns the descriptor set over the record's effect blocks for
// blocks visible to the vertex stage only or to both stages, of the large
// range or the ordinary one, made the first time a chunk needs it.
func (r *Renderer) effectSet(vertexOnly, big bool) (vk.DescriptorSet, error) {
	i := effectSetIndex(vertexOnly, big)
	if s := r.gpu.fx.set[i]; s != nil {
		return s, nil
	}
	k := effectSetKey{r.gpu.fx.buf, vertexOnly, big}
	rng := graphics.MaxEffectParameterBytes
	if big {
		rng = graphics.MaxEffectBlockBytes
	}
	set, ok := r.gpu.fx.sets[k]
	if !ok {
		layout := r.gpu.uniformLayout
		if vertexOnly {
			layout = r.gpu.vertexUniformLayout
		}
		var err error
		if set, err = r.gpu.pools.alloc(layout); err != nil {
			return nil, fmt.Errorf("effect blocks: %w", err)
		}
		updateDescriptorSet(r.gpu.dev.handle, &vk.WriteDescriptorSet{
			SType:           vk.StructureTypeWriteDescriptorSet,
			DstSet:          set,
			DescriptorCount: 1,
			DescriptorType:  vk.DescriptorTypeUniformBufferDynamic,
			PBufferInfo:     []vk.DescriptorBufferInfo{{Buffer: r.gpu.fx.buf.handle, Range: vk.DeviceSize(rng)}},
		})
		if r.gpu.fx.sets == nil {
			r.gpu.fx.sets = map[effectSetKey]vk.DescriptorSet{}
		}
		r.gpu.fx.sets[k] = set
	}
	r.gpu.fx.set[i] = set
	return set, nil
}

// uniformOf returns where draw d's uniform block is bound from; vertexOnly
// is drawLayout's answer for d.
func (r *Renderer) uniformOf(d *graphics.Draw, vertexOnly bool) (uniformLoc, error) {
	if d.Pipeline.Effect != 0 {
		if r.gpu.fx.buf == nil {
			return uniformLoc{}, errors.New("an effect draw in a record without effect blocks")
		}
		big := false
		if e := r.gpu.fx.effects[d.Pipeline.Effect]; e != nil {
			big = e.big
		}
		set, err := r.effectSet(vertexOnly, big)
		if err != nil {
			return uniformLoc{}, err
		}
		return uniformLoc{set: set, offset: uint32(r.gpu.fx.base + d.EffectBlock)}, nil
	}
	if d.Uniforms < 0 || d.Uniforms >= len(r.frames.uniformLocs) {
		return uniformLoc{}, fmt.Errorf("uniform block %d of %d", d.Uniforms, len(r.frames.uniformLocs))
	}
	return r.frames.uniformLocs[d.Uniforms], nil
}
