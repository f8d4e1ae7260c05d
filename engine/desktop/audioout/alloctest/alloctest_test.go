package alloctest

import (
	"sync/atomic"
	"testing"
	"time"
)

var sink atomic.Pointer[[]byte]

// churn allocates on its own goroutine until stop closes, like an audio
// library's reading goroutine.
func churn(stop chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		b := make([]byte, 64)
		sink.Store(&b)
		time.Sleep(100 * time.Microsecond)
	}
}

// TestG9_AllocationsAreAttributedToTheirMaker: with a goroutine
// allocating in the background in a package counted as a library, the
// game's count is exactly what the measured function allocates, and the
// background's allocations are set aside under its function.
func TestG9_AllocationsAreAttributedToTheirMaker(t *testing.T) {
	saved := Libraries
	Libraries = []string{"github.com/metronome-engine/metronome/engine/desktop/audioout/alloctest.churn"}
	defer func() { Libraries = saved }()
	stop := make(chan struct{})
	go churn(stop)
	defer close(stop)
	c := AllocsPerRun(20, func() {
		b := make([]byte, 100)
		sink.Store(&b)
		time.Sleep(2 * time.Millisecond)
	})
	t.Logf("%+v", c)
	// make and the escaping slice header: two allocations per run.
	if c.Game != 2 {
		t.Errorf("game: %v allocations per run, want 2: %v", c.Game, c.GameSites)
	}
	if c.Library["github.com/metronome-engine/metronome/engine/desktop/audioout/alloctest.churn"] < 1 {
		t.Errorf("the background goroutine's allocations were not set aside: %v", c.Library)
	}
	if d := c.All - c.Game - c.Runtime - c.Library["github.com/metronome-engine/metronome/engine/desktop/audioout/alloctest.churn"]; d > 1e-9 || d < -1e-9 {
		t.Errorf("all %v is not game %v plus library %v", c.All, c.Game, c.Library)
	}
}
