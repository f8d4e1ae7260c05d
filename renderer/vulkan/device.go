package vulkan

import (
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics/spirv"
)

// device owns the logical device; it borrows its physical device.
type device struct {
	gpu    vk.PhysicalDevice
	name   string
	handle vk.Device
	queue  vk.Queue // graphics and present
	family uint32
	memory vk.PhysicalDeviceMemoryProperties
	alloc  *memAllocator // every image's and buffer's memory (W12)
	// maintenance1 is true when VK_EXT_swapchain_maintenance1 and its
	// feature are enabled (P11: present modes switched in place).
	maintenance1 bool
	// maxAnisotropy is maxSamplerAnisotropy where the samplerAnisotropy
	// feature is enabled, else 0; maxLodBias is maxSamplerLodBias.
	maxAnisotropy int
	maxLodBias    float32
	// shader are the optional shader features enabled, which effects'
	// SPIR-V is validated against (E7).
	shader spirv.Features
	// maxUniformRange is maxUniformBufferRange (G16: a group of
	// BasicEffect blocks must fit).
	maxUniformRange uint32
	// bcSampled is true when the textureCompressionBC feature is enabled:
	// DXT textures are BC1-BC3 images (else decoded on the CPU).
	bcSampled bool
	// preciseQueries is true where occlusionQueryPrecise is enabled:
	// occlusion queries count samples exactly, not just zero or not.
	preciseQueries bool
	// independentBlend is true where that feature is enabled: attachments
	// of a pass into several targets may differ in blend state and write
	// mask (mrt.go).
	independentBlend bool
	// maxSamples is the most samples per pixel of a render target (colour
	// and depth), at least 1 (msaa.go).
	maxSamples int
}

// newDevice creates a device with one graphics+present queue and swapchains,
// with VK_EXT_swapchain_maintenance1 and its feature where maintenance1
// (nil: never) says the device has both (P11).
func newDevice(gpu vk.PhysicalDevice, info gpuInfo, maintenance1 func(vk.PhysicalDevice) bool) (*device, error) {
	prio := []float32{1}
	exts := []string{"VK_KHR_swapchain"}
	maint := maintenance1 != nil && maintenance1(gpu)
	if maint {
		exts = append(exts, swapchainMaintenance1)
	}
	ci := vk.DeviceCreateInfo{
		SType:                vk.StructureTypeDeviceCreateInfo,
		QueueCreateInfoCount: 1,
		PQueueCreateInfos: []vk.DeviceQueueCreateInfo{{
			SType:            vk.StructureTypeDeviceQueueCreateInfo,
			QueueFamilyIndex: uint32(info.family),
			QueueCount:       1,
			PQueuePriorities: prio,
		}},
		EnabledExtensionCount:   uint32(len(exts)),
		PpEnabledExtensionNames: cStrings(exts),
	}
	if maint {
		ci.PNext = maintenance1Feature()
	}
	var feats vk.PhysicalDeviceFeatures
	vk.GetPhysicalDeviceFeatures(gpu, &feats)
	feats.Deref()
	feats.Free()
	aniso := feats.SamplerAnisotropy == vk.True
	// The optional features used: real anisotropic filtering (E4), and
	// the shader features effects may declare where the device has them
	// (E7: a module declaring one the device lacks is refused before
	// vkCreateShaderModule).
	enabled := vk.PhysicalDeviceFeatures{SamplerAnisotropy: feats.SamplerAnisotropy,
		ShaderFloat64: feats.ShaderFloat64, ShaderInt64: feats.ShaderInt64, ShaderInt16: feats.ShaderInt16,
		ShaderClipDistance: feats.ShaderClipDistance, ShaderCullDistance: feats.ShaderCullDistance,
		TextureCompressionBC:  feats.TextureCompressionBC,
		OcclusionQueryPrecise: feats.OcclusionQueryPrecise, // exact OcclusionQuery counts (G24)
		IndependentBlend:      feats.IndependentBlend}
	shader := spirv.Features{Float64: feats.ShaderFloat64 == vk.True, Int64: feats.ShaderInt64 == vk.True,
		Int16: feats.ShaderInt16 == vk.True, ClipDistance: feats.ShaderClipDistance == vk.True,
		CullDistance: feats.ShaderCullDistance == vk.True}
	ci.PEnabledFeatures = []vk.PhysicalDeviceFeatures{enabled}
	defer ci.Free()
	var h vk.Device
	if err := callErr("create device", "vkCreateDevice", vk.CreateDevice(gpu, &ci, nil, &h)); err != nil {
		return nil, err
	}
	d := &device{gpu: gpu, name: info.name, handle: h, family: uint32(info.family), maintenance1: maint, shader: shader,
		bcSampled: feats.TextureCompressionBC == vk.True, independentBlend: feats.IndependentBlend == vk.True}
	d.preciseQueries = feats.OcclusionQueryPrecise == vk.True
	var q vk.Queue
	vk.GetDeviceQueue(h, d.family, 0, &q)
	d.queue = q
	var mem vk.PhysicalDeviceMemoryProperties
	vk.GetPhysicalDeviceMemoryProperties(gpu, &mem)
	mem.Deref()
	for i := range mem.MemoryTypes {
		mem.MemoryTypes[i].Deref()
	}
	mem.Free()
	d.memory = mem
	var props vk.PhysicalDeviceProperties
	vk.GetPhysicalDeviceProperties(gpu, &props)
	props.Deref()
	props.Limits.Deref()
	d.alloc = newMemAllocator(h, &d.memory, props.Limits.MaxMemoryAllocationCount)
	if aniso {
		d.maxAnisotropy = int(props.Limits.MaxSamplerAnisotropy)
	}
	d.maxLodBias = props.Limits.MaxSamplerLodBias
	d.maxSamples = maxSamples(props.Limits.FramebufferColorSampleCounts, props.Limits.FramebufferDepthSampleCounts)
	d.maxUniformRange = props.Limits.MaxUniformBufferRange
	props.Limits.Free()
	props.Free()
	return d, nil
}

// destroy waits for the device to go idle and destroys it; safe twice.
func (d *device) destroy() {
	if d == nil || d.handle == nil {
		return
	}
	vk.DeviceWaitIdle(d.handle)
	d.alloc.destroy()
	vk.DestroyDevice(d.handle, nil)
	*d = device{}
}

// memoryType returns the index of the first memory type allowed by bits that
// has all the wanted properties, or -1.
func memoryType(mem *vk.PhysicalDeviceMemoryProperties, bits uint32, want vk.MemoryPropertyFlagBits) int {
	for i := range mem.MemoryTypeCount {
		flags := vk.MemoryPropertyFlagBits(mem.MemoryTypes[i].PropertyFlags)
		if bits&(1<<i) != 0 && flags&want == want {
			return int(i)
		}
	}
	return -1
}
