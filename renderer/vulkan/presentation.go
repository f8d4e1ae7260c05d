package vulkan

// SetSwapInterval records a new swap interval (0, 1 or 2; anything else is
// an error and changes nothing), keeping half rate as it is: the
// presenter's SetPresentation with the current half rate. The present
// mode is chosen at once with present.ChooseMode from
// SupportedPresentModes (P4), or, while half rate is on (SetHalfRate),
// with present.ChooseModeHold (P8); when it differs from the mode in use,
// the swapchain follows before the next image is acquired; an unchanged
// mode changes nothing (P5).
func (r *Renderer) SetSwapInterval(n int) error {
	return errorf("set swap interval", r.presenter.SetPresentation(n, r.halfRate))
}
