//go:build (linux || freebsd || netbsd || openbsd) && wayland

package window

/*
#cgo LDFLAGS: -lwayland-client
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "presentation_time_wayland.h"

// GLFW's native accessors (glfw3native.h), declared here so that no GLFW
// header with its platform macros is needed.
extern struct wl_display* glfwGetWaylandDisplay(void);
extern struct wl_surface* glfwGetWaylandWindow(void* window);

enum { mfPending = 32, mfRing = 128 };

// mfEvent is one frame's feedback, as the compositor sent it.
typedef struct {
	uint64_t frame;
	int32_t presented;
	uint32_t nsec;
	uint64_t sec;
	uint32_t refresh;
	uint32_t flags;
	uint64_t seq;
} mfEvent;

struct mfState;

// mfSlot is one outstanding wp_presentation_feedback; the listener's data.
typedef struct {
	struct wp_presentation_feedback* fb;
	uint64_t frame;
	struct mfState* st;
} mfSlot;

// mfState is one window's presentation-feedback state, in C memory: the
// listeners keep pointers into it.
typedef struct mfState {
	struct wl_registry* reg;
	struct wp_presentation* pres;
	uint32_t clock_id;
	int32_t has_clock;
	uint64_t requested; // RequestPresentFeedback calls that made a request
	uint64_t busy;      // calls refused: every slot outstanding
	uint64_t lost;      // events overwritten before they were drained
	mfSlot slots[mfPending];
	mfEvent ring[mfRing];
	uint64_t head, tail; // ring write and read counts
} mfState;

static void mfPush(mfState* st, const mfEvent* e) {
	if (st->head - st->tail == mfRing) {
		st->tail++;
		st->lost++;
	}
	st->ring[st->head % mfRing] = *e;
	st->head++;
}

static void mfRelease(mfSlot* s) {
	wp_presentation_feedback_destroy(s->fb);
	s->fb = NULL;
}

static void mfSyncOutput(void* data, struct wp_presentation_feedback* fb, struct wl_output* out) {}

static void mfPresented(void* data, struct wp_presentation_feedback* fb,
		uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec, uint32_t refresh,
		uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
	mfSlot* s = data;
	mfEvent e = { s->frame, 1, nsec, ((uint64_t)sec_hi << 32) | sec_lo, refresh, flags,
		((uint64_t)seq_hi << 32) | seq_lo };
	mfPush(s->st, &e);
	mfRelease(s);
}

static void mfDiscarded(void* data, struct wp_presentation_feedback* fb) {
	mfSlot* s = data;
	mfEvent e = { s->frame, 0 };
	mfPush(s->st, &e);
	mfRelease(s);
}

static const struct wp_presentation_feedback_listener mfFeedbackListener = {
	mfSyncOutput, mfPresented, mfDiscarded,
};

static void mfClockID(void* data, struct wp_presentation* p, uint32_t id) {
	mfState* st = data;
	st->clock_id = id;
	st->has_clock = 1;
}

static const struct wp_presentation_listener mfPresentationListener = { mfClockID };

static void mfGlobal(void* data, struct wl_registry* reg, uint32_t name, const char* iface, uint32_t version) {
	mfState* st = data;
	if (st->pres == NULL && strcmp(iface, wp_presentation_interface.name) == 0) {
		st->pres = wl_registry_bind(reg, name, &wp_presentation_interface, 1);
		if (st->pres != NULL) wp_presentation_add_listener(st->pres, &mfPresentationListener, st);
	}
}

static void mfGlobalRemove(void* data, struct wl_registry* reg, uint32_t name) {}

static const struct wl_registry_listener mfRegistryListener = { mfGlobal, mfGlobalRemove };

// mfBind binds wp_presentation through a registry of its own on the
// default queue, and waits for the clock id: 0 on success, -1 without a
// display, -2 when a roundtrip failed, -3 when the compositor has no
// wp_presentation, -4 when it sent no clock id.
static int mfBind(mfState* st) {
	struct wl_display* d = glfwGetWaylandDisplay();
	if (d == NULL) return -1;
	st->reg = wl_display_get_registry(d);
	if (st->reg == NULL) return -2;
	wl_registry_add_listener(st->reg, &mfRegistryListener, st);
	if (wl_display_roundtrip(d) < 0) return -2;
	if (st->pres == NULL) return -3;
	if (!st->has_clock && wl_display_roundtrip(d) < 0) return -2;
	return st->has_clock ? 0 : -4;
}

// mfRequest asks for feedback on the window surface's next commit: 0 on
// success, -1 without a surface, -2 when the request failed, -3 when
// every slot is outstanding.
static int mfRequest(mfState* st, void* window) {
	struct wl_surface* s = glfwGetWaylandWindow(window);
	if (s == NULL) return -1;
	for (int i = 0; i < mfPending; i++) {
		mfSlot* slot = &st->slots[i];
		if (slot->fb != NULL) continue;
		slot->fb = wp_presentation_feedback(st->pres, s);
		if (slot->fb == NULL) return -2;
		slot->st = st;
		slot->frame = ++st->requested;
		wp_presentation_feedback_add_listener(slot->fb, &mfFeedbackListener, slot);
		return 0;
	}
	st->busy++;
	return -3;
}

// mfFree destroys every proxy (outstanding feedback first, then the
// global and the registry) and frees the state.
static void mfFree(mfState* st) {
	for (int i = 0; i < mfPending; i++) {
		if (st->slots[i].fb != NULL) mfRelease(&st->slots[i]);
	}
	if (st->pres != NULL) wp_presentation_destroy(st->pres);
	if (st->reg != NULL) wl_registry_destroy(st->reg);
	free(st);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"time"
)

// feedbackState is the window's presentation-feedback state (C memory,
// nil until the first RequestPresentFeedback).
type feedbackState = *C.mfState

// HasPresentFeedback reports whether this build can measure when frames
// reach the screen: true on Wayland, where the compositor may still lack
// wp_presentation (RequestPresentFeedback then says so).
func HasPresentFeedback() bool { return true }

// RequestPresentFeedback asks the compositor to report when the window
// surface's next commit reaches the screen (wp_presentation.feedback, rule
// P9). Call it right before the present (vkQueuePresentKHR): Mesa's
// Wayland WSI commits the surface inside the present, and the request
// applies to that commit. The answer arrives during GLFW's event
// processing, about one refresh after the frame is shown; drain it with
// PresentFeedback. The first call binds wp_presentation with two
// roundtrips on the default queue (GLFW's callbacks may run inside it). At
// most 32 requests are outstanding; one more is refused with an error and
// counted (PresentFeedbackStats). Must be called from the main thread.
func (w *Window) RequestPresentFeedback() error {
	if w.win == nil {
		return errors.New("request present feedback: the window was destroyed")
	}
	if w.feedback == nil {
		if err := w.bindPresentation(); err != nil {
			return err
		}
	}
	switch C.mfRequest(w.feedback, w.win.Handle()) {
	case -1:
		return errors.New("request present feedback: GLFW has no Wayland surface for the window")
	case -2:
		return errors.New("request present feedback: wp_presentation.feedback failed (the compositor connection is broken)")
	case -3:
		return fmt.Errorf("request present feedback: %d requests outstanding: drain PresentFeedback, or the compositor is not answering", C.mfPending)
	}
	return nil
}

func (w *Window) bindPresentation() error {
	st := (*C.mfState)(C.calloc(1, C.sizeof_mfState))
	if st == nil {
		return errors.New("request present feedback: out of memory")
	}
	var err error
	switch C.mfBind(st) {
	case 0:
		w.feedback = st
		return nil
	case -1:
		err = errors.New("request present feedback: GLFW has no Wayland display")
	case -2:
		err = errors.New("request present feedback: a wl_display roundtrip failed (the compositor connection is broken)")
	case -3:
		err = fmt.Errorf("request present feedback: the compositor offers no wp_presentation: %w", ErrNotMeasured)
	case -4:
		err = errors.New("request present feedback: the compositor sent no presentation clock id")
	}
	C.mfFree(st)
	return err
}

// PresentFeedback moves the feedback that arrived, oldest first, into dst
// and returns how many it moved; what does not fit stays for the next
// call. It never allocates. Must be called from the main thread, after
// GLFW's event processing (PollEvents) delivered it.
func (w *Window) PresentFeedback(dst []PresentFeedback) int {
	st := w.feedback
	if st == nil {
		return 0
	}
	n := 0
	for n < len(dst) && st.tail != st.head {
		e := &st.ring[st.tail%C.mfRing]
		f := PresentFeedback{Frame: uint64(e.frame), Discarded: e.presented == 0}
		if !f.Discarded {
			f.Time = time.Duration(uint64(e.sec)*1e9 + uint64(e.nsec))
			f.Clock = int32(st.clock_id)
			f.Refresh = time.Duration(e.refresh)
			f.Seq = uint64(e.seq)
			f.Flags = PresentFlags(e.flags)
		}
		dst[n] = f
		n++
		st.tail++
	}
	return n
}

// PresentClock returns the compositor's presentation clock id, once
// RequestPresentFeedback has bound wp_presentation.
func (w *Window) PresentClock() (id int32, ok bool) {
	if w.feedback == nil {
		return 0, false
	}
	return int32(w.feedback.clock_id), true
}

// PresentFeedbackStats returns the requests made, those refused because
// 32 were outstanding, and the answers lost because 128 were not drained.
func (w *Window) PresentFeedbackStats() (requested, refused, lost uint64) {
	if w.feedback == nil {
		return 0, 0, 0
	}
	return uint64(w.feedback.requested), uint64(w.feedback.busy), uint64(w.feedback.lost)
}

// freeFeedback destroys the feedback proxies and frees the state; Destroy
// calls it before the surface goes.
func (w *Window) freeFeedback() {
	if w.feedback != nil {
		C.mfFree(w.feedback)
		w.feedback = nil
	}
}
