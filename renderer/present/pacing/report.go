package pacing

import (
	"fmt"
	"github.com/metronome-engine/metronome/renderer/present"
	"strings"
	"time"
)

// JudderBuckets is the length of Report.NewUpdates; its last bucket counts
// refreshes that advanced the simulation by JudderBuckets-1 updates or more.
const JudderBuckets = 8

// Report summarises a Display's run: what a player would see.
type Report struct {
	// Mode, Rate, Images and Hold echo the configuration (defaults filled in).
	Mode   present.PresentMode
	Rate   Rate
	Images int
	Hold   int
	// Presents counts Present calls; Shown, Dropped and Torn count their
	// frames by fate (a torn frame is also shown). Frames still queued
	// before Finish are in Presents only.
	Presents, Shown, Dropped, Torn int
	// Refreshes counts refreshes from the first shown frame on; Repeats
	// those that showed no new frame; TornRefreshes those with a tear line.
	Refreshes, Repeats, TornRefreshes int
	// NewUpdates is the judder histogram: NewUpdates[n] counts refreshes
	// whose picture advanced the simulation by n updates (the last bucket:
	// n or more). A 60 Hz tick on a 60 Hz display puts every refresh in
	// bucket 1.
	NewUpdates [JudderBuckets]int
	// Latency summarises present-to-scan-out time over the shown frames.
	Latency Stats
	// Blocked is the total time Present calls waited for a free image
	// (back-pressure); BlockedPresents counts the calls that waited.
	Blocked         time.Duration
	BlockedPresents int
}

// accum gathers a Display's statistics as it runs.
type accum struct {
	rep       Report
	latencies []time.Duration
}

func (a *accum) init(cfg DisplayConfig) {
	a.rep = Report{Mode: cfg.Mode, Rate: cfg.Rate, Images: cfg.Images, Hold: cfg.Hold}
}

func (a *accum) frame(f Frame) {
	if f.Dropped {
		a.rep.Dropped++
		return
	}
	a.rep.Shown++
	if f.Torn {
		a.rep.Torn++
	}
	a.latencies = append(a.latencies, f.Latency())
}

func (a *accum) refresh(r Refresh) {
	a.rep.Refreshes++
	if r.Repeat {
		a.rep.Repeats++
	}
	if r.Torn {
		a.rep.TornRefreshes++
	}
	a.rep.NewUpdates[min(r.NewUpdates, JudderBuckets-1)]++
}

func (a *accum) block(d time.Duration) {
	if d > 0 {
		a.rep.Blocked += d
		a.rep.BlockedPresents++
	}
}

// Report returns the statistics so far; after Finish they cover the run.
// It sorts a copy of the latencies, so it allocates.
func (d *Display) Report() Report {
	r := d.acc.rep
	r.Latency = Summarize(d.acc.latencies)
	return r
}

// String formats the report as a few lines for a summary.
func (r Report) String() string {
	var b strings.Builder
	hold := ""
	if r.Hold > 1 {
		hold = fmt.Sprintf(", hold %d", r.Hold)
	}
	fmt.Fprintf(&b, "%v at %v, %d images%s: %d presents, %d shown, %d dropped, %d torn\n",
		r.Mode, r.Rate, r.Images, hold, r.Presents, r.Shown, r.Dropped, r.Torn)
	fmt.Fprintf(&b, "%d refreshes: %d repeats, %d torn; new updates per refresh:", r.Refreshes, r.Repeats, r.TornRefreshes)
	for n, c := range r.NewUpdates {
		if c != 0 {
			plus := ""
			if n == JudderBuckets-1 {
				plus = "+"
			}
			fmt.Fprintf(&b, " %d%s:%d", n, plus, c)
		}
	}
	fmt.Fprintf(&b, "\nlatency %v; blocked %v in %d presents\n", r.Latency, r.Blocked, r.BlockedPresents)
	return b.String()
}
