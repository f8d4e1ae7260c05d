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

// mfDone is one frame callback's arrival.
typedef struct {
	uint64_t frame;
	uint32_t ms;
} mfDone;

// mfSlot is one presented frame's outstanding wp_presentation_feedback
// and frame callback; the listeners' data. It is free when both are NULL.
typedef struct {
	struct wp_presentation_feedback* fb;
	struct wl_callback* cb;
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
	uint64_t requested;  // RequestPresentFeedback calls that made a request
	uint64_t presented;  // presented events received
	uint64_t unanswered; // feedback given up: still unanswered mfPending frames later
	int32_t mute;        // the compositor never answers: ask for frame callbacks only
	uint64_t lost;       // events overwritten before they were drained
	mfSlot slots[mfPending];
	mfEvent ring[mfRing];
	uint64_t head, tail; // ring write and read counts
	mfDone done[mfRing];
	uint64_t dhead, dtail; // done ring write and read counts
	uint64_t dlost;
} mfState;

static void mfPush(mfState* st, const mfEvent* e) {
	if (st->head - st->tail == mfRing) {
		st->tail++;
		st->lost++;
	}
	st->ring[st->head % mfRing] = *e;
	st->head++;
}

static void mfPushDone(mfState* st, uint64_t frame, uint32_t ms) {
	if (st->dhead - st->dtail == mfRing) {
		st->dtail++;
		st->dlost++;
	}
	mfDone d = { frame, ms };
	st->done[st->dhead % mfRing] = d;
	st->dhead++;
}

static void mfFrameDone(void* data, struct wl_callback* cb, uint32_t ms) {
	mfSlot* s = data;
	mfPushDone(s->st, s->frame, ms);
	wl_callback_destroy(cb);
	s->cb = NULL;
}

static const struct wl_callback_listener mfFrameListener = { mfFrameDone };

static void mfRelease(mfSlot* s) {
	wp_presentation_feedback_destroy(s->fb);
	s->fb = NULL;
}

static void mfSyncOutput(void* data, struct wp_presentation_feedback* fb, struct wl_output* out) {}

static void mfPresented(void* data, struct wp_presentation_feedback* fb,
		uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec, uint32_t refresh,
		uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
	mfSlot* s = data;
	s->st->presented++;
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

// mfGiveUp forgets the oldest slot's outstanding requests (their proxies
// are destroyed, so a late answer is dropped) and returns it. A feedback
// still unanswered mfPending frames later counts as unanswered; once
// mfPending have been given up with none ever presented, the compositor
// is taken not to answer (wlroots 0.15's headless backend) and only frame
// callbacks are asked for from then on.
static mfSlot* mfGiveUp(mfState* st) {
	mfSlot* old = &st->slots[0];
	for (int i = 1; i < mfPending; i++) {
		if (st->slots[i].frame < old->frame) old = &st->slots[i];
	}
	if (old->fb != NULL) {
		mfRelease(old);
		st->unanswered++;
		if (st->unanswered >= mfPending && st->presented == 0) st->mute = 1;
	}
	if (old->cb != NULL) {
		wl_callback_destroy(old->cb);
		old->cb = NULL;
	}
	return old;
}

// mfRequest asks for feedback and a frame callback on the window surface's
// next commit: 0 on success, -1 without a surface, -2 when a request
// failed.
static int mfRequest(mfState* st, void* window) {
	struct wl_surface* s = glfwGetWaylandWindow(window);
	if (s == NULL) return -1;
	mfSlot* slot = NULL;
	for (int i = 0; i < mfPending && slot == NULL; i++) {
		if (st->slots[i].fb == NULL && st->slots[i].cb == NULL) slot = &st->slots[i];
	}
	if (slot == NULL) slot = mfGiveUp(st);
	slot->st = st;
	slot->frame = ++st->requested;
	if (!st->mute) {
		slot->fb = wp_presentation_feedback(st->pres, s);
		if (slot->fb == NULL) return -2;
		wp_presentation_feedback_add_listener(slot->fb, &mfFeedbackListener, slot);
	}
	slot->cb = wl_surface_frame(s);
	if (slot->cb == NULL) return -2;
	wl_callback_add_listener(slot->cb, &mfFrameListener, slot);
	return 0;
}

// mfFree destroys every proxy (outstanding feedback first, then the
// global and the registry) and frees the state.
static void mfFree(mfState* st) {
	for (int i = 0; i < mfPending; i++) {
		if (st->slots[i].fb != NULL) mfRelease(&st->slots[i]);
		if (st->slots[i].cb != NULL) {
			wl_callback_destroy(st->slots[i].cb);
			st->slots[i].cb = NULL;
		}
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
// P9), and for a frame callback on that commit (wl_surface.frame: its
// millisecond timestamp is a coarser measure of the same refresh, for
// compositors whose presentation feedback never answers; see
// FrameDoneTimes). Call it right before the present (vkQueuePresentKHR): Mesa's
// Wayland WSI commits the surface inside the present, and the request
// applies to that commit. The answer arrives during GLFW's event
// processing, about one refresh after the frame is shown; drain it with
// PresentFeedback. The first call binds wp_presentation with two
// roundtrips on the default queue (GLFW's callbacks may run inside it). At
// most 32 frames are outstanding: the oldest is given up for a new one
// (counted as unanswered, PresentFeedbackStats), and once 32 were given up
// with none ever presented the compositor is taken not to answer and only
// frame callbacks are asked for. Must be called from the main thread.
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
			f.Flags = uint32(e.flags)
		}
		dst[n] = f
		n++
		st.tail++
	}
	return n
}

// FrameDoneTimes moves the frame callbacks of presented frames that
// arrived (see RequestPresentFeedback), oldest first, into dst and
// returns how many it moved. Each carries the compositor's millisecond
// timestamp: on wlroots compositors (sway) CLOCK_MONOTONIC in ms, taken
// when the compositor drew the output with the frame (UnwrapMillis makes
// it a full time). It never allocates. Must be called from the main
// thread.
func (w *Window) FrameDoneTimes(dst []FrameDone) int {
	st := w.feedback
	if st == nil {
		return 0
	}
	n := 0
	for n < len(dst) && st.dtail != st.dhead {
		d := &st.done[st.dtail%C.mfRing]
		dst[n] = FrameDone{Frame: uint64(d.frame), Millis: uint32(d.ms)}
		n++
		st.dtail++
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

// PresentFeedbackStats returns the frames feedback was requested for,
// those whose feedback was given up unanswered 32 frames later, and the
// answers and frame callbacks lost because 128 were not drained.
func (w *Window) PresentFeedbackStats() (requested, unanswered, lost uint64) {
	if w.feedback == nil {
		return 0, 0, 0
	}
	st := w.feedback
	return uint64(st.requested), uint64(st.unanswered), uint64(st.lost + st.dlost)
}

// freeFeedback destroys the feedback proxies and frees the state; Destroy
// calls it before the surface goes.
func (w *Window) freeFeedback() {
	if w.feedback != nil {
		C.mfFree(w.feedback)
		w.feedback = nil
	}
}
