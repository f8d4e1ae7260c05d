package pacing

import (
	"fmt"
	"github.com/metronome-engine/metronome/renderer/present"
	"time"
)

// queued is a presented frame not yet shown.
type queued struct {
	id      int
	at      time.Duration
	updates int
	cum     int64 // updates presented up to and including this frame
}

// Display is a simulated display in virtual time: it models FIFO, MAILBOX,
// IMMEDIATE and FIFO_RELAXED queueing against an exact vblank clock, so
// pacing questions ("will my 60 Hz tick judder on a 144 Hz monitor?") are
// answered without that monitor. The caller drives it with Present calls
// at non-decreasing virtual times and ends the run with Finish; then
// Report summarises it. The model, per mode:
//
//   - FIFO: presents queue; each vblank shows the oldest queued frame, or
//     repeats the picture when none is queued. Never tears, never drops.
//   - MAILBOX: at most one frame waits; a newer present replaces it (the
//     replaced frame is dropped). Frames show at vblanks; never tears.
//   - IMMEDIATE: a present shows at once, torn unless it lands exactly on
//     a vblank. Frames replaced within a refresh still show in part.
//   - FIFO_RELAXED: FIFO, except that a present made after a vblank
//     passed with nothing new queued (the frame is late) shows at once,
//     torn unless exactly on a vblank. Until a first frame has shown,
//     presents wait for a vblank as in FIFO.
//
// A frame presented exactly at a vblank makes that vblank. Scan-out of a
// refresh is taken to start at its vblank. Back-pressure is modelled
// through the swapchain image count (see Present). The Display keeps one
// latency sample (8 bytes) per shown frame for Report. It is not safe for
// concurrent use.
type Display struct {
	cfg    DisplayConfig
	queue  []queued // presented, not yet shown, oldest first
	cur    queued   // frame on screen, valid when hasCur
	hasCur bool
	since  time.Duration // when cur began to show
	curRef int64         // index of the refresh in which cur began to show
	next   int64         // index of the next vblank not yet processed
	open   bool          // a refresh is in progress (ref)
	ref    Refresh
	shown  int64 // cum of the picture at the end of the last closed refresh

	lastReturn time.Duration
	nextID     int
	cum        int64
	finished   bool
	acc        accum
}

// NewDisplay returns a Display for cfg, or an error naming the bad field.
func NewDisplay(cfg DisplayConfig) (*Display, error) {
	if err := cfg.Rate.Validate(); err != nil {
		return nil, fmt.Errorf("new display: %w", err)
	}
	if !cfg.Mode.Valid() {
		return nil, fmt.Errorf("new display: mode %v: want IMMEDIATE, MAILBOX, FIFO or FIFO_RELAXED", cfg.Mode)
	}
	if cfg.Images == 0 {
		cfg.Images = 3
	}
	if cfg.Images < 2 || cfg.Images > maxImages {
		return nil, fmt.Errorf("new display: %d swapchain images, want 2..%d", cfg.Images, maxImages)
	}
	if cfg.Hold == 0 {
		cfg.Hold = 1
	}
	if cfg.Hold < 1 || cfg.Hold > 1 && cfg.Mode != present.ModeFIFO {
		return nil, fmt.Errorf("new display: hold %d refreshes with %v: want 1, or more with FIFO only (a frame held for several refreshes needs a queue that shows one image per refresh)", cfg.Hold, cfg.Mode)
	}
	d := &Display{cfg: cfg, queue: make([]queued, 0, cfg.Images)}
	d.acc.init(cfg)
	return d, nil
}

// Present presents a frame at virtual time at carrying updates new
// simulation updates, and returns when the call returns: when the
// application again owns a free swapchain image for its next frame. That
// is at, except under back-pressure: while every image is on screen or
// queued (FIFO with a full queue, or any vblank-synced mode with 2
// images), it is the vblank that frees one. The caller advances its
// virtual time to the returned value. at must be >= 0 and not before the
// previous call returned; updates must be >= 0.
func (d *Display) Present(at time.Duration, updates int) (returns time.Duration, err error) {
	if err := d.checkPresent(at, updates); err != nil {
		return 0, err
	}
	d.advanceBefore(at)
	f := queued{id: d.nextID, at: at, updates: updates, cum: d.cum + int64(updates)}
	d.nextID++
	d.cum = f.cum
	d.acc.rep.Presents++
	d.place(f)
	returns = at
	for d.inUse() > d.cfg.Images-1 {
		returns = max(returns, d.processVBlank())
	}
	d.acc.block(returns - at)
	d.lastReturn = returns
	return returns, nil
}

func (d *Display) checkPresent(at time.Duration, updates int) error {
	switch {
	case d.finished:
		return fmt.Errorf("present at %v: display already finished", at)
	case at < 0:
		return fmt.Errorf("present at %v: negative time", at)
	case at < d.lastReturn:
		return fmt.Errorf("present at %v: before the previous present returned (%v)", at, d.lastReturn)
	case updates < 0:
		return fmt.Errorf("present at %v: %d updates, want >= 0", at, updates)
	}
	return nil
}

// place applies the present mode to a new frame presented at f.at, after
// every vblank before f.at has been processed.
func (d *Display) place(f queued) {
	switch {
	case d.cfg.Mode == present.ModeImmediate, d.cfg.Mode == present.ModeFIFORelaxed && len(d.queue) == 0 && d.late():
		d.advanceThrough(f.at)
		d.show(f, f.at)
	case d.cfg.Mode == present.ModeMailbox && len(d.queue) > 0:
		d.drop(d.queue[0])
		d.queue[0] = f
	default:
		d.queue = append(d.queue, f)
	}
}

// late reports, for FIFO_RELAXED, whether a vblank has passed since the
// frame on screen began to show, with nothing new queued: a frame
// presented now is late and shows at once.
func (d *Display) late() bool {
	return d.hasCur && d.next > 0 && d.cfg.Rate.VBlank(d.next-1) > d.since
}

// inUse counts the swapchain images on screen or queued.
func (d *Display) inUse() int {
	n := len(d.queue)
	if d.hasCur {
		n++
	}
	return n
}

// advanceBefore processes every vblank strictly before t.
func (d *Display) advanceBefore(t time.Duration) {
	for d.cfg.Rate.VBlank(d.next) < t {
		d.processVBlank()
	}
}

// advanceThrough processes every vblank at or before t.
func (d *Display) advanceThrough(t time.Duration) {
	for d.cfg.Rate.VBlank(d.next) <= t {
		d.processVBlank()
	}
}

// processVBlank ends the refresh in progress, starts the next one and
// latches the oldest queued frame, if any and if the frame on screen has
// been up for Hold refreshes. It returns the vblank's time.
func (d *Display) processVBlank() time.Duration {
	v := d.cfg.Rate.VBlank(d.next)
	d.closeRefresh()
	d.ref = Refresh{Index: d.next, Start: v, Frame: -1}
	if d.hasCur {
		d.ref.Frame = d.cur.id
	}
	d.open = true
	d.next++
	if len(d.queue) > 0 && (!d.hasCur || d.ref.Index-d.curRef >= int64(d.cfg.Hold)) {
		f := d.queue[0]
		copy(d.queue, d.queue[1:])
		d.queue = d.queue[:len(d.queue)-1]
		d.show(f, v)
	}
	return v
}

// show puts f on screen at time t, inside the open refresh.
func (d *Display) show(f queued, t time.Duration) {
	torn := t != d.ref.Start
	d.cur, d.hasCur, d.since, d.curRef = f, true, t, d.ref.Index
	d.ref.Frame = f.id
	d.ref.Frames++
	d.ref.Torn = d.ref.Torn || torn
	fr := Frame{ID: f.id, PresentedAt: f.at, Updates: f.updates, ShownAt: t, Refresh: d.ref.Index, Torn: torn}
	d.acc.frame(fr)
	if d.cfg.OnFrame != nil {
		d.cfg.OnFrame(fr)
	}
}

// drop reports f as replaced before it showed (MAILBOX).
func (d *Display) drop(f queued) {
	fr := Frame{ID: f.id, PresentedAt: f.at, Updates: f.updates, Dropped: true}
	d.acc.frame(fr)
	if d.cfg.OnFrame != nil {
		d.cfg.OnFrame(fr)
	}
}

// closeRefresh ends the refresh in progress and reports it, unless the
// screen is still blank.
func (d *Display) closeRefresh() {
	if !d.open {
		return
	}
	d.open = false
	if !d.hasCur {
		return
	}
	r := d.ref
	r.NewUpdates = int(d.cur.cum - d.shown)
	r.Repeat = r.Frames == 0
	d.shown = d.cur.cum
	d.acc.refresh(r)
	if d.cfg.OnRefresh != nil {
		d.cfg.OnRefresh(r)
	}
}

// Finish ends the run at virtual time at (not before the last Present
// returned): vblanks before at are processed, frames still queued are
// shown at the vblanks that follow, and the refresh in progress is closed
// and reported. Later Present calls are errors; a second Finish does
// nothing.
func (d *Display) Finish(at time.Duration) error {
	if d.finished {
		return nil
	}
	if at < d.lastReturn {
		return fmt.Errorf("finish at %v: before the last present returned (%v)", at, d.lastReturn)
	}
	d.advanceBefore(at)
	for len(d.queue) > 0 {
		d.processVBlank()
	}
	d.closeRefresh()
	d.finished = true
	return nil
}
