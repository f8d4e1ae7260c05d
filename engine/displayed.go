package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// This file holds presentation feedback in the engine (rule P9) and the
// display-locked step it feeds (P10). A present returns long before its
// frame reaches the screen, so the answer comes later: the renderer
// collects it, the loop drains it once per poll and raises the device's
// Displayed event for each answer, in order; each Presented event carries
// the latest answer known at that present (Presented.Display).

// DisplayKind says what is known about when a frame reached the screen.
type DisplayKind uint8

// Kinds of Displayed. The zero kind is "not measured".
const (
	// DisplayNotMeasured: the platform cannot say when frames reach the
	// screen (X11, Windows, a renderer without feedback), or the game runs
	// on a virtual time source (a fixed dt), where nothing measured is
	// taken in (rule G12). Only the engine's own times (Presented.Queued,
	// Returned) exist.
	DisplayNotMeasured DisplayKind = iota
	// DisplayPending: the platform measures, but no frame was answered yet.
	DisplayPending
	// DisplayPresented: the compositor's presentation feedback: the frame
	// was shown at At; Clock, Refresh, Seq and Flags are as it reported.
	DisplayPresented
	// DisplayFrameDone: only the compositor's frame callback answered (a
	// compositor whose presentation feedback never does, such as headless
	// sway 1.7): At is to the millisecond; Refresh, Seq and Flags are zero.
	DisplayFrameDone
	// DisplayDiscarded: the frame never reached the screen (replaced
	// before a refresh showed it, or the window was hidden).
	DisplayDiscarded
)

var displayKindNames = [...]string{
	DisplayNotMeasured: "not measured",
	DisplayPending:     "measured, no answer yet",
	DisplayPresented:   "presented",
	DisplayFrameDone:   "frame done",
	DisplayDiscarded:   "discarded",
}

// String returns the kind in words, as in "not measured".
func (k DisplayKind) String() string {
	if int(k) < len(displayKindNames) {
		return displayKindNames[k]
	}
	return fmt.Sprintf("DisplayKind(%d)", int(k))
}

// PresentFlags say how a frame reached the screen (the compositor's
// presentation flags, same bits as Wayland's wp_presentation).
type PresentFlags uint32

// Flags of a presented frame.
const (
	// PresentVsync: shown on a vblank, never torn.
	PresentVsync PresentFlags = 1 << iota
	// PresentHWClock: the time came from the display hardware's clock.
	PresentHWClock
	// PresentHWCompletion: the hardware signalled the completion.
	PresentHWCompletion
	// PresentZeroCopy: the compositor scanned the game's buffer out
	// directly, with no copy.
	PresentZeroCopy
)

// String lists the flags set, such as "vsync|hw-clock", or "none".
func (f PresentFlags) String() string {
	if f == 0 {
		return "none"
	}
	names := [...]string{"vsync", "hw-clock", "hw-completion", "zero-copy"}
	var b strings.Builder
	for i, n := range names {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(n)
		}
	}
	if rest := f &^ (1<<len(names) - 1); rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		fmt.Fprintf(&b, "%#x", uint32(rest))
	}
	return b.String()
}

// Displayed is what the display said about one presented frame (rule P9).
// Kind says which fields are set.
type Displayed struct {
	// Kind says what is known.
	Kind DisplayKind
	// Frame is the Presented.Index of the frame answered; zero for
	// DisplayNotMeasured and DisplayPending.
	Frame uint64
	// At is when the frame's scan-out began (its vblank) on the engine's
	// time source (Config.Source), mapped from the compositor's clock:
	// DisplayPresented and DisplayFrameDone only.
	At time.Duration
	// PlatformTime is the same instant as reported, on the compositor's
	// clock (Clock), before mapping.
	PlatformTime time.Duration
	// Clock is the compositor's clock: a POSIX clock id (1 is
	// CLOCK_MONOTONIC).
	Clock int32
	// Refresh is the output's refresh period as the compositor reported it
	// (zero: unknown or variable). It may be the mode's nominal rate: the
	// display-locked step measures its own (Game.DisplayLock().Period).
	Refresh time.Duration
	// Seq is the output's vblank counter (MSC) for the refresh that showed
	// the frame; zero when the output has none.
	Seq uint64
	// Flags say how the frame was shown.
	Flags PresentFlags
}

// Measured reports whether the platform measures when frames reach the
// screen (every kind but DisplayNotMeasured).
func (d Displayed) Measured() bool { return d.Kind != DisplayNotMeasured }

// String describes the answer in one line, for a HUD or a log: "frame 12
// presented at 1.2345s (refresh 16.667ms, seq 99, vsync)", "not measured".
func (d Displayed) String() string {
	switch d.Kind {
	case DisplayPresented:
		return fmt.Sprintf("frame %d presented at %v (refresh %v, seq %d, %v)", d.Frame, d.At, d.Refresh, d.Seq, d.Flags)
	case DisplayFrameDone:
		return fmt.Sprintf("frame %d shown at %v (frame callback, ms precision)", d.Frame, d.At)
	case DisplayDiscarded:
		return fmt.Sprintf("frame %d discarded", d.Frame)
	}
	return d.Kind.String()
}

// FeedbackRenderer is a Renderer that can say when its presented frames
// reached the screen (rule P9). The engine checks for it at device
// creation; a Renderer without it is "not measured".
type FeedbackRenderer interface {
	Renderer
	// MeasuresPresentation reports whether the renderer's platform says
	// when frames reach the screen; false means "not measured". It may turn
	// false once the compositor turned out not to answer.
	MeasuresPresentation() bool
	// DrainDisplayed moves the answers that arrived since the last call,
	// oldest first, into dst and returns how many; what does not fit stays
	// for the next call. Frame is the PresentInfo.Index of the frame
	// answered, At is on RendererConfig.Clock, Kind is DisplayPresented,
	// DisplayFrameDone or DisplayDiscarded, and frames come in increasing
	// order. The engine calls it once per poll, after Platform.PollEvents
	// (which dispatches the window system's events); it must not allocate.
	DrainDisplayed(dst []Displayed) int
}

// displayedBatch is how many answers the device drains at a time.
const displayedBatch = 16

// displayFeedback is the device's P9 state.
type displayFeedback struct {
	source  FeedbackRenderer // nil: not measured
	virtual bool             // the game runs on a virtual time source: nothing measured is taken in
	batch   [displayedBatch]Displayed
	latest  Displayed // the last answer raised
	event   Displayed // reused for each Displayed event
	count   uint64    // answers raised
	fed     uint64    // answers passed to the scheduler
}

// PresentationMeasured reports whether the device learns when frames reach
// the screen (P9): false on X11 and Windows, with a renderer that has no
// feedback, and on a virtual time source (G12).
func (d *GraphicsDevice) PresentationMeasured() bool {
	fb := &d.feedback
	return fb.source != nil && !fb.virtual && fb.source.MeasuresPresentation()
}

// LastDisplayed returns the latest answer raised with the Displayed event;
// its Kind is DisplayNotMeasured where nothing is measured and
// DisplayPending before the first answer.
func (d *GraphicsDevice) LastDisplayed() Displayed {
	if !d.PresentationMeasured() {
		return Displayed{}
	}
	if d.feedback.count == 0 {
		return Displayed{Kind: DisplayPending}
	}
	return d.feedback.latest
}

// DisplayedCount returns how many answers the Displayed event was raised
// with, and how many of them (frames shown, with a time) were given to the
// display-locked step.
func (d *GraphicsDevice) DisplayedCount() (raised, fed uint64) {
	return d.feedback.count, d.feedback.fed
}

// attachFeedback takes the renderer's feedback, if it has any.
func (d *GraphicsDevice) attachFeedback(r Renderer, virtual bool) {
	d.feedback.source, _ = r.(FeedbackRenderer)
	d.feedback.virtual = virtual
}

// pollDisplayed drains the renderer's answers: each is raised with the
// Displayed event and, when it says when a frame was shown, given to the
// scheduler's display-locked step. On a virtual time source they are
// drained and dropped, so nothing measured reaches the game (G12). It
// allocates nothing.
func (d *GraphicsDevice) pollDisplayed(s *timing.Scheduler) {
	fb := &d.feedback
	if fb.source == nil {
		return
	}
	for {
		n := fb.source.DrainDisplayed(fb.batch[:])
		if n <= 0 {
			return
		}
		if fb.virtual {
			continue
		}
		for i := range fb.batch[:n] {
			e := fb.batch[i]
			fb.latest = e
			fb.count++
			if (e.Kind == DisplayPresented || e.Kind == DisplayFrameDone) && e.At > 0 {
				if s.PresentFeedback(timing.Feedback{PresentedAt: e.At, Refresh: max(e.Refresh, 0), Seq: e.Seq}) == nil {
					fb.fed++
				}
			}
			fb.event = e
			d.Displayed.raise(&fb.event)
		}
		if n < len(fb.batch) {
			return
		}
	}
}

// SetDisplayLock turns the display-locked step on or off (rule P10): while
// on, and while presentation feedback (P9) shows a refresh period whose
// whole multiple is within 1% of TargetElapsedTime, each fixed-step tick
// starts on the measured vblank grid, so each refresh shows the same number
// of new updates; every Update still sees exactly TargetElapsedTime (see
// timing.Scheduler.SetDisplayLock). The engine feeds it the presented times
// as they arrive. Where nothing is measured (X11, Windows, a virtual time
// source) the ordinary step runs and DisplayLock says why. Off by default;
// an error under ProfileXNA, which changes nothing.
func (g *Game) SetDisplayLock(on bool) error {
	if err := g.sched.SetDisplayLock(on); err != nil {
		if errors.Is(err, timing.ErrDisplayLockXNA) {
			return fmt.Errorf("engine: %w (Config.Profile)", err)
		}
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// DisplayLock reports whether the step is display-locked and why not; its
// String is a line for a HUD ("display-locked: ..." or the reason).
func (g *Game) DisplayLock() timing.DisplayLockStatus { return g.sched.DisplayLock() }
