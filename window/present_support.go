package window

/*
#include <stdint.h>

extern int glfwGetPhysicalDevicePresentationSupport(void* instance, void* device, uint32_t queuefamily);

// metronomePresentSupport calls GLFW with the handles as integers, so no
// Go code converts them to pointers.
static int metronomePresentSupport(uintptr_t instance, uintptr_t device, uint32_t family) {
	return glfwGetPhysicalDevicePresentationSupport((void*)instance, (void*)device, family);
}
*/
import "C"

import (
	"sync"
	"time"
)

// glfwTriedCh is closed when the first start of GLFW has finished, started
// or not: PresentationSupport waits for it.
var (
	glfwTried   sync.Once
	glfwTriedCh = make(chan struct{})
)

// markGLFWTried records that a first start of GLFW has finished.
func markGLFWTried() { glfwTried.Do(func() { close(glfwTriedCh) }) }

// PresentationSupport reports whether queue family family of the Vulkan
// physical device device (of instance; raw handles) can present to this
// platform's windows (glfwGetPhysicalDevicePresentationSupport), so a
// device can be chosen before any window or surface exists. It waits, at
// most wait, for the first window.New to have started GLFW; known is false
// when GLFW did not start within it (no display, or the wait ran out), and
// the caller then decides without it. The instance must have been created
// with the loader GLFW uses (the system's libvulkan.so.1). Safe from any
// goroutine: it is how vulkan.StartInstance's goroutine picks the queue
// family while the main thread opens the window.
func PresentationSupport(instance, device uintptr, family uint32, wait time.Duration) (ok, known bool) {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-glfwTriedCh:
	case <-t.C:
		return false, false
	}
	glfwLife.RLock()
	defer glfwLife.RUnlock()
	if glfwUsers.Load() == 0 {
		return false, false
	}
	vulkanMu.Lock() // GLFW loads Vulkan on the first of these calls
	defer vulkanMu.Unlock()
	return C.metronomePresentSupport(C.uintptr_t(instance), C.uintptr_t(device), C.uint32_t(family)) != 0, true
}
