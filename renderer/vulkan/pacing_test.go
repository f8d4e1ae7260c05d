package vulkan

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
)

// TestW7_PaceFrameOrder: BeginFrame's first step. A window that cannot
// present draws nothing, not even an image acquired before (W8); a held
// image is drawn without a second wait; an emulated FIFO waits for the
// frame callback before acquiring; otherwise it acquires at once.
func TestW7_PaceFrameOrder(t *testing.T) {
	cases := []struct {
		visible, held, pacing bool
		want                  paceAction
	}{
		{false, false, false, paceHidden},
		{false, true, true, paceHidden},
		{false, false, true, paceHidden},
		{true, true, true, paceDrawHeld},
		{true, true, false, paceDrawHeld},
		{true, false, true, paceWait},
		{true, false, false, paceAcquire},
	}
	for _, c := range cases {
		if got := paceFrame(c.visible, c.held, c.pacing); got != c.want {
			t.Errorf("paceFrame(visible %v, held %v, pacing %v) = %d, want %d", c.visible, c.held, c.pacing, got, c.want)
		}
	}
}

// TestW7_PaceBoundDefaultsAndLimit: PaceBound 0 is DefaultPaceBound, and
// it is never longer than WaitBound.
func TestW7_PaceBoundDefaultsAndLimit(t *testing.T) {
	cases := []struct{ set, wait, want time.Duration }{
		{0, DefaultWaitBound, DefaultPaceBound},
		{20 * time.Millisecond, DefaultWaitBound, 20 * time.Millisecond},
		{0, 30 * time.Millisecond, 30 * time.Millisecond},
		{time.Minute, DefaultWaitBound, DefaultWaitBound},
	}
	for _, c := range cases {
		if got := paceBound(c.set, c.wait); got != c.want {
			t.Errorf("paceBound(%v, %v) = %v, want %v", c.set, c.wait, got, c.want)
		}
	}
}

// fakePacer stands in for a window's frame callbacks: WaitFrame reports
// arrived and records its bound.
type fakePacer struct {
	arrived  bool
	failWait int // the wait (counted from 1) that times out whatever arrived says; 0: none
	waits    int
	requests int
	cancels  int
	bound    time.Duration
}

func (p *fakePacer) RequestFrame() error { p.requests++; return nil }
func (p *fakePacer) WaitFrame(bound time.Duration) bool {
	p.waits++
	p.bound = bound
	return p.arrived && p.waits != p.failWait
}
func (p *fakePacer) CancelFrame() { p.cancels++ }

// visibleSurface is a mainSurface whose visibility the test sets.
type visibleSurface struct {
	mainSurface
	visible bool
}

func (s *visibleSurface) CanPresent() bool { return s.visible }

// TestW10_EmulatedFIFOOnTheRealStack: with a FramePacer and a surface
// offering MAILBOX, interval 1 runs MAILBOX reported as an emulated FIFO
// (P6); each frame first waits, with the pace bound, for the last frame
// callback and asks for a new one right before its present; a wait that
// runs out skips the frame (counted by Skipped, nothing presented); a
// surface that cannot present skips the frame and forgets the callback
// (W8); interval 0 is not paced.
func TestW10_EmulatedFIFOOnTheRealStack(t *testing.T) {
	p := &fakePacer{arrived: true}
	g := openGPU(t, 96, 64, Options{SwapInterval: 1, Pacer: p, PaceBound: 20 * time.Millisecond})
	if !g.r.SupportedPresentModes().Has(present.ModeMailbox) {
		t.Skipf("the surface offers no MAILBOX (%v): FIFO cannot be emulated here", g.r.SupportedPresentModes())
	}
	s := &visibleSurface{mainSurface: mainSurface{g.win}, visible: true}
	g.r.pres.win = s
	c := g.r.Presentation()
	if !c.Emulated || c.Mode != present.ModeMailbox || c.Requested != 1 {
		t.Fatalf("interval 1 with a pacer: %+v, want FIFO emulated on MAILBOX", c)
	}
	for i := range 3 {
		if !g.draw(t, float64(i)/60) {
			t.Fatalf("frame %d not drawn", i)
		}
	}
	if g.r.ModeInUse() != present.ModeMailbox || p.waits != 3 || p.requests != 3 || p.bound != 20*time.Millisecond {
		t.Errorf("3 frames: mode in use %v, %d waits (bound %v), %d callbacks requested; want MAILBOX, 3 waits of 20ms, 3 requests",
			g.r.ModeInUse(), p.waits, p.bound, p.requests)
	}
	presents := g.r.Presents()
	p.arrived = false
	if g.draw(t, 0.1) || g.r.Skipped() != 1 || g.r.Presents() != presents || p.requests != 3 {
		t.Errorf("a wait that ran out: skipped %d, presents %d -> %d, requests %d; want the frame skipped and counted, nothing presented",
			g.r.Skipped(), presents, g.r.Presents(), p.requests)
	}
	p.arrived = true
	s.visible = false
	waits := p.waits
	if g.draw(t, 0.2) || g.r.Hidden() != 1 || p.cancels != 1 || p.waits != waits || g.r.Presents() != presents {
		t.Errorf("hidden: hidden %d, cancels %d, waits %d -> %d, presents %d; want the frame skipped, the callback forgotten, no wait, no present",
			g.r.Hidden(), p.cancels, waits, p.waits, g.r.Presents())
	}
	s.visible = true
	if !g.draw(t, 0.3) || g.r.Presents() != presents+1 {
		t.Errorf("visible again: presents %d, want %d", g.r.Presents(), presents+1)
	}
	// Half rate (P8) on the emulated FIFO: each frame presented twice, the
	// second after the first one's callback; when that does not come the
	// second present is skipped and counted.
	if err := g.r.SetPresentation(2, true); err != nil {
		t.Fatal(err)
	}
	if c := g.r.Presentation(); !c.Emulated || c.Mode != present.ModeMailbox || c.Hold != 2 {
		t.Fatalf("interval 2 with half rate and a pacer: %+v, want FIFO emulated on MAILBOX, hold 2", c)
	}
	waits, requests, presents := p.waits, p.requests, g.r.Presents()
	if !g.draw(t, 0.35) || p.waits != waits+2 || p.requests != requests+2 || g.r.Presents() != presents+2 {
		t.Errorf("half rate: %d waits, %d requests, %d presents for one frame; want 2 each",
			p.waits-waits, p.requests-requests, g.r.Presents()-presents)
	}
	skipped := g.r.Skipped()
	p.failWait = p.waits + 2 // the wait between the two presents
	presents = g.r.Presents()
	if !g.draw(t, 0.36) || g.r.Presents() != presents+1 || g.r.Skipped() != skipped+1 {
		t.Errorf("half rate, the first present's callback late: %d presents, %d skipped; want 1 and 1",
			g.r.Presents()-presents, g.r.Skipped()-skipped)
	}
	p.failWait = 0
	if err := g.r.SetPresentation(0, false); err != nil {
		t.Fatal(err)
	}
	waits, requests = p.waits, p.requests
	g.draw(t, 0.4)
	if c := g.r.Presentation(); c.Emulated || p.waits != waits || p.requests != requests {
		t.Errorf("interval 0: %+v, %d waits and %d requests more; want no pacing", c, p.waits-waits, p.requests-requests)
	}
}

// TestP6_PacingChangeIsCountedInPlace: where FIFO is emulated on MAILBOX
// (a FramePacer: Wayland), switching between interval 1 and 0 changes the
// pacing, not the mode in use; each switch is a change applied in place at
// the next frame (P6), with no rebuild. Setting the same again, or half
// rate's hold on the same pacing, is none.
func TestP6_PacingChangeIsCountedInPlace(t *testing.T) {
	g := openGPU(t, 96, 64, Options{SwapInterval: 1, Pacer: &fakePacer{arrived: true}, PaceBound: 20 * time.Millisecond})
	if !g.r.SupportedPresentModes().Has(present.ModeMailbox) {
		t.Skipf("the surface offers no MAILBOX (%v): FIFO cannot be emulated here", g.r.SupportedPresentModes())
	}
	// A Wayland surface's modes: MAILBOX and FIFO only (X11's lavapipe
	// offers IMMEDIATE and FIFO_RELAXED too).
	g.r.pres.modes = 1<<present.ModeMailbox | 1<<present.ModeFIFO
	if err := g.r.SetPresentation(1, false); err != nil {
		t.Fatal(err)
	}
	frame := func(i int) {
		t.Helper()
		if !g.draw(t, float64(i)/60) {
			t.Fatalf("frame %d not drawn", i)
		}
	}
	frame(0)
	before := g.r.PresentationCounts()
	steps := []struct {
		interval int
		half     bool
		changed  bool
	}{{0, false, true}, {1, false, true}, {1, false, false}, {2, true, false}, {0, true, true}, {2, false, true}}
	for i, s := range steps {
		if err := g.r.SetPresentation(s.interval, s.half); err != nil {
			t.Fatal(err)
		}
		frame(i + 1)
		c := g.r.PresentationCounts()
		want := before
		if s.changed {
			want.Changes++
			want.InPlace++
		}
		if c != want || g.r.ModeInUse() != present.ModeMailbox || g.r.Presentation().Switch != present.SwitchInPlace {
			t.Errorf("step %d (interval %d, half rate %v): counts %+v, mode %v, switch %q; want %+v, MAILBOX, in place",
				i, s.interval, s.half, c, g.r.ModeInUse(), g.r.Presentation().Switch, want)
		}
		before = c
	}
}
