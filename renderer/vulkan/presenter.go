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
	presents uint64          // images queued for presentation (Presents)
	stale    bool            // OUT_OF_DATE or SUBOPTIMAL seen: rebuild before the next frame
	fbW, fbH int             // framebuffer size last read from the Surface
	rebuilds int
	budget   int64 // swapchain memory budget in bytes (SwapchainBudget)

	pacer     FramePacer    // frame callbacks to emulate FIFO on, or nil
	paceBound time.Duration // the longest wait for a frame callback
	hidden    uint64        // frames not drawn because the window was not visible (W8)

	inPlace        bool           // P11: switch among compatible modes without a rebuild
	changes        int            // changes of the mode in use (PresentationCounts)
	inPlaceChanges int            // of which in place
	lastSwitch     present.Switch // how the last change went (Presentation)
	presentFences  []vk.Fence     // per image slot, where the device has them (createPresentFences)

	cap        *capture // read-back buffer of presented frames, made on first use
	captureOne bool     // CaptureNext: copy the next presented frame
	captureAll bool     // SetCaptureEvery: copy every presented frame
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

// pacing reports whether the chosen mode is an emulated FIFO.
func (p *presenter) pacing() bool { return p.pacer != nil && p.choice.Emulated }

// Presentation reports the last requested swap interval, the present mode
// chosen for it, whether (and why) it fell back (P6), whether it is a FIFO
// emulated on frame callbacks (Options.Pacer), and the refreshes each
// frame is held for (Hold 2 while half rate is active, P8). The chosen
// mode is in use from the next frame; ModeInUse reports the live
// swapchain's.
//
// Its Switch says how the last change of mode was applied: in place
// (P11) or by a rebuild (P5).
func (p *presenter) Presentation() present.Choice {
	c := p.choice
	c.Switch = p.lastSwitch
	return c
}

// ModeInUse is the present mode of the live swapchain: an observation, not
// the request (P6). Zero (not a valid mode) before the first swapchain.
func (p *presenter) ModeInUse() present.PresentMode {
	if p == nil || p.sc == nil {
		return 0
	}
	return p.sc.mode
}

// SupportedPresentModes is the set of present modes the window's surface
// supports (read once, at New).
func (p *presenter) SupportedPresentModes() present.ModeSet { return p.modes }

// HalfRate reports whether half rate was asked for (SetHalfRate); it is
// active only at swap interval 2 with FIFO, when Presentation().Hold is 2.
func (p *presenter) HalfRate() bool { return p.halfRate }

// Presents is how many images were queued for presentation since New (a
// present that returned VK_SUCCESS or VK_SUBOPTIMAL_KHR): one per drawn
// frame, two while half rate is active (P8), and one per ReadBack present.
func (p *presenter) Presents() uint64 { return p.presents }

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
