package present

import (
	"strings"
	"testing"
)

// TestW10_EmulatedFIFOOnlyForFIFOWithPacing: with frame callbacks to pace
// on and MAILBOX supported, a choice of FIFO (held once, or twice for half
// rate) becomes MAILBOX reported as an emulated FIFO (the request,
// fallback and hold kept, the reason saying so); without pacing, without
// MAILBOX and for other modes nothing changes.
func TestW10_EmulatedFIFOOnlyForFIFOWithPacing(t *testing.T) {
	wayland := NewModeSet(ModeMailbox, ModeFIFO)
	rows := []struct {
		interval int
		halfRate bool
		modes    ModeSet
		pacing   bool
		mode     PresentMode
		emulated bool
		fellBack bool
	}{
		{1, false, wayland, true, ModeMailbox, true, false},
		{2, false, wayland, true, ModeMailbox, true, true}, // FIFO_RELAXED -> FIFO, emulated
		{0, false, wayland, true, ModeMailbox, false, true},
		{1, false, wayland, false, ModeFIFO, false, false},
		{1, false, NewModeSet(ModeFIFO), true, ModeFIFO, false, false},
		{1, false, AllModes, true, ModeMailbox, true, false},
		{2, false, AllModes, true, ModeFIFORelaxed, false, false},
		{2, true, wayland, true, ModeMailbox, true, false}, // half rate: hold 2 kept
		{2, true, wayland, false, ModeFIFO, false, false},
	}
	for _, row := range rows {
		c, err := ChooseModeHold(row.interval, row.halfRate, row.modes)
		if err != nil {
			t.Fatal(err)
		}
		got := EmulateFIFO(c, row.modes, row.pacing)
		if got.Mode != row.mode || got.Emulated != row.emulated || got.FellBack != row.fellBack ||
			got.Requested != row.interval || got.Hold != c.Hold {
			t.Errorf("interval %d half rate %v on %v, pacing %v: got %+v; want mode %v emulated %v fell back %v",
				row.interval, row.halfRate, row.modes, row.pacing, got, row.mode, row.emulated, row.fellBack)
		}
		if got.Emulated != strings.Contains(got.Reason, "FIFO emulated") {
			t.Errorf("interval %d: emulated %v but reason %q", row.interval, got.Emulated, got.Reason)
		}
		wantName := got.Mode.String()
		if got.Emulated {
			wantName = "FIFO(emulated)"
		}
		if got.DisplayMode() != wantName {
			t.Errorf("interval %d: DisplayMode %q, want %q", row.interval, got.DisplayMode(), wantName)
		}
	}
}
