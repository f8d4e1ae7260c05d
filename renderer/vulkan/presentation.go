package vulkan

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
)

// SetSwapInterval records a new swap interval (0, 1 or 2; anything else is an
// error and changes nothing). The present mode is chosen at once with
// present.ChooseMode from SupportedPresentModes (P4), or, while half rate is
// on (SetHalfRate), with present.ChooseModeHold (P8); when it differs from
// the mode in use, the swapchain is rebuilt with it, passing the old one,
// before the next image is acquired; an unchanged mode rebuilds nothing (P5).
func (r *Renderer) SetSwapInterval(n int) error {
	c, err := r.choose(n, r.halfRate)
	if err != nil {
		return fmt.Errorf("set swap interval: %w", err)
	}
	r.choice = c
	return nil
}

// choose is present.ChooseModeHold on the surface's modes, with FIFO
// emulated on frame callbacks when the renderer has a FramePacer
// (present.EmulateFIFO).
func (r *Renderer) choose(interval int, halfRate bool) (present.Choice, error) {
	c, err := present.ChooseModeHold(interval, halfRate, r.modes)
	if err != nil {
		return c, err
	}
	return present.EmulateFIFO(c, r.modes, r.pacer != nil), nil
}

// paceBound is PaceBound's default and limit.
func paceBound(d, waitBound time.Duration) time.Duration {
	if d <= 0 {
		d = DefaultPaceBound
	}
	return min(d, waitBound)
}

// pacing reports whether the chosen mode is an emulated FIFO.
func (r *Renderer) pacing() bool { return r.pacer != nil && r.choice.Emulated }

// Presentation reports the last requested swap interval, the present mode
// chosen for it, whether (and why) it fell back (P6), whether it is a FIFO
// emulated on frame callbacks (Options.Pacer), and the refreshes each
// frame is held for (Hold 2 while half rate is active, P8). The chosen mode is
// in use from the next frame; ModeInUse reports the live swapchain's.
func (r *Renderer) Presentation() present.Choice { return r.choice }

// ModeInUse is the present mode of the live swapchain: an observation, not
// the request (P6). Zero (not a valid mode) before the first swapchain.
func (r *Renderer) ModeInUse() present.PresentMode {
	if r == nil || r.sc == nil {
		return 0
	}
	return r.sc.mode
}

// SupportedPresentModes is the set of present modes the window's surface
// supports (read once, at New).
func (r *Renderer) SupportedPresentModes() present.ModeSet { return r.modes }
