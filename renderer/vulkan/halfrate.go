package vulkan

import "fmt"

// SetHalfRate turns rule P8's true half-rate presentation on or off. It is
// an explicit option beside the default mapping and acts only on swap
// interval 2: with it on, interval 2 takes FIFO instead of FIFO_RELAXED
// (present.ChooseModeHold) and each frame (Execute) renders the frame's scene
// time into two swapchain images and presents both, so that under FIFO,
// which shows one queued image per vertical blank, the frame stays on
// screen for two refresh periods. It costs a second render per frame.
//
// Like SetSwapInterval it records the request; the swapchain is rebuilt
// before the next acquire only when the present mode changes (P5). The
// setting survives interval changes (it is off at New). A surface without
// FIFO falls back to the default mapping, reported in Presentation (P6).
func (r *Renderer) SetHalfRate(on bool) error {
	c, err := r.choose(r.choice.Requested, on)
	if err != nil {
		return fmt.Errorf("set half rate: %w", err)
	}
	r.halfRate, r.choice = on, c
	return nil
}

// HalfRate reports whether half rate was asked for (SetHalfRate); it is
// active only at swap interval 2 with FIFO, when Presentation().Hold is 2.
func (r *Renderer) HalfRate() bool { return r.halfRate }

// Presents is how many images were queued for presentation since New (a
// present that returned VK_SUCCESS or VK_SUBOPTIMAL_KHR): one per drawn
// frame, two while half rate is active (P8), and one per ReadBack present.
func (r *Renderer) Presents() uint64 { return r.presents }

// SetPresentation sets the swap interval and half rate together (P3,
// P8): both are validated first and recorded at once, so a change of both
// rebuilds the swapchain once, before the next acquire, and unchanged
// settings rebuild nothing (P5). On error nothing changes.
func (r *Renderer) SetPresentation(interval int, halfRate bool) error {
	c, err := r.choose(interval, halfRate)
	if err != nil {
		return fmt.Errorf("set presentation: %w", err)
	}
	r.halfRate, r.choice = halfRate, c
	return nil
}
