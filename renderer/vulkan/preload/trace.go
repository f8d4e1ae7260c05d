package preload

import (
	"fmt"

	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/internal/scanwait"
)

// traced is closed once the trace has its line about the scan (tests).
var traced = make(chan struct{})

// init has the renderer wait for the scan before its own first loader
// call and take the scan's list of instance extensions, and gives the
// launch trace, when it is on, a line once the scan has ended.
func init() {
	if Began() {
		scanwait.Register(func() { Wait() }, listed)
	}
	if !launchtrace.On() || !Began() {
		close(traced)
		return
	}
	zero := launchtrace.Zero()
	go func() {
		defer close(traced)
		loaded, began, _ := Wait()
		what := "ended"
		if !loaded {
			what = "ended without a loader (libvulkan.so.1)"
		}
		launchtrace.Mark(fmt.Sprintf("vulkan: the driver scan begun at process load (%.1f ms before 0) %s",
			float64(zero.Sub(began).Microseconds())/1000, what))
	}()
}
