// The per-frame fast path (see frameloop.go): the few Vulkan calls a
// steady-state frame makes, done in C so that a frame allocates nothing on the
// Go heap and no C memory. Setup and rebuilds stay in Go with vulkan-go.
#ifndef METRONOME_FRAMELOOP_H
#define METRONOME_FRAMELOOP_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#define MTN_MAX_FRAMES 3
#define MTN_MAX_IMAGES 8

// Values of mtn_loop.call: which Vulkan call gave the last result.
enum {
	MTN_CALL_WAIT_FOR_FENCES = 1,
	MTN_CALL_ACQUIRE,
	MTN_CALL_RESET_FENCES,
	MTN_CALL_QUEUE_SUBMIT,
	MTN_CALL_QUEUE_PRESENT,
};

typedef struct mtn_loop {
	PFN_vkWaitForFences waitForFences;
	PFN_vkResetFences resetFences;
	PFN_vkAcquireNextImageKHR acquireNextImage;
	PFN_vkQueueSubmit queueSubmit;
	PFN_vkQueuePresentKHR queuePresent;

	VkDevice device;
	VkQueue queue;
	VkSwapchainKHR swapchain;

	uint32_t frames; // frames in flight, 1..MTN_MAX_FRAMES
	uint32_t images; // swapchain images, 1..MTN_MAX_IMAGES
	uint32_t frame;  // index of the current frame in flight
	uint32_t image;  // image acquired by the last successful mtn_acquire
	int call;        // the call that gave the last result (MTN_CALL_*)

	VkFence fence[MTN_MAX_FRAMES];        // signalled when that frame's submit is done
	VkSemaphore acquired[MTN_MAX_FRAMES]; // signalled when the acquired image is ready
	VkSemaphore rendered[MTN_MAX_IMAGES]; // signalled when that image's commands are done
	VkCommandBuffer cmd[MTN_MAX_IMAGES];  // pre-recorded draw of that image
	VkFence imageFence[MTN_MAX_IMAGES];   // fence of the frame that last used that image
} mtn_loop;

// mtn_default_proc_addr opens the Vulkan loader (libvulkan.so.1) and returns
// its vkGetInstanceProcAddr, or NULL when it is not installed.
void *mtn_default_proc_addr(void);

// mtn_load fills the function pointers of l; 0 on success, else the index of
// the first missing function plus one.
int mtn_load(mtn_loop *l, void *getInstanceProcAddr, VkInstance instance, VkDevice device);

// mtn_acquire waits for the current frame's fence, acquires the next image
// and waits for the frame that used that image last. Returns the first
// failure (l->call names the call) or the acquire's result.
VkResult mtn_acquire(mtn_loop *l);

// mtn_submit_present submits the acquired image's pre-recorded commands (and
// extra, when not VK_NULL_HANDLE), presents the image and moves to the next
// frame once submitted. Returns the first failure (l->call names the call) or
// the present's result.
VkResult mtn_submit_present(mtn_loop *l, VkCommandBuffer extra);

// mtn_wait_frames waits for the fences of every frame in flight.
VkResult mtn_wait_frames(mtn_loop *l);

#endif
