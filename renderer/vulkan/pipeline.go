package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/shaders"
)

// passKind selects one of the render passes: the back buffer's or a
// render target's, starting from undefined contents or keeping them.
type passKind int

const (
	passSwapDiscard   passKind = iota // back buffer, first pass of a frame
	passSwapLoad                      // back buffer, continued after a render target
	passSwapClear                     // back buffer, colour and depth cleared on load
	passTargetDiscard                 // render target, contents undefined (DiscardContents)
	passTargetLoad                    // render target, contents kept
	passTargetClear                   // render target, colour and depth cleared on load
	passKinds
)

// loadMode is what a render pass does with its attachments' contents.
type loadMode int

const (
	loadDiscard loadMode = iota // undefined until drawn
	loadKeep                    // kept, arriving in their final layouts
	loadClear                   // cleared to the begin info's values
)

// loadOf returns the load mode of a pass kind.
func loadOf(k passKind) loadMode {
	switch k {
	case passSwapLoad, passTargetLoad:
		return loadKeep
	case passSwapClear, passTargetClear:
		return loadClear
	}
	return loadDiscard
}

// newRenderPass creates a render pass with one colour attachment and one
// depth attachment. With loadKeep, colour and depth keep their contents
// (and arrive in their final layouts); with loadClear they are cleared on
// load (a pass that starts with a whole-target clear); else they start
// undefined. Other clears are commands inside the pass
// (vkCmdClearAttachments). All passes of one colour format are
// compatible, so one pipeline serves them all.
func newRenderPass(dev vk.Device, color, depth vk.Format, final vk.ImageLayout, mode loadMode) (vk.RenderPass, error) {
	colorLoad, depthLoad := vk.AttachmentLoadOpDontCare, vk.AttachmentLoadOpDontCare
	colorInit, depthInit := vk.ImageLayoutUndefined, vk.ImageLayoutUndefined
	switch mode {
	case loadKeep:
		colorLoad, depthLoad = vk.AttachmentLoadOpLoad, vk.AttachmentLoadOpLoad
		colorInit, depthInit = final, vk.ImageLayoutDepthStencilAttachmentOptimal
	case loadClear:
		colorLoad, depthLoad = vk.AttachmentLoadOpClear, vk.AttachmentLoadOpClear
	}
	attachments := []vk.AttachmentDescription{{
		Format:         color,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         colorLoad,
		StoreOp:        vk.AttachmentStoreOpStore,
		StencilLoadOp:  vk.AttachmentLoadOpDontCare,
		StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout:  colorInit,
		FinalLayout:    final,
	}, {
		Format:         depth,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         depthLoad,
		StoreOp:        vk.AttachmentStoreOpStore,
		StencilLoadOp:  depthLoad,
		StencilStoreOp: vk.AttachmentStoreOpStore,
		InitialLayout:  depthInit,
		FinalLayout:    vk.ImageLayoutDepthStencilAttachmentOptimal,
	}}
	colorRef := []vk.AttachmentReference{{Attachment: 0, Layout: vk.ImageLayoutColorAttachmentOptimal}}
	depthRef := &vk.AttachmentReference{Attachment: 1, Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
	return createPass(dev, attachments, vk.SubpassDescription{
		PipelineBindPoint:       vk.PipelineBindPointGraphics,
		ColorAttachmentCount:    1,
		PColorAttachments:       colorRef,
		PDepthStencilAttachment: depthRef,
	}, 0)
}

// newSetLayout creates a descriptor set layout with one binding.
func newSetLayout(dev vk.Device, kind vk.DescriptorType, stages vk.ShaderStageFlagBits) (vk.DescriptorSetLayout, error) {
	ci := vk.DescriptorSetLayoutCreateInfo{
		SType:        vk.StructureTypeDescriptorSetLayoutCreateInfo,
		BindingCount: 1,
		PBindings: []vk.DescriptorSetLayoutBinding{{
			Binding:         0,
			DescriptorType:  kind,
			DescriptorCount: 1,
			StageFlags:      vk.ShaderStageFlags(stages),
		}},
	}
	defer ci.Free()
	var l vk.DescriptorSetLayout
	err := callErr("create descriptor set layout", "vkCreateDescriptorSetLayout",
		vk.CreateDescriptorSetLayout(dev, &ci, nil, &l))
	return l, err
}

// newPipelineLayout creates the pipeline layout: set 0 the effect's
// uniforms, set 1 the texture.
func newPipelineLayout(dev vk.Device, sets []vk.DescriptorSetLayout) (vk.PipelineLayout, error) {
	ci := vk.PipelineLayoutCreateInfo{
		SType:          vk.StructureTypePipelineLayoutCreateInfo,
		SetLayoutCount: uint32(len(sets)),
		PSetLayouts:    sets,
	}
	defer ci.Free()
	var l vk.PipelineLayout
	err := callErr("create pipeline layout", "vkCreatePipelineLayout", vk.CreatePipelineLayout(dev, &ci, nil, &l))
	return l, err
}

// newShaderModule creates a module from SPIR-V words.
func newShaderModule(dev vk.Device, words []uint32, what string) (vk.ShaderModule, error) {
	ci := vk.ShaderModuleCreateInfo{
		SType:    vk.StructureTypeShaderModuleCreateInfo,
		CodeSize: uint(len(words) * 4),
		PCode:    words,
	}
	defer ci.Free()
	var m vk.ShaderModule
	err := callErr("create "+what+" shader module", "vkCreateShaderModule", vk.CreateShaderModule(dev, &ci, nil, &m))
	return m, err
}

// shaderSet holds BasicEffect's shader modules: the lit vertex shader
// and its fragment shaders with and without a texture, the per-pixel lit
// ones (PreferPerPixelLighting), and the unlit ones (LightingEnabled
// false, every SpriteBatch draw), which skip the lights and the specular
// term: on a software rasteriser that is about 15% of a sprite's fragment
// cost.
type shaderSet struct {
	vert, frag, fragPlain                vk.ShaderModule
	pixelVert, pixelFrag, pixelFragPlain vk.ShaderModule
	unlitVert, unlitFrag, unlitFragPlain vk.ShaderModule
}

// shaderSources lists the set's modules in creation order with their
// SPIR-V.
func (s *shaderSet) sources() []struct {
	words func() ([]uint32, error)
	what  string
	dst   *vk.ShaderModule
} {
	return []struct {
		words func() ([]uint32, error)
		what  string
		dst   *vk.ShaderModule
	}{
		{shaders.BasicVertex, "vertex", &s.vert},
		{shaders.BasicFragment, "fragment", &s.frag},
		{shaders.BasicUntexturedFragment, "untextured fragment", &s.fragPlain},
		{shaders.BasicPixelVertex, "per-pixel vertex", &s.pixelVert},
		{shaders.BasicPixelFragment, "per-pixel fragment", &s.pixelFrag},
		{shaders.BasicPixelUntexturedFragment, "per-pixel untextured fragment", &s.pixelFragPlain},
		{shaders.UnlitVertex, "unlit vertex", &s.unlitVert},
		{shaders.UnlitFragment, "unlit fragment", &s.unlitFrag},
		{shaders.UnlitUntexturedFragment, "unlit untextured fragment", &s.unlitFragPlain},
	}
}

// create creates every module; on error it destroys those it made.
func (s *shaderSet) create(dev vk.Device) error {
	src := s.sources()
	for i := range src {
		words, err := src[i].words()
		if err == nil {
			*src[i].dst, err = newShaderModule(dev, words, src[i].what)
		}
		if err != nil {
			s.destroy(dev)
			return fmt.Errorf("create shader: %w", err)
		}
	}
	return nil
}

// destroy destroys the modules made, in reverse order; safe twice.
func (s *shaderSet) destroy(dev vk.Device) {
	src := s.sources()
	for i := len(src) - 1; i >= 0; i-- {
		if m := src[i].dst; *m != nil {
			vk.DestroyShaderModule(dev, *m, nil)
			*m = nil
		}
	}
}

// pick returns the vertex and fragment modules of a shader variant: lit
// per vertex, lit per pixel or unlit, with a texture or without.
func (s *shaderSet) pick(v graphics.ShaderVariant) (vert, frag vk.ShaderModule) {
	textured := v&graphics.ShaderTexture != 0
	switch {
	case v&graphics.ShaderLighting == 0 && textured:
		return s.unlitVert, s.unlitFrag
	case v&graphics.ShaderLighting == 0:
		return s.unlitVert, s.unlitFragPlain
	case v&graphics.ShaderPerPixelLighting != 0 && textured:
		return s.pixelVert, s.pixelFrag
	case v&graphics.ShaderPerPixelLighting != 0:
		return s.pixelVert, s.pixelFragPlain
	case textured:
		return s.vert, s.frag
	}
	return s.vert, s.fragPlain
}

// defaultAttributes is the content of the buffer bound at vertex binding 1
// with stride 0: what a vertex declaration lacks reads these values.
var defaultAttributes = [12]float32{
	1, 1, 1, 1, // colour (offset 0): white
	0, 0, // texture coordinate (16)
	0, 0, 1, // normal (24): towards +Z
	0, 0, 0, // position (36)
}

// defaultAttribute is where each shader location's default lives in
// defaultAttributes, and its format.
var defaultAttribute = [4]struct {
	offset uint32
	format vk.Format
}{
	0: {36, vk.FormatR32g32b32Sfloat},   // position
	1: {0, vk.FormatR32g32b32a32Sfloat}, // colour
	2: {16, vk.FormatR32g32Sfloat},      // texture coordinate
	3: {24, vk.FormatR32g32b32Sfloat},   // normal
}

// elementFormat maps a vertex element format to Vulkan's.
func elementFormat(f graphics.VertexElementFormat) (vk.Format, error) {
	switch f {
	case graphics.FormatSingle:
		return vk.FormatR32Sfloat, nil
	case graphics.FormatVector2:
		return vk.FormatR32g32Sfloat, nil
	case graphics.FormatVector3:
		return vk.FormatR32g32b32Sfloat, nil
	case graphics.FormatVector4:
		return vk.FormatR32g32b32a32Sfloat, nil
	case graphics.FormatColor:
		return vk.FormatR8g8b8a8Unorm, nil
	case graphics.FormatByte4:
		return vk.FormatR8g8b8a8Uint, nil
	case graphics.FormatShort4:
		return vk.FormatR16g16b16a16Sint, nil
	case graphics.FormatNormalizedShort4:
		return vk.FormatR16g16b16a16Snorm, nil
	case graphics.FormatShort2:
		return vk.FormatR16g16Sscaled, nil
	case graphics.FormatNormalizedShort2:
		return vk.FormatR16g16Snorm, nil
	case graphics.FormatHalfVector2:
		return vk.FormatR16g16Sfloat, nil
	case graphics.FormatHalfVector4:
		return vk.FormatR16g16b16a16Sfloat, nil
	}
	return vk.FormatUndefined, fmt.Errorf("vertex element format %d is not supported", f)
}

// vertexInput describes the declaration at binding 0 and the defaults at
// binding 1 (stride 0) for the shader locations it lacks.
func vertexInput(decl graphics.VertexDeclaration) (*vk.PipelineVertexInputStateCreateInfo, error) {
	var attrs []vk.VertexInputAttributeDescription
	var have [4]bool
	for _, e := range decl.Elements[:decl.Count] {
		if e.UsageIndex != 0 || e.Usage > graphics.UsageNormal {
			continue // BasicEffect reads index 0 of the first four usages only
		}
		loc := e.Usage.Location()
		if loc < 0 || loc >= len(have) {
			return nil, fmt.Errorf("vertex element usage %d is not supported", e.Usage)
		}
		f, err := elementFormat(e.Format)
		if err != nil {
			return nil, err
		}
		have[loc] = true
		attrs = append(attrs, vk.VertexInputAttributeDescription{
			Location: uint32(loc), Binding: 0, Format: f, Offset: uint32(e.Offset),
		})
	}
	for loc, ok := range have {
		if !ok {
			d := defaultAttribute[loc]
			attrs = append(attrs, vk.VertexInputAttributeDescription{
				Location: uint32(loc), Binding: 1, Format: d.format, Offset: d.offset,
			})
		}
	}
	return &vk.PipelineVertexInputStateCreateInfo{
		SType:                         vk.StructureTypePipelineVertexInputStateCreateInfo,
		VertexBindingDescriptionCount: 2,
		PVertexBindingDescriptions: []vk.VertexInputBindingDescription{
			{Binding: 0, Stride: uint32(decl.Stride), InputRate: vk.VertexInputRateVertex},
			{Binding: 1, Stride: 0, InputRate: vk.VertexInputRateVertex},
		},
		VertexAttributeDescriptionCount: uint32(len(attrs)),
		PVertexAttributeDescriptions:    attrs,
	}, nil
}

// topology maps a primitive type.
func topology(p graphics.PrimitiveType) vk.PrimitiveTopology {
	switch p {
	case graphics.TriangleStrip:
		return vk.PrimitiveTopologyTriangleStrip
	case graphics.LineList:
		return vk.PrimitiveTopologyLineList
	case graphics.LineStrip:
		return vk.PrimitiveTopologyLineStrip
	}
	return vk.PrimitiveTopologyTriangleList
}

// rasterization maps a rasterizer state. Winding is as seen on screen
// (the projection helpers hold the Y flip), and XNA's front faces are the
// clockwise ones: CullCounterClockwise culls back faces.
func rasterization(r graphics.RasterizerState) *vk.PipelineRasterizationStateCreateInfo {
	cull := vk.CullModeBackBit
	switch r.CullMode {
	case graphics.CullClockwiseFace:
		cull = vk.CullModeFrontBit
	case graphics.CullNoneFace:
		cull = vk.CullModeNone
	}
	ci := &vk.PipelineRasterizationStateCreateInfo{
		SType:       vk.StructureTypePipelineRasterizationStateCreateInfo,
		PolygonMode: vk.PolygonModeFill, // wireframe needs fillModeNonSolid: drawn solid
		CullMode:    vk.CullModeFlags(cull),
		FrontFace:   vk.FrontFaceClockwise,
		LineWidth:   1,
	}
	if r.DepthBias != 0 || r.SlopeScaleDepthBias != 0 {
		ci.DepthBiasEnable = vk.True
		ci.DepthBiasConstantFactor = r.DepthBias * (1 << 24) // XNA's bias is in depth units
		ci.DepthBiasSlopeFactor = r.SlopeScaleDepthBias
	}
	return ci
}

var compareOps = [...]vk.CompareOp{
	graphics.CompareLessEqual:    vk.CompareOpLessOrEqual,
	graphics.CompareLess:         vk.CompareOpLess,
	graphics.CompareEqual:        vk.CompareOpEqual,
	graphics.CompareGreaterEqual: vk.CompareOpGreaterOrEqual,
	graphics.CompareGreater:      vk.CompareOpGreater,
	graphics.CompareNotEqual:     vk.CompareOpNotEqual,
	graphics.CompareAlways:       vk.CompareOpAlways,
	graphics.CompareNever:        vk.CompareOpNever,
}

var stencilOps = [...]vk.StencilOp{
	graphics.StencilKeep:                vk.StencilOpKeep,
	graphics.StencilZero:                vk.StencilOpZero,
	graphics.StencilReplace:             vk.StencilOpReplace,
	graphics.StencilIncrement:           vk.StencilOpIncrementAndWrap,
	graphics.StencilDecrement:           vk.StencilOpDecrementAndWrap,
	graphics.StencilIncrementSaturation: vk.StencilOpIncrementAndClamp,
	graphics.StencilDecrementSaturation: vk.StencilOpDecrementAndClamp,
	graphics.StencilInvert:              vk.StencilOpInvert,
}

// depthStencil maps a depth/stencil state.
func depthStencil(d graphics.DepthStencilState) *vk.PipelineDepthStencilStateCreateInfo {
	pick := func(c graphics.CompareFunction) vk.CompareOp { return mapped(compareOps[:], c, vk.CompareOpAlways) }
	sop := func(s graphics.StencilOperation) vk.StencilOp { return mapped(stencilOps[:], s, vk.StencilOpKeep) }
	face := vk.StencilOpState{
		FailOp:      sop(d.StencilFail),
		PassOp:      sop(d.StencilPass),
		DepthFailOp: sop(d.StencilDepthBufferFail),
		CompareOp:   pick(d.StencilFunction),
		CompareMask: uint32(d.StencilMask),
		WriteMask:   uint32(d.StencilWriteMask),
		Reference:   uint32(d.ReferenceStencil),
	}
	back := face // Vulkan's back faces are XNA's counter-clockwise ones (FrontFaceClockwise)
	if d.TwoSidedStencilMode {
		back.FailOp = sop(d.CounterClockwiseStencilFail)
		back.PassOp = sop(d.CounterClockwiseStencilPass)
		back.DepthFailOp = sop(d.CounterClockwiseStencilDepthBufferFail)
		back.CompareOp = pick(d.CounterClockwiseStencilFunction)
	}
	return &vk.PipelineDepthStencilStateCreateInfo{
		SType:             vk.StructureTypePipelineDepthStencilStateCreateInfo,
		DepthTestEnable:   vkBool(d.DepthBufferEnable),
		DepthWriteEnable:  vkBool(d.DepthBufferEnable && d.DepthBufferWriteEnable),
		DepthCompareOp:    pick(d.DepthBufferFunction),
		StencilTestEnable: vkBool(d.StencilEnable),
		Front:             face,
		Back:              back,
		MaxDepthBounds:    1,
	}
}

// mapped returns table[k], or def for a k past the table's end (a value
// the graphics package validates away; the fallback keeps it harmless).
func mapped[K ~uint8, V any](table []V, k K, def V) V {
	if int(k) < len(table) {
		return table[k]
	}
	return def
}

func vkBool(b bool) vk.Bool32 {
	if b {
		return vk.True
	}
	return vk.False
}

var blendFactors = [...]vk.BlendFactor{
	graphics.BlendOne:                     vk.BlendFactorOne,
	graphics.BlendZero:                    vk.BlendFactorZero,
	graphics.BlendSourceColor:             vk.BlendFactorSrcColor,
	graphics.BlendInverseSourceColor:      vk.BlendFactorOneMinusSrcColor,
	graphics.BlendSourceAlpha:             vk.BlendFactorSrcAlpha,
	graphics.BlendInverseSourceAlpha:      vk.BlendFactorOneMinusSrcAlpha,
	graphics.BlendDestinationColor:        vk.BlendFactorDstColor,
	graphics.BlendInverseDestinationColor: vk.BlendFactorOneMinusDstColor,
	graphics.BlendDestinationAlpha:        vk.BlendFactorDstAlpha,
	graphics.BlendInverseDestinationAlpha: vk.BlendFactorOneMinusDstAlpha,
	graphics.BlendFactor:                  vk.BlendFactorConstantColor,
	graphics.BlendInverseBlendFactor:      vk.BlendFactorOneMinusConstantColor,
	graphics.BlendSourceAlphaSaturation:   vk.BlendFactorSrcAlphaSaturate,
}

var blendOps = [...]vk.BlendOp{
	graphics.BlendAdd:             vk.BlendOpAdd,
	graphics.BlendSubtract:        vk.BlendOpSubtract,
	graphics.BlendReverseSubtract: vk.BlendOpReverseSubtract,
	graphics.BlendMin:             vk.BlendOpMin,
	graphics.BlendMax:             vk.BlendOpMax,
}

// colorBlend maps a blend state.
func colorBlend(b graphics.BlendState) *vk.PipelineColorBlendStateCreateInfo {
	f := func(x graphics.Blend) vk.BlendFactor { return mapped(blendFactors[:], x, vk.BlendFactorOne) }
	op := func(x graphics.BlendFunction) vk.BlendOp { return mapped(blendOps[:], x, vk.BlendOpAdd) }
	mask := writeMask(b.ColorWriteChannels)
	opaque := b.ColorSourceBlend == graphics.BlendOne && b.ColorDestinationBlend == graphics.BlendZero &&
		b.AlphaSourceBlend == graphics.BlendOne && b.AlphaDestinationBlend == graphics.BlendZero &&
		b.ColorBlendFunction == graphics.BlendAdd && b.AlphaBlendFunction == graphics.BlendAdd
	c := b.BlendFactor
	return &vk.PipelineColorBlendStateCreateInfo{
		SType:           vk.StructureTypePipelineColorBlendStateCreateInfo,
		AttachmentCount: 1,
		PAttachments: []vk.PipelineColorBlendAttachmentState{{
			BlendEnable:         vkBool(!opaque),
			SrcColorBlendFactor: f(b.ColorSourceBlend),
			DstColorBlendFactor: f(b.ColorDestinationBlend),
			ColorBlendOp:        op(b.ColorBlendFunction),
			SrcAlphaBlendFactor: f(b.AlphaSourceBlend),
			DstAlphaBlendFactor: f(b.AlphaDestinationBlend),
			AlphaBlendOp:        op(b.AlphaBlendFunction),
			ColorWriteMask:      mask,
		}},
		BlendConstants: [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255},
	}
}

// writeMask maps a ColorWriteChannels (of any of a blend state's targets).
func writeMask(w graphics.ColorWriteChannels) vk.ColorComponentFlags {
	mask := vk.ColorComponentFlags(vk.ColorComponentRBit | vk.ColorComponentGBit | vk.ColorComponentBBit | vk.ColorComponentABit)
	switch {
	case w&graphics.ColorWriteNone != 0:
		mask = 0
	case w != graphics.ColorWriteAll:
		mask = 0
		for bit, c := range [...]vk.ColorComponentFlagBits{vk.ColorComponentRBit, vk.ColorComponentGBit, vk.ColorComponentBBit, vk.ColorComponentABit} {
			if w&(1<<bit) != 0 {
				mask |= vk.ColorComponentFlags(c)
			}
		}
	}
	return mask
}

// multisample maps the blend state's MultiSampleMask (0: every sample) on
// a target with one sample per pixel.
func multisample(b graphics.BlendState) *vk.PipelineMultisampleStateCreateInfo {
	return multisampleN(b, 1)
}

// multisampleN is multisample for samples samples per pixel (0 or 1: one).
func multisampleN(b graphics.BlendState, samples int) *vk.PipelineMultisampleStateCreateInfo {
	ci := &vk.PipelineMultisampleStateCreateInfo{
		SType: vk.StructureTypePipelineMultisampleStateCreateInfo, RasterizationSamples: vk.SampleCountFlagBits(max(samples, 1)),
	}
	if b.MultiSampleMask != 0 && b.MultiSampleMask != ^uint32(0) {
		ci.PSampleMask = []vk.SampleMask{vk.SampleMask(b.MultiSampleMask)}
	}
	return ci
}

// newPipeline builds the pipeline for key on render passes compatible
// with rp, in cache.
func newPipeline(dev vk.Device, cache vk.PipelineCache, rp vk.RenderPass, layout vk.PipelineLayout,
	vert, frag vk.ShaderModule, key graphics.PipelineKey) (vk.Pipeline, error) {
	input, err := vertexInput(key.Vertex)
	if err != nil {
		return nil, fmt.Errorf("create pipeline: %w", err)
	}
	return newPipelineWith(dev, cache, rp, layout, vert, frag, key, input)
}

// newPipelineWith is newPipeline with the vertex input given.
func newPipelineWith(dev vk.Device, cache vk.PipelineCache, rp vk.RenderPass, layout vk.PipelineLayout,
	vert, frag vk.ShaderModule, key graphics.PipelineKey, input *vk.PipelineVertexInputStateCreateInfo) (vk.Pipeline, error) {
	return newPipelineBlend(dev, cache, rp, layout, vert, frag, key, input, colorBlend(key.Blend), 1)
}

// newPipelineBlend is newPipelineWith with the colour blend state (several
// targets, mrt.go) and the samples per pixel (msaa.go) given.
func newPipelineBlend(dev vk.Device, cache vk.PipelineCache, rp vk.RenderPass, layout vk.PipelineLayout,
	vert, frag vk.ShaderModule, key graphics.PipelineKey, input *vk.PipelineVertexInputStateCreateInfo,
	blend *vk.PipelineColorBlendStateCreateInfo, samples int) (vk.Pipeline, error) {
	info := vk.GraphicsPipelineCreateInfo{
		SType:      vk.StructureTypeGraphicsPipelineCreateInfo,
		StageCount: 2,
		PStages: []vk.PipelineShaderStageCreateInfo{
			{SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageVertexBit, Module: vert, PName: "main\x00"},
			{SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageFragmentBit, Module: frag, PName: "main\x00"},
		},
		PVertexInputState: input,
		PInputAssemblyState: &vk.PipelineInputAssemblyStateCreateInfo{
			SType:    vk.StructureTypePipelineInputAssemblyStateCreateInfo,
			Topology: topology(key.Primitive),
		},
		PViewportState: &vk.PipelineViewportStateCreateInfo{
			SType: vk.StructureTypePipelineViewportStateCreateInfo, ViewportCount: 1, ScissorCount: 1,
		},
		PRasterizationState: rasterization(key.Rasterizer),
		PMultisampleState:   multisampleN(key.Blend, samples),
		PDepthStencilState:  depthStencil(key.DepthStencil),
		PColorBlendState:    blend,
		PDynamicState: &vk.PipelineDynamicStateCreateInfo{
			SType:             vk.StructureTypePipelineDynamicStateCreateInfo,
			DynamicStateCount: 2,
			PDynamicStates:    []vk.DynamicState{vk.DynamicStateViewport, vk.DynamicStateScissor},
		},
		Layout:     layout,
		RenderPass: rp,
	}
	// Not vk.CreateGraphicsPipelines: see vkcalls.go.
	p, res := createGraphicsPipeline(dev, cache, &info)
	if err := callErr("create pipeline", "vkCreateGraphicsPipelines", res); err != nil {
		return nil, err
	}
	return p, nil
}

// passDependencies are a render pass's two external dependencies: the
// earlier draws, samples, copies and uploads before it (with srcAccess
// beside their writes: a multisampled pass's image may have been read),
// and its attachments sampled, copied or drawn into again after it
// (render targets, read-back).
func passDependencies(srcAccess vk.AccessFlagBits) []vk.SubpassDependency {
	attach := vk.PipelineStageColorAttachmentOutputBit | vk.PipelineStageEarlyFragmentTestsBit | vk.PipelineStageLateFragmentTestsBit
	return []vk.SubpassDependency{{
		SrcSubpass:   vk.SubpassExternal,
		DstSubpass:   0,
		SrcStageMask: vk.PipelineStageFlags(attach | vk.PipelineStageFragmentShaderBit | vk.PipelineStageTransferBit),
		DstStageMask: vk.PipelineStageFlags(attach | vk.PipelineStageFragmentShaderBit),
		SrcAccessMask: vk.AccessFlags(vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit |
			vk.AccessTransferWriteBit | srcAccess),
		DstAccessMask: vk.AccessFlags(vk.AccessColorAttachmentWriteBit | vk.AccessColorAttachmentReadBit |
			vk.AccessDepthStencilAttachmentWriteBit | vk.AccessDepthStencilAttachmentReadBit | vk.AccessShaderReadBit),
	}, {
		SrcSubpass:    0,
		DstSubpass:    vk.SubpassExternal,
		SrcStageMask:  vk.PipelineStageFlags(attach),
		DstStageMask:  vk.PipelineStageFlags(vk.PipelineStageFragmentShaderBit | vk.PipelineStageTransferBit | attach),
		SrcAccessMask: vk.AccessFlags(vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit),
		DstAccessMask: vk.AccessFlags(vk.AccessShaderReadBit | vk.AccessTransferReadBit |
			vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit),
	}}
}

// createPass creates a render pass of attachments with one subpass, sub,
// and passDependencies(srcAccess).
func createPass(dev vk.Device, attachments []vk.AttachmentDescription, sub vk.SubpassDescription, srcAccess vk.AccessFlagBits) (vk.RenderPass, error) {
	sub.PipelineBindPoint = vk.PipelineBindPointGraphics
	ci := vk.RenderPassCreateInfo{
		SType:           vk.StructureTypeRenderPassCreateInfo,
		AttachmentCount: uint32(len(attachments)),
		PAttachments:    attachments,
		SubpassCount:    1,
		PSubpasses:      []vk.SubpassDescription{sub},
		DependencyCount: 2,
		PDependencies:   passDependencies(srcAccess),
	}
	defer ci.Free()
	var rp vk.RenderPass
	err := callErr("create render pass", "vkCreateRenderPass", vk.CreateRenderPass(dev, &ci, nil, &rp))
	return rp, err
}
