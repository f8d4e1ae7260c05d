package vulkan

// SetPresentation sets the swap interval and half rate together (P3, P8)
// through the presenter's one decision: both are validated first and
// recorded at once, so a change of both changes the swapchain once,
// before the next acquire, and unchanged settings change nothing (P5). On
// error nothing changes.
func (r *Renderer) SetPresentation(interval int, halfRate bool) error {
	return errorf("set presentation", r.pres.SetPresentation(interval, halfRate))
}
