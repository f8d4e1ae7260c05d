// The per-frame fast path (see frameloop.go and record.go): the Vulkan calls
// a steady-state frame makes (acquire, command recording, submit, present),
// done in C so that a frame allocates nothing on the Go heap and no C memory.
// Setup and rebuilds stay in Go with vulkan-go.
#ifndef METRONOME_FRAMELOOP_H
#define METRONOME_FRAMELOOP_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#define MTN_MAX_FRAMES 3
#define MTN_MAX_IMAGES 8
#define MTN_MAX_MODES 8

// Values of mtn_loop.call: which Vulkan call gave the last result.
enum {
	MTN_CALL_WAIT_FOR_FENCES = 1,
	MTN_CALL_ACQUIRE,
	MTN_CALL_RESET_FENCES,
	MTN_CALL_QUEUE_SUBMIT,
	MTN_CALL_QUEUE_PRESENT,
	MTN_CALL_BEGIN_COMMAND_BUFFER,
	MTN_CALL_END_COMMAND_BUFFER,
};

// Command kinds of mtn_op (the fields each uses are listed; h are handles
// or 64-bit values, u 32-bit values, f floats).
enum {
	MTN_OP_BEGIN_PASS = 1, // h0 render pass, h1 framebuffer (0: the acquired image's), u0 u1 width height,
	                       // u2 1: clear values f0-f3 rgba, f4 depth, u3 stencil (a pass that clears on load),
	                       // u4 colour attachments (0: 1; up to MTN_MAX_COLORS, the depth attachment after them)
	MTN_OP_END_PASS,       // -
	MTN_OP_CLEAR,          // u0 aspects (1 colour, 2 depth, 4 stencil), f0-f3 rgba, f4 depth, u1 stencil, u2-u5 rect x y w h,
	                       // h0 colour attachments cleared (0: 1)
	MTN_OP_VIEWPORT,       // f0-f5 x y width height minDepth maxDepth
	MTN_OP_SCISSOR,        // u0-u3 x y width height (x, y as int32)
	MTN_OP_PIPELINE,       // h0 pipeline
	MTN_OP_UNIFORMS,       // h0 layout, h1 set 0 (dynamic uniform buffer), u0 its dynamic offset
	MTN_OP_TEXTURE,        // h0 layout, h1 set 1 + u0 (combined image sampler; u0 the texture slot)
	MTN_OP_VERTICES,       // h0 buffer, h1 offset (binding 0); binding 1: h2 buffer at h3 (instances), mtn_loop.defaults when h2 is 0
	MTN_OP_INDICES,        // h0 buffer, h1 offset, u0 1 for 32-bit indices
	MTN_OP_DRAW,           // u0 vertex count, u1 first vertex, u3 instance count (0: 1), u4 first instance
	MTN_OP_DRAW_INDEXED,   // u0 index count, u1 first index, u2 vertex offset (int32), u3 instance count (0: 1), u4 first instance
	MTN_OP_COPY_BUFFER,    // h0 source, h1 destination, h2 source offset, h3 destination offset, u0 size
	MTN_OP_UPLOAD_IMAGE,   // h0 source buffer, h1 source offset, h2 image, u0-u3 x y width height, u4 mip level, u5 layer (cube face),
	                       // h3 a 3D image's slices: first in bits 0-31, count in 32-63 (0: 1)
	MTN_OP_INIT_IMAGE,     // h2 image: its u0 mip levels (0: 1) of u1 layers (0: 1) cleared to f0-f3 (rgba), left ready to sample;
	                       // u2 1: not cleared (a block-compressed image)
	MTN_OP_READ_IMAGE,     // h0 image (0: the acquired one), h1 destination buffer, u0 u1 width height, u2 1 if a swapchain image, u3 mip level, h2 array layer (cube face),
	                       // h3 a 3D image's slices: first in bits 0-31, count in 32-63 (0: 1)
	MTN_OP_GEN_MIPS,       // h2 image: levels 1 to u2-1 blitted (linear) each from the one before; u0 u1 level 0's width height
	MTN_OP_RESET_QUERIES,  // h0 query pool: queries u0 to u0+u1-1 reset (outside a render pass)
	MTN_OP_BEGIN_QUERY,    // h0 query pool, u0 query, u1 1: precise (samples counted exactly): an occlusion query begun
	MTN_OP_END_QUERY,      // h0 query pool, u0 query: ended
};

// MTN_MAX_COLORS is the most colour attachments of a pass (graphics.MaxRenderTargets).
#define MTN_MAX_COLORS 4

// mtn_op is one recorded command (a flat, fixed-size record, written by Go
// into C memory).
typedef struct mtn_op {
	uint32_t kind;
	uint32_t u[6];
	uint64_t h[4];
	float f[6];
} mtn_op;

typedef struct mtn_loop {
	PFN_vkWaitForFences waitForFences;
	PFN_vkResetFences resetFences;
	PFN_vkAcquireNextImageKHR acquireNextImage;
	PFN_vkQueueSubmit queueSubmit;
	PFN_vkQueuePresentKHR queuePresent;
	PFN_vkResetCommandPool resetCommandPool;
	PFN_vkBeginCommandBuffer beginCommandBuffer;
	PFN_vkEndCommandBuffer endCommandBuffer;
	PFN_vkCmdBeginRenderPass cmdBeginRenderPass;
	PFN_vkCmdEndRenderPass cmdEndRenderPass;
	PFN_vkCmdClearAttachments cmdClearAttachments;
	PFN_vkCmdSetViewport cmdSetViewport;
	PFN_vkCmdSetScissor cmdSetScissor;
	PFN_vkCmdBindPipeline cmdBindPipeline;
	PFN_vkCmdBindDescriptorSets cmdBindDescriptorSets;
	PFN_vkCmdBindVertexBuffers cmdBindVertexBuffers;
	PFN_vkCmdBindIndexBuffer cmdBindIndexBuffer;
	PFN_vkCmdDraw cmdDraw;
	PFN_vkCmdDrawIndexed cmdDrawIndexed;
	PFN_vkCmdCopyBuffer cmdCopyBuffer;
	PFN_vkCmdCopyBufferToImage cmdCopyBufferToImage;
	PFN_vkCmdCopyImageToBuffer cmdCopyImageToBuffer;
	PFN_vkCmdClearColorImage cmdClearColorImage;
	PFN_vkCmdPipelineBarrier cmdPipelineBarrier;
	PFN_vkCmdBlitImage cmdBlitImage;

	VkDevice device;
	VkQueue queue;
	VkSwapchainKHR swapchain;
	uint64_t timeout; // bound of every wait, in nanoseconds (W7)
	VkBuffer defaults; // vertex binding 1: the values of attributes a declaration lacks

	uint32_t frames; // frames in flight, 1..MTN_MAX_FRAMES
	uint32_t images; // swapchain images, 1..MTN_MAX_IMAGES
	uint32_t frame;  // index of the current frame in flight
	uint32_t image;  // image acquired by the last successful mtn_acquire
	int call;        // the call that gave the last result (MTN_CALL_*)
	int held;        // 1: the last mtn_acquire failed holding an acquired image

	VkFence fence[MTN_MAX_FRAMES];          // signalled when that frame's submit is done
	VkSemaphore acquired[MTN_MAX_FRAMES];   // signalled when the acquired image is ready
	VkCommandPool pool[MTN_MAX_FRAMES];     // holds cmd of that frame; reset before recording
	VkCommandBuffer cmd[MTN_MAX_FRAMES];    // recorded anew each frame
	VkSemaphore rendered[MTN_MAX_IMAGES];   // signalled when that image's commands are done
	VkFramebuffer framebuffer[MTN_MAX_IMAGES];
	VkImage swapImage[MTN_MAX_IMAGES];
	VkFence imageFence[MTN_MAX_IMAGES];     // fence of the frame that last used that image

	// Present modes switched in place (VK_EXT_swapchain_maintenance1, see
	// inplace.go): with modeSwitch set, every present names presentMode
	// (VkSwapchainPresentModeInfoEXT), one of the modes the swapchain was
	// created with (modesInfo, chained to its create info, lists them).
	int modeSwitch;
	VkPresentModeKHR presentMode;
	VkSwapchainPresentModesCreateInfoEXT modesInfo;
	VkPresentModeKHR modes[MTN_MAX_MODES];

	// Present fences (VK_EXT_swapchain_maintenance1): with presentFences
	// set, the present of image i signals presentFence[i]
	// (VkSwapchainPresentFenceInfoEXT) once its semaphore may be reused;
	// presentPending[i] is 1 from that present until the fence was waited.
	int presentFences;
	VkFence presentFence[MTN_MAX_IMAGES];
	int presentPending[MTN_MAX_IMAGES];

	// Occlusion queries (query.go).
	PFN_vkCmdResetQueryPool cmdResetQueryPool;
	PFN_vkCmdBeginQuery cmdBeginQuery;
	PFN_vkCmdEndQuery cmdEndQuery;
} mtn_loop;

// mtn_default_proc_addr opens the Vulkan loader (libvulkan.so.1; on Windows
// vulkan-1.dll) and returns its vkGetInstanceProcAddr, or NULL when it is not
// installed.
void *mtn_default_proc_addr(void);

// mtn_c_heap_in_use returns the bytes of C heap memory in use: glibc's
// mallinfo2 on Linux; on Windows the busy blocks of every heap of the
// process (the C runtime's malloc and the drivers' allocations). -1 when the
// heaps cannot be walked.
long long mtn_c_heap_in_use(void);

// mtn_load fills the function pointers of l; 0 on success, else the index of
// the first missing function plus one.
int mtn_load(mtn_loop *l, void *getInstanceProcAddr, VkInstance instance, VkDevice device);

// mtn_acquire waits (at most l->timeout) for the current frame's fence,
// acquires the next image and waits for the frame that used that image
// last. Returns the first failure (l->call names the call; VK_TIMEOUT or
// VK_NOT_READY when a bound ran out) or the acquire's result.
VkResult mtn_acquire(mtn_loop *l);

// mtn_record resets pool (which holds only cmd) and records ops into cmd,
// between begin and end.
VkResult mtn_record(mtn_loop *l, VkCommandPool pool, VkCommandBuffer cmd, const mtn_op *ops, uint32_t n);

// mtn_frame records ops into the current frame's command buffer, submits it
// (waiting for the acquire), presents the acquired image and moves to the
// next frame once submitted. Returns the first failure (l->call names the
// call) or the present's result.
VkResult mtn_frame(mtn_loop *l, const mtn_op *ops, uint32_t n);

// mtn_submit_wait records ops into cmd (of pool), submits it with fence (unsignalled)
// and waits for it at most l->timeout: work outside a frame (a render
// target drawn before the first frame, a read of a texture).
VkResult mtn_submit_wait(mtn_loop *l, VkCommandPool pool, VkCommandBuffer cmd, VkFence fence, const mtn_op *ops, uint32_t n);

// mtn_wait_frames waits (at most l->timeout) for the fences of every frame
// in flight.
VkResult mtn_wait_frames(mtn_loop *l);

// mtn_wait_presents waits (at most l->timeout) for the present fences of
// every present in flight and resets them: then no present uses the
// swapchain's semaphores. VK_SUCCESS at once without present fences.
VkResult mtn_wait_presents(mtn_loop *l);

#endif
