package vulkan

import (
	"errors"
	"os"
	"runtime"
	"testing"

	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// GLFW must run on the main OS thread (W1): lock it before TestMain, which
// serves window.Do there while the tests run on other goroutines.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) {
	// The renderer's pipeline cache file (W14) goes to a private folder,
	// not the user's.
	cache, err := os.MkdirTemp("", "metronome-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", cache)
	}
	warmRecordOn = false // the warm-up record's tests turn it on
	code := window.Main(func() int {
		defer windowtest.KeepDisplay()()
		return m.Run()
	})
	if err == nil {
		os.RemoveAll(cache)
	}
	os.Exit(code)
}

// mainSurface adapts a window for a renderer driven from the main thread.
// Every renderer call in these tests runs inside window.Do (onMain).
type mainSurface struct{ w *window.Window }

func (s mainSurface) CreateVulkanSurface(inst uintptr) (uintptr, error) {
	return s.w.CreateVulkanSurface(inst)
}
func (s mainSurface) FramebufferSize() (int, int) { return s.w.FramebufferSize() }

// CanPresent lets the renderer skip frames while the window is hidden
// (W8: on Wayland a present to a hidden surface makes the next Show a
// fatal protocol error).
func (s mainSurface) CanPresent() bool { return s.w.CanPresent() }

// onMain runs f on the main thread and fails the test with its error.
// f must not call t.Fatal/t.Skip (they would end the main thread's goroutine).
func onMain(t testing.TB, f func() error) {
	t.Helper()
	var err error
	window.Do(func() { err = f() })
	if err != nil {
		t.Fatal(err)
	}
}

// onContent runs f on the main thread with a new content (the device and
// its resources) on g's renderer, failing t on an error.
func onContent(t testing.TB, g *gpu, f func(c *content) error) {
	t.Helper()
	onMain(t, func() error {
		c, err := newContent(g)
		if err != nil {
			return err
		}
		return f(c)
	})
}

// gpu is a window with a renderer on it, validation on.
type gpu struct {
	win     *window.Window
	r       *Renderer
	pending *PendingInstance // what openGPUWith started, nil for openGPU
	// expectMessages turns the cleanup's check around: the test provoked
	// validation messages on purpose and checks them itself.
	expectMessages bool
}

// openGPU opens a w x h window and a renderer with validation on (for
// benchmarks: as METRONOME_VALIDATION says), or skips
// (fails under METRONOME_REQUIRE_GPU=1) when there is no display, driver or
// validation layer. The cleanup destroys both and fails on any validation
// message, leaks at vkDestroyDevice/vkDestroyInstance included (W3, W4).
func openGPU(t testing.TB, w, h int, opt Options) *gpu {
	t.Helper()
	return openGPUWith(t, w, h, opt, nil)
}

// openGPUWith is openGPU; with start not nil, the instance and device start
// (StartInstance with *start) before the window opens, and NewWithInstance
// takes them over.
func openGPUWith(t testing.TB, w, h int, opt Options, start *InstanceOptions) *gpu {
	t.Helper()
	g := &gpu{}
	var winErr, rErr error
	var pending *PendingInstance
	if start != nil {
		pending = StartInstance(*start)
		g.pending = pending
	}
	window.Do(func() {
		g.win, winErr = window.New(window.Config{Title: t.Name(), Width: w, Height: h, Resizable: true})
		if winErr != nil {
			pending.Destroy()
			return
		}
		exts, err := window.VulkanInstanceExtensions()
		if err != nil {
			pending.Destroy()
			rErr = err
			return
		}
		opt.InstanceExtensions = exts
		opt.ProcAddr = window.VulkanProcAddr()
		if _, bench := t.(*testing.B); !bench && testValidation() {
			opt.Validation = true
		}
		g.r, rErr = NewWithInstance(mainSurface{g.win}, pending, opt)
	})
	switch {
	case errors.Is(winErr, window.ErrNoDisplay):
		windowtest.SkipOrFail(t, "no display", winErr)
	case winErr != nil:
		t.Fatal(winErr)
	}
	if rErr != nil {
		window.Do(g.win.Destroy)
		if errors.Is(rErr, ErrNoDriver) || errors.Is(rErr, ErrNoLoader) || isNoLayer(rErr) {
			windowtest.SkipOrFail(t, "no Vulkan driver or validation layer", rErr)
		}
		t.Fatal(rErr)
	}
	t.Cleanup(func() {
		window.Do(func() {
			g.r.Destroy()
			g.r.Destroy() // twice is harmless (style item 7)
			g.win.Destroy()
		})
		if g.expectMessages {
			return
		}
		for _, m := range g.messages() {
			t.Errorf("validation: %s", m)
		}
	})
	return g
}

// messages are the renderer's validation messages but the accepted
// best-practices notes (acceptedNotes: the tests' best-practices pass).
func (g *gpu) messages() []string {
	var out []string
	for _, m := range g.r.Messages() {
		if !isAcceptedNote(m) {
			out = append(out, m)
		}
	}
	return out
}

// testValidation reports whether tests turn validation on: always, unless
// METRONOME_VALIDATION=0 says the layer is absent (Wine has none).
// Benchmarks follow METRONOME_VALIDATION.
func testValidation() bool { return os.Getenv(ValidationEnv) != "0" }

// isNoLayer reports whether err says the validation layer is not installed.
func isNoLayer(err error) bool { return errors.Is(err, errNoValidationLayer) }

// draw draws one frame on the main thread.
func (g *gpu) draw(t testing.TB, at float64) bool {
	t.Helper()
	var drawn bool
	onMain(t, func() (err error) {
		drawn, err = g.r.DrawFrame(seconds(at))
		return err
	})
	return drawn
}
