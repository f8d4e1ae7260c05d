package pacing

import "github.com/metronome-engine/metronome/renderer/present"
import "time"

// DisplayConfig configures a simulated Display.
type DisplayConfig struct {
	// Rate is the refresh rate; vblank k happens at Rate.VBlank(k), vblank 0
	// at time zero.
	Rate Rate
	// Mode is the present mode to model.
	Mode present.PresentMode
	// Images is the swapchain image count, at least 2; zero means 3. One
	// image is on screen, the others are queued or owned by the
	// application; Present blocks while all are in use (see Present).
	Images int
	// Hold is the least number of refreshes a frame stays on screen before
	// the next queued frame may replace it; 0 means 1. Hold 2 models rule
	// P8's true half-rate presentation of swap interval 2 on FIFO (an
	// extension; the default mapping gives FIFO_RELAXED). Only present.ModeFIFO
	// accepts a Hold above 1.
	Hold int
	// OnFrame, if set, is called once per present when its fate is known:
	// shown (maybe later, at a vblank) or dropped (MAILBOX replacement).
	OnFrame func(Frame)
	// OnRefresh, if set, is called at the end of each refresh once a frame
	// has been on screen (blank refreshes before the first frame are not
	// reported).
	OnRefresh func(Refresh)
}

// maxImages bounds DisplayConfig.Images.
const maxImages = 16

// Frame is the fate of one present.
type Frame struct {
	// ID numbers the presents 0, 1, 2, ... in call order.
	ID int
	// PresentedAt is the virtual time of the Present call.
	PresentedAt time.Duration
	// Updates is the number of new simulation updates the frame carries.
	Updates int
	// Dropped is true when MAILBOX replaced the frame before any vblank
	// showed it; ShownAt, Refresh and Torn are then zero.
	Dropped bool
	// ShownAt is when scan-out of the frame began: a vblank time, or the
	// present time itself for an IMMEDIATE or late FIFO_RELAXED present.
	ShownAt time.Duration
	// Refresh is the index of the refresh in which the frame first showed.
	Refresh int64
	// Torn is true when the frame replaced another in the middle of a
	// refresh (not on a vblank): the refresh shows a tear line.
	Torn bool
}

// Latency returns the time from the present to the start of its scan-out
// (zero for a dropped frame).
func (f Frame) Latency() time.Duration {
	if f.Dropped {
		return 0
	}
	return f.ShownAt - f.PresentedAt
}

// Refresh is what one refresh period [Start, next vblank) showed.
type Refresh struct {
	// Index is the refresh's number; it starts at vblank Index.
	Index int64
	// Start is the vblank time that begins the refresh.
	Start time.Duration
	// Frame is the ID of the frame on screen at the end of the refresh
	// (the newest one; with tearing, older frames fill the top).
	Frame int
	// Frames is the number of frames that began to show in this refresh:
	// 0 for a repeat, 1 normally, more with tearing.
	Frames int
	// NewUpdates is how far the picture advanced the simulation since the
	// previous refresh, in updates: the updates carried by Frame and by
	// every frame between it and the previous refresh's Frame (including
	// dropped ones). 1 per refresh is smooth; 0 and 2 alternating is judder.
	NewUpdates int
	// Repeat is true when no new frame began to show (Frames == 0).
	Repeat bool
	// Torn is true when a frame began to show after the vblank.
	Torn bool
}
