package vulkan

// SetHalfRate turns rule P8's true half-rate presentation on or off,
// keeping the swap interval: the presenter's SetPresentation with the
// current interval. It is an explicit option beside the default mapping
// and acts only on swap interval 2: with it on, interval 2 takes FIFO
// instead of FIFO_RELAXED (present.ChooseModeHold) and each frame (Execute)
// renders the frame's scene time into two swapchain images and presents
// both, so that under FIFO, which shows one queued image per vertical
// blank, the frame stays on screen for two refresh periods. It costs a
// second render per frame.
//
// Like SetSwapInterval it records the request; the swapchain follows
// before the next acquire only when the present mode changes (P5). The
// setting survives interval changes (it is off at New unless
// Options.HalfRate). A surface without FIFO falls back to the default
// mapping, reported in Presentation (P6).
func (r *Renderer) SetHalfRate(on bool) error {
	return errorf("set half rate", r.presenter.SetPresentation(r.choice.Requested, on))
}

// SetPresentation sets the swap interval and half rate together (P3, P8)
// through the presenter's one decision: both are validated first and
// recorded at once, so a change of both changes the swapchain once,
// before the next acquire, and unchanged settings change nothing (P5). On
// error nothing changes.
func (r *Renderer) SetPresentation(interval int, halfRate bool) error {
	return errorf("set presentation", r.presenter.SetPresentation(interval, halfRate))
}
