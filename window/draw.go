package window

import (
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// ShouldDraw reports whether a frame can be drawn into a framebuffer of
// fbWidth x fbHeight pixels: false for an empty one (a minimized window),
// where a swapchain cannot be built (rule W2).
func ShouldDraw(fbWidth, fbHeight int) bool {
	return fbWidth > 0 && fbHeight > 0
}

// WaitEvents sleeps until a window-system event arrives or timeout passes,
// then processes the events like [Window.PollEvents] does (they are queued
// for the next PollEvents). It is how a loop waits while it cannot draw
// (rule W2): the thread blocks in the kernel instead of spinning. A timeout
// of zero or less only processes what is pending; without an open window it
// returns at once. Must be called from the main thread, not from a callback.
func WaitEvents(timeout time.Duration) {
	if glfwUsers.Load() == 0 {
		return
	}
	if timeout <= 0 {
		glfw.PollEvents()
		return
	}
	glfw.WaitEventsTimeout(timeout.Seconds())
}

// Wake makes a WaitEvents in progress return early. Safe from any goroutine
// while a window is open.
func Wake() {
	if glfwUsers.Load() > 0 {
		glfw.PostEmptyEvent()
	}
}
