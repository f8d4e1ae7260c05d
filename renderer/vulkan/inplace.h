// Present modes switched in place (VK_EXT_surface_maintenance1 and
// VK_EXT_swapchain_maintenance1): the queries and structures vulkan-go
// does not bind, done in C (see inplace.go).
#ifndef METRONOME_INPLACE_H
#define METRONOME_INPLACE_H

#include "frameloop.h"

// mtn_swapchain_maintenance1 reports whether gpu has the
// swapchainMaintenance1 feature (vkGetPhysicalDeviceFeatures2).
int mtn_swapchain_maintenance1(void *getInstanceProcAddr, VkInstance instance, VkPhysicalDevice gpu);

// mtn_enable_swapchain_maintenance1 returns a feature struct, in C memory
// that lives as long as the program, that turns the feature on when chained
// to VkDeviceCreateInfo.
void *mtn_enable_swapchain_maintenance1(void);

// mtn_mode_compat writes into out (room for MTN_MAX_MODES, frameloop.h) the present
// modes the surface lists as compatible with mode
// (VkSurfacePresentModeCompatibilityEXT), their number into *count, and the
// largest minImageCount among them into *minImages.
VkResult mtn_mode_compat(void *getInstanceProcAddr, VkInstance instance, VkPhysicalDevice gpu,
	VkSurfaceKHR surface, VkPresentModeKHR mode, VkPresentModeKHR *out, uint32_t *count, uint32_t *minImages);

#endif
