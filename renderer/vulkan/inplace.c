#include <stddef.h>
#include "inplace.h"

int mtn_swapchain_maintenance1(void *gipa, VkInstance instance, VkPhysicalDevice gpu) {
	PFN_vkGetInstanceProcAddr getInstance = (PFN_vkGetInstanceProcAddr)gipa;
	PFN_vkGetPhysicalDeviceFeatures2 features2 =
		(PFN_vkGetPhysicalDeviceFeatures2)getInstance(instance, "vkGetPhysicalDeviceFeatures2");
	if (features2 == NULL) {
		return 0;
	}
	VkPhysicalDeviceSwapchainMaintenance1FeaturesEXT m = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SWAPCHAIN_MAINTENANCE_1_FEATURES_EXT,
	};
	VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &m};
	features2(gpu, &f);
	return m.swapchainMaintenance1 == VK_TRUE;
}

static VkPhysicalDeviceSwapchainMaintenance1FeaturesEXT enableMaintenance1 = {
	.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SWAPCHAIN_MAINTENANCE_1_FEATURES_EXT,
	.swapchainMaintenance1 = VK_TRUE,
};

void *mtn_enable_swapchain_maintenance1(void) { return &enableMaintenance1; }

// caps2 reads the surface's capabilities for one present mode, and with
// compat not NULL the modes compatible with it.
static VkResult caps2(PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR get, VkPhysicalDevice gpu,
	VkSurfaceKHR surface, VkPresentModeKHR mode, VkSurfacePresentModeCompatibilityEXT *compat, uint32_t *minImages) {
	VkSurfacePresentModeEXT pm = {.sType = VK_STRUCTURE_TYPE_SURFACE_PRESENT_MODE_EXT, .presentMode = mode};
	VkPhysicalDeviceSurfaceInfo2KHR info = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SURFACE_INFO_2_KHR, .pNext = &pm, .surface = surface,
	};
	VkSurfaceCapabilities2KHR caps = {.sType = VK_STRUCTURE_TYPE_SURFACE_CAPABILITIES_2_KHR, .pNext = compat};
	VkResult r = get(gpu, &info, &caps);
	if (r == VK_SUCCESS && caps.surfaceCapabilities.minImageCount > *minImages) {
		*minImages = caps.surfaceCapabilities.minImageCount;
	}
	return r;
}

VkResult mtn_mode_compat(void *gipa, VkInstance instance, VkPhysicalDevice gpu, VkSurfaceKHR surface,
	VkPresentModeKHR mode, VkPresentModeKHR *out, uint32_t *count, uint32_t *minImages) {
	PFN_vkGetInstanceProcAddr getInstance = (PFN_vkGetInstanceProcAddr)gipa;
	PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR get = (PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR)getInstance(
		instance, "vkGetPhysicalDeviceSurfaceCapabilities2KHR");
	*count = 0;
	*minImages = 0;
	if (get == NULL) {
		return VK_ERROR_EXTENSION_NOT_PRESENT;
	}
	VkSurfacePresentModeCompatibilityEXT compat = {
		.sType = VK_STRUCTURE_TYPE_SURFACE_PRESENT_MODE_COMPATIBILITY_EXT,
		.presentModeCount = MTN_MAX_MODES,
		.pPresentModes = out,
	};
	VkResult r = caps2(get, gpu, surface, mode, &compat, minImages);
	if (r != VK_SUCCESS) {
		return r;
	}
	*count = compat.presentModeCount;
	for (uint32_t i = 0; i < *count; i++) {
		if ((r = caps2(get, gpu, surface, out[i], NULL, minImages)) != VK_SUCCESS) {
			return r;
		}
	}
	return VK_SUCCESS;
}
