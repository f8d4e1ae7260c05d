package vulkan

import (
	"fmt"
	"image"
	"time"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// presenter is the renderer's presentation: what lives as long as the
// window's surface, or less. It owns the surface, the swapchain (rebuilt
// on resize and on mode changes), the present-mode decision (swap
// interval and half rate, set together by SetPresentation), the pacing of
// an emulated FIFO and the captures of presented frames. It draws with
// the device it was given (gpu) and hands each swapchain to the device's
// frame loop.
type presenter struct {
	gpu      *deviceState // the device it presents with (the Renderer's own)
	win      Surface
	surface  vk.Surface
	format   vk.SurfaceFormat
	sc       *swapchain
	modes    present.ModeSet // supported by the surface
	choice   present.Choice  // for the requested interval (P6)
	halfRate bool            // P8: present each frame twice at interval 2 on FIFO
	presents uint64          // images queued for presentation (Status.Presents)
	stale    bool            // OUT_OF_DATE or SUBOPTIMAL seen: rebuild before the next frame
	fbW, fbH int             // framebuffer size last read from the Surface
	rebuilds int
	budget   int64 // swapchain memory budget in bytes (SwapchainBudget)

	pacer     FramePacer    // frame callbacks to emulate FIFO on, or nil
	paceBound time.Duration // the longest wait for a frame callback
	hidden    uint64        // frames not drawn because the window was not visible (W8)

	inPlace        bool                // P11: switch among compatible modes without a rebuild
	changes        int                 // changes of the presentation in use (Status.Counts)
	inPlaceChanges int                 // of which in place
	lastSwitch     present.Switch      // how the last change went (Presentation)
	applied        appliedPresentation // what the last frame presented with (notePacing)
	presentFences  []vk.Fence          // per image slot, where the device has them (createPresentFences)

	cap        *capture // read-back buffer of presented frames, made on first use
	captureOne bool     // CaptureNext: copy the next presented frame
	captured   *image.RGBA
	captureErr error
}

// SetPresentation is the presenter's one presentation decision: it sets
// the swap interval (0, 1 or 2; P3, P4) and half rate (P8) together. The
// present mode is chosen at once with present.ChooseModeHold on the
// surface's modes (FIFO emulated on frame callbacks with a FramePacer,
// present.EmulateFIFO) and recorded; the swapchain follows before the
// next acquire, only when the mode changed (P5). A bad interval is an
// error and changes nothing.
func (p *presenter) SetPresentation(interval int, halfRate bool) error {
	c, err := p.choose(interval, halfRate)
	if err != nil {
		return err
	}
	p.halfRate, p.choice = halfRate, c
	return nil
}

// choose is present.ChooseModeHold on the surface's modes, with FIFO
// emulated on frame callbacks when the presenter has a FramePacer
// (present.EmulateFIFO).
func (p *presenter) choose(interval int, halfRate bool) (present.Choice, error) {
	c, err := present.ChooseModeHold(interval, halfRate, p.modes)
	if err != nil {
		return c, err
	}
	return present.EmulateFIFO(c, p.modes, p.pacer != nil), nil
}

// appliedPresentation is what a frame presented with: the swapchain's
// mode and whether FIFO was emulated on it.
type appliedPresentation struct {
	set      bool
	mode     present.PresentMode
	emulated bool
}

// notePacing records what this frame presents with, once the swapchain
// follows the choice, and counts a change that needed no swapchain work:
// an emulated FIFO's pacing turned on or off while MAILBOX stays the mode
// in use (Wayland: FIFO(emulated) and MAILBOX). It is in place: the next
// present applies it (P6). A change of the mode itself was counted by
// rebuild or switchInPlace.
func (p *presenter) notePacing() {
	if p.sc == nil {
		return
	}
	now := appliedPresentation{set: true, mode: p.sc.mode, emulated: p.pacing()}
	if a := p.applied; a.set && a.mode == now.mode && a.emulated != now.emulated {
		p.changes++
		p.inPlaceChanges++
		p.lastSwitch = present.SwitchInPlace
	}
	p.applied = now
}

// pacing reports whether the chosen mode is an emulated FIFO.
func (p *presenter) pacing() bool { return p.pacer != nil && p.choice.Emulated }

// paceBound is PaceBound's default and limit.
func paceBound(d, waitBound time.Duration) time.Duration {
	if d <= 0 {
		d = DefaultPaceBound
	}
	return min(d, waitBound)
}

// errorf wraps err with op, or returns nil.
func errorf(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}
