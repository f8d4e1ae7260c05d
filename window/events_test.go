package window

import (
	"reflect"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// The X server cannot be typed into without extra tools, so these tests
// drive the callback functions GLFW would call and check what the window
// collects.

// hiddenConfig is a window that gets no focus, so few real events mix with
// the ones the tests produce.
func hiddenConfig() Config {
	cfg := defaultConfig()
	cfg.Hidden = true
	return cfg
}

func TestEventsCallbacksCollectInOrder(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	var got []Event
	Do(func() {
		w.PollEvents(nil) // drop what opening the window produced
		w.onKey(nil, glfw.KeyA, 38, glfw.Press, glfw.ModShift)
		w.onChar(nil, 'A')
		w.onKey(nil, glfw.KeyA, 38, glfw.Release, 0)
		w.onMouseButton(nil, glfw.MouseButtonRight, glfw.Press, glfw.ModControl)
		w.onCursorPos(nil, 12.5, 40)
		w.onScroll(nil, 0, -2)
		w.onFocus(nil, false)
		w.onIconify(nil, true)
		w.onClose(nil)
		got = w.PollEvents(got)
	})
	want := []Event{
		{Kind: Key, Key: int(glfw.KeyA), Scancode: 38, Action: int(glfw.Press), Mods: int(glfw.ModShift)},
		{Kind: Char, Char: 'A'},
		{Kind: Key, Key: int(glfw.KeyA), Scancode: 38, Action: int(glfw.Release)},
		{Kind: MouseButton, Button: int(glfw.MouseButtonRight), Action: int(glfw.Press), Mods: int(glfw.ModControl)},
		{Kind: CursorPos, X: 12.5, Y: 40},
		{Kind: Scroll, DY: -2},
		{Kind: Focus},
		{Kind: Iconify, Iconified: true},
		{Kind: Close},
	}
	// Events the window system delivers during the poll come after these.
	if len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) {
		t.Fatalf("events\n got %+v\nwant %+v first", got, want)
	}
	var again []Event
	Do(func() { again = w.PollEvents(nil) })
	if countKind(again, Key)+countKind(again, Char)+countKind(again, Close) != 0 {
		t.Fatalf("second poll returned events already delivered: %+v", again)
	}
}

// countKind counts the events of kind k.
func countKind(events []Event, k EventKind) int {
	n := 0
	for _, ev := range events {
		if ev.Kind == k {
			n++
		}
	}
	return n
}

func TestEventsPollAppendsToDst(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	dst := []Event{{Kind: Close}}
	Do(func() {
		w.PollEvents(nil)
		w.onChar(nil, 'é')
		dst = w.PollEvents(dst)
	})
	if len(dst) < 2 || dst[0].Kind != Close || dst[1] != (Event{Kind: Char, Char: 'é'}) {
		t.Fatalf("dst = %+v, want the Close kept and the Char appended", dst)
	}
}

func TestEventsPollAllocatesNothing(t *testing.T) {
	w := newTestWindow(t, hiddenConfig())
	dst := make([]Event, 0, 64)
	var idle, busy float64
	Do(func() {
		w.PollEvents(nil)
		idle = testing.AllocsPerRun(200, func() { dst = w.PollEvents(dst[:0]) })
		busy = testing.AllocsPerRun(200, func() {
			w.onKey(nil, glfw.KeySpace, 65, glfw.Press, 0)
			w.onChar(nil, ' ')
			w.onCursorPos(nil, 1, 2)
			dst = w.PollEvents(dst[:0])
		})
	})
	if idle != 0 || busy != 0 {
		t.Fatalf("PollEvents allocates: %v per idle poll, %v per poll with 3 events; want 0", idle, busy)
	}
}

func TestEventKindString(t *testing.T) {
	for k, want := range map[EventKind]string{
		Close: "Close", FramebufferResize: "FramebufferResize", Scroll: "Scroll",
		0: "EventKind(0)", 200: "EventKind(200)",
	} {
		if got := k.String(); got != want {
			t.Errorf("EventKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

// BenchmarkPollEvents measures one poll with three events queued, the cost
// an engine pays per frame for input.
func BenchmarkPollEvents(b *testing.B) {
	if err := func() (err error) { Do(func() { err = probeDisplay() }); return err }(); err != nil {
		b.Skipf("needs a display: %v", err)
	}
	var w *Window
	var err error
	Do(func() { w, err = New(hiddenConfig()) })
	if err != nil {
		b.Fatal(err)
	}
	defer Do(w.Destroy)
	dst := make([]Event, 0, 64)
	b.ReportAllocs()
	Do(func() {
		for b.Loop() {
			w.onKey(nil, glfw.KeySpace, 65, glfw.Press, 0)
			w.onChar(nil, ' ')
			w.onCursorPos(nil, 1, 2)
			dst = w.PollEvents(dst[:0])
		}
	})
}
