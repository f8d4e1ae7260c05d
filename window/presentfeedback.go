package window

import (
	"errors"
	"fmt"
	"time"
)

//go:generate sh ../scripts/gen-presentation.sh

// This file holds the build-independent part of presentation feedback
// (rule P9): the event type and the mapping of the compositor's clock onto
// the engine's. The Wayland build measures it (presentfeedback_wayland.go);
// other builds say it is not measured (presentfeedback_other.go).

// ErrNotMeasured is returned (wrapped) by the presentation feedback calls
// on builds whose window system cannot say when a frame reached the
// screen: everything but Wayland (build with -tags wayland). The engine
// then reports its own timing, marked "not measured".
var ErrNotMeasured = errors.New("presentation times are not measured on this window system (Wayland's wp_presentation measures them: build with -tags wayland)")

// PresentFeedback is what the compositor said about one presented frame
// (rule P9): when it reached the screen, or that it never did.
type PresentFeedback struct {
	// Frame is the number of the RequestPresentFeedback call it answers,
	// counting from 1.
	Frame uint64
	// Discarded is true when the frame was never shown (replaced before
	// a refresh showed it, or the window was hidden); the fields below
	// are then zero.
	Discarded bool
	// Time is when the frame's scan-out began (its vblank), in
	// nanoseconds on the compositor's presentation clock (Clock). Map it
	// onto the engine's clock with a ClockMap.
	Time time.Duration
	// Clock is the compositor's presentation clock: a POSIX clock id
	// (1 is CLOCK_MONOTONIC).
	Clock int32
	// Refresh is the refresh period the compositor reports for the
	// output; zero when it has none (a variable or unknown rate). It may
	// be the nominal rate of the mode, not the measured one.
	Refresh time.Duration
	// Seq is the output's vblank counter (MSC) for the refresh that
	// showed the frame; zero when the output has none.
	Seq uint64
	// Flags say how it was shown: wp_presentation's kind bits (1 vsync,
	// 2 hardware clock, 4 hardware completion, 8 zero copy), which
	// engine.PresentFlags names.
	Flags uint32
}

// FrameDone is the arrival of the frame callback requested with a
// presented frame (RequestPresentFeedback).
type FrameDone struct {
	// Frame is the number of the RequestPresentFeedback call, from 1.
	Frame uint64
	// Millis is the compositor's timestamp in milliseconds, on an
	// undefined base by the protocol; wlroots compositors (sway) use
	// CLOCK_MONOTONIC, wrapped to 32 bits (UnwrapMillis).
	Millis uint32
}

// UnwrapMillis turns a 32-bit millisecond timestamp of a clock into that
// clock's full time in nanoseconds, taking the time nearest near (a
// recent full reading of the same clock, such as ReadClock's): the
// timestamp wraps every 2^32 ms (49.7 days), so near must be within about
// 24 days of it. The result is a whole millisecond; its error against the
// event is the compositor's truncation, up to 1 ms.
func UnwrapMillis(ms uint32, near time.Duration) time.Duration {
	const wrap = int64(1) << 32
	nearMs := int64(near / time.Millisecond)
	base := nearMs - nearMs%wrap // a multiple of 2^32 ms
	if nearMs < 0 {
		base -= wrap
	}
	t := base + int64(ms)
	switch {
	case t-nearMs > wrap/2:
		t -= wrap
	case nearMs-t > wrap/2:
		t += wrap
	}
	return time.Duration(t) * time.Millisecond
}

// ClockMonotonic is the POSIX id of CLOCK_MONOTONIC, the clock Go's
// monotonic time (and so timing.SystemClock) reads on Linux.
const ClockMonotonic int32 = 1

// ClockSample is one reading of a platform clock taken between two
// readings of the engine's clock: Before <= the platform reading <= After
// on the engine's time line.
type ClockSample struct {
	Before, After time.Duration // the engine's clock (a timing.Source)
	Platform      time.Duration // the platform clock, in nanoseconds
}

// ClockMap maps times on a platform clock (the compositor's presentation
// clock) onto the engine's clock: engine = platform - Offset.
type ClockMap struct {
	// Clock is the platform clock's POSIX id.
	Clock int32
	// Offset is the platform clock's reading at the engine clock's zero.
	Offset time.Duration
	// Uncertainty is half the narrowest bracket among the samples: how
	// far a mapped time may be off.
	Uncertainty time.Duration
}

// NewClockMap makes the map from samples of the platform clock, taking
// the one with the narrowest bracket (the least disturbed) and the middle
// of its bracket. It is an error without samples, or when a sample's
// bracket is reversed. Two readings of the same underlying clock (the
// compositor's CLOCK_MONOTONIC and Go's monotonic time on Linux) keep
// one offset for good; any other clock should be mapped again now and
// then.
func NewClockMap(clock int32, samples []ClockSample) (ClockMap, error) {
	if len(samples) == 0 {
		return ClockMap{}, errors.New("map presentation clock: no samples")
	}
	best := -1
	for i, s := range samples {
		if s.After < s.Before {
			return ClockMap{}, fmt.Errorf("map presentation clock: sample %d reads the engine clock backwards (%v then %v)", i, s.Before, s.After)
		}
		if best < 0 || s.After-s.Before < samples[best].After-samples[best].Before {
			best = i
		}
	}
	s := samples[best]
	half := (s.After - s.Before) / 2
	return ClockMap{Clock: clock, Offset: s.Platform - (s.Before + half), Uncertainty: half}, nil
}

// ToEngine maps a time on the platform clock onto the engine's clock.
func (m ClockMap) ToEngine(t time.Duration) time.Duration { return t - m.Offset }

// clockSamples is how many samples MapClock takes.
const clockSamples = 8

// MapClock maps the POSIX clock id onto the engine's clock read by now
// (a timing.Source's Now): it takes a few bracketed samples (ReadClock
// between two calls of now) and keeps the least disturbed (NewClockMap).
func MapClock(id int32, now func() time.Duration) (ClockMap, error) {
	var samples [clockSamples]ClockSample
	for i := range samples {
		before := now()
		p, err := ReadClock(id)
		if err != nil {
			return ClockMap{}, fmt.Errorf("map presentation clock: %w", err)
		}
		samples[i] = ClockSample{Before: before, Platform: p, After: now()}
	}
	return NewClockMap(id, samples[:])
}
