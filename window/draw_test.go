package window

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestW2_ShouldDraw(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want bool
	}{
		{0, 0, false}, {0, 480, false}, {640, 0, false}, {-1, 480, false}, {640, -1, false},
		{1, 1, true}, {640, 480, true},
	} {
		if got := ShouldDraw(c.w, c.h); got != c.want {
			t.Errorf("ShouldDraw(%d, %d) = %v, want %v", c.w, c.h, got, c.want)
		}
	}
}

func TestW2_WakeEndsWaitEvents(t *testing.T) {
	newTestWindow(t, hiddenConfig())
	var waiting, returned atomic.Bool
	go func() {
		// Wake until the wait has returned; a Wake before the wait started
		// is consumed by it, so keep waking while it has not returned.
		for !returned.Load() {
			if waiting.Load() {
				Wake()
			}
			time.Sleep(time.Millisecond)
		}
	}()
	Do(func() {
		waiting.Store(true)
		WaitEvents(time.Hour) // only Wake can end this within the test timeout
		returned.Store(true)
	})
}

func TestW2_WaitEventsWithoutWindowReturns(t *testing.T) {
	if glfwUsers.Load() != 0 {
		t.Fatal("a window from another test is still open")
	}
	Do(func() { WaitEvents(time.Hour) }) // would block for an hour if it waited
	Wake()                               // and this does nothing
}
