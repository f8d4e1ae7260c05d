// Vulkan calls whose vulkan-go bindings take a slice of structs (see
// vkcalls.go): made here, through vulkan-go's own entry points, on arrays
// the caller owns for the whole call.
#ifndef METRONOME_VKCALLS_H
#define METRONOME_VKCALLS_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

VkResult mtn_instance_extensions(uint32_t *n, VkExtensionProperties *props);
VkResult mtn_instance_layers(uint32_t *n, VkLayerProperties *props);
VkResult mtn_device_extensions(VkPhysicalDevice gpu, uint32_t *n, VkExtensionProperties *props);
void mtn_queue_families(VkPhysicalDevice gpu, uint32_t *n, VkQueueFamilyProperties *props);
VkResult mtn_surface_formats(VkPhysicalDevice gpu, VkSurfaceKHR surface, uint32_t *n, VkSurfaceFormatKHR *formats);
VkResult mtn_create_graphics_pipeline(VkDevice dev, VkPipelineCache cache, const VkGraphicsPipelineCreateInfo *info,
	VkPipeline *pipe);
VkResult mtn_create_pipeline_cache(VkDevice dev, size_t size, const void *data, VkPipelineCache *cache);
VkResult mtn_pipeline_cache_data(VkDevice dev, VkPipelineCache cache, size_t *size, void *data);
void mtn_update_descriptor_set(VkDevice dev, const VkWriteDescriptorSet *write);
VkResult mtn_queue_submit(VkQueue queue, const VkSubmitInfo *submit, VkFence fence);
void mtn_cmd_image_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src, VkPipelineStageFlags dst,
	const VkImageMemoryBarrier *barrier);
void mtn_cmd_clear_color_image(VkCommandBuffer cmd, VkImage image, VkImageLayout layout, const VkClearColorValue *color,
	const VkImageSubresourceRange *range);
void mtn_cmd_viewport_scissor(VkCommandBuffer cmd, uint32_t width, uint32_t height);

#endif
