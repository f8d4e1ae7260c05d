//go:build (linux || freebsd || netbsd || openbsd) && wayland

package window

/*
#cgo LDFLAGS: -lwayland-client
#include <stdint.h>
#include <stdlib.h>
#include <wayland-client.h>

// GLFW's native accessor (glfw3native.h), declared here so that no GLFW
// header with its platform macros is needed.
extern struct wl_surface* glfwGetWaylandWindow(void* window);

// metronomeFrame is one window's frame-callback state. It lives in C memory:
// the callback's listener keeps a pointer to it.
typedef struct {
	struct wl_callback* cb; // the outstanding callback, or NULL
	uint64_t done;          // callbacks that arrived
	uint32_t last_ms;       // the compositor's timestamp of the last one, in ms
} metronomeFrame;

static void metronomeFrameDone(void* data, struct wl_callback* cb, uint32_t ms) {
	metronomeFrame* f = data;
	if (f->cb == cb) f->cb = NULL;
	f->done++;
	f->last_ms = ms;
	wl_callback_destroy(cb);
}

static const struct wl_callback_listener metronomeFrameListener = { metronomeFrameDone };

// metronomeRequestFrame asks for a frame callback on the window's surface;
// 0 on success, -1 without a surface, -2 when the request failed.
static int metronomeRequestFrame(void* window, metronomeFrame* f) {
	struct wl_surface* s = glfwGetWaylandWindow(window);
	if (s == NULL) return -1;
	struct wl_callback* cb = wl_surface_frame(s);
	if (cb == NULL) return -2;
	wl_callback_add_listener(cb, &metronomeFrameListener, f);
	f->cb = cb;
	return 0;
}

// metronomeCancelFrame forgets the outstanding callback: its proxy is
// destroyed, so its listener never runs (a late "done" is dropped).
static void metronomeCancelFrame(metronomeFrame* f) {
	if (f->cb != NULL) {
		wl_callback_destroy(f->cb);
		f->cb = NULL;
	}
}
*/
import "C"

import (
	"errors"
	"time"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// frameState is the window's frame-callback state (C memory, nil until the
// first RequestFrame).
type frameState = *C.metronomeFrame

// HasFrameCallbacks reports whether this build can pace presents on the
// surface's frame callbacks: true on Wayland.
func HasFrameCallbacks() bool { return true }

// RequestFrame asks the compositor for a frame callback on the window's
// surface (wl_surface.frame). Call it before the present it paces: the
// callback is attached to the surface's next commit (the present) and
// arrives when the compositor is ready for the frame after it, that is
// about one refresh later while the window is visible, and never while it
// is hidden or occluded (sway's scratchpad, another workspace). It arrives
// inside GLFW's event processing (PollEvents, WaitEvents, WaitFrame). While
// a callback is outstanding it asks for none (one at a time). Must be
// called from the main thread.
func (w *Window) RequestFrame() error {
	if w.win == nil {
		return errors.New("request frame callback: the window was destroyed")
	}
	if w.frames == nil {
		w.frames = (*C.metronomeFrame)(C.calloc(1, C.sizeof_metronomeFrame))
		if w.frames == nil {
			return errors.New("request frame callback: out of memory")
		}
	}
	if w.frames.cb != nil {
		return nil
	}
	switch C.metronomeRequestFrame(w.win.Handle(), w.frames) {
	case -1:
		return errors.New("request frame callback: GLFW has no Wayland surface for the window")
	case -2:
		return errors.New("request frame callback: wl_surface.frame failed (the compositor connection is broken)")
	}
	return nil
}

// FramePending reports whether a requested frame callback has not arrived
// yet. Must be called from the main thread.
func (w *Window) FramePending() bool { return w.frames != nil && w.frames.cb != nil }

// FrameCallbacks returns how many frame callbacks have arrived since the
// window opened, and the compositor's timestamp of the last one (ms, on an
// undefined base: only differences mean something). Must be called from
// the main thread.
func (w *Window) FrameCallbacks() (count uint64, lastMillis uint32) {
	if w.frames == nil {
		return 0, 0
	}
	return uint64(w.frames.done), uint32(w.frames.last_ms)
}

// WaitFrame processes window-system events (glfwWaitEventsTimeout, so the
// window's events queue up for the next PollEvents) until the outstanding
// frame callback arrives or timeout passes, and reports whether none is
// outstanding any more. It never waits longer than timeout (rule W7): a
// hidden or occluded window gets no callback, and the caller then skips its
// present rather than wait for one. With no callback outstanding it returns
// true at once. Must be called from the main thread, not from a callback.
func (w *Window) WaitFrame(timeout time.Duration) bool {
	if !w.FramePending() {
		return true
	}
	deadline := time.Now().Add(timeout)
	for w.FramePending() {
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		glfw.WaitEventsTimeout(left.Seconds())
	}
	return true
}

// CancelFrame forgets the outstanding frame callback, if any: its late
// "done" is dropped, and the next RequestFrame asks for a new one. Call it
// when the window is hidden: a hidden surface's callback never arrives,
// and a presenter waiting for it would never present again (W8). Must be
// called from the main thread.
func (w *Window) CancelFrame() {
	if w.frames != nil {
		C.metronomeCancelFrame(w.frames)
	}
}

// freeFrame drops the outstanding callback and frees the state; Destroy
// calls it before the surface goes.
func (w *Window) freeFrame() {
	if w.frames != nil {
		C.metronomeCancelFrame(w.frames)
		C.free(unsafe.Pointer(w.frames))
		w.frames = nil
	}
}
