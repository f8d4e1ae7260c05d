//go:build !((linux || freebsd || netbsd || openbsd) && wayland)

package window

import (
	"errors"
	"time"
)

// ErrNoFrameCallbacks is returned by RequestFrame on builds whose window
// system has no frame callbacks to pace on (everything but Wayland).
var ErrNoFrameCallbacks = errors.New("this window system has no frame callbacks (they exist on Wayland: build with -tags wayland)")

// frameState is empty: there are no frame callbacks here.
type frameState struct{}

// pending reports false: no callback is ever outstanding here.
func (frameState) pending() bool { return false }

// HasFrameCallbacks reports whether this build can pace presents on the
// surface's frame callbacks: false outside Wayland.
func HasFrameCallbacks() bool { return false }

// RequestFrame returns an error wrapping ErrNoFrameCallbacks: only the
// Wayland build has frame callbacks (see HasFrameCallbacks).
func (w *Window) RequestFrame() error {
	return errors.Join(errors.New("request frame callback"), ErrNoFrameCallbacks)
}

// FramePending reports false: no callback is ever outstanding here.
func (w *Window) FramePending() bool { return w.frames.pending() }

// FrameCallbacks returns 0, 0: no callback ever arrives here.
func (w *Window) FrameCallbacks() (count uint64, lastMillis uint32) { return 0, 0 }

// WaitFrame returns true at once: no callback is ever outstanding here.
func (w *Window) WaitFrame(time.Duration) bool { return true }

// CancelFrame does nothing: no callback is ever outstanding here.
func (w *Window) CancelFrame() {}

func (w *Window) freeFrame() {}
