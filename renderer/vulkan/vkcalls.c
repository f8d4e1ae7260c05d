#include "vkcalls.h"

// vulkan-go's entry points (its vk_wrapper.h), loaded by vk.Init and
// vk.InitInstance: the same functions its bindings call.
extern PFN_vkEnumerateInstanceExtensionProperties vgo_vkEnumerateInstanceExtensionProperties;
extern PFN_vkEnumerateInstanceLayerProperties vgo_vkEnumerateInstanceLayerProperties;
extern PFN_vkEnumerateDeviceExtensionProperties vgo_vkEnumerateDeviceExtensionProperties;
extern PFN_vkGetPhysicalDeviceQueueFamilyProperties vgo_vkGetPhysicalDeviceQueueFamilyProperties;
extern PFN_vkGetPhysicalDeviceSurfaceFormatsKHR vgo_vkGetPhysicalDeviceSurfaceFormatsKHR;
extern PFN_vkCreateGraphicsPipelines vgo_vkCreateGraphicsPipelines;
extern PFN_vkCreatePipelineCache vgo_vkCreatePipelineCache;
extern PFN_vkGetPipelineCacheData vgo_vkGetPipelineCacheData;
extern PFN_vkUpdateDescriptorSets vgo_vkUpdateDescriptorSets;
extern PFN_vkQueueSubmit vgo_vkQueueSubmit;
extern PFN_vkCmdPipelineBarrier vgo_vkCmdPipelineBarrier;
extern PFN_vkCmdClearColorImage vgo_vkCmdClearColorImage;
extern PFN_vkCmdSetViewport vgo_vkCmdSetViewport;
extern PFN_vkCmdSetScissor vgo_vkCmdSetScissor;

VkResult mtn_instance_extensions(uint32_t *n, VkExtensionProperties *props) {
	return vgo_vkEnumerateInstanceExtensionProperties(NULL, n, props);
}

VkResult mtn_instance_layers(uint32_t *n, VkLayerProperties *props) {
	return vgo_vkEnumerateInstanceLayerProperties(n, props);
}

VkResult mtn_device_extensions(VkPhysicalDevice gpu, uint32_t *n, VkExtensionProperties *props) {
	return vgo_vkEnumerateDeviceExtensionProperties(gpu, NULL, n, props);
}

void mtn_queue_families(VkPhysicalDevice gpu, uint32_t *n, VkQueueFamilyProperties *props) {
	vgo_vkGetPhysicalDeviceQueueFamilyProperties(gpu, n, props);
}

VkResult mtn_surface_formats(VkPhysicalDevice gpu, VkSurfaceKHR surface, uint32_t *n, VkSurfaceFormatKHR *formats) {
	return vgo_vkGetPhysicalDeviceSurfaceFormatsKHR(gpu, surface, n, formats);
}

VkResult mtn_create_graphics_pipeline(VkDevice dev, VkPipelineCache cache, const VkGraphicsPipelineCreateInfo *info,
	VkPipeline *pipe) {
	return vgo_vkCreateGraphicsPipelines(dev, cache, 1, info, NULL, pipe);
}

void mtn_update_descriptor_set(VkDevice dev, const VkWriteDescriptorSet *write) {
	vgo_vkUpdateDescriptorSets(dev, 1, write, 0, NULL);
}

VkResult mtn_queue_submit(VkQueue queue, const VkSubmitInfo *submit, VkFence fence) {
	return vgo_vkQueueSubmit(queue, 1, submit, fence);
}

void mtn_cmd_image_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src, VkPipelineStageFlags dst,
	const VkImageMemoryBarrier *barrier) {
	vgo_vkCmdPipelineBarrier(cmd, src, dst, 0, 0, NULL, 0, NULL, 1, barrier);
}

void mtn_cmd_clear_color_image(VkCommandBuffer cmd, VkImage image, VkImageLayout layout, const VkClearColorValue *color,
	const VkImageSubresourceRange *range) {
	vgo_vkCmdClearColorImage(cmd, image, layout, color, 1, range);
}

void mtn_cmd_viewport_scissor(VkCommandBuffer cmd, uint32_t width, uint32_t height) {
	VkViewport v = {0, 0, (float)width, (float)height, 0, 1};
	VkRect2D r = {{0, 0}, {width, height}};
	vgo_vkCmdSetViewport(cmd, 0, 1, &v);
	vgo_vkCmdSetScissor(cmd, 0, 1, &r);
}

VkResult mtn_create_pipeline_cache(VkDevice dev, size_t size, const void *data, VkPipelineCache *cache) {
	VkPipelineCacheCreateInfo ci = {VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO, NULL, 0, size, data};
	return vgo_vkCreatePipelineCache(dev, &ci, NULL, cache);
}

VkResult mtn_pipeline_cache_data(VkDevice dev, VkPipelineCache cache, size_t *size, void *data) {
	return vgo_vkGetPipelineCacheData(dev, cache, size, data);
}
