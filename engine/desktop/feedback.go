package desktop

import (
	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
)

// This file holds the desktop renderer's presentation feedback (rule P9):
// a request right before each present, and a drain once per poll that
// turns the window's answers into engine.Displayed on the engine's clock.

var _ engine.FeedbackRenderer = (*Renderer)(nil)

// MeasuresPresentation reports whether the window says when frames reach
// the screen: on the Wayland build while the compositor answers
// (wp_presentation, or at least frame callbacks); never on X11 or Windows.
func (r *Renderer) MeasuresPresentation() bool { return r.feedback.measures() }

// DrainDisplayed moves the answers that arrived into dst (see
// engine.FeedbackRenderer). It never allocates.
func (r *Renderer) DrainDisplayed(dst []engine.Displayed) int { return r.feedback.drain(dst) }

// feedbackFrames is how many requested frames the adapter remembers the
// engine's frame index of: more than the window keeps outstanding (32).
const feedbackFrames = 64

// presentFeedback asks the window for presentation feedback on each
// present and maps its answers onto the engine: times onto the engine's
// clock (a window.ClockMap made once, after the first request), frame
// numbers onto the renderer's PresentInfo.Index. Where wp_presentation
// never says "presented" (headless sway 1.7), the frame callbacks' times
// stand in (engine.DisplayFrameDone) until it does.
type presentFeedback struct {
	win   *window.Window
	clock timing.Source
	off   bool // not measured: no Wayland, no wp_presentation, no clock, or a request failed

	req     uint64                 // requests made (the window's frame numbers)
	index   [feedbackFrames]uint64 // the engine's frame index of request n, at n % feedbackFrames
	waiting bool                   // the last request's commit has not happened: the next present carries it
	mapped  bool                   // cmap and mono are made
	cmap    window.ClockMap        // the presentation clock onto the engine's
	mono    window.ClockMap        // CLOCK_MONOTONIC (frame callbacks' milliseconds) onto the engine's
	precise bool                   // wp_presentation has said "presented": frame callbacks are no longer used
	last    uint64                 // the last request number delivered
	fb      [16]window.PresentFeedback
	fd      [16]window.FrameDone
}

// newPresentFeedback makes the adapter for w, with times on clock (nil:
// not measured).
func newPresentFeedback(w *window.Window, clock timing.Source) *presentFeedback {
	return &presentFeedback{win: w, clock: clock, off: w == nil || clock == nil || !window.HasPresentFeedback()}
}

func (p *presentFeedback) measures() bool { return p != nil && !p.off }

// beforePresent asks for feedback on the present about to be made for the
// renderer's frame index. It must be called right before the present
// (vkQueuePresentKHR): the Wayland WSI commits the surface inside it, and
// the request applies to that commit. When the previous frame made no
// present (skipped: nothing was committed), its request is still pending
// and applies to this present instead: no new one is made.
func (p *presentFeedback) beforePresent(index uint64) {
	if !p.measures() {
		return
	}
	if p.waiting {
		p.index[p.req%feedbackFrames] = index
		return
	}
	if err := p.win.RequestPresentFeedback(); err != nil {
		p.off = true // no wp_presentation, or a broken connection: not measured
		return
	}
	p.req++
	p.index[p.req%feedbackFrames] = index
	p.waiting = true
	if !p.mapped {
		p.mapClocks()
	}
}

// afterPresent records whether the present was made (the surface was
// committed with the request).
func (p *presentFeedback) afterPresent(presented bool) {
	if p != nil && presented {
		p.waiting = false
	}
}

// mapClocks maps the compositor's clocks onto the engine's, once.
func (p *presentFeedback) mapClocks() {
	id, ok := p.win.PresentClock()
	if !ok {
		p.off = true
		return
	}
	var err error
	if p.cmap, err = window.MapClock(id, p.clock.Now); err != nil {
		p.off = true
		return
	}
	p.mono = p.cmap
	if id != window.ClockMonotonic {
		if p.mono, err = window.MapClock(window.ClockMonotonic, p.clock.Now); err != nil {
			p.off = true
			return
		}
	}
	p.mapped = true
}

// frameIndex returns the engine's frame index of request n, and false for
// a request too old to remember or never made.
func (p *presentFeedback) frameIndex(n uint64) (uint64, bool) {
	if n == 0 || n > p.req || p.req-n >= feedbackFrames {
		return 0, false
	}
	return p.index[n%feedbackFrames], true
}

// drain moves the window's answers into dst as engine.Displayed, oldest
// first, each request at most once and in increasing order: the
// presentation feedback first, then (until it has said "presented" once)
// the frame callbacks. What does not fit in dst stays in the window.
func (p *presentFeedback) drain(dst []engine.Displayed) int {
	if p == nil || !p.mapped {
		return 0
	}
	n := 0
	for n < len(dst) {
		k := p.win.PresentFeedback(p.fb[:min(len(p.fb), len(dst)-n)])
		if k == 0 {
			break
		}
		for _, f := range p.fb[:k] {
			if !f.Discarded {
				p.precise = true
			}
			idx, ok := p.frameIndex(f.Frame)
			if !ok || f.Frame <= p.last {
				continue
			}
			p.last = f.Frame
			d := engine.Displayed{Kind: engine.DisplayDiscarded, Frame: idx}
			if !f.Discarded {
				d = engine.Displayed{Kind: engine.DisplayPresented, Frame: idx, At: p.cmap.ToEngine(f.Time),
					PlatformTime: f.Time, Clock: f.Clock, Refresh: f.Refresh, Seq: f.Seq, Flags: engine.PresentFlags(f.Flags)}
			}
			dst[n] = d
			n++
		}
	}
	for n < len(dst) {
		k := p.win.FrameDoneTimes(p.fd[:min(len(p.fd), len(dst)-n)])
		if k == 0 {
			break
		}
		if p.precise {
			continue // drained and dropped: wp_presentation answers
		}
		near := p.mono.Offset + p.clock.Now()
		for _, f := range p.fd[:k] {
			idx, ok := p.frameIndex(f.Frame)
			if !ok || f.Frame <= p.last {
				continue
			}
			p.last = f.Frame
			t := window.UnwrapMillis(f.Millis, near)
			dst[n] = engine.Displayed{Kind: engine.DisplayFrameDone, Frame: idx, At: p.mono.ToEngine(t),
				PlatformTime: t, Clock: window.ClockMonotonic}
			n++
		}
	}
	return n
}
