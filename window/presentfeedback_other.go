//go:build !((linux || freebsd || netbsd || openbsd) && wayland)

package window

import "fmt"

// feedbackState is empty: nothing is measured here.
type feedbackState struct{}

// requested is 0: nothing is ever requested here.
func (feedbackState) requested() uint64 { return 0 }

// HasPresentFeedback reports whether this build can measure when frames
// reach the screen: false outside Wayland ("not measured", rule P9).
func HasPresentFeedback() bool { return false }

// RequestPresentFeedback returns an error wrapping ErrNotMeasured: only
// the Wayland build measures presentation times.
func (w *Window) RequestPresentFeedback() error {
	return fmt.Errorf("request present feedback: %w", ErrNotMeasured)
}

// PresentFeedback returns 0: no feedback ever arrives here.
func (w *Window) PresentFeedback(dst []PresentFeedback) int { return 0 }

// FrameDoneTimes returns 0: no frame callback ever arrives here.
func (w *Window) FrameDoneTimes(dst []FrameDone) int { return 0 }

// PresentClock returns 0, false: there is no presentation clock here.
func (w *Window) PresentClock() (id int32, ok bool) { return 0, false }

// PresentFeedbackStats returns zeros: nothing is requested here.
func (w *Window) PresentFeedbackStats() (requested, unanswered, lost uint64) {
	return w.feedback.requested(), 0, 0
}

func (w *Window) freeFeedback() {}
