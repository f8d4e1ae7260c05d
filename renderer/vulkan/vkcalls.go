package vulkan

// #include "vkcalls.h"
import "C"

import (
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// vulkan-go's bindings that take a slice of structs (vk.EnumerateInstanceExtensionProperties,
// vk.GetPhysicalDeviceQueueFamilyProperties, vk.CreateGraphicsPipelines,
// vk.UpdateDescriptorSets, vk.QueueSubmit, vk.CmdPipelineBarrier, ...)
// copy it into C memory that a finalizer frees. The finalizer is set on a
// variable of the copying function that is unreachable once that function
// returns, so a garbage collection that ends during the Vulkan call frees
// the array the loader, the layers or the driver are still reading, or
// writing: a listing then writes its results into freed heap memory and
// corrupts the C heap ("malloc(): unsorted double linked list corrupted",
// later, anywhere). The calls below make the same Vulkan calls, through
// vulkan-go's entry points, on arrays that stay valid for the whole call:
// Go memory pinned by the call (structs without pointers), or the C copy
// of one struct that PassRef made and the caller frees with Free after
// the call. Nothing else here may call those bindings.

// enumerate makes Vulkan's two-call listing: call for the count, then
// for the items, into Go memory that the call pins.
func enumerate[T any](call func(n *C.uint32_t, items *T) C.VkResult) ([]T, vk.Result) {
	var n C.uint32_t
	if r := vk.Result(call(&n, nil)); r != vk.Success || n == 0 {
		return nil, r
	}
	items := make([]T, n)
	r := vk.Result(call(&n, &items[0]))
	return items[:min(int(n), len(items))], r
}

// instanceExtensions lists the instance extensions the loader and the
// drivers offer.
func instanceExtensions() ([]string, vk.Result) {
	props, r := enumerate(func(n *C.uint32_t, p *C.VkExtensionProperties) C.VkResult {
		return C.mtn_instance_extensions(n, p)
	})
	return extensionNames(props), r
}

// instanceLayers lists the installed instance layers.
func instanceLayers() ([]string, vk.Result) {
	props, r := enumerate(func(n *C.uint32_t, p *C.VkLayerProperties) C.VkResult {
		return C.mtn_instance_layers(n, p)
	})
	names := make([]string, 0, len(props))
	for i := range props {
		names = append(names, C.GoString(&props[i].layerName[0]))
	}
	return names, r
}

// deviceExtensions lists the extensions gpu offers.
func deviceExtensions(gpu vk.PhysicalDevice) ([]string, vk.Result) {
	d := C.VkPhysicalDevice(unsafe.Pointer(gpu))
	props, r := enumerate(func(n *C.uint32_t, p *C.VkExtensionProperties) C.VkResult {
		return C.mtn_device_extensions(d, n, p)
	})
	return extensionNames(props), r
}

// extensionNames returns the names of props.
func extensionNames(props []C.VkExtensionProperties) []string {
	names := make([]string, 0, len(props))
	for i := range props {
		names = append(names, C.GoString(&props[i].extensionName[0]))
	}
	return names
}

// queueFamilyFlags returns the flags of each queue family of gpu.
func queueFamilyFlags(gpu vk.PhysicalDevice) []vk.QueueFlags {
	d := C.VkPhysicalDevice(unsafe.Pointer(gpu))
	props, _ := enumerate(func(n *C.uint32_t, p *C.VkQueueFamilyProperties) C.VkResult {
		C.mtn_queue_families(d, n, p)
		return C.VK_SUCCESS
	})
	flags := make([]vk.QueueFlags, 0, len(props))
	for i := range props {
		flags = append(flags, vk.QueueFlags(props[i].queueFlags))
	}
	return flags
}

// surfaceFormats lists the formats gpu can present to surface with.
func surfaceFormats(gpu vk.PhysicalDevice, surface vk.Surface) ([]vk.SurfaceFormat, vk.Result) {
	d, s := C.VkPhysicalDevice(unsafe.Pointer(gpu)), C.VkSurfaceKHR(unsafe.Pointer(surface))
	formats, r := enumerate(func(n *C.uint32_t, p *C.VkSurfaceFormatKHR) C.VkResult {
		return C.mtn_surface_formats(d, s, n, p)
	})
	out := make([]vk.SurfaceFormat, 0, len(formats))
	for _, f := range formats {
		out = append(out, vk.SurfaceFormat{Format: vk.Format(f.format), ColorSpace: vk.ColorSpace(f.colorSpace)})
	}
	return out, r
}

// createGraphicsPipeline creates one pipeline from info.
func createGraphicsPipeline(dev vk.Device, cache vk.PipelineCache, info *vk.GraphicsPipelineCreateInfo) (vk.Pipeline, vk.Result) {
	ref, _ := info.PassRef()
	defer info.Free()
	var p C.VkPipeline
	r := C.mtn_create_graphics_pipeline(C.VkDevice(unsafe.Pointer(dev)), C.VkPipelineCache(unsafe.Pointer(cache)),
		(*C.VkGraphicsPipelineCreateInfo)(unsafe.Pointer(ref)), &p)
	return vk.Pipeline(unsafe.Pointer(p)), vk.Result(r)
}

// createPipelineCache creates a pipeline cache primed with data (the
// driver's blob from an earlier run; nil for an empty cache).
func createPipelineCache(dev vk.Device, data []byte) (vk.PipelineCache, vk.Result) {
	var p unsafe.Pointer
	if len(data) > 0 {
		p = unsafe.Pointer(&data[0])
	}
	var c C.VkPipelineCache
	r := C.mtn_create_pipeline_cache(C.VkDevice(unsafe.Pointer(dev)), C.size_t(len(data)), p, &c)
	return vk.PipelineCache(unsafe.Pointer(c)), vk.Result(r)
}

// pipelineCacheData returns the driver's blob of cache.
func pipelineCacheData(dev vk.Device, cache vk.PipelineCache) ([]byte, vk.Result) {
	d, c := C.VkDevice(unsafe.Pointer(dev)), C.VkPipelineCache(unsafe.Pointer(cache))
	var n C.size_t
	if r := vk.Result(C.mtn_pipeline_cache_data(d, c, &n, nil)); r != vk.Success || n == 0 {
		return nil, r
	}
	b := make([]byte, n)
	r := vk.Result(C.mtn_pipeline_cache_data(d, c, &n, unsafe.Pointer(&b[0])))
	return b[:min(int(n), len(b))], r
}

// updateDescriptorSet makes one descriptor write.
func updateDescriptorSet(dev vk.Device, w *vk.WriteDescriptorSet) {
	ref, _ := w.PassRef()
	defer w.Free()
	C.mtn_update_descriptor_set(C.VkDevice(unsafe.Pointer(dev)), (*C.VkWriteDescriptorSet)(unsafe.Pointer(ref)))
}

// queueSubmit submits one batch.
func queueSubmit(queue vk.Queue, submit *vk.SubmitInfo, fence vk.Fence) vk.Result {
	ref, _ := submit.PassRef()
	defer submit.Free()
	return vk.Result(C.mtn_queue_submit(C.VkQueue(unsafe.Pointer(queue)), (*C.VkSubmitInfo)(unsafe.Pointer(ref)),
		C.VkFence(unsafe.Pointer(fence))))
}

// cmdImageBarrier records one image memory barrier.
func cmdImageBarrier(cmd vk.CommandBuffer, src, dst vk.PipelineStageFlagBits, b *vk.ImageMemoryBarrier) {
	ref, _ := b.PassRef()
	defer b.Free()
	C.mtn_cmd_image_barrier(C.VkCommandBuffer(unsafe.Pointer(cmd)), C.VkPipelineStageFlags(src),
		C.VkPipelineStageFlags(dst), (*C.VkImageMemoryBarrier)(unsafe.Pointer(ref)))
}

// cmdClearColorImage records a clear of the colour image's first mip level
// and layer to transparent black.
func cmdClearColorImage(cmd vk.CommandBuffer, image vk.Image, layout vk.ImageLayout) {
	var color C.VkClearColorValue
	rng := C.VkImageSubresourceRange{aspectMask: C.VK_IMAGE_ASPECT_COLOR_BIT, levelCount: 1, layerCount: 1}
	C.mtn_cmd_clear_color_image(C.VkCommandBuffer(unsafe.Pointer(cmd)), C.VkImage(unsafe.Pointer(image)),
		C.VkImageLayout(layout), &color, &rng)
}

// cmdViewportScissor sets the viewport (depth 0 to 1) and the scissor to
// width x height at the origin.
func cmdViewportScissor(cmd vk.CommandBuffer, width, height int) {
	C.mtn_cmd_viewport_scissor(C.VkCommandBuffer(unsafe.Pointer(cmd)), C.uint32_t(width), C.uint32_t(height))
}
