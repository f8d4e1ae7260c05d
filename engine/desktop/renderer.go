package desktop

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
)

// Renderer is engine.Renderer on renderer/vulkan: the Vulkan renderer is
// the graphics.Backend that executes the game's frame records, and it
// presents them. Main thread only.
type Renderer struct {
	vk     *vulkan.Renderer
	clock  timing.Source
	frames uint64

	feedback   *presentFeedback // presentation feedback (P9); feedback.go
	firstFrame func()           // called after the first present; nil: nothing
}

var (
	_ engine.Renderer            = (*Renderer)(nil)
	_ engine.PresentationCounter = (*Renderer)(nil)
)

// Vulkan returns the Vulkan renderer (statistics, validation messages).
func (r *Renderer) Vulkan() *vulkan.Renderer { return r.vk }

// Backend returns the Vulkan renderer as the graphics backend.
func (r *Renderer) Backend() graphics.Backend { return r.vk }

// Frames returns how many frames were drawn and presented (one per EndDraw;
// at half rate each is presented twice: Vulkan().Status().Presents counts presents).
func (r *Renderer) Frames() uint64 { return r.frames }

// hiddenWait bounds how long BeginDraw waits for window events while the
// window cannot be presented to, so a hidden game neither draws nor spins.
const hiddenWait = 10 * time.Millisecond

// BeginDraw acquires the next swapchain image, rebuilding the swapchain
// first when needed (W2, P5). It reports false, and the engine skips the
// frame: while the window is hidden (or, on Wayland, not yet configured by
// the compositor; W8), after first waiting up to hiddenWait for window
// events so the loop does not spin; while minimized; and when no image,
// or with an emulated FIFO no frame callback, came within the renderer's
// bound (W7; counted by SkippedPresents).
func (r *Renderer) BeginDraw() (bool, error) {
	hidden := r.vk.Status().Hidden
	ok, err := r.vk.BeginFrame()
	if err != nil {
		return false, fmt.Errorf("desktop: %w", err)
	}
	if r.vk.Status().Hidden != hidden {
		window.WaitEvents(hiddenWait)
	}
	return ok, nil
}

// BackBufferSize is the acquired swapchain image's size in pixels.
func (r *Renderer) BackBufferSize() (int, int) { return r.vk.Extent() }

// EndDraw executes the frame record into the acquired image and presents
// it; with capture the image is copied before its present (G11) and
// returned in the PresentInfo. Queued is read before the record is
// submitted, Returned after the present call returned.
func (r *Renderer) EndDraw(f *graphics.Frame, capture bool) (engine.PresentInfo, error) {
	if capture {
		r.vk.CaptureNext()
	}
	var info engine.PresentInfo
	if r.clock != nil {
		info.Queued = r.clock.Now()
	}
	r.feedback.beforePresent(r.frames + 1) // P9: the request applies to the present's commit
	presents := r.vk.Status().Presents
	if err := r.vk.Execute(f); err != nil {
		return info, fmt.Errorf("desktop: %w", err)
	}
	r.feedback.afterPresent(r.vk.Status().Presents != presents)
	if r.clock != nil {
		info.Returned = r.clock.Now()
	}
	r.frames++
	info.Index = r.frames
	if r.frames == 1 { // one compare a frame on the counter the frame keeps anyway
		launchtrace.Mark("first present returned")
		if r.firstFrame != nil {
			r.firstFrame()
		}
	}
	if capture {
		img, err := r.vk.LastCapture()
		if err != nil {
			return info, fmt.Errorf("desktop: %w", err)
		}
		info.Capture = img
	}
	return info, nil
}

// SetPresentation hands swap interval and half rate to the Vulkan
// renderer in one call (P3, P5, P8), and the back buffer's samples per
// pixel (G22).
func (r *Renderer) SetPresentation(s engine.PresentSettings) error {
	if err := r.vk.SetPresentation(s.SwapInterval, s.HalfRate); err != nil {
		return err
	}
	_, err := r.vk.SetBackBufferSamples(s.MultiSampleCount)
	return err
}

// Presentation reports the requested interval, the mode chosen for it and
// the refreshes each frame is held for (P6, P8).
func (r *Renderer) Presentation() present.Choice { return r.vk.Status().Presentation }

// PresentationCounts is how the present-mode changes so far went: how
// many, how many in place (P11), and the swapchain rebuilds after the
// first (P5).
func (r *Renderer) PresentationCounts() present.SwitchCounts { return r.vk.Status().Counts }

// SkippedPresents is how many frames were skipped because no image, or
// with an emulated FIFO no frame callback, came within the bound (W7).
func (r *Renderer) SkippedPresents() uint64 { return r.vk.Status().Skipped }

// Resize marks the swapchain for a rebuild at the next frame (W2).
func (r *Renderer) Resize(width, height int) error {
	r.vk.Resize()
	return nil
}

// WaitIdle waits for the device to finish its work.
func (r *Renderer) WaitIdle() error { return r.vk.WaitIdle() }

// Destroy destroys every Vulkan object in reverse order (W4). The
// validation messages stay readable through Vulkan().Messages().
func (r *Renderer) Destroy() {
	launchtrace.Mark("renderer teardown")
	r.vk.Destroy()
	launchtrace.Mark("renderer destroyed")
}
