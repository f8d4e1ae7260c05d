package window

import (
	"bytes"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// waitBound is how many WaitEvents calls a test grants the X server to
// answer a request; a count, not a time (each call returns at the first
// event).
const waitBound = 200

// pollUntil processes events until cond, given the events collected so far,
// holds, at most waitBound times, and returns the events collected; ok is
// false when cond never held. Runs on the main thread.
func pollUntil(w *Window, cond func(events []Event) bool) (events []Event, ok bool) {
	for range waitBound {
		events = w.PollEvents(events)
		if cond(events) {
			return events, true
		}
		WaitEvents(20 * time.Millisecond)
	}
	return events, cond(events)
}

func TestW2_CreateDestroyTwiceIsHarmless(t *testing.T) {
	requireDisplay(t)
	for round := range 2 {
		var w *Window
		var err error
		Do(func() { w, err = New(defaultConfig()) })
		if err != nil {
			t.Fatalf("round %d: New: %v", round, err)
		}
		Do(w.Destroy)
		Do(w.Destroy)
		var width, height int
		var events []Event
		Do(func() { width, height = w.Size(); events = w.PollEvents(nil) })
		if width != 0 || height != 0 || len(events) != 0 {
			t.Fatalf("round %d: destroyed window reports %dx%d and %d events", round, width, height, len(events))
		}
		if n := glfwUsers.Load(); n != 0 {
			t.Fatalf("round %d: %d GLFW users after the last Destroy, want 0 (terminated)", round, n)
		}
	}
}

func TestW2_SecondWindowKeepsGLFWRunning(t *testing.T) {
	a := newTestWindow(t, defaultConfig())
	b := newTestWindow(t, defaultConfig())
	Do(a.Destroy)
	var width int
	Do(func() { width, _ = b.Size() })
	if width != defaultConfig().Width {
		t.Fatalf("second window width after the first was destroyed = %d, want %d", width, defaultConfig().Width)
	}
}

func TestW2_ResizeStormFramebufferFollows(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	for i := range 60 {
		want := [2]int{64 + (i*97)%900, 48 + (i*61)%700}
		var events []Event
		var ok bool
		Do(func() {
			w.SetSize(want[0], want[1])
			events, ok = pollUntil(w, func(events []Event) bool {
				fw, fh := w.FramebufferSize()
				return fw == want[0] && fh == want[1] &&
					hasSizeEvent(events, Resize, want) && hasSizeEvent(events, FramebufferResize, want)
			})
		})
		if !ok {
			t.Fatalf("size %d: framebuffer or events never reached %v; events %v", i, want, events)
		}
	}
}

// hasSizeEvent reports whether events hold an event of kind with size want.
func hasSizeEvent(events []Event, kind EventKind, want [2]int) bool {
	for _, ev := range events {
		if ev.Kind == kind && ev.Width == want[0] && ev.Height == want[1] {
			return true
		}
	}
	return false
}

func TestW2_SetSizeClampsToOnePixel(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	for _, req := range [][2]int{{0, 0}, {-5, 3}, {7, -1}} {
		want := [2]int{max(req[0], 1), max(req[1], 1)}
		var ok bool
		Do(func() {
			w.SetSize(req[0], req[1])
			_, ok = pollUntil(w, func([]Event) bool {
				width, height := w.Size()
				return width == want[0] && height == want[1]
			})
		})
		if !ok {
			t.Fatalf("SetSize(%d, %d): size never became %v", req[0], req[1], want)
		}
	}
}

func TestW2_ClampSide(t *testing.T) {
	for _, c := range []struct{ in, want int }{{-1, 1}, {0, 1}, {1, 1}, {640, 640}, {MaxSide, MaxSide}, {MaxSide + 1, MaxSide}} {
		if got := clampSide(c.in); got != c.want {
			t.Errorf("clampSide(%d) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestW2_IconifyRestoreHideShow(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	var hidden, shown bool
	Do(func() {
		w.Iconify()
		w.PollEvents(nil)
		w.Restore()
		w.Hide()
		_, hidden = pollUntil(w, func([]Event) bool { return !w.Visible() })
		w.Show()
		_, shown = pollUntil(w, func([]Event) bool { return w.Visible() })
		w.Focus()
		w.PollEvents(nil)
	})
	if !hidden || !shown {
		t.Fatalf("hide took effect: %v, show took effect: %v", hidden, shown)
	}
}

func TestW2_HiddenConfigOpensInvisible(t *testing.T) {
	cfg := defaultConfig()
	cfg.Hidden = true
	w := newTestWindow(t, cfg)
	var visible bool
	Do(func() { visible = w.Visible() })
	if visible {
		t.Fatal("a window opened with Hidden is visible")
	}
}

func TestW2_NewRejectsBadSizes(t *testing.T) {
	requireDisplay(t)
	for _, size := range [][2]int{{0, 10}, {10, 0}, {-1, 5}, {MaxSide + 1, 10}} {
		var err error
		Do(func() { _, err = New(Config{Width: size[0], Height: size[1]}) })
		if err == nil {
			t.Errorf("New with %dx%d: no error", size[0], size[1])
		}
	}
	if n := glfwUsers.Load(); n != 0 {
		t.Fatalf("rejected windows left %d GLFW users", n)
	}
}

func TestWindowAttributes(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	var closing, resizable bool
	Do(func() {
		w.SetTitle("renamed ✓")
		w.SetShouldClose(true)
		closing = w.ShouldClose()
		w.SetResizable(false)
		resizable = w.win.GetAttrib(glfw.Resizable) == 1
		w.SetShouldClose(false)
	})
	if !closing || resizable {
		t.Fatalf("ShouldClose after SetShouldClose(true) = %v; resizable after SetResizable(false) = %v", closing, resizable)
	}
}

func TestWindowPositionAndCursor(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	var moved, visibleAfterHide, visibleAfterShow bool
	Do(func() {
		w.Show()
		w.SetPosition(37, 41)
		want := [2]int{37, 41}
		if Wayland {
			want = [2]int{0, 0} // a Wayland client neither sets nor knows its position (W10)
		}
		_, moved = pollUntil(w, func([]Event) bool { x, y := w.Position(); return [2]int{x, y} == want })
		w.SetPosition(1<<40, -(1 << 40)) // clamped, not sent to X as garbage
		w.PollEvents(nil)
		w.SetMouseVisible(false)
		visibleAfterHide = w.MouseVisible()
		w.SetMouseVisible(true)
		visibleAfterShow = w.MouseVisible()
	})
	if !moved {
		t.Fatal("Position never became 37,41 (0,0 on Wayland)")
	}
	if visibleAfterHide || !visibleAfterShow {
		t.Fatalf("MouseVisible after hiding %v, after showing %v", visibleAfterHide, visibleAfterShow)
	}
	for _, c := range [][2]int{{-1 << 40, -32768}, {-5, -5}, {32767, 32767}, {40000, 32767}} {
		if got := clampCoord(c[0]); got != c[1] {
			t.Errorf("clampCoord(%d) = %d, want %d", c[0], got, c[1])
		}
	}
}

// TestW10_NoPlatformErrorsInCommonCalls: opening, showing, resizing, the
// monitor lookup behind RefreshRate and full screen, and position and focus
// calls log no GLFW platform error (go-gl logs them through package log).
// On Wayland each window-position call used to log one.
func TestW10_NoPlatformErrorsInCommonCalls(t *testing.T) {
	var buf bytes.Buffer
	log.SetOutput(&buf)
	defer log.SetOutput(os.Stderr)
	w := newTestWindow(t, hiddenConfig())
	Do(func() {
		w.Show()
		pollUntil(w, func([]Event) bool { return w.CanPresent() })
		w.SetSize(300, 200)
		pollUntil(w, func([]Event) bool { x, y := w.Size(); return x == 300 && y == 200 })
		_ = w.RefreshRate()
		_, _ = w.Position()
		w.SetPosition(10, 10)
		w.Focus()
		w.SetFullScreen(true)
		w.PollEvents(nil)
		w.SetFullScreen(false)
		w.PollEvents(nil)
	})
	if strings.Contains(buf.String(), "PlatformError") {
		t.Fatalf("GLFW logged platform errors:\n%s", buf.String())
	}
}

// TestW8_CanPresentFollowsHideAndShow: a window opened hidden cannot be
// presented to; once shown it can (on Wayland only after the compositor
// configured it); right after Hide it cannot, before any event is
// processed.
func TestW8_CanPresentFollowsHideAndShow(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	var atOpen, shown, afterHide bool
	Do(func() {
		atOpen = w.CanPresent()
		w.Show()
		_, shown = pollUntil(w, func([]Event) bool { return w.CanPresent() })
		w.Hide()
		afterHide = w.CanPresent()
	})
	if atOpen || !shown || afterHide {
		t.Fatalf("CanPresent: hidden at open %v (want false), after Show %v (want true), right after Hide %v (want false)",
			atOpen, shown, afterHide)
	}
}

// TestW9_SetSizeReportsTheClientSize: a program resize queues a Resize
// event with the new client size, on Wayland too (where GLFW reports only
// the framebuffer's change).
func TestW9_SetSizeReportsTheClientSize(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	want := [2]int{360, 270}
	var events []Event
	var ok bool
	Do(func() {
		w.SetSize(want[0], want[1])
		events, ok = pollUntil(w, func(events []Event) bool { return hasSizeEvent(events, Resize, want) })
	})
	if !ok {
		t.Fatalf("no Resize event with %v after SetSize; events %v", want, events)
	}
}
