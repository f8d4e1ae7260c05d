package vulkan

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/shaders"
)

// newRenderPass creates the render pass: one colour attachment (cleared,
// stored, left ready to present) and one depth attachment (cleared, dropped).
func newRenderPass(dev vk.Device, color, depth vk.Format) (vk.RenderPass, error) {
	attachments := []vk.AttachmentDescription{{
		Format:         color,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         vk.AttachmentLoadOpClear,
		StoreOp:        vk.AttachmentStoreOpStore,
		StencilLoadOp:  vk.AttachmentLoadOpDontCare,
		StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout:  vk.ImageLayoutUndefined,
		FinalLayout:    vk.ImageLayoutPresentSrc,
	}, {
		Format:         depth,
		Samples:        vk.SampleCount1Bit,
		LoadOp:         vk.AttachmentLoadOpClear,
		StoreOp:        vk.AttachmentStoreOpDontCare,
		StencilLoadOp:  vk.AttachmentLoadOpDontCare,
		StencilStoreOp: vk.AttachmentStoreOpDontCare,
		InitialLayout:  vk.ImageLayoutUndefined,
		FinalLayout:    vk.ImageLayoutDepthStencilAttachmentOptimal,
	}}
	colorRef := []vk.AttachmentReference{{Attachment: 0, Layout: vk.ImageLayoutColorAttachmentOptimal}}
	depthRef := &vk.AttachmentReference{Attachment: 1, Layout: vk.ImageLayoutDepthStencilAttachmentOptimal}
	stages := vk.PipelineStageFlags(vk.PipelineStageColorAttachmentOutputBit | vk.PipelineStageEarlyFragmentTestsBit)
	ci := vk.RenderPassCreateInfo{
		SType:           vk.StructureTypeRenderPassCreateInfo,
		AttachmentCount: uint32(len(attachments)),
		PAttachments:    attachments,
		SubpassCount:    1,
		PSubpasses: []vk.SubpassDescription{{
			PipelineBindPoint:       vk.PipelineBindPointGraphics,
			ColorAttachmentCount:    1,
			PColorAttachments:       colorRef,
			PDepthStencilAttachment: depthRef,
		}},
		DependencyCount: 1,
		PDependencies: []vk.SubpassDependency{{
			SrcSubpass:    vk.SubpassExternal,
			DstSubpass:    0,
			SrcStageMask:  stages | vk.PipelineStageFlags(vk.PipelineStageLateFragmentTestsBit),
			DstStageMask:  stages,
			SrcAccessMask: vk.AccessFlags(vk.AccessDepthStencilAttachmentWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessColorAttachmentWriteBit | vk.AccessDepthStencilAttachmentWriteBit),
		}},
	}
	defer ci.Free()
	var rp vk.RenderPass
	err := callErr("create render pass", "vkCreateRenderPass", vk.CreateRenderPass(dev, &ci, nil, &rp))
	return rp, err
}

// newSetLayout creates the descriptor set layout: the uniform block at
// binding 0, read by both stages.
func newSetLayout(dev vk.Device) (vk.DescriptorSetLayout, error) {
	ci := vk.DescriptorSetLayoutCreateInfo{
		SType:        vk.StructureTypeDescriptorSetLayoutCreateInfo,
		BindingCount: 1,
		PBindings: []vk.DescriptorSetLayoutBinding{{
			Binding:         0,
			DescriptorType:  vk.DescriptorTypeUniformBuffer,
			DescriptorCount: 1,
			StageFlags:      vk.ShaderStageFlags(vk.ShaderStageVertexBit | vk.ShaderStageFragmentBit),
		}},
	}
	defer ci.Free()
	var l vk.DescriptorSetLayout
	err := callErr("create descriptor set layout", "vkCreateDescriptorSetLayout",
		vk.CreateDescriptorSetLayout(dev, &ci, nil, &l))
	return l, err
}

// newPipelineLayout creates the pipeline layout with one descriptor set.
func newPipelineLayout(dev vk.Device, set vk.DescriptorSetLayout) (vk.PipelineLayout, error) {
	ci := vk.PipelineLayoutCreateInfo{
		SType:          vk.StructureTypePipelineLayoutCreateInfo,
		SetLayoutCount: 1,
		PSetLayouts:    []vk.DescriptorSetLayout{set},
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

// newPipeline creates the lit-cube pipeline from the embedded SPIR-V, with
// dynamic viewport and scissor so it survives swapchain rebuilds.
func newPipeline(dev vk.Device, rp vk.RenderPass, layout vk.PipelineLayout) (vk.Pipeline, error) {
	vertWords, err := shaders.CubeVertex()
	if err != nil {
		return nil, fmt.Errorf("create pipeline: %w", err)
	}
	fragWords, err := shaders.CubeFragment()
	if err != nil {
		return nil, fmt.Errorf("create pipeline: %w", err)
	}
	vert, err := newShaderModule(dev, vertWords, "vertex")
	if err != nil {
		return nil, err
	}
	defer vk.DestroyShaderModule(dev, vert, nil)
	frag, err := newShaderModule(dev, fragWords, "fragment")
	if err != nil {
		return nil, err
	}
	defer vk.DestroyShaderModule(dev, frag, nil)
	// A slice argument's C copy is freed by vulkan-go (finalizer), not by Free.
	infos := []vk.GraphicsPipelineCreateInfo{pipelineInfo(rp, layout, vert, frag)}
	pipes := make([]vk.Pipeline, 1)
	if err := callErr("create pipeline", "vkCreateGraphicsPipelines",
		vk.CreateGraphicsPipelines(dev, nil, 1, infos, nil, pipes)); err != nil {
		return nil, err
	}
	return pipes[0], nil
}

// pipelineInfo describes the fixed-function state of the cube pipeline.
// Culling is off: the depth test alone hides the back faces of the cube.
func pipelineInfo(rp vk.RenderPass, layout vk.PipelineLayout, vert, frag vk.ShaderModule) vk.GraphicsPipelineCreateInfo {
	return vk.GraphicsPipelineCreateInfo{
		SType:      vk.StructureTypeGraphicsPipelineCreateInfo,
		StageCount: 2,
		PStages: []vk.PipelineShaderStageCreateInfo{
			{SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageVertexBit, Module: vert, PName: "main\x00"},
			{SType: vk.StructureTypePipelineShaderStageCreateInfo, Stage: vk.ShaderStageFragmentBit, Module: frag, PName: "main\x00"},
		},
		PVertexInputState: &vk.PipelineVertexInputStateCreateInfo{
			SType:                         vk.StructureTypePipelineVertexInputStateCreateInfo,
			VertexBindingDescriptionCount: 1,
			PVertexBindingDescriptions: []vk.VertexInputBindingDescription{{
				Binding: 0, Stride: uint32(vertexSize), InputRate: vk.VertexInputRateVertex,
			}},
			VertexAttributeDescriptionCount: 2,
			PVertexAttributeDescriptions: []vk.VertexInputAttributeDescription{
				{Location: 0, Binding: 0, Format: vk.FormatR32g32b32Sfloat, Offset: 0},
				{Location: 1, Binding: 0, Format: vk.FormatR32g32b32Sfloat, Offset: uint32(unsafe.Offsetof(vertex{}.normal))},
			},
		},
		PInputAssemblyState: &vk.PipelineInputAssemblyStateCreateInfo{
			SType:    vk.StructureTypePipelineInputAssemblyStateCreateInfo,
			Topology: vk.PrimitiveTopologyTriangleList,
		},
		PViewportState: &vk.PipelineViewportStateCreateInfo{
			SType: vk.StructureTypePipelineViewportStateCreateInfo, ViewportCount: 1, ScissorCount: 1,
		},
		PRasterizationState: &vk.PipelineRasterizationStateCreateInfo{
			SType:       vk.StructureTypePipelineRasterizationStateCreateInfo,
			PolygonMode: vk.PolygonModeFill,
			CullMode:    vk.CullModeFlags(vk.CullModeNone),
			FrontFace:   vk.FrontFaceCounterClockwise,
			LineWidth:   1,
		},
		PMultisampleState: &vk.PipelineMultisampleStateCreateInfo{
			SType: vk.StructureTypePipelineMultisampleStateCreateInfo, RasterizationSamples: vk.SampleCount1Bit,
		},
		PDepthStencilState: &vk.PipelineDepthStencilStateCreateInfo{
			SType:            vk.StructureTypePipelineDepthStencilStateCreateInfo,
			DepthTestEnable:  vk.True,
			DepthWriteEnable: vk.True,
			DepthCompareOp:   vk.CompareOpLess,
		},
		PColorBlendState: &vk.PipelineColorBlendStateCreateInfo{
			SType:           vk.StructureTypePipelineColorBlendStateCreateInfo,
			AttachmentCount: 1,
			PAttachments: []vk.PipelineColorBlendAttachmentState{{
				ColorWriteMask: vk.ColorComponentFlags(vk.ColorComponentRBit | vk.ColorComponentGBit |
					vk.ColorComponentBBit | vk.ColorComponentABit),
			}},
		},
		PDynamicState: &vk.PipelineDynamicStateCreateInfo{
			SType:             vk.StructureTypePipelineDynamicStateCreateInfo,
			DynamicStateCount: 2,
			PDynamicStates:    []vk.DynamicState{vk.DynamicStateViewport, vk.DynamicStateScissor},
		},
		Layout:     layout,
		RenderPass: rp,
	}
}
