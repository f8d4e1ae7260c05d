package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// statusPeriod is how often the window title is rebuilt.
const statusPeriod = 500 * time.Millisecond

// gameStatus measures the draw and update rates for the title between
// refreshes; only a refresh formats a string (the other frames allocate
// nothing).
type gameStatus struct {
	at    time.Time    // the last refresh (wall time)
	stats timing.Stats // the scheduler's counters then
	force bool         // refresh at the next update (a setting changed)
}

// statusLine is what the title shows.
type statusLine struct {
	drawsPerSec, updatesPerSec float64
	choice                     present.Choice  // requested interval, mode in use, fallback
	slow                       bool            // IsRunningSlowly
	fixed                      bool            // fixed step
	hz                         float64         // target update rate
	dropped                    timing.TimeSpan // time the clamp dropped so far (T5)
	paused                     bool            // P
}

// start begins the first measurement at now.
func (st *gameStatus) start(g *engine.Game, now time.Time) {
	st.at, st.stats = now, g.Scheduler().Stats()
}

// update returns a new title and true when statusPeriod has passed since
// the last one, or a setting changed.
func (st *gameStatus) update(g *engine.Game, now time.Time, hz float64, paused bool) (string, bool) {
	el := now.Sub(st.at)
	if el < statusPeriod && !st.force {
		return "", false
	}
	cur := g.Scheduler().Stats()
	line := statusLine{
		drawsPerSec:   perSecond(int(cur.Draws-st.stats.Draws), el),
		updatesPerSec: perSecond(int(cur.Updates-st.stats.Updates), el),
		slow:          g.Scheduler().IsRunningSlowly(),
		fixed:         g.IsFixedTimeStep(),
		hz:            hz,
		dropped:       cur.Dropped,
		paused:        paused,
	}
	if dev := g.GraphicsDevice(); dev != nil {
		line.choice = dev.Presentation()
	}
	st.at, st.stats, st.force = now, cur, false
	return line.String(), true
}

// String formats the title, for example "metronome sample | 143.9 draws/s
// 60.0 updates/s | interval 1: FIFO | dropped 0.0 ms | fixed 60 Hz".
func (l statusLine) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "metronome sample | %.1f draws/s %.1f updates/s | interval %d: %v",
		l.drawsPerSec, l.updatesPerSec, l.choice.Requested, l.choice.Mode)
	if l.choice.Hold == present.HalfRateHold {
		b.WriteString(" half rate")
	}
	if l.choice.FellBack {
		b.WriteString(" (fallback)")
	}
	if l.slow {
		b.WriteString(" | running slowly")
	}
	fmt.Fprintf(&b, " | dropped %.1f ms", l.dropped.Milliseconds())
	step := "fixed"
	if !l.fixed {
		step = "variable"
	}
	fmt.Fprintf(&b, " | %s %g Hz", step, l.hz)
	if l.paused {
		b.WriteString(" | paused")
	}
	return b.String()
}
