#include <dlfcn.h>
#include <stdint.h>
#include <stddef.h>
#include "frameloop.h"

void *mtn_default_proc_addr(void) {
	static const char *names[] = {"libvulkan.so.1", "libvulkan.so"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		void *lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (lib != NULL) {
			return dlsym(lib, "vkGetInstanceProcAddr");
		}
	}
	return NULL;
}

int mtn_load(mtn_loop *l, void *gipa, VkInstance instance, VkDevice device) {
	PFN_vkGetInstanceProcAddr getInstance = (PFN_vkGetInstanceProcAddr)gipa;
	PFN_vkGetDeviceProcAddr getDevice =
		(PFN_vkGetDeviceProcAddr)getInstance(instance, "vkGetDeviceProcAddr");
	if (getDevice == NULL) {
		return 1;
	}
	l->waitForFences = (PFN_vkWaitForFences)getDevice(device, "vkWaitForFences");
	l->resetFences = (PFN_vkResetFences)getDevice(device, "vkResetFences");
	l->acquireNextImage = (PFN_vkAcquireNextImageKHR)getDevice(device, "vkAcquireNextImageKHR");
	l->queueSubmit = (PFN_vkQueueSubmit)getDevice(device, "vkQueueSubmit");
	l->queuePresent = (PFN_vkQueuePresentKHR)getDevice(device, "vkQueuePresentKHR");
	void *fns[] = {(void *)l->waitForFences, (void *)l->resetFences, (void *)l->acquireNextImage,
		(void *)l->queueSubmit, (void *)l->queuePresent};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		if (fns[i] == NULL) {
			return (int)i + 2;
		}
	}
	l->device = device;
	return 0;
}

VkResult mtn_acquire(mtn_loop *l) {
	uint32_t f = l->frame;
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	VkResult r = l->waitForFences(l->device, 1, &l->fence[f], VK_TRUE, UINT64_MAX);
	if (r != VK_SUCCESS) {
		return r;
	}
	uint32_t image = 0;
	l->call = MTN_CALL_ACQUIRE;
	VkResult acq = l->acquireNextImage(l->device, l->swapchain, UINT64_MAX, l->acquired[f],
		VK_NULL_HANDLE, &image);
	if (acq != VK_SUCCESS && acq != VK_SUBOPTIMAL_KHR) {
		return acq;
	}
	VkFence last = l->imageFence[image];
	if (last != VK_NULL_HANDLE && last != l->fence[f]) {
		l->call = MTN_CALL_WAIT_FOR_FENCES;
		r = l->waitForFences(l->device, 1, &last, VK_TRUE, UINT64_MAX);
		if (r != VK_SUCCESS) {
			return r;
		}
	}
	l->imageFence[image] = l->fence[f];
	l->image = image;
	l->call = MTN_CALL_ACQUIRE;
	return acq;
}

VkResult mtn_submit_present(mtn_loop *l, VkCommandBuffer extra) {
	uint32_t f = l->frame;
	uint32_t image = l->image;
	l->call = MTN_CALL_RESET_FENCES;
	VkResult r = l->resetFences(l->device, 1, &l->fence[f]);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkCommandBuffer cmds[2] = {l->cmd[image], extra};
	VkPipelineStageFlags stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
	VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &l->acquired[f],
		.pWaitDstStageMask = &stage,
		.commandBufferCount = extra != VK_NULL_HANDLE ? 2 : 1,
		.pCommandBuffers = cmds,
		.signalSemaphoreCount = 1,
		.pSignalSemaphores = &l->rendered[image],
	};
	l->call = MTN_CALL_QUEUE_SUBMIT;
	r = l->queueSubmit(l->queue, 1, &submit, l->fence[f]);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkPresentInfoKHR present = {
		.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &l->rendered[image],
		.swapchainCount = 1,
		.pSwapchains = &l->swapchain,
		.pImageIndices = &image,
	};
	l->frame = (f + 1) % l->frames;
	l->call = MTN_CALL_QUEUE_PRESENT;
	return l->queuePresent(l->queue, &present);
}

VkResult mtn_wait_frames(mtn_loop *l) {
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	return l->waitForFences(l->device, l->frames, l->fence, VK_TRUE, UINT64_MAX);
}
