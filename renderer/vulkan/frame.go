package vulkan

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// BeginFrame prepares a frame: it acquires the next swapchain image, which
// the next Execute of a record with Present draws and presents. drawn is
// false when no frame can be drawn now: skip the frame's drawing and call
// BeginFrame again for the next one.
//
// Before acquiring it rebuilds the swapchain, passing the old one, when the
// last frame saw OUT_OF_DATE or SUBOPTIMAL, after Resize, or when
// SetPresentation changed the present mode (W2, P5). It asks the Surface for
// the framebuffer size only then (and while the size is 0x0), so the caller
// should call Resize on the window's framebuffer-size and iconify events.
// While the framebuffer is 0x0 (minimised) it returns false at once; the
// caller should then wait for window events instead of calling again in a
// tight loop (window.WaitEvents).
//
// Every wait is bounded (W7, Options.WaitBound): when the GPU or the
// presentation engine does not give an image in time, the frame is skipped
// (false, counted by Skipped), never waited for without end. With an
// emulated FIFO (Options.Pacer) it first waits, at most PaceBound, for the
// frame callback of the last present, and skips the frame (false, counted
// by Skipped) when none comes: a hidden or occluded window gets none.
//
// While the Surface reports it cannot present (Visibility), it returns
// false at once and forgets an outstanding frame callback (W8): nothing is
// drawn or presented, not even an image acquired before.
//
// A steady-state frame (no rebuild) allocates nothing on the Go heap.
func (r *Renderer) BeginFrame() (drawn bool, err error) {
	if r == nil || r.gpu.dev == nil {
		return false, errors.New("begin frame: the renderer was destroyed")
	}
	switch paceFrame(r.visible(), r.frames.acquired, r.pres.pacing()) {
	case paceHidden:
		r.pres.hidden++
		if r.pres.pacer != nil {
			r.pres.pacer.CancelFrame()
		}
		return false, nil
	case paceDrawHeld:
		return true, nil // the last acquired image was not drawn yet
	case paceWait:
		if !r.pres.pacer.WaitFrame(r.pres.paceBound) {
			r.frames.skipped++ // W7: no frame callback within the bound
			return false, nil
		}
	}
	return r.acquireNext()
}

// visible asks the Surface whether a present would be shown (true when
// it cannot tell).
func (r *Renderer) visible() bool {
	v, ok := r.pres.win.(Visibility)
	return !ok || v.CanPresent()
}

// paceAction is what BeginFrame does before acquiring.
type paceAction int

const (
	paceAcquire  paceAction = iota // acquire an image now
	paceHidden                     // the window is not visible: skip, forget the callback (W8)
	paceDrawHeld                   // an image acquired before is still to be drawn
	paceWait                       // wait, bounded, for the last present's frame callback, then acquire
)

// paceFrame decides BeginFrame's first step from whether the window is
// visible, an image is held from an earlier BeginFrame, and FIFO is
// emulated on frame callbacks. Pure, so W7 and W8's order is tested
// without a compositor: visibility first (a held image is not drawn while
// hidden), then a held image (its wait was done), then the pacing wait.
func paceFrame(visible, held, pacing bool) paceAction {
	switch {
	case !visible:
		return paceHidden
	case held:
		return paceDrawHeld
	case pacing:
		return paceWait
	}
	return paceAcquire
}

// acquireNext rebuilds when needed and acquires an image.
func (r *Renderer) acquireNext() (drawn bool, err error) {
	if r.pres.stale || r.pres.sc == nil || r.pres.fbW <= 0 || r.pres.fbH <= 0 {
		r.pres.fbW, r.pres.fbH = r.pres.win.FramebufferSize()
	}
	w, h := r.pres.fbW, r.pres.fbH
	switch r.decide(w, h) {
	case actionSkip:
		return false, nil
	case actionSwitch:
		if err := r.pres.switchInPlace(); err != nil {
			return false, fmt.Errorf("begin frame: %w", err)
		}
	case actionRebuild:
		if err := r.pres.rebuild(w, h); err != nil {
			return false, skipZero(err)
		}
	}
	res := r.gpu.loop.acquire()
	if res == vk.ErrorOutOfDate {
		r.pres.stale = true
		r.pres.fbW, r.pres.fbH = r.pres.win.FramebufferSize()
		if r.decide(r.pres.fbW, r.pres.fbH) == actionSkip {
			return false, nil
		}
		if err := r.pres.rebuild(r.pres.fbW, r.pres.fbH); err != nil {
			return false, skipZero(err)
		}
		res = r.gpu.loop.acquire()
	}
	switch acquireOutcome(res, r.gpu.loop.heldImage()) {
	case acquireDraw:
	case acquireDrawStale:
		r.pres.stale = true // present this image, rebuild before the next
	case acquireStale:
		r.pres.stale = true
		return false, nil
	case acquireSkip:
		r.frames.skipped++ // W7: no image within the bound; nothing is held
		return false, nil
	default:
		return false, r.frameErr(res)
	}
	r.frames.acquired = true
	r.pres.notePacing()
	return true, nil
}

// acquireResult is what a frame does after an acquire.
type acquireResult int

const (
	acquireDraw      acquireResult = iota // draw into the image
	acquireDrawStale                      // draw, then rebuild before the next frame (SUBOPTIMAL)
	acquireStale                          // no image: rebuild, skip this frame (OUT_OF_DATE)
	acquireSkip                           // no image within the bound: skip this frame (W7)
	acquireFail                           // an error
)

// acquireOutcome decides from the acquire's result, and whether an image
// was taken before a wait ran out (then the image must still be presented,
// so a timeout is an error, not a skip). Pure, so W7 is tested without a
// display that stalls.
func acquireOutcome(res vk.Result, held bool) acquireResult {
	switch res {
	case vk.Success:
		return acquireDraw
	case vk.Suboptimal:
		return acquireDrawStale
	case vk.ErrorOutOfDate:
		return acquireStale
	case vk.Timeout, vk.NotReady:
		if !held {
			return acquireSkip
		}
	}
	return acquireFail
}

// skipZero turns a rebuild that met a 0x0 surface into a skipped frame
// (the swapchain is then rebuilt on a later frame); other errors are wrapped.
func skipZero(err error) error {
	if errors.Is(err, errZeroExtent) {
		return nil
	}
	return fmt.Errorf("begin frame: %w", err)
}

// decide applies decideFrame to the current state.
func (r *Renderer) decide(w, h int) frameAction {
	if r.pres.sc == nil {
		return decideFrame(w, h, 0, 0, true, 0, r.pres.choice.Mode, 0)
	}
	return decideFrame(w, h, r.pres.sc.fbW, r.pres.sc.fbH, r.pres.stale, r.pres.sc.mode, r.pres.choice.Mode, r.pres.sc.compatible)
}

// frameErr wraps a failed fast-path call.
func (r *Renderer) frameErr(res vk.Result) error {
	return callErr("draw frame", r.gpu.loop.lastCall(), res)
}

// rebuild waits until nothing uses the swapchain when there is one to
// replace (waitForPresentation: with present fences, exactly the frames
// and presents in flight, bounded; else the device), builds a new one for a w x h framebuffer with the chosen present mode
// (passing the old swapchain, which it then destroys) and hands it to the
// frame loop. The first build does not wait: no frame has used a
// swapchain yet, and the start's warm-up draws (which may still be
// compiling on the queue) touch none, so the two overlap.
func (p *presenter) rebuild(w, h int) error {
	old := p.sc
	if old != nil {
		if err := p.waitForPresentation(); err != nil {
			return err
		}
	}
	if err := p.gpu.applySwapMS(); err != nil {
		return err
	}
	var oldHandle vk.Swapchain
	var oldMode present.PresentMode
	if old != nil {
		oldHandle, oldMode = old.handle, old.mode
	}
	sc, err := p.newSwapchain(oldHandle, p.choice.Mode, w, h)
	p.destroySwapchain(old) // retired by the create call, even a failed one
	p.sc = nil
	if err != nil {
		return fmt.Errorf("rebuild swapchain: %w", err)
	}
	p.sc = sc
	p.gpu.loop.setSwapchain(sc.handle, sc.images, sc.fbs, sc.rendered)
	vkMode, _ := toVkMode(sc.mode) // newSwapchain checked it
	p.gpu.loop.setPresentMode(vkMode, sc.compatible != 0)
	p.stale = false
	p.rebuilds++
	if old != nil && oldMode != sc.mode {
		p.changes++
		p.lastSwitch = present.SwitchRebuilt
	}
	return nil
}

// Resize tells the renderer the framebuffer may have changed size or been
// minimised (call it on the window's framebuffer-size and iconify events):
// the next BeginFrame reads the size again and rebuilds the swapchain (or
// skips drawing at 0x0). Without it, a resize is still noticed when the
// driver reports SUBOPTIMAL or OUT_OF_DATE.
func (r *Renderer) Resize() { r.pres.stale = true }

// WaitIdle blocks until the device has finished all submitted work.
func (r *Renderer) WaitIdle() error {
	if r == nil || r.gpu.dev == nil {
		return nil
	}
	return callErr("wait idle", "vkDeviceWaitIdle", vk.DeviceWaitIdle(r.gpu.dev.handle))
}

// Extent is the current swapchain's size in pixels (0x0 before the first).
func (r *Renderer) Extent() (width, height int) {
	if r == nil || r.pres.sc == nil {
		return 0, 0
	}
	return int(r.pres.sc.extent.Width), int(r.pres.sc.extent.Height)
}

// SetFramesInFlight changes the number of frames in flight (1 to 3): it
// waits for the device and replaces the per-frame fences and semaphores.
func (r *Renderer) SetFramesInFlight(n int) error {
	if n < 1 || n > maxFrames {
		return fmt.Errorf("set frames in flight: %d: want 1 to %d", n, maxFrames)
	}
	if r.frames.sync != nil && n == len(r.frames.sync.fences) {
		return nil
	}
	if err := r.WaitIdle(); err != nil {
		return fmt.Errorf("set frames in flight: %w", err)
	}
	r.frames.sync.destroy()
	r.frames.sync = nil
	if err := r.createFrames(n); err != nil {
		return fmt.Errorf("set frames in flight: %w", err)
	}
	if r.pres.sc != nil {
		r.gpu.loop.setSwapchain(r.pres.sc.handle, r.pres.sc.images, r.pres.sc.fbs, r.pres.sc.rendered)
	}
	return nil
}
