package vulkan

import (
	"errors"
	"image"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// platformStart starts the instance as the engine does: the window system's
// possible extensions, validation on.
func platformStart() *InstanceOptions {
	return &InstanceOptions{Extensions: window.PlatformInstanceExtensions(), Validation: testValidation()}
}

// TestW5_StartedInstanceRendersReadBackPixels draws through NewWithInstance
// (instance, device, passes and first pipeline made before the window) and
// checks the pixels; the cleanup fails on any validation message, leaks
// included (W3, W4).
func TestW5_StartedInstanceRendersReadBackPixels(t *testing.T) {
	g := openGPUWith(t, 320, 240, Options{SwapInterval: 1}, platformStart())
	// The message log identifies the instance; without validation (Wine)
	// there is none, and the empty hand-over below is the evidence.
	if testValidation() && (g.pending.log == nil || g.r.gpu.inst.log != g.pending.log) {
		t.Error("the renderer does not run on the started instance")
	}
	if st := g.pending.take(); st != nil {
		t.Errorf("the PendingInstance still hands over %+v after NewWithInstance", st)
	}
	if testValidation() && !g.r.Validating() {
		t.Error("validation is off on the started instance")
	}
	if len(g.r.gpu.pipelines) == 0 || g.r.gpu.formatRebuilds != 0 {
		t.Errorf("%d pipelines, %d format rebuilds: want the start's pipeline kept", len(g.r.gpu.pipelines), g.r.gpu.formatRebuilds)
	}
	checkWarmedUp(t, g.r)
	for i := range 3 {
		g.draw(t, float64(i)/60)
	}
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	checkCubePixels(t, img, 320, 240)
}

// TestW4_StartedInstanceWithoutTheWindowsExtensionsIsRefused: there is no
// second instance any more. A start without VK_KHR_surface fails in the
// start; one without the window's platform extension is refused by
// NewWithInstance, which names both lists. Either way nothing leaks (the
// validation layer reports leaks at vkDestroyInstance) and Destroy after
// the failure does nothing more.
func TestW4_StartedInstanceWithoutTheWindowsExtensionsIsRefused(t *testing.T) {
	win := openWindow(t, 64, 64)
	for _, tc := range []struct {
		exts []string
		want string
	}{
		{nil, "include no VK_KHR_surface"},
		{[]string{"VK_KHR_surface"}, "the window needs the instance extensions"},
	} {
		p := StartInstance(InstanceOptions{Extensions: tc.exts, Validation: true})
		var err error
		window.Do(func() {
			var exts []string
			if exts, err = window.VulkanInstanceExtensions(); err != nil {
				return
			}
			_, err = NewWithInstance(mainSurface{win}, p, Options{InstanceExtensions: exts})
		})
		if errors.Is(err, ErrNoDriver) || errors.Is(err, ErrNoLoader) || isNoLayer(err) {
			windowtest.SkipOrFail(t, "no Vulkan driver or validation layer", err)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("extensions %q: NewWithInstance = %v; want an error containing %q", tc.exts, err, tc.want)
		}
		p.Destroy()
		checkStartedGone(t, p)
	}
}

// TestW4_WindowFailsAfterInstanceStarted: the window cannot open after the
// instance started; Destroy (twice) destroys the started device and
// instance with no validation message (the layer reports leaks at
// vkDestroyInstance), NewWithInstance then acts as New, and a second start
// with a window works.
func TestW4_WindowFailsAfterInstanceStarted(t *testing.T) {
	p := StartInstance(*platformStart())
	var winErr error
	window.Do(func() { _, winErr = window.New(window.Config{Title: t.Name(), Width: 0, Height: 0}) })
	if winErr == nil {
		t.Fatal("window.New accepted a 0x0 window")
	}
	p.Destroy()
	p.Destroy()
	if st := p.take(); st != nil {
		t.Fatalf("a destroyed PendingInstance still hands over %+v", st)
	}
	checkStartedGone(t, p)
	var err error
	window.Do(func() { _, err = NewWithInstance(nil, p, Options{}) })
	if err == nil || err.Error() != "new renderer: nil Surface" {
		t.Errorf("NewWithInstance(nil, destroyed p) = %v; want New's nil-Surface error", err)
	}
	g := openGPUWith(t, 64, 64, Options{}, platformStart())
	g.draw(t, 0)
}

// TestW4_FailedNewWithInstanceDestroysTheStartedObjects: a bad option makes
// NewWithInstance fail before it adopts anything; it destroys what p made
// (no leak reported at vkDestroyInstance) and p.Destroy does nothing more.
func TestW4_FailedNewWithInstanceDestroysTheStartedObjects(t *testing.T) {
	p := StartInstance(*platformStart())
	win := openWindow(t, 64, 64)
	var err error
	window.Do(func() { _, err = NewWithInstance(mainSurface{win}, p, Options{FramesInFlight: 9}) })
	if err == nil {
		t.Fatal("NewWithInstance accepted 9 frames in flight")
	}
	p.Destroy()
	checkStartedGone(t, p)
	if p.log == nil {
		windowtest.SkipOrFail(t, "the instance did not start (no driver or validation layer)", err)
	}
}

// openWindow opens a w x h window for the test, or skips without a display.
func openWindow(t *testing.T, w, h int) *window.Window {
	t.Helper()
	var win *window.Window
	var err error
	window.Do(func() { win, err = window.New(window.Config{Title: t.Name(), Width: w, Height: h}) })
	if errors.Is(err, window.ErrNoDisplay) {
		windowtest.SkipOrFail(t, "no display", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { window.Do(win.Destroy) })
	return win
}

// checkStartedGone fails when p's instance is still alive (its message log
// still registered) or its destruction reported anything (leaked children
// are reported at vkDestroyInstance).
func checkStartedGone(t *testing.T, p *PendingInstance) {
	t.Helper()
	for _, m := range p.messages() {
		if !isAcceptedNote(m) {
			t.Errorf("validation: %s", m)
		}
	}
	logs.Lock()
	defer logs.Unlock()
	for _, l := range logs.live {
		if l == p.log {
			t.Error("the started instance was not destroyed")
		}
	}
}

func TestHasAllIgnoresTerminatingNUL(t *testing.T) {
	have := []string{"VK_KHR_surface", "VK_KHR_xcb_surface"}
	for _, tc := range []struct {
		need []string
		want bool
	}{
		{nil, true},
		{[]string{"VK_KHR_surface"}, true},
		{[]string{"VK_KHR_surface\x00", "VK_KHR_xcb_surface\x00"}, true},
		{[]string{"VK_KHR_surface", "VK_KHR_xlib_surface"}, false},
	} {
		if got := hasAll(have, tc.need); got != tc.want {
			t.Errorf("hasAll(%q, %q) = %v, want %v", have, tc.need, got, tc.want)
		}
	}
}

// TestW11_QueueFamilyChosenByPresentationSupport: when the start has
// a choice of queue families (forced here with askFrom 1), it asks
// InstanceOptions.PresentSupport (window.PresentationSupport, which waits
// for GLFW's init on the main thread) and makes the device on a family
// that presents, before any surface exists; the renderer draws with it.
func TestW11_QueueFamilyChosenByPresentationSupport(t *testing.T) {
	defer func(n int) { askFrom = n }(askFrom)
	askFrom = 1
	opt := platformStart()
	var calls, yes atomic.Int32
	opt.PresentSupport = func(instance, device uintptr, family uint32) bool {
		calls.Add(1)
		ok, known := window.PresentationSupport(instance, device, family, 10*time.Second)
		if ok && known {
			yes.Add(1)
		}
		return ok
	}
	g := openGPUWith(t, 64, 64, Options{}, opt)
	g.draw(t, 0)
	if calls.Load() == 0 || yes.Load() == 0 {
		t.Fatalf("PresentSupport asked %d times, %d yes: want the family chosen with it", calls.Load(), yes.Load())
	}
}

// TestW4_NoPresentingFamilyIsAnErrorWithoutLeaks: when
// PresentSupport says no family presents, the start fails with the
// devices' reasons, NewWithInstance returns that error, and the started
// instance is gone with no validation message.
func TestW4_NoPresentingFamilyIsAnErrorWithoutLeaks(t *testing.T) {
	defer func(n int) { askFrom = n }(askFrom)
	askFrom = 1
	opt := platformStart()
	opt.PresentSupport = func(uintptr, uintptr, uint32) bool { return false }
	p := StartInstance(*opt)
	win := openWindow(t, 64, 64)
	var err error
	window.Do(func() {
		var exts []string
		if exts, err = window.VulkanInstanceExtensions(); err == nil {
			_, err = NewWithInstance(mainSurface{win}, p, Options{InstanceExtensions: exts})
		}
	})
	if errors.Is(err, ErrNoLoader) || isNoLayer(err) {
		windowtest.SkipOrFail(t, "no Vulkan loader or validation layer", err)
	}
	if err == nil || !strings.Contains(err.Error(), "no queue family draws and presents") {
		t.Fatalf("NewWithInstance = %v; want the no-presenting-family error", err)
	}
	p.Destroy()
	checkStartedGone(t, p)
}

// TestW11_OneFamilyDoesNotWaitForTheWindowSystem: with one queue
// family that draws (lavapipe), the choice is forced, so the start makes
// the device without asking PresentSupport (which would wait for GLFW's
// init) and the renderer checks the family against the surface.
func TestW11_OneFamilyDoesNotWaitForTheWindowSystem(t *testing.T) {
	opt := platformStart()
	var calls atomic.Int32
	opt.PresentSupport = func(uintptr, uintptr, uint32) bool { calls.Add(1); return true }
	g := openGPUWith(t, 64, 64, Options{}, opt)
	g.draw(t, 0)
	if n := len(graphicsFamilies(g.r.gpu.dev.gpu)); n != 1 {
		t.Skipf("this GPU has %d queue families that draw; the test needs one", n)
	}
	if calls.Load() != 0 {
		t.Errorf("PresentSupport asked %d times with one family that draws; want 0", calls.Load())
	}
}

// TestW11_SurfaceFormatMismatchRebuildsTheBackBufferPasses: when the
// surface's format is not the one the start built the back buffer's
// passes and first pipeline for, the renderer rebuilds them once, draws
// correct pixels, and validation stays silent (the cleanup checks).
func TestW11_SurfaceFormatMismatchRebuildsTheBackBufferPasses(t *testing.T) {
	defer func(f vk.Format) { assumedSurfaceFormat = f }(assumedSurfaceFormat)
	assumedSurfaceFormat = vk.FormatR8g8b8a8Srgb
	g := openGPUWith(t, 160, 120, Options{}, platformStart())
	if g.r.gpu.formatRebuilds != 1 || g.r.gpu.backBuffer != g.r.pres.format.Format {
		t.Fatalf("%d rebuilds, passes for format %d, surface format %d: want one rebuild to the surface's",
			g.r.gpu.formatRebuilds, g.r.gpu.backBuffer, g.r.pres.format.Format)
	}
	checkWarmedUp(t, g.r) // again, for the surface's format
	for i := range 3 {
		g.draw(t, float64(i)/60)
	}
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	checkCubePixels(t, img, 160, 120)
}

// checkWarmedUp checks the start's warm-up (W11): its draws were
// submitted for the back buffer's format, drew with every common
// pipeline the renderer holds, and finish within the wait bound.
func checkWarmedUp(t *testing.T, r *Renderer) {
	t.Helper()
	w := r.gpu.warm
	if w == nil {
		t.Fatal("the start submitted no warm-up draws")
	}
	if err := w.wait(); err != nil {
		t.Fatal(err)
	}
	for _, k := range graphics.CommonPipelines() {
		if _, ok := r.gpu.pipelines[pipelineKey(k, false)]; !ok {
			t.Errorf("common pipeline %+v was not built for the back buffer", k)
		}
	}
	if w.format != r.gpu.backBuffer {
		t.Errorf("warm-up drew into format %d, the back buffer's passes are for %d", w.format, r.gpu.backBuffer)
	}
}
