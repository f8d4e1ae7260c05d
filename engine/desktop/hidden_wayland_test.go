//go:build wayland

package desktop

import (
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// hiddenGame runs at interval 1 (FIFO), hides its window with the window
// API after 30 frames, keeps running for hiddenFor (resizing the hidden
// window once, so an event is handled), shows it again, draws 30 more
// frames and closes the window.
type hiddenGame struct {
	phase     int // 0 visible, 1 hidden, 2 shown again, 3 closing
	since     time.Time
	frames    uint64 // frames drawn when the phase began
	presents  uint64 // presents when the phase began
	rend      *Renderer
	updates   int    // updates while hidden
	drawn     uint64 // frames drawn while hidden
	presented uint64 // presents while hidden
	resized   int    // ClientSizeChanged raised while hidden
	resumed   bool   // 30 frames were drawn after Show
	closeAt   time.Time
	mode      present.PresentMode
}

// hiddenFor is how long the window stays hidden.
const hiddenFor = 3 * time.Second

func (h *hiddenGame) Configure(g *engine.Game) error {
	g.ClientSizeChanged.Add(func(*engine.Game) {
		if h.phase == 1 {
			h.resized++
		}
	})
	return nil
}

func (h *hiddenGame) Update(g *engine.Game, _ timing.GameTime) {
	if h.rend == nil {
		return
	}
	win := g.Platform().(*Platform).Window()
	now := time.Now()
	frames, presents := h.rend.Frames(), h.rend.Vulkan().Presents()
	switch {
	case h.phase == 0 && frames >= 30:
		win.Hide()
		h.begin(now, frames, presents)
	case h.phase == 1:
		h.updates++
		if h.updates == 10 {
			win.SetSize(300, 200)
		}
		if now.Sub(h.since) >= hiddenFor {
			h.drawn, h.presented = frames-h.frames, presents-h.presents
			win.Show()
			h.begin(now, frames, presents)
		}
	case h.phase == 2 && (frames-h.frames >= 30 || now.Sub(h.since) > 3*time.Second):
		h.resumed = frames-h.frames >= 30
		win.SetShouldClose(true) // delivered as a Close event by the next poll
		h.closeAt = now
		h.phase = 3
	}
}

// begin starts the next phase.
func (h *hiddenGame) begin(now time.Time, frames, presents uint64) {
	h.phase++
	h.since, h.frames, h.presents = now, frames, presents
}

func (h *hiddenGame) Draw(g *engine.Game, gt timing.GameTime) {
	SceneTime(g, gt.TotalGameTime.Duration())
	h.rend = g.GraphicsDevice().Renderer().(*Renderer)
	h.mode = h.rend.Vulkan().ModeInUse()
}

// TestW8_HiddenWindowKeepsRunningAndShowsAgain, on headless sway at
// interval 1 (FIFO, which blocks in the present while a window gets no
// frame callbacks): hidden with the window API, the game draws and
// presents nothing (W8) while for 3 s the loop keeps updating and handles
// events (a resize raises ClientSizeChanged); shown again it draws 30
// frames (no protocol error); a close request then ends Run within 200 ms,
// torn down in order with validation silent (W4).
func TestW8_HiddenWindowKeepsRunningAndShowsAgain(t *testing.T) {
	windowtest.NeedSway(t)
	h := &hiddenGame{}
	runStackGame(t, h, nil)
	closed := time.Since(h.closeAt)
	if h.mode != present.ModeFIFO {
		t.Fatalf("mode in use %v, want FIFO (interval 1)", h.mode)
	}
	if h.phase != 3 {
		t.Fatalf("Run ended in phase %d", h.phase)
	}
	t.Logf("hidden %v: %d updates, %d frames drawn, %d presents, ClientSizeChanged %d times; shown again: resumed %v; Run ended %v after the close request",
		hiddenFor, h.updates, h.drawn, h.presented, h.resized, h.resumed, closed)
	if h.drawn != 0 || h.presented != 0 {
		t.Errorf("while hidden %d frames were drawn and %d presented, want none (W8)", h.drawn, h.presented)
	}
	if h.updates < 30 {
		t.Errorf("%d updates in %v hidden: the loop stalled", h.updates, hiddenFor)
	}
	if h.resized != 1 {
		t.Errorf("ClientSizeChanged raised %d times for one resize while hidden, want 1", h.resized)
	}
	if !h.resumed {
		t.Error("drawing did not resume (30 frames in 3 s) after Show")
	}
	if closed > 200*time.Millisecond {
		t.Errorf("Run ended %v after the close request, want within 200ms", closed)
	}
	checkNoMessages(t, h.rend)
}
