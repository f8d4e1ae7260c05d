package vulkan

import (
	"errors"
	"image"
	"sync/atomic"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// platformStart starts the instance as the engine does: the window system's
// possible extensions, validation on.
func platformStart() *InstanceOptions {
	return &InstanceOptions{Extensions: window.PlatformInstanceExtensions(), Validation: true}
}

// TestW5_StartedInstanceRendersReadBackPixels draws through NewWithInstance
// (instance and device made before the window) and checks the pixels; the
// cleanup fails on any validation message, leaks included (W3, W4).
func TestW5_StartedInstanceRendersReadBackPixels(t *testing.T) {
	g := openGPUWith(t, 320, 240, Options{SwapInterval: 1}, platformStart())
	if !g.r.devFirst {
		t.Error("the renderer made its own device instead of adopting the started one")
	}
	if !g.r.Validating() {
		t.Error("validation is off on the adopted instance")
	}
	for i := range 3 {
		g.draw(t, float64(i)/60)
	}
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	checkCubePixels(t, img, 320, 240)
}

// TestW4_StartedInstanceMissingExtensionsIsReplaced: an instance started
// without the window's surface extensions is destroyed and replaced by one
// made as New does; the renderer works, nothing leaks and the validation
// layer stays silent (the cleanup checks).
func TestW4_StartedInstanceMissingExtensionsIsReplaced(t *testing.T) {
	g := openGPUWith(t, 160, 120, Options{SwapInterval: 0}, &InstanceOptions{Validation: true})
	if g.r.devFirst {
		t.Error("the renderer kept the started device of a discarded instance")
	}
	for i := range 3 {
		g.draw(t, float64(i)/60)
	}
	var img *image.RGBA
	onMain(t, func() (err error) { img, err = g.r.ReadBack(); return err })
	checkCubePixels(t, img, 160, 120)
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
		t.Errorf("validation: %s", m)
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

// TestStartup_QueueFamilyChosenByPresentationSupport: with
// InstanceOptions.PresentSupport (window.PresentationSupport), Vulkan's
// start goroutine waits for GLFW to run on the main thread and picks a
// queue family that presents before any surface exists; the renderer keeps
// that device (no replacement) and draws with it.
func TestStartup_QueueFamilyChosenByPresentationSupport(t *testing.T) {
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
	if !g.r.devFirst {
		t.Error("the renderer replaced the started device")
	}
}
