package vulkan

import (
	"errors"
	"fmt"
	"time"

	vk "github.com/vulkan-go/vulkan"
)

// DrawFrame draws the lit cube as it is at time t (the rotation is a pure
// function of t: SpinRate radians per second) and the objects last set by
// SetObjects, and presents it.
//
// Before acquiring it rebuilds the swapchain, passing the old one, when the
// last frame saw OUT_OF_DATE or SUBOPTIMAL, after Resize, or when
// SetSwapInterval changed the present mode (W2, P5). It asks the Surface for
// the framebuffer size only then (and while the size is 0x0), so the caller
// should call Resize on the window's framebuffer-size and iconify events.
// While the framebuffer is 0x0 (minimised) it draws nothing and returns
// drawn == false at once; the caller should then wait for window events
// instead of calling again in a tight loop (window.WaitEvents).
//
// While half rate is active (SetHalfRate at swap interval 2, FIFO:
// Presentation().Hold is 2) it does all of this twice: the same scene time
// is rendered into two acquired images and both are presented, so FIFO
// shows the frame for two refreshes (P8). drawn is then true when both
// were presented.
//
// A steady-state frame (no rebuild) allocates nothing on the Go heap.
func (r *Renderer) DrawFrame(t time.Duration) (drawn bool, err error) {
	if r == nil || r.dev == nil {
		return false, errors.New("draw frame: the renderer was destroyed")
	}
	hold := r.choice.Refreshes()
	for i := range hold {
		// A read-back copies only the last image (its copy buffer is
		// not free while an earlier submit may still use it).
		drawn, err = r.drawOnce(t, r.capturing && i == hold-1)
		if err != nil || !drawn {
			return drawn, err
		}
	}
	return true, nil
}

// drawOnce is one acquire, render and present of DrawFrame; capture
// appends the read-back copy to the submit.
func (r *Renderer) drawOnce(t time.Duration, capture bool) (drawn bool, err error) {
	if r.stale || r.sc == nil || r.fbW <= 0 || r.fbH <= 0 {
		r.fbW, r.fbH = r.win.FramebufferSize()
	}
	w, h := r.fbW, r.fbH
	switch r.decide(w, h) {
	case actionSkip:
		return false, nil
	case actionRebuild:
		if err := r.rebuild(w, h); err != nil {
			return false, skipZero(err)
		}
	}
	res := r.loop.acquire()
	if res == vk.ErrorOutOfDate {
		r.stale = true
		r.fbW, r.fbH = r.win.FramebufferSize()
		if r.decide(r.fbW, r.fbH) == actionSkip {
			return false, nil
		}
		if err := r.rebuild(r.fbW, r.fbH); err != nil {
			return false, skipZero(err)
		}
		res = r.loop.acquire()
	}
	switch res {
	case vk.Success:
	case vk.Suboptimal:
		r.stale = true // present this image, rebuild before the next
	case vk.ErrorOutOfDate:
		r.stale = true
		return false, nil
	default:
		return false, r.frameErr(res)
	}
	return true, r.submit(t, capture)
}

// skipZero turns a rebuild that met a 0x0 surface into a skipped frame
// (the swapchain is then rebuilt on a later frame); other errors are wrapped.
func skipZero(err error) error {
	if errors.Is(err, errZeroExtent) {
		return nil
	}
	return fmt.Errorf("draw frame: %w", err)
}

// decide applies decideFrame to the current state.
func (r *Renderer) decide(w, h int) frameAction {
	if r.sc == nil {
		return decideFrame(w, h, 0, 0, true, 0, r.choice.Mode)
	}
	return decideFrame(w, h, r.sc.fbW, r.sc.fbH, r.stale, r.sc.mode, r.choice.Mode)
}

// submit writes the acquired image's uniforms, then submits and presents,
// with the read-back copy appended when capture is set.
func (r *Renderer) submit(t time.Duration, capture bool) error {
	img := r.loop.image()
	var extra vk.CommandBuffer
	if capture {
		cmd, err := r.recordCapture(img)
		if err != nil {
			// The image is acquired: present it without the copy, then report.
			r.capturing = false
			if res := r.present(nil); res < 0 && res != vk.ErrorOutOfDate {
				return r.frameErr(res)
			}
			return err
		}
		extra = cmd
	}
	r.writeUniforms(img, t)
	res := r.present(extra)
	r.lastT = t
	switch res {
	case vk.Success:
	case vk.Suboptimal, vk.ErrorOutOfDate:
		r.stale = true
	default:
		return r.frameErr(res)
	}
	return nil
}

// present submits and presents the acquired image (with extra, when not
// nil) and counts it when the present queued it.
func (r *Renderer) present(extra vk.CommandBuffer) vk.Result {
	res := r.loop.submitPresent(extra)
	if res == vk.Success || res == vk.Suboptimal {
		r.presents++
	}
	return res
}

// writeUniforms writes image img's uniform block for time t: the cube as a
// pure function of t and the extent, and the objects SetObjects set, or,
// for a read-back, those of the last frame (so ReadBack redraws exactly it).
func (r *Renderer) writeUniforms(img int, t time.Duration) {
	objs, n := r.ubo.Objects, r.ubo.Count[0] // the last frame's
	if !r.capturing {
		objs, n = r.objects, r.nObjects
	}
	r.ubo = sceneUniforms(t, int(r.sc.extent.Width), int(r.sc.extent.Height))
	r.ubo.Objects, r.ubo.Count = objs, [4]uint32{n}
	*(*uniforms)(r.sc.ubos[img].mapped) = r.ubo
}

// frameErr wraps a failed fast-path call.
func (r *Renderer) frameErr(res vk.Result) error {
	return callErr("draw frame", r.loop.lastCall(), res)
}

// rebuild waits for the device, builds a new swapchain for a w x h
// framebuffer with the chosen present mode (passing the old swapchain, which
// it then destroys) and hands it to the frame loop.
func (r *Renderer) rebuild(w, h int) error {
	if err := callErr("rebuild swapchain", "vkDeviceWaitIdle", vk.DeviceWaitIdle(r.dev.handle)); err != nil {
		return err
	}
	old := r.sc
	var oldHandle vk.Swapchain
	if old != nil {
		oldHandle = old.handle
	}
	sc, err := r.newSwapchain(oldHandle, r.choice.Mode, w, h)
	r.destroySwapchain(old) // retired by the create call, even a failed one
	r.sc = nil
	if err != nil {
		return fmt.Errorf("rebuild swapchain: %w", err)
	}
	r.sc = sc
	r.loop.setSwapchain(sc.handle, sc.cmds, sc.rendered)
	r.stale = false
	r.rebuilds++
	return nil
}

// Resize tells the renderer the framebuffer may have changed size or been
// minimised (call it on the window's framebuffer-size and iconify events):
// the next DrawFrame reads the size again and rebuilds the swapchain (or
// skips drawing at 0x0). Without it, a resize is still noticed when the
// driver reports SUBOPTIMAL or OUT_OF_DATE.
func (r *Renderer) Resize() { r.stale = true }

// WaitIdle blocks until the device has finished all submitted work.
func (r *Renderer) WaitIdle() error {
	if r == nil || r.dev == nil {
		return nil
	}
	return callErr("wait idle", "vkDeviceWaitIdle", vk.DeviceWaitIdle(r.dev.handle))
}

// Rebuilds is how many swapchains have been built, the first included (for
// tests of rule P5 and for diagnostics).
func (r *Renderer) Rebuilds() int { return r.rebuilds }

// Extent is the current swapchain's size in pixels (0x0 before the first).
func (r *Renderer) Extent() (width, height int) {
	if r == nil || r.sc == nil {
		return 0, 0
	}
	return int(r.sc.extent.Width), int(r.sc.extent.Height)
}

// FramesInFlight is the number of frames the CPU may prepare ahead.
func (r *Renderer) FramesInFlight() int {
	if r == nil || r.sync == nil {
		return 0
	}
	return len(r.sync.fences)
}

// SetFramesInFlight changes the number of frames in flight (1 to 3): it
// waits for the device and replaces the per-frame fences and semaphores.
func (r *Renderer) SetFramesInFlight(n int) error {
	if n < 1 || n > maxFrames {
		return fmt.Errorf("set frames in flight: %d: want 1 to %d", n, maxFrames)
	}
	if n == r.FramesInFlight() {
		return nil
	}
	if err := r.WaitIdle(); err != nil {
		return fmt.Errorf("set frames in flight: %w", err)
	}
	r.sync.destroy()
	r.sync = nil
	if err := r.createFrames(n); err != nil {
		return fmt.Errorf("set frames in flight: %w", err)
	}
	if r.sc != nil {
		r.loop.setSwapchain(r.sc.handle, r.sc.cmds, r.sc.rendered)
	}
	return nil
}
