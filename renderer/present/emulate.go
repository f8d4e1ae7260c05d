package present

// EmulateFIFO serves a FIFO choice with MAILBOX paced on the surface's
// frame callbacks, the way a Wayland presenter keeps interval 1 (and
// interval 2's fallback to FIFO) without an unbounded wait: a real FIFO
// present blocks until the compositor's next frame callback, which a
// hidden or occluded window never gets, while a MAILBOX present never
// blocks and the renderer's own wait for the callback has a bound.
//
// It returns c unchanged unless pacing is available, c.Mode is FIFO and
// the surface supports MAILBOX. Otherwise the result has Mode MAILBOX,
// Emulated true, the same Requested, FellBack and Hold, and a Reason that
// says FIFO is emulated (P6: reported, never silent). Half rate's Hold 2
// is kept: each frame is presented twice, the second present after the
// first one's frame callback, so it stays on screen for two refreshes.
func EmulateFIFO(c Choice, supported ModeSet, pacing bool) Choice {
	if !pacing || c.Mode != ModeFIFO || !supported.Has(ModeMailbox) {
		return c
	}
	c.Mode = ModeMailbox
	c.Emulated = true
	c.Reason += "; FIFO emulated: MAILBOX paced on the surface's frame callbacks with a bounded wait " +
		"(a frame that gets no callback in time is skipped, never waited for)"
	return c
}

// DisplayMode names the present mode as seen from the display, in one
// word for tables and status lines: Mode's name, or "FIFO(emulated)" for
// an emulated FIFO (whose Mode is MAILBOX).
func (c Choice) DisplayMode() string {
	if c.Emulated {
		return "FIFO(emulated)"
	}
	return c.Mode.String()
}
