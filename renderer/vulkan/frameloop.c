#include <stdint.h>
#include <stddef.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#include <malloc.h>
#endif
#include "frameloop.h"

#ifdef _WIN32
void *mtn_default_proc_addr(void) {
	HMODULE lib = LoadLibraryA("vulkan-1.dll");
	if (lib == NULL) {
		return NULL;
	}
	return (void *)GetProcAddress(lib, "vkGetInstanceProcAddr");
}

// The heaps of a process: the process heap, the C runtime's, and those a
// driver made. More than this many is a failure to measure, not a guess.
#define MTN_MAX_HEAPS 256

long long mtn_c_heap_in_use(void) {
	static HANDLE heaps[MTN_MAX_HEAPS];
	DWORD n = GetProcessHeaps(MTN_MAX_HEAPS, heaps);
	if (n == 0 || n > MTN_MAX_HEAPS) {
		return -1;
	}
	long long used = 0;
	for (DWORD i = 0; i < n; i++) {
		if (!HeapLock(heaps[i])) {
			return -1;
		}
		PROCESS_HEAP_ENTRY e;
		e.lpData = NULL;
		while (HeapWalk(heaps[i], &e)) {
			if (e.wFlags & PROCESS_HEAP_ENTRY_BUSY) {
				used += (long long)e.cbData;
			}
		}
		DWORD err = GetLastError();
		HeapUnlock(heaps[i]);
		if (err != ERROR_NO_MORE_ITEMS) {
			return -1;
		}
	}
	return used;
}
#else
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

long long mtn_c_heap_in_use(void) { return (long long)mallinfo2().uordblks; }
#endif

#define LOAD(field, name) \
	l->field = (void *)getDevice(device, name); \
	if (l->field == NULL) { \
		return n; \
	} \
	n++;

int mtn_load(mtn_loop *l, void *gipa, VkInstance instance, VkDevice device) {
	PFN_vkGetInstanceProcAddr getInstance = (PFN_vkGetInstanceProcAddr)gipa;
	PFN_vkGetDeviceProcAddr getDevice =
		(PFN_vkGetDeviceProcAddr)getInstance(instance, "vkGetDeviceProcAddr");
	if (getDevice == NULL) {
		return 1;
	}
	int n = 2;
	LOAD(waitForFences, "vkWaitForFences")
	LOAD(resetFences, "vkResetFences")
	LOAD(acquireNextImage, "vkAcquireNextImageKHR")
	LOAD(queueSubmit, "vkQueueSubmit")
	LOAD(queuePresent, "vkQueuePresentKHR")
	LOAD(resetCommandPool, "vkResetCommandPool")
	LOAD(beginCommandBuffer, "vkBeginCommandBuffer")
	LOAD(endCommandBuffer, "vkEndCommandBuffer")
	LOAD(cmdBeginRenderPass, "vkCmdBeginRenderPass")
	LOAD(cmdEndRenderPass, "vkCmdEndRenderPass")
	LOAD(cmdClearAttachments, "vkCmdClearAttachments")
	LOAD(cmdSetViewport, "vkCmdSetViewport")
	LOAD(cmdSetScissor, "vkCmdSetScissor")
	LOAD(cmdBindPipeline, "vkCmdBindPipeline")
	LOAD(cmdBindDescriptorSets, "vkCmdBindDescriptorSets")
	LOAD(cmdBindVertexBuffers, "vkCmdBindVertexBuffers")
	LOAD(cmdBindIndexBuffer, "vkCmdBindIndexBuffer")
	LOAD(cmdDraw, "vkCmdDraw")
	LOAD(cmdDrawIndexed, "vkCmdDrawIndexed")
	LOAD(cmdCopyBuffer, "vkCmdCopyBuffer")
	LOAD(cmdCopyBufferToImage, "vkCmdCopyBufferToImage")
	LOAD(cmdCopyImageToBuffer, "vkCmdCopyImageToBuffer")
	LOAD(cmdClearColorImage, "vkCmdClearColorImage")
	LOAD(cmdPipelineBarrier, "vkCmdPipelineBarrier")
	LOAD(cmdBlitImage, "vkCmdBlitImage")
	LOAD(cmdResetQueryPool, "vkCmdResetQueryPool")
	LOAD(cmdBeginQuery, "vkCmdBeginQuery")
	LOAD(cmdEndQuery, "vkCmdEndQuery")
	l->device = device;
	return 0;
}

VkResult mtn_acquire(mtn_loop *l) {
	uint32_t f = l->frame;
	l->held = 0;
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	VkResult r = l->waitForFences(l->device, 1, &l->fence[f], VK_TRUE, l->timeout);
	if (r != VK_SUCCESS) {
		return r;
	}
	uint32_t image = 0;
	l->call = MTN_CALL_ACQUIRE;
	VkResult acq = l->acquireNextImage(l->device, l->swapchain, l->timeout, l->acquired[f],
		VK_NULL_HANDLE, &image);
	if (acq != VK_SUCCESS && acq != VK_SUBOPTIMAL_KHR) {
		return acq;
	}
	VkFence last = l->imageFence[image];
	if (last != VK_NULL_HANDLE && last != l->fence[f]) {
		l->call = MTN_CALL_WAIT_FOR_FENCES;
		r = l->waitForFences(l->device, 1, &last, VK_TRUE, l->timeout);
		if (r != VK_SUCCESS) {
			// The image is acquired and its semaphore will be signalled:
			// the caller must still submit and present it (or rebuild).
			l->image = image;
			l->held = 1;
			return r;
		}
	}
	l->imageFence[image] = l->fence[f];
	l->image = image;
	l->call = MTN_CALL_ACQUIRE;
	return acq;
}

// layerBarrier records one layout transition of count mip levels of a
// colour image, from level base, in layerCount array layers from layer
// (a cube texture's faces).
static void layerBarrier(mtn_loop *l, VkCommandBuffer cmd, VkImage image, uint32_t base, uint32_t count,
	uint32_t layer, uint32_t layerCount, VkImageLayout from, VkImageLayout to, VkAccessFlags srcAccess,
	VkAccessFlags dstAccess, VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage) {
	VkImageMemoryBarrier b = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
		.srcAccessMask = srcAccess,
		.dstAccessMask = dstAccess,
		.oldLayout = from,
		.newLayout = to,
		.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
		.image = image,
		.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, base, count, layer, layerCount},
	};
	l->cmdPipelineBarrier(cmd, srcStage, dstStage, 0, 0, NULL, 0, NULL, 1, &b);
}

// levelBarrier records one layout transition of count mip levels of a
// colour image's first layer, from level base.
static void levelBarrier(mtn_loop *l, VkCommandBuffer cmd, VkImage image, uint32_t base, uint32_t count,
	VkImageLayout from, VkImageLayout to, VkAccessFlags srcAccess, VkAccessFlags dstAccess,
	VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage) {
	layerBarrier(l, cmd, image, base, count, 0, 1, from, to, srcAccess, dstAccess, srcStage, dstStage);
}

// memoryBarrier records a global memory barrier.
static void memoryBarrier(mtn_loop *l, VkCommandBuffer cmd, VkAccessFlags src, VkAccessFlags dst,
	VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage) {
	VkMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src, .dstAccessMask = dst};
	l->cmdPipelineBarrier(cmd, srcStage, dstStage, 0, 1, &b, 0, NULL, 0, NULL);
}

#define H(T, v) ((T)(uintptr_t)(v))

static const VkPipelineStageFlags FRAGMENT = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
static const VkPipelineStageFlags TRANSFER = VK_PIPELINE_STAGE_TRANSFER_BIT;

static void op(mtn_loop *l, VkCommandBuffer cmd, const mtn_op *o) {
	switch (o->kind) {
	case MTN_OP_BEGIN_PASS: {
		VkFramebuffer fb = o->h[1] != 0 ? H(VkFramebuffer, o->h[1]) : l->framebuffer[l->image];
		uint32_t colors = o->u[4] == 0 ? 1 : (o->u[4] > MTN_MAX_COLORS ? MTN_MAX_COLORS : o->u[4]);
		VkClearValue clear[MTN_MAX_COLORS + 1];
		for (uint32_t c = 0; c < colors; c++) {
			for (int i = 0; i < 4; i++) {
				clear[c].color.float32[i] = o->f[i];
			}
		}
		clear[colors].depthStencil.depth = o->f[4];
		clear[colors].depthStencil.stencil = o->u[3];
		VkRenderPassBeginInfo bi = {
			.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
			.renderPass = H(VkRenderPass, o->h[0]),
			.framebuffer = fb,
			.renderArea = {{0, 0}, {o->u[0], o->u[1]}},
			.clearValueCount = o->u[2] ? colors + 1 : 0,
			.pClearValues = o->u[2] ? clear : NULL,
		};
		l->cmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
		break;
	}
	case MTN_OP_END_PASS:
		l->cmdEndRenderPass(cmd);
		break;
	case MTN_OP_CLEAR: {
		VkClearAttachment a[MTN_MAX_COLORS + 1];
		uint32_t n = 0;
		uint32_t colors = o->h[0] == 0 ? 1 : (o->h[0] > MTN_MAX_COLORS ? MTN_MAX_COLORS : (uint32_t)o->h[0]);
		if (o->u[0] & 1) {
			for (uint32_t c = 0; c < colors; c++) {
				a[n].aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
				a[n].colorAttachment = c;
				for (int i = 0; i < 4; i++) {
					a[n].clearValue.color.float32[i] = o->f[i];
				}
				n++;
			}
		}
		if (o->u[0] & 6) {
			a[n].aspectMask = ((o->u[0] & 2) ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
				((o->u[0] & 4) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
			a[n].colorAttachment = 0;
			a[n].clearValue.depthStencil.depth = o->f[4];
			a[n].clearValue.depthStencil.stencil = o->u[1];
			n++;
		}
		VkClearRect rect = {{{(int32_t)o->u[2], (int32_t)o->u[3]}, {o->u[4], o->u[5]}}, 0, 1};
		if (n > 0 && o->u[4] > 0 && o->u[5] > 0) {
			l->cmdClearAttachments(cmd, n, a, 1, &rect);
		}
		break;
	}
	case MTN_OP_VIEWPORT: {
		VkViewport v = {o->f[0], o->f[1], o->f[2], o->f[3], o->f[4], o->f[5]};
		l->cmdSetViewport(cmd, 0, 1, &v);
		break;
	}
	case MTN_OP_SCISSOR: {
		VkRect2D r = {{(int32_t)o->u[0], (int32_t)o->u[1]}, {o->u[2], o->u[3]}};
		l->cmdSetScissor(cmd, 0, 1, &r);
		break;
	}
	case MTN_OP_PIPELINE:
		l->cmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, H(VkPipeline, o->h[0]));
		break;
	case MTN_OP_UNIFORMS: {
		VkDescriptorSet set = H(VkDescriptorSet, o->h[1]);
		l->cmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, H(VkPipelineLayout, o->h[0]), 0, 1, &set,
			1, &o->u[0]);
		break;
	}
	case MTN_OP_TEXTURE: {
		VkDescriptorSet set = H(VkDescriptorSet, o->h[1]);
		l->cmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, H(VkPipelineLayout, o->h[0]), 1 + o->u[0], 1,
			&set, 0, NULL);
		break;
	}
	case MTN_OP_VERTICES: {
		VkBuffer bufs[2] = {H(VkBuffer, o->h[0]), o->h[2] ? H(VkBuffer, o->h[2]) : l->defaults};
		VkDeviceSize offs[2] = {o->h[1], o->h[2] ? o->h[3] : 0};
		l->cmdBindVertexBuffers(cmd, 0, 2, bufs, offs);
		break;
	}
	case MTN_OP_INDICES:
		l->cmdBindIndexBuffer(cmd, H(VkBuffer, o->h[0]), o->h[1],
			o->u[0] ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16);
		break;
	case MTN_OP_DRAW:
		l->cmdDraw(cmd, o->u[0], o->u[3] ? o->u[3] : 1, o->u[1], o->u[4]);
		break;
	case MTN_OP_DRAW_INDEXED:
		l->cmdDrawIndexed(cmd, o->u[0], o->u[3] ? o->u[3] : 1, o->u[1], (int32_t)o->u[2], o->u[4]);
		break;
	case MTN_OP_COPY_BUFFER: {
		memoryBarrier(l, cmd, 0, 0, VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, TRANSFER);
		VkBufferCopy c = {o->h[2], o->h[3], o->u[0]};
		l->cmdCopyBuffer(cmd, H(VkBuffer, o->h[0]), H(VkBuffer, o->h[1]), 1, &c);
		memoryBarrier(l, cmd, VK_ACCESS_TRANSFER_WRITE_BIT,
			VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT, TRANSFER,
			VK_PIPELINE_STAGE_VERTEX_INPUT_BIT);
		break;
	}
	case MTN_OP_UPLOAD_IMAGE: {
		VkImage img = H(VkImage, o->h[2]);
		uint32_t level = o->u[4], face = o->u[5];
		uint32_t z = (uint32_t)o->h[3], slices = (uint32_t)(o->h[3] >> 32);
		layerBarrier(l, cmd, img, level, 1, face, 1, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
			VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_ACCESS_SHADER_READ_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
			FRAGMENT | VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, TRANSFER);
		VkBufferImageCopy c = {
			.bufferOffset = o->h[1],
			.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, face, 1},
			.imageOffset = {(int32_t)o->u[0], (int32_t)o->u[1], (int32_t)z},
			.imageExtent = {o->u[2], o->u[3], slices ? slices : 1},
		};
		l->cmdCopyBufferToImage(cmd, H(VkBuffer, o->h[0]), img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
		layerBarrier(l, cmd, img, level, 1, face, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, TRANSFER,
			FRAGMENT);
		break;
	}
	case MTN_OP_INIT_IMAGE: {
		VkImage img = H(VkImage, o->h[2]);
		uint32_t levels = o->u[0] ? o->u[0] : 1, layers = o->u[1] ? o->u[1] : 1;
		layerBarrier(l, cmd, img, 0, levels, 0, layers, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, TRANSFER);
		VkClearColorValue value = {{o->f[0], o->f[1], o->f[2], o->f[3]}};
		VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, layers};
		if (!o->u[2])
			l->cmdClearColorImage(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
		// Only a read is legal in SHADER_READ_ONLY: a render pass into the
		// image orders its own writes (its external dependency).
		layerBarrier(l, cmd, img, 0, levels, 0, layers, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, TRANSFER,
			FRAGMENT);
		break;
	}
	case MTN_OP_READ_IMAGE: {
		VkImage img = o->h[0] != 0 ? H(VkImage, o->h[0]) : l->swapImage[l->image];
		VkImageLayout layout = o->u[2] ? VK_IMAGE_LAYOUT_PRESENT_SRC_KHR : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
		uint32_t level = o->u[3], layer = (uint32_t)o->h[2];
		uint32_t z = (uint32_t)o->h[3], slices = (uint32_t)(o->h[3] >> 32);
		// No access of the old layout to make available: the render pass's
		// outgoing dependency (or the upload's barrier) did, towards the
		// stages this waits for.
		layerBarrier(l, cmd, img, level, 1, layer, 1, layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			0, VK_ACCESS_TRANSFER_READ_BIT,
			VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | FRAGMENT | TRANSFER, TRANSFER);
		VkBufferImageCopy c = {
			.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, layer, 1},
			.imageOffset = {(int32_t)o->u[4], (int32_t)o->u[5], (int32_t)z},
			.imageExtent = {o->u[0], o->u[1], slices ? slices : 1},
		};
		l->cmdCopyImageToBuffer(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, H(VkBuffer, o->h[1]), 1, &c);
		layerBarrier(l, cmd, img, level, 1, layer, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, layout,
			VK_ACCESS_TRANSFER_READ_BIT, 0, TRANSFER,
			o->u[2] ? VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT : FRAGMENT);
		memoryBarrier(l, cmd, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT, TRANSFER,
			VK_PIPELINE_STAGE_HOST_BIT);
		break;
	}
	case MTN_OP_GEN_MIPS: {
		VkImage img = H(VkImage, o->h[2]);
		uint32_t levels = o->u[2];
		int32_t w = (int32_t)o->u[0], h = (int32_t)o->u[1];
		// Level 0: the pass's outgoing dependency made its writes available
		// to transfers. Levels 1 on: replaced, so their contents go
		// (UNDEFINED), once earlier draws and copies have read them.
		levelBarrier(l, cmd, img, 0, 1, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			0, VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | FRAGMENT | TRANSFER, TRANSFER);
		levelBarrier(l, cmd, img, 1, levels - 1, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			0, VK_ACCESS_TRANSFER_WRITE_BIT, FRAGMENT | TRANSFER, TRANSFER);
		for (uint32_t i = 1; i < levels; i++) {
			int32_t nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
			VkImageBlit b = {
				.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, i - 1, 0, 1},
				.srcOffsets = {{0, 0, 0}, {w, h, 1}},
				.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, i, 0, 1},
				.dstOffsets = {{0, 0, 0}, {nw, nh, 1}},
			};
			l->cmdBlitImage(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
				1, &b, VK_FILTER_LINEAR);
			if (i + 1 < levels) { // the source of the next blit
				levelBarrier(l, cmd, img, i, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
					VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT, TRANSFER, TRANSFER);
			}
			w = nw;
			h = nh;
		}
		// Levels 0 to levels-2 were only read since their last barrier; the
		// last level was written.
		levelBarrier(l, cmd, img, 0, levels - 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
			0, VK_ACCESS_SHADER_READ_BIT, TRANSFER, FRAGMENT);
		levelBarrier(l, cmd, img, levels - 1, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
			VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, TRANSFER, FRAGMENT);
		break;
	}
	case MTN_OP_RESET_QUERIES:
		l->cmdResetQueryPool(cmd, H(VkQueryPool, o->h[0]), o->u[0], o->u[1]);
		break;
	case MTN_OP_BEGIN_QUERY:
		l->cmdBeginQuery(cmd, H(VkQueryPool, o->h[0]), o->u[0], o->u[1] ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
		break;
	case MTN_OP_END_QUERY:
		l->cmdEndQuery(cmd, H(VkQueryPool, o->h[0]), o->u[0]);
		break;
	}
}

VkResult mtn_record(mtn_loop *l, VkCommandPool pool, VkCommandBuffer cmd, const mtn_op *ops, uint32_t n) {
	l->call = MTN_CALL_BEGIN_COMMAND_BUFFER;
	VkResult r = l->resetCommandPool(l->device, pool, 0);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkCommandBufferBeginInfo bi = {
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	};
	r = l->beginCommandBuffer(cmd, &bi);
	if (r != VK_SUCCESS) {
		return r;
	}
	for (uint32_t i = 0; i < n; i++) {
		op(l, cmd, &ops[i]);
	}
	l->call = MTN_CALL_END_COMMAND_BUFFER;
	return l->endCommandBuffer(cmd);
}

VkResult mtn_frame(mtn_loop *l, const mtn_op *ops, uint32_t n) {
	uint32_t f = l->frame;
	uint32_t image = l->image;
	VkResult r = mtn_record(l, l->pool[f], l->cmd[f], ops, n);
	if (r != VK_SUCCESS) {
		return r;
	}
	l->call = MTN_CALL_RESET_FENCES;
	r = l->resetFences(l->device, 1, &l->fence[f]);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkPipelineStageFlags stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
	VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &l->acquired[f],
		.pWaitDstStageMask = &stage,
		.commandBufferCount = 1,
		.pCommandBuffers = &l->cmd[f],
		.signalSemaphoreCount = 1,
		.pSignalSemaphores = &l->rendered[image],
	};
	l->call = MTN_CALL_QUEUE_SUBMIT;
	r = l->queueSubmit(l->queue, 1, &submit, l->fence[f]);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkSwapchainPresentModeInfoEXT mode = {
		.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_MODE_INFO_EXT,
		.swapchainCount = 1,
		.pPresentModes = &l->presentMode,
	};
	VkSwapchainPresentFenceInfoEXT fence = {
		.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_FENCE_INFO_EXT,
		.pNext = l->modeSwitch ? &mode : NULL,
		.swapchainCount = 1,
		.pFences = &l->presentFence[image],
	};
	if (l->presentFences && l->presentPending[image]) {
		// The image's last present: its fence is signalled by now (the
		// image was acquired again), or soon.
		l->call = MTN_CALL_WAIT_FOR_FENCES;
		r = l->waitForFences(l->device, 1, &l->presentFence[image], VK_TRUE, l->timeout);
		if (r != VK_SUCCESS) {
			return r;
		}
		l->call = MTN_CALL_RESET_FENCES;
		if ((r = l->resetFences(l->device, 1, &l->presentFence[image])) != VK_SUCCESS) {
			return r;
		}
		l->presentPending[image] = 0;
	}
	VkPresentInfoKHR present = {
		.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
		.pNext = l->presentFences ? (void *)&fence : (l->modeSwitch ? (void *)&mode : NULL),
		.waitSemaphoreCount = 1,
		.pWaitSemaphores = &l->rendered[image],
		.swapchainCount = 1,
		.pSwapchains = &l->swapchain,
		.pImageIndices = &image,
	};
	l->frame = (f + 1) % l->frames;
	l->call = MTN_CALL_QUEUE_PRESENT;
	r = l->queuePresent(l->queue, &present);
	// The present's operations are queued even when it reports the
	// swapchain out of date, so its fence is signalled all the same.
	l->presentPending[image] = l->presentFences;
	return r;
}

VkResult mtn_submit_wait(mtn_loop *l, VkCommandPool pool, VkCommandBuffer cmd, VkFence fence, const mtn_op *ops, uint32_t n) {
	VkResult r = mtn_record(l, pool, cmd, ops, n);
	if (r != VK_SUCCESS) {
		return r;
	}
	VkSubmitInfo submit = {
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1,
		.pCommandBuffers = &cmd,
	};
	l->call = MTN_CALL_QUEUE_SUBMIT;
	r = l->queueSubmit(l->queue, 1, &submit, fence);
	if (r != VK_SUCCESS) {
		return r;
	}
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	r = l->waitForFences(l->device, 1, &fence, VK_TRUE, l->timeout);
	if (r != VK_SUCCESS) {
		return r;
	}
	l->call = MTN_CALL_RESET_FENCES;
	return l->resetFences(l->device, 1, &fence);
}

VkResult mtn_wait_frames(mtn_loop *l) {
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	return l->waitForFences(l->device, l->frames, l->fence, VK_TRUE, l->timeout);
}

VkResult mtn_wait_presents(mtn_loop *l) {
	if (!l->presentFences) {
		return VK_SUCCESS;
	}
	VkFence fences[MTN_MAX_IMAGES];
	uint32_t n = 0;
	for (uint32_t i = 0; i < MTN_MAX_IMAGES; i++) {
		if (l->presentPending[i]) {
			fences[n++] = l->presentFence[i];
		}
	}
	if (n == 0) {
		return VK_SUCCESS;
	}
	l->call = MTN_CALL_WAIT_FOR_FENCES;
	VkResult r = l->waitForFences(l->device, n, fences, VK_TRUE, l->timeout);
	if (r != VK_SUCCESS) {
		return r;
	}
	l->call = MTN_CALL_RESET_FENCES;
	if ((r = l->resetFences(l->device, n, fences)) != VK_SUCCESS) {
		return r;
	}
	for (uint32_t i = 0; i < MTN_MAX_IMAGES; i++) {
		l->presentPending[i] = 0;
	}
	return VK_SUCCESS;
}
